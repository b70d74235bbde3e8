"""Lobby presses judged on the lobby as it stands now, so that a press tells the truth.

A lobby message is redrawn after every change, but a person presses what their
client still shows: a keyboard a moment old (its buttons carry the table's seq
when they were drawn, and every lobby change moves it on). Such a press is not
refused as stale: it does what it says on the lobby as it now stands when that
still makes sense ("Add a bot" after someone joined adds a bot if a seat is free;
join, an option, start, close: if still possible), and otherwise it says what
changed ("The table is full now.", "The game has already started.", "Someone else
changed this option: it is now …").

Only the very same press acted on already (the same person, the same button of
the same keyboard: a double click) is told "That was done already". The table
remembers the last presses it acted on (``Table.presses``), written in the same
save as their effect, so a double press that two workers judge is still one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chatbot.ai import LEVELS
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers import table_actions
from chatbot.handlers.service import Plan
from chatbot.handlers.table_actions import (
    Step,
    join,
    leave,
    next_setting,
    rematch,
    setting,
    start,
    started,
    stop,
)
from chatbot.storage import TableRecord

# What a lobby press does is judged by the table actions every front end shares
# (chatbot/handlers/table_actions.py); this module adds what a button needs: the press's
# own arguments read from its data, and the double click told apart from a late press.
__all__ = ["LobbyPress", "add_bot", "join", "judged", "leave", "next_setting", "option",
           "rematch", "repeated", "setting", "start", "started", "stop"]

REMEMBERED = 8  # presses a table remembers: a double click is two presses in a row


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
    return press.mark in table.presses


def judged(press: LobbyPress, decide: Callable[[Table], list[Step]]) -> Plan:
    """The service plan of a lobby press: a repeat is "done already"; otherwise
    ``decide`` says what the press does on the table as stored now (or raises what
    changed), and the press is remembered in the same save as its effect."""
    async def plan(record: TableRecord, table: Table) -> list[Step]:
        if repeated(table, press):
            raise Refused("already-done")
        steps = decide(table)
        table.presses = [*table.presses, press.mark][-REMEMBERED:]
        return steps
    return plan


def add_bot(table: Table, arg: str, name_of: Callable[[int], str],
            default_level: str) -> list[Step]:
    """"Add a bot" names the seat it was drawn for and the level shown beside it
    (``seat:level``): that seat if it is still free, else the first free one."""
    drawn, _, level = arg.partition(":")
    seat = int(drawn) if drawn.isdigit() else None
    return table_actions.add_bot(table, name_of, level if level in LEVELS else default_level,
                                 seat)


def option(table: Table, arg: str, turn_default: float) -> list[Step]:
    """An option button ("name:shown value"): the next value after the one it showed."""
    name, _, shown = arg.partition(":")
    return table_actions.set_option(table, name, shown, turn_default)
