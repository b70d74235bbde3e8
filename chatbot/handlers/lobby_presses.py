"""A lobby button's press: who pressed which keyboard, and what its data asks for.

A lobby message is redrawn after every change, but a person presses what their
client still shows: a keyboard a moment old (its buttons carry the table's seq
when they were drawn, and every lobby change moves it on). Such a press is not
refused as stale: the table actions (``chatbot/handlers/table_actions.py``) do
what it says on the lobby as it now stands when that still makes sense ("Add a
bot" after someone joined adds a bot if a seat is free; join, an option, start,
close: if still possible), and otherwise say what changed ("The table is full
now.", "The game has already started.", "Someone else changed this option: it is
now …").

Only the very same press acted on already (the same person, the same button of
the same keyboard: a double click) is told "That was done already": the press's
``mark`` goes to ``GameService.actions.pressed``, and the table remembers it
(``Table.presses``) in the same save as its effect. This module decides nothing
about the table: it reads a press and the arguments its button carries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chatbot.ai import LEVELS
from chatbot.fsm.table import Table
from chatbot.handlers import table_actions


@dataclass(frozen=True, slots=True)
class LobbyPress:
    """One press of a lobby (or game-over) button: who, on which keyboard, what."""

    user_id: int
    seq: int  # the table's seq the keyboard was drawn on
    action: str
    arg: str = ""

    @property
    def mark(self) -> list[Any]:
        """The press as the table remembers it (JSON: a list)."""
        return [self.seq, self.user_id, self.action, self.arg]


def repeated(table: Table, press: LobbyPress) -> bool:
    """Whether this very press was acted on already (a double click)."""
    return table_actions.repeated(table, press.mark)


def bot_arg(arg: str, default_level: str) -> tuple[int | None, str]:
    """"Add a bot" names the seat it was drawn for and the level shown beside it
    (``seat:level``); a level we do not know is the default."""
    drawn, _, level = arg.partition(":")
    return (int(drawn) if drawn.isdigit() else None,
            level if level in LEVELS else default_level)


def option_arg(arg: str) -> tuple[str, str]:
    """An option button ("name:shown value"): the option and the value it showed."""
    name, _, shown = arg.partition(":")
    return name, shown
