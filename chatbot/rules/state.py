"""The state of a game: plain mutable records with explicit copy and (de)serialisation.

They are mutable on purpose: the bots play thousands of simulated hands per
decision, and copying a few small lists is far cheaper than rebuilding frozen
trees on every card. Code outside the rules treats them as read-only and asks
the rules to change them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Generic, Self, TypeVar

from chatbot.rules.cards import Card


class Phase(StrEnum):
    """Where a hand stands. A StrEnum is a str: stored and compared as its value."""

    DECIDE = "decide"  # Brazil: the side at eleven decides to play the hand or run
    PLAY = "play"  # cards and calls
    PASS = "pass"  # Put with four: the passers give their partners a card
    DISCARD = "discard"  # Put with four: the receivers lay one card away
    OVER = "over"  # scored


class Special(StrEnum):
    """A special hand (Brazil): the hand of eleven (ten in Mineiro), or the iron hand."""

    ELEVEN = "eleven"
    IRON = "iron"


class HandEnd(StrEnum):
    """How a hand ended (``Hand.reason``, the ``HandWon`` event's): by its tricks, by a
    side running from a raise or from its hand of eleven, by a fold (the Argentine and
    Put "mazo"), with every trick tied, drawn (Put), or reshuffled (Le Truc). A game won
    mid-hand by points paid at once gives the call instead (``envido``, ``flor``)."""

    TRICKS = "tricks"
    RUN = "run"
    ELEVEN_RUN = "eleven-run"
    FOLD = "fold"
    ALL_TIED = "all-tied"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"


# The members as module names, for the rules to compare with: on Python 3.11 reading a
# member off its class (``Phase.OVER``) goes through ``EnumType.__getattr__`` and costs
# several times a module global, and the engine asks the phase on every simulated move.
PHASE_DECIDE, PHASE_PLAY, PHASE_PASS, PHASE_DISCARD, PHASE_OVER = Phase
SPECIAL_ELEVEN, SPECIAL_IRON = Special
END_TRICKS, END_RUN, END_ELEVEN_RUN, END_FOLD, END_ALL_TIED, END_DRAW, END_RESHUFFLE = HandEnd


@dataclass(slots=True)
class Extras:
    """A variant's own state of a hand, as a small typed record: each variant declares
    its record (a subclass) and the rules create it for every hand.

    A field left None is absent: it is not written, so the stored JSON of a hand is
    exactly what it was when this state was an untyped dict with the same keys, and an
    old game reads back unchanged. A field is stored under its name, or under the key
    that ``stored_as`` gives it (a readable name for a short key saved games hold).
    ``calls`` is every variant's: what was settled this hand (envido, flor, put), as the
    scenario output shows it. ``senas`` is every team game's: the señas made this hand
    and who caught them (chatbot.rules.senas).
    """

    calls: dict[str, Any] | None = None
    # the señas made this hand, in order: [seat, name, [seats that caught it]]
    senas: list[list[Any]] | None = None

    def copy(self) -> Self:
        cls = type(self)
        new = cls.__new__(cls)
        for name in _field_names(cls):
            setattr(new, name, _deep_copy_json(getattr(self, name)))
        return new

    def update(self, **values: Any) -> None:
        """Set several fields at once (a name the record lacks is an error)."""
        for name, value in values.items():
            setattr(self, name, value)

    def to_doc(self) -> dict[str, Any]:
        """The fields that are set, by their stored keys (JSON-able values)."""
        return {key: value for name, key in _stored_keys(type(self))
                if (value := getattr(self, name)) is not None}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Self:
        names = {key: name for name, key in _stored_keys(cls)}
        unknown = set(doc) - set(names)
        if unknown:
            raise ValueError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
        return cls(**{names[key]: value for key, value in doc.items()})


STORED_KEY = "stored_key"  # a field's metadata: the key it is stored under


def stored_as(key: str) -> dict[str, str]:
    """A field's metadata to store it under ``key`` rather than its name: saved games
    hold that key, so a field renamed for reading keeps the JSON exactly as it was
    (``field(default=None, metadata=stored_as("env"))``)."""
    return {STORED_KEY: key}


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_STORED_KEYS: dict[type, tuple[tuple[str, str], ...]] = {}


def _field_names(cls: type[Extras]) -> tuple[str, ...]:
    """A record's field names, found once per record class (copies run in every simulation)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _stored_keys(cls: type[Extras]) -> tuple[tuple[str, str], ...]:
    """Each field's name and the key it is stored under, in field order."""
    keys = _STORED_KEYS.get(cls)
    if keys is None:
        keys = _STORED_KEYS[cls] = tuple((f.name, f.metadata.get(STORED_KEY, f.name))
                                         for f in fields(cls))
    return keys


T = TypeVar("T")


def present(value: T | None) -> T:
    """A field of a variant's record that this moment of the hand has set.

    The records leave a field None while it is absent (so it is not stored); the rules
    read one only once the hand has set it, and this says so to the type checker.
    """
    assert value is not None, "a variant's field read before the hand set it"
    return value


# A variant's record of its own state of a hand: Hand, Match and the rules are generic in
# it, so a variant's code reads its own fields with their types (``hand.x.owed``).
X = TypeVar("X", bound=Extras)


@dataclass(slots=True)
class Pending:
    """A call waiting for an answer (truco and raises, envido, put, mon reste, redeal)."""

    call: str  # the action name that made it ("truco", "raise", "envido", ...)
    caller: int  # seat
    level: int  # proposed ladder level (raises) or chain length (envido)
    answerer: int  # seat expected to answer (the canonical one)

    def copy(self) -> Pending:
        return Pending(self.call, self.caller, self.level, self.answerer)


@dataclass(slots=True)
class Hand(Generic[X]):
    """One deal: from the cards dealt to the points scored; ``x`` is the variant's record."""

    dealer: int
    mano: int
    cards: list[list[Card]]  # cards still held, per seat
    dealt: list[tuple[Card, ...]]  # as dealt (after any redeal), per seat
    vira: Card | None = None
    stock: list[Card] = field(default_factory=list)
    special: Special | None = None
    phase: Phase = PHASE_PLAY
    turn: int = 0  # seat to play a card
    leader: int = 0  # seat that led the current trick
    table: list[tuple[int, Card | None]] = field(default_factory=list)  # current trick
    tricks: list[int | None] = field(default_factory=list)  # winning team per trick
    played: list[list[tuple[int, Card | None]]] = field(default_factory=list)  # past tricks
    stake: int = 1
    level: int = 0
    last_raiser: int | None = None  # team
    pending: Pending | None = None
    winner: int | None = None  # team that won the hand
    points: list[int] = field(default_factory=list)  # per team, this hand
    reason: str | None = None
    covered: list[Card] = field(default_factory=list)  # face-down cards (only the owner knows)
    x: X = field(kw_only=True)  # the variant's own state (its record: the rules' ``extras``)

    def copy(self) -> Hand[X]:
        return Hand(
            dealer=self.dealer,
            mano=self.mano,
            cards=[list(c) for c in self.cards],
            dealt=list(self.dealt),
            vira=self.vira,
            stock=list(self.stock),
            special=self.special,
            phase=self.phase,
            turn=self.turn,
            leader=self.leader,
            table=list(self.table),
            tricks=list(self.tricks),
            played=[list(t) for t in self.played],
            stake=self.stake,
            level=self.level,
            last_raiser=self.last_raiser,
            pending=self.pending.copy() if self.pending else None,
            winner=self.winner,
            points=list(self.points),
            reason=self.reason,
            covered=list(self.covered),
            x=self.x.copy(),
        )

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER


@dataclass(slots=True)
class Match(Generic[X]):
    """A whole game to the target: the score, who deals, and the hand in play."""

    variant: str
    options: dict[str, Any]
    players: int
    score: list[int]
    dealer: int
    hand: Hand[X] | None = None
    hand_no: int = 0
    winner: int | None = None  # team that won the game

    def copy(self) -> Match[X]:
        return Match(
            variant=self.variant,
            options=dict(self.options),
            players=self.players,
            score=list(self.score),
            dealer=self.dealer,
            hand=self.hand.copy() if self.hand else None,
            hand_no=self.hand_no,
            winner=self.winner,
        )

    @property
    def over(self) -> bool:
        return self.winner is not None


def _deep_copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy_json(v) for v in value]
    return value
