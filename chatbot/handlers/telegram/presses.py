"""A checked press and the two kinds of row a button's action finds (``buttons.py``).

A kind of button is one function and one row: ``MenuButton`` rows act before any
table is read, ``TableButton`` rows act on a table of the chat the press came from.
The rows live beside what they do (``buttons.py``, ``lobby.py``, ``senas_entry.py``);
``buttons.py`` gathers them into its two tables.

A function returns what to answer the press with: an alert text, None (a quiet
answer) or ``DONE`` (it answered the query itself); a table button that changes
the game returns its :class:`Outcome`, which is presented like any other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from telegram import CallbackQuery, Update
from telegram.ext import ContextTypes

from chatbot.fsm.table import Table
from chatbot.handlers.lobby_presses import LobbyPress
from chatbot.handlers.payload import NO_TABLE, Payload
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.deps import Deps
from chatbot.storage import TableRecord

Context = ContextTypes.DEFAULT_TYPE


class Answered(Enum):
    DONE = "done"


DONE = Answered.DONE  # a press that answered its query itself
Reply = str | None | Literal[Answered.DONE]


@dataclass(frozen=True, slots=True)
class Press:
    """A press checked by ``on_button``: what was pressed, by whom, where."""

    query: CallbackQuery
    chat_id: int
    payload: Payload
    user_id: int
    name: str
    locale: str  # the presser's language (alerts are theirs)
    update: Update
    context: Context


@dataclass(frozen=True, slots=True)
class AtTable:
    """A press on a button of a table in this chat, with the table as stored."""

    press: Press
    record: TableRecord
    table: Table
    seat: int | None  # the presser's seat, None for an onlooker

    @property
    def language(self) -> str:
        """The table's language (what it posts, such as a bot's name, is in it)."""
        return self.record.language or "en"


def always(deps: Deps, press: Press) -> bool:
    return True


def of_a_table(deps: Deps, press: Press) -> bool:
    """The press names a table (a move or a seña from a hand message)."""
    return press.payload.code != NO_TABLE


@dataclass(frozen=True, slots=True)
class MenuButton:
    run: Callable[[Deps, Press], Awaitable[Reply]]
    # whether this press is one for it; otherwise it is judged as a table's button
    applies: Callable[[Deps, Press], bool] = always


@dataclass(frozen=True, slots=True)
class TableButton:
    run: Callable[[Deps, AtTable], Awaitable[Outcome | str]]
    current: bool = True  # drawn for this turn, else "stale" and nothing changes
    seated: bool = False  # only the table's players may press it


def lobby_press(p: Press) -> LobbyPress:
    """The press as a lobby remembers it (who, on which keyboard, what)."""
    return LobbyPress(p.user_id, p.payload.seq, p.payload.action, p.payload.arg)
