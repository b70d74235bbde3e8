"""Actions a seat can take, named exactly as in the scenario format."""

from __future__ import annotations

from typing import NamedTuple

from chatbot.rules.cards import Card

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
INSTRUCTIONS = frozenset({INSTRUCT_HIGHEST, INSTRUCT_LOWEST, INSTRUCT_RANK})

CARD_ACTIONS = frozenset({PLAY, PLAY_HIDDEN, PASS, DISCARD})
ALL_ACTIONS = frozenset({
    PLAY, PLAY_HIDDEN, TRUCO, RAISE, ACCEPT, RUN, FOLD, ELEVEN_PLAY, ELEVEN_RUN, ENVIDO,
    REAL_ENVIDO, FALTA_ENVIDO, FLOR, CONTRAFLOR, CONTRAFLOR_AL_RESTO, MON_RESTE,
    REDEAL_PROPOSE, REDEAL_ACCEPT, REDEAL_REFUSE, PUT, PASS, DISCARD,
})


class Action(NamedTuple):
    kind: str
    card: Card | None = None


class CardActions(dict[Card, Action]):
    """The actions of one card kind, each built on first use and then shared: the rules
    list a seat's card moves for every simulated move, and a lookup is cheaper than a
    new tuple. Actions are immutable values, so sharing them changes nothing."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: Card) -> Action:
        action = self[card] = Action(self.kind, card)
        return action


PLAYS = CardActions(PLAY)
HIDDEN_PLAYS = CardActions(PLAY_HIDDEN)
PASSES = CardActions(PASS)
DISCARDS = CardActions(DISCARD)
