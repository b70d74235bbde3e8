"""Señas: the signals partners make to tell each other their cards (rules.md A6, docs/rules.md).

At a real table a seña is a face gesture (a wink, raised eyebrows, the tongue in the
cheek) that the partner should see and the opponents should not. Here a seña is a
move outside the turn order: it changes no card, no score and no turn, and is told
to the signaller's partners only, except to an opponent who catches it (the table's
chance, drawn from the game's random stream so that a replay catches the same ones).

Each variant lists its señas (the ``sena_list`` hook of the rules): a name, the
gesture is the texts' business, and the cards it names in this hand. Paulista's
signals name a manilha by its suit, so which card they name follows the vira. A
seña may name a card the signaller does not hold: a bluff is part of the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from chatbot.rules.cards import Card
from chatbot.rules.options import OptionSpec, choice

# At most this many señas per player per hand, so that a chat is not flooded (and a
# partner can still read them: players make one or two).
MAX_PER_HAND = 3

# The table options every variant with señas declares (its option specs).
def option_specs() -> dict[str, OptionSpec]:
    return {"senas": choice(*MODES),
            "sena_catch": OptionSpec(minimum=0, maximum=100, default=DEFAULT_CATCH)}


OPTION_NAMES = frozenset({"senas", "sena_catch"})

# The table option: no señas, señas nobody catches, or señas each opponent may catch.
OFF, ON, CATCH = "off", "on", "catch"
MODES = (CATCH, ON, OFF)
LOBBY_VALUES = MODES  # the lobby's button cycles the modes, the default first
# Each opponent's chance, in percent, of seeing a given seña when the table plays
# with catches: at a real table most señas go unseen, and a catch every fifth
# signal keeps the risk of signalling real without making signals useless.
DEFAULT_CATCH = 20

# The reasons a seña is refused (IllegalAction reasons).
REASONS = (
    "senas-off",        # this table plays without señas (option, or not a team game)
    "sena-hand-over",   # there is no hand in play
    "sena-unknown",     # not one of this game's señas
    "sena-no-cards",    # the signaller has no card left to tell about
    "sena-repeated",    # the same seña twice in a hand
    "sena-limit",       # MAX_PER_HAND already made this hand
)


@dataclass(frozen=True, slots=True)
class Sena:
    """One seña as it means in this hand: its name and the cards it names.

    ``absent`` marks a seña that says "I have none of these" (closing the eyes for
    nothing good); otherwise it says "I have one of these".
    """

    name: str
    cards: tuple[Card, ...]
    absent: bool = False

    def fits(self, cards: Iterable[Card]) -> bool:
        """Whether a player holding ``cards`` tells the truth with this seña."""
        holds = any(card in self.cards for card in cards)
        return holds != self.absent


def made_by(made: Sequence[Sequence[object]] | None, seat: int) -> list[str]:
    """The señas ``seat`` has made this hand, in order, from the hand's record (its
    entries are ``[seat, name, catchers]``)."""
    return [str(entry[1]) for entry in (made or ()) if entry[0] == seat]
