"""Held-out opponents for the arena: bots the hard bot was never tuned against.

Each bot is a small class with a character a person would recognise (see
``arena/heldout/README.md`` for who wrote them, when, and the rule they are kept
under). They decide from their seat's :class:`~chatbot.rules.views.SeatView`, the
rules of the game and a random stream the arena seeds: nothing else.

``make(name)`` builds a fresh bot; the arena keeps one object per seat for a whole
series of games at a table. ``NAMES`` lists them in the order the arena plays them.
"""

from __future__ import annotations

from arena.heldout.base import HeldoutBot
from arena.heldout.bluffer import Bluffer
from arena.heldout.club_player import ClubPlayer
from arena.heldout.counter import Counter
from arena.heldout.early_caller import EarlyCaller
from arena.heldout.envido_caller import EnvidoCaller
from arena.heldout.never_folder import NeverFolder
from arena.heldout.random_player import RandomPlayer
from arena.heldout.rock import Rock

BOTS: dict[str, type[HeldoutBot]] = {
    cls.name: cls
    for cls in (Bluffer, Rock, Counter, EarlyCaller, ClubPlayer, RandomPlayer, EnvidoCaller,
                NeverFolder)
}
NAMES: tuple[str, ...] = tuple(BOTS)


def make(name: str) -> HeldoutBot:
    """A fresh bot of ``name``; KeyError names the bots there are."""
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"no held-out bot {name!r}; there are {', '.join(NAMES)}") from None


__all__ = ["BOTS", "NAMES", "HeldoutBot", "make"]
