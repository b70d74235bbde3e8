"""Cards and decks of the Truco family.

A card is a tiny immutable value ``(rank, suit)``: cheap to hash, compare and
copy, which matters because the bots simulate thousands of hands per decision.
Ranks are numbers (French: A=1 .. K=13; Spanish: 1-7, 10, 11, 12); suits are the
one-letter codes of the scenario format. The two suit families never meet in one
game, so the Spanish copas ``C`` and the French clubs ``C`` cannot be confused.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple


class Family(StrEnum):
    """The suit system of a deck; decides how card codes are read and shown."""

    FRENCH = "french"
    SPANISH = "spanish"


FRENCH_SUITS = ("C", "H", "S", "D")  # clubs, hearts, spades, diamonds
SPANISH_SUITS = ("E", "B", "O", "C")  # espadas, bastos, oros, copas
FRENCH_RANK_CODES = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
FRENCH_RANKS_BY_CODE = {code: rank for rank, code in FRENCH_RANK_CODES.items()} | {
    str(r): r for r in range(2, 10)
}
SPANISH_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
SPANISH_RANK_CODES = frozenset(str(r) for r in SPANISH_RANKS)


class Card(NamedTuple):
    rank: int
    suit: str


class CardCodeError(ValueError):
    """A card code that does not name a card of the deck family."""


def parse_card(code: str, family: Family) -> Card:
    """Read a scenario card code (``4C``, ``TD``, ``12E``) for a deck family."""
    if not isinstance(code, str) or len(code) < 2:
        raise CardCodeError(f"bad card code {code!r}")
    rank_code, suit = code[:-1], code[-1]
    if family is Family.FRENCH:
        rank = FRENCH_RANKS_BY_CODE.get(rank_code)
        if rank is None or suit not in FRENCH_SUITS:
            raise CardCodeError(f"unknown card {code!r}")
    else:
        if rank_code not in SPANISH_RANK_CODES:
            raise CardCodeError(f"unknown card {code!r}")
        rank = int(rank_code)
        if suit not in SPANISH_SUITS:
            raise CardCodeError(f"unknown card {code!r}")
    return Card(rank, suit)


def card_code(card: Card, family: Family) -> str:
    """The scenario code of a card, inverse of :func:`parse_card`."""
    if family is Family.FRENCH:
        return FRENCH_RANK_CODES.get(card.rank, str(card.rank)) + card.suit
    return f"{card.rank}{card.suit}"


def french_deck(ranks: Iterable[int]) -> tuple[Card, ...]:
    ranks = tuple(ranks)
    return tuple(Card(r, s) for s in FRENCH_SUITS for r in ranks)


def spanish_deck() -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in SPANISH_SUITS for r in SPANISH_RANKS)
