"""How good a seat's cards are, estimated from its view alone.

The bot reasons in percentiles rather than raw strengths so that one set of
thresholds fits every variant: a Paulista zap and a Put three are both "the
best card of the deck". Everything here reads public knowledge (the ranking,
the cards on the table) plus what the seat itself may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.views import SeatView

TOP = 0.9  # a card at or above this percentile is a top card (manilha, zap, ace of swords)
PARTNER_TRICK = 0.3  # rough chance that an unseen partner's card takes a trick


@dataclass(frozen=True, slots=True)
class Ranking:
    """The public ranking of one hand: raw strength and percentile of every card."""

    strength: dict[Card, int]
    percentile: dict[Card, float]

    def of(self, card: Card | None) -> int:
        """Strength of a card on the table; a face-down card beats nothing."""
        return -1 if card is None else self.strength[card]

    def pct(self, card: Card) -> float:
        return self.percentile[card]

    def is_top(self, card: Card) -> bool:
        return self.percentile[card] >= TOP


def ranking(rules: TrickRules, vira: Card | None) -> Ranking:
    """Percentile = share of the other cards of the deck that a card beats."""
    table = rules.strength_table(vira)
    values = sorted(table.values())
    n = max(len(values) - 1, 1)
    below: dict[int, int] = {}
    for i, v in enumerate(values):
        below.setdefault(v, i)
    return Ranking(table, {card: below[s] / n for card, s in table.items()})


def sides(rules: TrickRules, view: SeatView) -> tuple[int, int]:
    """(opponents, partners) of this seat at the table."""
    mine = sum(1 for s in range(view.players) if rules.team_of(s, view.players) == view.team)
    return view.players - mine, mine - 1


def card_trick_chance(pct: float, opponents: int, partners: int) -> float:
    """Chance one card takes a trick against random opponents' cards, partner helping."""
    alone = pct ** max(opponents, 1)
    return 1 - (1 - alone) * (1 - PARTNER_TRICK) ** partners


def resolve(seq: Sequence[int]) -> int | None:
    """The usual three-trick resolution (C6) for us = 1, them = -1, tie = 0; None = open."""
    if seq.count(1) >= 2:
        return 1
    if seq.count(-1) >= 2:
        return -1
    decided = [x for x in seq if x != 0]
    if 0 in seq and decided:
        return decided[0]
    if len(seq) >= 3:
        return 0
    return None


def hand_chance(done: Sequence[int], chances: Sequence[float]) -> float:
    """Chance to win the hand given finished tricks and each remaining trick's chance."""
    settled = resolve(done)
    if settled is not None:
        return _VALUE[settled]
    if not chances:
        return 0.5
    c, rest = chances[0], chances[1:]
    return c * hand_chance([*done, 1], rest) + (1 - c) * hand_chance([*done, -1], rest)


_VALUE = {1: 1.0, -1: 0.0, 0: 0.5}
