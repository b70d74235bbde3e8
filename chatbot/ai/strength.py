"""How good a seat's cards are, estimated from its view alone.

The bot reasons in percentiles rather than raw strengths so that one set of
thresholds fits every variant: a Paulista zap and a Put three are both "the
best card of the deck". Everything here reads public knowledge (the ranking,
the cards on the table) plus what the seat itself may see.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    by_strength: dict[int, float]  # percentile of each strength value

    def of(self, card: Card | None) -> int:
        """Strength of a card on the table; a face-down card beats nothing."""
        return -1 if card is None else self.strength[card]

    def pct(self, card: Card) -> float:
        return self.percentile[card]

    def is_top(self, card: Card) -> bool:
        return self.percentile[card] >= TOP


def ranking(rules: TrickRules[Any], vira: Card | None) -> Ranking:
    """Percentile = share of the other cards of the deck that a card beats."""
    table = rules.strength_table(vira)
    values = sorted(table.values())
    n = max(len(values) - 1, 1)
    below: dict[int, float] = {}
    for i, v in enumerate(values):
        if v not in below:
            below[v] = i / n
    return Ranking(table, {card: below[s] for card, s in table.items()}, below)


class LiveOdds:
    """Card counting: percentiles among the cards this seat has not seen yet.

    Cards already played, the vira and every held card the seat may see cannot
    be in an opponent's hand, so a card's chance of holding up is measured
    against the unseen cards only: once the zap is out, the copas is the top.
    """

    __slots__ = ("_n", "_unseen")

    def __init__(self, rank: Ranking, known: set[Card]) -> None:
        # the strength table holds exactly the deck: cheaper than asking rules.deck()
        self._unseen = sorted(s for c, s in rank.strength.items() if c not in known)
        self._n = len(self._unseen)

    def pct_of_strength(self, strength: int) -> float:
        """Share of the unseen cards strictly weaker than ``strength``."""
        if not self._n:
            return 1.0
        return bisect_left(self._unseen, strength) / self._n


def known_cards(view: SeatView) -> set[Card]:
    """Every card this seat knows is not in a hidden hand."""
    known: set[Card] = set()
    for cards in view.seen.values():
        known.update(cards)
    for trick in view.played:
        known.update(c for _, c in trick if c is not None)
    known.update(c for _, c in view.table if c is not None)
    known.update(view.covered)  # its own face-down cards: hidden from the others only
    if view.vira is not None:
        known.add(view.vira)
    return known


def sides(rules: TrickRules[Any], view: SeatView) -> tuple[int, int]:
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
