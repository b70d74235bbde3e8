"""Events: the only thing that leaves a game.

Every event names its audience. A message for a seat is built only from the
events that seat may see, which is where the privacy of the hands is enforced:
nothing downstream has to remember which cards are secret.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any, TypeVar

from chatbot.rules.cards import Card
from chatbot.rules.state import Special

R = TypeVar("R")


def filled_by_slots(cls: type[R]) -> type[R]:
    """Give a frozen slotted dataclass an ``__init__`` that fills each slot through its
    descriptor, with the dataclass one's signature, defaults and values.

    The dataclass ``__init__`` of a frozen class sets each field with
    ``object.__setattr__``, which looks the name up every time; every deal, the
    simulated ones too, builds several events, and this way they cost about half.
    (``tests/rules/test_events_init.py`` holds each event to the dataclass way.)
    """
    namespace: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields(cls):  # type: ignore[arg-type]  # a dataclass, which R cannot say
        assert f.default_factory is MISSING, "a default factory is the dataclass's to run"
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        param = f.name
        if f.default is not MISSING:
            namespace[f"_default_{f.name}"] = f.default
            param += f"=_default_{f.name}"
        (keyword if f.kw_only else positional).append(param)
        body.append(f"    _set_{f.name}(self, {f.name})")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    exec(f"def __init__({params}) -> None:\n" + "\n".join(body), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010  # assigning a method: mypy's objection
    return cls


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see an event: everybody, one team, or one seat."""

    kind: str  # "public" | "team" | "seat"
    who: int | None = None

    def admits(self, seat: int, team: int) -> bool:
        if self.kind == "public":
            return True
        if self.kind == "team":
            return self.who == team
        return self.who == seat


PUBLIC = Audience("public")


@cache
def to_team(team: int) -> Audience:
    """The audience of one team (one shared value per team: audiences are immutable)."""
    return Audience("team", team)


@cache
def to_seat(seat: int) -> Audience:
    """The audience of one seat (one shared value per seat: every deal names them all)."""
    return Audience("seat", seat)


@dataclass(frozen=True, slots=True)
class Event:
    audience: Audience = field(default=PUBLIC, kw_only=True)


@filled_by_slots
@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A new hand: who deals, what is turned up, and whether it is special."""

    number: int
    dealer: int
    vira: Card | None
    special: Special | None
    stake: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """A seat's own cards; in a blind hand only their number is told."""

    seat: int
    cards: tuple[Card, ...] | None
    count: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class PartnerCardsShown(Event):
    """Hand of eleven/ten: a player of the deciding team sees the partner's cards."""

    seat: int
    partner: int
    cards: tuple[Card, ...]


@filled_by_slots
@dataclass(frozen=True, slots=True)
class SenaMade(Event):
    """A seña (a partner signal): told to the signaller's team only. ``cards`` are the
    cards the seña names in this hand (its meaning), not the cards the signaller holds:
    a seña may be a bluff."""

    seat: int
    sena: str
    cards: tuple[Card, ...]


@filled_by_slots
@dataclass(frozen=True, slots=True)
class SenaCaught(Event):
    """An opponent saw a seña made to someone else's partner: told to that one seat."""

    seat: int
    sena: str
    cards: tuple[Card, ...]
    catcher: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    phase: str  # the hand's Phase, or "answer" while a call waits for its answer


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card put on the table; ``card`` is None when it was played face down."""

    seat: int
    card: Card | None
    trick: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CallMade(Event):
    """Any call: truco and raises, envido, flor, put, mon reste, redeal, eleven decisions."""

    seat: int
    call: str
    value: int | None = None


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CallAnswered(Event):
    """Accept or refuse of a pending call (a counter-raise is a new CallMade)."""

    seat: int
    call: str
    accepted: bool
    value: int | None = None


@filled_by_slots
@dataclass(frozen=True, slots=True)
class StockReshuffled(Event):
    """Le Truc 4.2.2: a redeal was agreed but the stock ran out; the hand is void, the
    whole deck is shuffled again and ``dealer`` deals the next hand."""

    dealer: int


@filled_by_slots
@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A finished trick; ``team`` is None for a tie (empate, parda, spoiled)."""

    trick: int
    team: int | None
    seat: int | None


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CallScored(Event):
    """An extra that scored on its own (envido, flor) with its winning count."""

    call: str
    team: int | None
    points: int
    count: int | None = None


@filled_by_slots
@dataclass(frozen=True, slots=True)
class HandWon(Event):
    """End of a hand. ``team`` is None when nobody scores it; ``reason`` says how (a
    :class:`~chatbot.rules.state.HandEnd`), or
    ``"envido"`` or ``"flor"`` when points paid at once (Argentine ``envido_immediate``) won
    the game mid-hand, ``team`` being the winner."""

    team: int | None
    points: tuple[int, ...]
    score: tuple[int, ...]
    reason: str  # a HandEnd, or the call that paid the points (above)


@filled_by_slots
@dataclass(frozen=True, slots=True)
class CardsRevealed(Event):
    """Cards shown to everybody at the end (proving an envido, say)."""

    seat: int
    cards: tuple[Card, ...]


@filled_by_slots
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    team: int
    score: tuple[int, ...]
