"""Events only Put produces: passing and discarding (4 players), withdrawing a card (3+).

They live beside the Put rules rather than in ``events`` because no other variant
passes or withdraws cards. Hidden cards follow the usual pattern: a public copy
without the card, and a copy with it for the one seat allowed to see it.
"""

from __future__ import annotations

from dataclasses import dataclass

from chatbot.rules.cards import Card
from chatbot.rules.events import Event, filled_by_slots


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardPassed(Event):
    """6.2.3: a passer gives his highest card face down to his partner.

    ``card`` is None in the public copy; only the receiver gets the copy with it.
    """

    seat: int
    to: int
    card: Card | None


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardsDiscarded(Event):
    """Cards put aside face down (a passer's other two, a receiver's fourth): nobody sees them."""

    seat: int
    count: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardWithdrawn(Event):
    """Decision 18: a player who resigns a put takes his card back out of the current trick."""

    seat: int
    card: Card | None
