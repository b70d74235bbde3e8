"""What a bot's sampled world of Put must fix up: who is still in the hand, the four-player
passing, a put and who answered it (chatbot/ai/worlds.py asks through the rules'
``world_*`` hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from chatbot.rules import actions as A
from chatbot.rules.views import SeatView

if TYPE_CHECKING:
    from chatbot.rules.put import PutMatch, PutRules


def active(rules: PutRules, view: SeatView) -> list[int]:
    """The seats that play this hand: the receivers (four partners) or who did not resign."""
    n = view.players
    if rules.partnership4(n):
        return sorted(receivers(view))
    put = view.calls.get("put")
    resigned: set[int] = set()
    if isinstance(put, dict):
        resigned = set(put.get("resigned", ()))
    return [s for s in range(n) if s not in resigned]


def receivers(view: SeatView) -> list[int]:
    """The two seats that play a four-player partnership hand: [first receiver, second].

    Seats seen playing (or holding cards, or to act) are receivers; a side with
    none of them seen yet is guessed from the fixed passing order.
    """
    seen = {s for trick in (*view.played, view.table) for s, _ in trick}
    if view.hand_size:
        seen.add(view.seat)
    if view.to_act is not None:
        seen.add(view.to_act)
    out = []
    for team, guess in (((view.dealer + 1) % 2, (view.dealer + 3) % 4),
                        (view.dealer % 2, (view.dealer + 2) % 4)):
        found = sorted(s for s in seen if s % 2 == team)
        out.append(found[0] if found else guess)
    return out


def patch(rules: PutRules, view: SeatView, match: PutMatch) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    n = view.players
    x.active = active(rules, view)
    if rules.partnership4(n):
        first = receivers(view)
        x.update(passers=[(s + 2) % 4 for s in first], receivers=first,
                 discarded=list(first))
    put = view.calls.get("put")
    if isinstance(put, dict):
        x.put = put["caller"]
        x.stayed = list(put.get("stayed", ()))
        x.resigned = list(put.get("resigned", ()))
        if put.get("seen"):
            x.seen = True
    elif view.pending_call == A.PUT:
        caller = view.pending_caller
        assert caller is not None
        stayed = []  # who answered before this seat: assume they stayed
        s = caller
        for _ in range(n):
            s = rules.next_to_play(match, s)
            if s in (view.seat, caller):
                break
            stayed.append(s)
        x.update(put=caller, stayed=stayed, resigned=[])


def leader(match: PutMatch) -> int | None:
    """Four-player Put: the first receiver leads."""
    hand = match.hand
    assert hand is not None
    return hand.x.receivers[0] if hand.x.receivers is not None else None
