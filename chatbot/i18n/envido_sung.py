"""The envido counts as players sing them once an envido is accepted (Argentine Truco).

At a real table, after "quiero" the counts are declared in play order from the
mano (rules §3.5.5): the mano says his count; a player of the other side says his
own only if it beats the best count sung by the side ahead, and otherwise says
"son buenas" and shows nothing; a player whose side is ahead stays silent. When a
later count takes the lead, those of the other side who have not spoken yet get
their turn. So the winner's count is always sung, the mano's too, and a count
that loses to one sung before it is never heard (docs/rules.md says so). What
was sung is public; what was not stays hidden like the cards that make it.

The game's events carry the winning count only (``CallScored``); the others are
in the hand's state (the rules' ``envido_counts``), so the sung counts are added here, for the
texts, as an ``EnvidoSung`` event that never leaves the texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.base import TrickRules
from chatbot.rules.envido import singing
from chatbot.rules.state import Match


@dataclass(frozen=True, slots=True)
class EnvidoSung(E.Event):
    """Who spoke, in order, and what: a count, or None for "son buenas"."""

    voices: tuple[tuple[int, int | None], ...]


def sung(rules: TrickRules, match: Match) -> EnvidoSung | None:
    """The hand's sung counts, or None when its state has none (no envido game)."""
    hand = match.hand
    counts = None if hand is None else rules.envido_counts(match)
    from_mano = getattr(rules, "from_mano", None)
    if counts is None or from_mano is None:
        return None
    order = list(from_mano(match))
    team_of = {seat: rules.team_of(seat, match.players) for seat in order}
    return EnvidoSung(singing(counts, order, team_of))


def with_sung(events: Sequence[E.Event], rules: TrickRules,
              match: Match | None) -> list[E.Event]:
    """``events`` with the sung counts before an accepted envido's result. Only for an
    envido of the hand ``match`` still holds: a result followed by a new deal in the
    same batch belongs to a hand whose counts are gone."""
    out = list(events)
    if match is None:
        return out
    for index in range(len(out) - 1, -1, -1):
        event = out[index]
        if isinstance(event, E.HandStarted):
            break  # what comes before belongs to an earlier hand
        if (isinstance(event, E.CallScored) and event.call == A.ENVIDO
                and event.count is not None):
            voices = sung(rules, match)
            if voices is not None:
                out.insert(index, voices)  # sung first, then the result
            break
    return out
