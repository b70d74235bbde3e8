"""Actions a seat can take, named exactly as in the scenario format."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from chatbot.rules.cards import Card


class Kind(StrEnum):
    """An action's kind. A StrEnum is a str: JSON, dict keys and comparisons with plain
    names (a button's data, a scenario file) work as with the names themselves.

    A name the game does not know (a forged button, say) still makes a Kind, one that
    is no member: the rules refuse it as an unknown action, with their usual answer.
    """

    PLAY = "play"
    PLAY_HIDDEN = "play-hidden"
    TRUCO = "truco"
    RAISE = "raise"
    ACCEPT = "accept"
    RUN = "run"
    FOLD = "fold"
    ELEVEN_PLAY = "eleven-play"
    ELEVEN_RUN = "eleven-run"
    ENVIDO = "envido"
    REAL_ENVIDO = "real-envido"
    FALTA_ENVIDO = "falta-envido"
    FLOR = "flor"
    CONTRAFLOR = "contraflor"
    CONTRAFLOR_AL_RESTO = "contraflor-al-resto"
    MON_RESTE = "mon-reste"
    REDEAL_PROPOSE = "redeal-propose"
    REDEAL_ACCEPT = "redeal-accept"
    REDEAL_REFUSE = "redeal-refuse"
    PUT = "put"
    PASS = "pass"
    DISCARD = "discard"
    # Le Truc's signals (4.1.14): not in the scenario format, so the game's own names.
    # "instruct-rank" carries one of the partner's cards naming the rank.
    INSTRUCT_HIGHEST = "instruct-highest"
    INSTRUCT_LOWEST = "instruct-lowest"
    INSTRUCT_RANK = "instruct-rank"

    @classmethod
    def _missing_(cls, value: object) -> Kind | None:
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = value
        unknown._value_ = value
        return unknown

    def __repr__(self) -> str:  # as the name itself, so an Action reads as it always did
        return repr(self.value)


PLAY = Kind.PLAY
PLAY_HIDDEN = Kind.PLAY_HIDDEN
TRUCO = Kind.TRUCO
RAISE = Kind.RAISE
ACCEPT = Kind.ACCEPT
RUN = Kind.RUN
FOLD = Kind.FOLD
ELEVEN_PLAY = Kind.ELEVEN_PLAY
ELEVEN_RUN = Kind.ELEVEN_RUN
ENVIDO = Kind.ENVIDO
REAL_ENVIDO = Kind.REAL_ENVIDO
FALTA_ENVIDO = Kind.FALTA_ENVIDO
FLOR = Kind.FLOR
CONTRAFLOR = Kind.CONTRAFLOR
CONTRAFLOR_AL_RESTO = Kind.CONTRAFLOR_AL_RESTO
MON_RESTE = Kind.MON_RESTE
REDEAL_PROPOSE = Kind.REDEAL_PROPOSE
REDEAL_ACCEPT = Kind.REDEAL_ACCEPT
REDEAL_REFUSE = Kind.REDEAL_REFUSE
PUT = Kind.PUT
PASS = Kind.PASS
DISCARD = Kind.DISCARD
INSTRUCT_HIGHEST = Kind.INSTRUCT_HIGHEST
INSTRUCT_LOWEST = Kind.INSTRUCT_LOWEST
INSTRUCT_RANK = Kind.INSTRUCT_RANK
INSTRUCTIONS = frozenset({INSTRUCT_HIGHEST, INSTRUCT_LOWEST, INSTRUCT_RANK})

CARD_ACTIONS = frozenset({PLAY, PLAY_HIDDEN, PASS, DISCARD})
# the calls that climb the stake's ladder: the first raise (truco, or Le Truc's "deux")
# and every one above it (six, nine, twelve; retruco, vale cuatro; ...)
LADDER_CALLS = frozenset({TRUCO, RAISE})
ALL_ACTIONS = frozenset({
    PLAY, PLAY_HIDDEN, TRUCO, RAISE, ACCEPT, RUN, FOLD, ELEVEN_PLAY, ELEVEN_RUN, ENVIDO,
    REAL_ENVIDO, FALTA_ENVIDO, FLOR, CONTRAFLOR, CONTRAFLOR_AL_RESTO, MON_RESTE,
    REDEAL_PROPOSE, REDEAL_ACCEPT, REDEAL_REFUSE, PUT, PASS, DISCARD,
})


class Action(NamedTuple):
    kind: Kind
    card: Card | None = None


class CardActions(dict[Card, Action]):
    """The actions of one card kind, each built on first use and then shared: the rules
    list a seat's card moves for every simulated move, and a lookup is cheaper than a
    new tuple. Actions are immutable values, so sharing them changes nothing."""

    __slots__ = ("kind",)

    def __init__(self, kind: Kind) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: Card) -> Action:
        action = self[card] = Action(self.kind, card)
        return action


PLAYS = CardActions(PLAY)
HIDDEN_PLAYS = CardActions(PLAY_HIDDEN)
PASSES = CardActions(PASS)
DISCARDS = CardActions(DISCARD)

# Their lookups, bound once: the rules map a seat's cards to their actions for every
# simulated move, and ``PLAYS.__getitem__`` written out builds a method wrapper each time.
PLAY_OF = PLAYS.__getitem__
HIDDEN_PLAY_OF = HIDDEN_PLAYS.__getitem__
PASS_OF = PASSES.__getitem__
DISCARD_OF = DISCARDS.__getitem__
