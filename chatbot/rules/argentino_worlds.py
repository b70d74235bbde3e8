"""What a bot's sampled world of Argentine truco must fix up: the envido chain sung, the
flors owed and announced, the contraflor under way (chatbot/ai/worlds.py asks through the
rules' ``world_*`` hooks).

A view shows what was settled and what is offered, not the chain itself: the shortest
reading that leaves the same answers is taken.
"""

from __future__ import annotations

from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.envido import ENVIDO_CALLS
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, played_by

CONTEST_CALLS = frozenset({A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})


def envido_chain(view: SeatView) -> list[str]:
    """The shortest chain that leaves the answers the view offers (E-E allows no third E)."""
    call = view.pending_call
    assert call is not None
    if call == A.ENVIDO and A.REAL_ENVIDO in {a.kind for a in view.legal} and \
            A.ENVIDO not in {a.kind for a in view.legal}:
        return [A.ENVIDO, A.ENVIDO]
    return [call]


def pending_level(view: SeatView) -> int | None:
    """The level of a pending envido or contraflor; None for the other calls."""
    if view.pending_call in ENVIDO_CALLS:
        return len(envido_chain(view))
    if view.pending_call in CONTEST_CALLS:
        return 1
    return None


def patch(rules: TrickRules, view: SeatView, match: Match) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    kinds = {a.kind for a in view.legal}
    if view.pending_call in ENVIDO_CALLS:
        x.chain = envido_chain(view)
    elif "envido" in view.calls:
        x.chain = [A.ENVIDO]
    if x.owed is not None:
        plays = played_by(view)
        acted = {s for s in range(view.players) if plays[s]}
        if view.pending_caller is not None:
            acted.add(view.pending_caller)
        if A.FLOR not in kinds:
            acted.add(view.seat)
        x.flors = [s for s in x.owed if s in acted]
        x.owed = [s for s in x.owed if s not in acted]
        envido = view.calls.get("envido")
        if isinstance(envido, dict) and envido.get("paid"):
            x.owed = []  # a flor still owed would have voided that envido before it was paid
        if "flor" in view.calls:
            x.flor_done = True
    if view.pending_call in CONTEST_CALLS:
        assert view.pending_caller is not None
        x.contest = (view.pending_call, rules.team_of(view.pending_caller, view.players))


def repair(rules: TrickRules, view: SeatView, match: Match) -> None:
    """No envido offered to this seat though the world would offer one: it was sung before."""
    hand = match.hand
    assert hand is not None
    if hand.x.chain is not None or {a.kind for a in view.legal} & ENVIDO_CALLS:
        return
    if any(a.kind in ENVIDO_CALLS for a in rules.legal(match, view.seat)):
        hand.x.chain = [A.ENVIDO]
