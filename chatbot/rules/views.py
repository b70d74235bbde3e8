"""What one seat may know: the only picture of a game that bots and messages get.

A view is built from the state and the rules' ``visible_cards``; nothing else of
the hidden state leaks into it, so a bot that decides from a view cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.state import Match


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    team: int
    players: int
    variant: str
    dealer: int
    mano: int
    score: tuple[int, ...]
    target: int
    stake: int
    level: int
    special: str | None
    phase: str
    vira: Card | None
    hand: tuple[Card, ...] | None  # None when played blind
    hand_size: int
    seen: dict[int, tuple[Card, ...]]  # every held card this seat may see, by owner
    table: tuple[tuple[int, Card | None], ...]  # the current trick
    played: tuple[tuple[tuple[int, Card | None], ...], ...]  # finished tricks
    tricks: tuple[int | None, ...]
    pending_call: str | None
    pending_caller: int | None
    to_act: int | None
    legal: tuple[Action, ...]  # what this seat may do now (empty if not its turn)
    last_raiser: int | None
    calls: dict[str, dict[str, object]]


def seat_view(rules: TrickRules, match: Match, seat: int) -> SeatView:
    hand = match.hand
    assert hand is not None
    seen = rules.visible_cards(match, seat)
    pending = hand.pending
    return SeatView(
        seat=seat,
        team=rules.team_of(seat, match.players),
        players=match.players,
        variant=rules.name,
        dealer=hand.dealer,
        mano=hand.mano,
        score=tuple(match.score),
        target=rules.target_score(),
        stake=hand.stake,
        level=hand.level,
        special=hand.special,
        phase=hand.phase,
        vira=hand.vira,
        hand=seen.get(seat),
        hand_size=len(hand.cards[seat]),
        seen=seen,
        table=tuple(hand.table),
        played=tuple(tuple(t) for t in hand.played),
        tricks=tuple(hand.tricks),
        pending_call=pending.call if pending else None,
        pending_caller=pending.caller if pending else None,
        to_act=rules.to_act(match),
        legal=tuple(rules.legal(match, seat)),
        last_raiser=hand.last_raiser,
        calls=rules.resolved_calls(match),
    )
