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
from chatbot.handlers.lobby_options import carry_over, configure_args, settings
from chatbot.handlers.service import Plan, Step
from chatbot.rules.registry import available_variants, rules_class
from chatbot.storage import TableRecord

REMEMBERED = 8  # presses a table remembers: a double click is two presses in a row
LOBBY = "lobby"


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


def started(table: Table) -> Refused:
    """What a lobby press finds once the game began."""
    return Refused("game-started", state=table.state)


# ------------------------------------------------------------------ seats
def join(table: Table, user_id: int, name: str, team: int | None) -> list[Step]:
    """A free seat (of ``team``, if given), so two people joining at once get two seats."""
    if table.state != LOBBY:
        raise Refused("already-seated" if table.seat_of(user_id) is not None
                      else "seats-fixed")
    if table.seat_of(user_id) is not None:
        raise Refused("already-seated")
    free = [s for s, info in enumerate(table.seats) if info is None]
    if not free:
        raise Refused("no-free-seat")
    mine = [s for s in free if team is None or table.team_of(s) == team]
    if not mine:
        raise Refused("team-full")
    return [("sit", (mine[0], user_id, name), {})]


def leave(table: Table, user_id: int) -> list[Step]:
    seated = table.seat_of(user_id) is not None
    if table.state != LOBBY:
        raise Refused("seats-fixed" if seated else "not-at-table")
    if not seated:
        raise Refused("not-at-table")
    return [("stand", (user_id,), {})]


def add_bot(table: Table, arg: str, name_of: Callable[[int], str],
            default_level: str) -> list[Step]:
    """"Add a bot" names the seat it was drawn for and the level shown beside it; that
    seat if it is still free, else the first free one: someone who sat meanwhile took
    a seat, not the wish for a bot."""
    if table.state != LOBBY:
        raise started(table)
    free = [s for s, info in enumerate(table.seats) if info is None]
    if not free:
        raise Refused("no-free-seat")
    drawn, _, level = arg.partition(":")
    seat = int(drawn) if drawn.isdigit() and int(drawn) in free else free[0]
    level = level if level in LEVELS else default_level
    return [("add_bot", (seat, name_of(seat), level), {})]


# --------------------------------------------------------------- settings
def next_setting(table: Table, what: str) -> tuple[str, int]:
    """The lobby's cycling buttons: the next game, or the next seat count of this game."""
    if what == "variant":
        variants = available_variants()
        index = variants.index(table.variant) if table.variant in variants else -1
        for step in range(1, len(variants) + 1):
            candidate = variants[(index + step) % len(variants)]
            if table.players in rules_class(candidate).seat_counts:
                return candidate, table.players
        return table.variant, table.players
    counts = rules_class(table.variant).seat_counts
    later = [n for n in counts if n > table.players]
    return table.variant, later[0] if later else counts[0]


def setting(table: Table, what: str, shown: str) -> list[Step]:
    """The game and seat-count buttons cycle from the value they show; when someone
    else changed that value since, the press says what it is now."""
    if table.state != LOBBY:
        raise started(table)
    current: Any = table.variant if what == "variant" else table.players
    if shown != str(current):
        raise Refused("option-changed", option=what, value=current)
    variant, players = next_setting(table, what)
    return [("configure", (variant, players, carry_over(table.options, variant)), {})]


def option(table: Table, arg: str, turn_default: float) -> list[Step]:
    """An option button ("name:shown value"): the next value after the one it showed.
    When the game changed and has no such option, or someone else changed the option,
    the press says so."""
    if table.state != LOBBY:
        raise started(table)
    name, _, shown = arg.partition(":")
    now = {s.name: s for s in settings(table, turn_default)}.get(name)
    if now is None:
        raise Refused("game-changed", value=table.variant)
    if str(now.value) != shown:
        raise Refused("option-changed", option=name, value=now.value)
    return [("configure", configure_args(table, name, shown, turn_default), {})]


# ------------------------------------------------------------ the game itself
def start(table: Table) -> list[Step]:
    if table.state != LOBBY:
        raise started(table)
    return [("start", (), {})]


def rematch(table: Table) -> list[Step]:
    if table.state != "finished":
        raise started(table)
    return [("rematch", (), {})]


def stop(table: Table) -> list[Step]:
    return [("stop", (), {})]
