"""What a table's chat shows, and the presenter's choice of what to send next.

One :class:`Screen` per table holds what this process showed of it (the
current message, its edits, the hand's events so far); the presenter drops it
when the game ends or the table closes, so a finished table nobody stops costs
no memory. :func:`choose` is the whole decision between posting a new message,
editing the current one, refreshing an edit already waiting and sending
nothing: a pure function of the outcome, the screen and the editor's queue,
tested as such (tests/handlers/test_presenter.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from chatbot.fsm.machine import HAND_STATES
from chatbot.fsm.table import Table
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.keyboards import Content
from chatbot.rules.events import Event, HandStarted
from chatbot.storage import TableRecord


@dataclass(slots=True)
class Screen:
    """What one table's chat shows, as this process knows it."""

    message_id: int | None = None  # the message this process posted (None: none, or failed)
    hand: int | None = None  # the hand that message was posted for (0: the lobby; None: unknown)
    version: int = 0  # the newest record shown (an older outcome is not drawn over it)
    events: list[Event] | None = None  # the hand's events so far; None: to be read back
    on: int | None = None  # the message that ``edits`` and ``content`` are about
    edits: int = 0  # budgeted edits of that message that Telegram took
    content: Content | None = None  # what that message was last asked to show
    lobby: int | None = None  # the lobby's message (it shows the final seats when retired)
    latest: tuple[TableRecord, Table] | None = None  # the newest shown, for a post due again
    postponed: float | None = None  # seconds before a post that failed is tried again
    repost: asyncio.Task[None] | None = field(default=None, repr=False)

    def current(self, record: TableRecord) -> int | None:
        """The message edits go to: the one this process posted, else the stored one."""
        return self.message_id if self.message_id is not None else record.message_id

    def about(self, message_id: int | None) -> None:
        """What is counted and remembered is about this message from now on (another
        message's edits and content start afresh)."""
        if self.on != message_id:
            self.on, self.edits, self.content = message_id, 0, None

    def posted_for(self, table: Table) -> None:
        """A post of ``table`` was tried: when it went out, its message shows this hand."""
        if self.message_id is not None:
            self.hand = table.match.hand_no if table.match is not None else 0

    def edits_of(self, message_id: int | None) -> int:
        return self.edits if self.on == message_id else 0


class Act(Enum):
    POST = "post"  # a new table message (a new hand, or the table has none)
    EDIT = "edit"  # the current message, through the latest-wins editor
    REFRESH = "refresh"  # newer content for an edit already waiting; nothing more
    SKIP = "skip"  # nothing to send (not even worth drawing the text)


class Series(Enum):
    NONE = "none"
    SHOW = "show"  # the games each side has won at this chat
    IF_PLAYED = "if-played"  # the same, unless no game was won yet (a first game)


@dataclass(frozen=True, slots=True)
class Choice:
    act: Act
    budgeted: bool = False  # the edit spends the hand's budget
    rests: bool = False  # the hand's last budgeted edit: it says so and keeps no calls
    series: Series = Series.NONE


def starts_hand(outcome: Outcome) -> bool:
    return any(isinstance(e, HandStarted) for e in outcome.events)


def later_hand(screen: Screen, table: Table) -> bool:
    """Whether the table is in a hand after the one its message was posted for: the new
    hand's own outcome was overtaken by a newer one (a bot's first move shown before
    the deal), so the move that is shown first must post the hand's message."""
    if screen.hand is None or table.match is None or table.state not in HAND_STATES:
        return False
    return table.match.hand_no != screen.hand


def budgeted(record: TableRecord, table: Table) -> bool:
    """Whether an edit spends the hand's budget: a group's hand while it is played
    (the lobby, a private chat and the end of the game or table never do)."""
    return record.chat_id < 0 and table.state in (*HAND_STATES, "scoring")


def worth_an_edit(record: TableRecord, table: Table,
                  reads_privately: Callable[[int, int], bool] | None = None) -> bool:
    """Whether this moment deserves a (counted) edit of the table message: in a group,
    only when a person must now act (and does not follow the hand in their private
    chat, which tells them), or the game or the table ends."""
    if record.chat_id > 0 or table.state not in (*HAND_STATES, "scoring"):
        return True  # a private chat, the lobby, the end of the game or table
    if table.state == "scoring" or table.match is None:
        return False  # the next hand's message tells how this one ended
    seat = table.rules.to_act(table.match)
    info = None if seat is None else table.seats[seat]
    if info is None or info.bot_plays:
        return False
    assert seat is not None
    return reads_privately is None or not reads_privately(record.id, seat)


def series_wanted(table: Table, trigger: str, new_game: bool) -> Series:
    """The end of a game, and the first message of the next one, say the series; a new
    game's first message may come from an outcome after the rematch's own, and a
    first game has no series to tell yet."""
    if not (table.state == "finished" or trigger == "rematch" or new_game):
        return Series.NONE
    return Series.IF_PLAYED if new_game and trigger != "rematch" else Series.SHOW


def choose(outcome: Outcome, screen: Screen, pending: bool, hand_edits: int,
           reads_privately: Callable[[int, int], bool] | None = None) -> Choice:
    """What to send for ``outcome``, given what the chat shows (``screen``), whether an
    edit of the current message is still waiting (``pending``) and the edits a
    group's hand message may have while it is played (``hand_edits``).

    A new hand, or a table without a message, posts. Otherwise a moment worth an
    edit edits while the hand's budget lasts; any other moment only refreshes an
    edit already waiting (it costs nothing more), and without one nothing is sent.
    A seña in a group is such a moment: the group sees nothing of it.
    """
    record, table = outcome.record, outcome.table
    message_id = screen.current(record)
    if message_id is None or starts_hand(outcome) or later_hand(screen, table):
        new_game = table.match is not None and table.match.hand_no == 1
        return Choice(Act.POST, series=series_wanted(table, outcome.trigger, new_game))
    spends = budgeted(record, table)
    spent = screen.edits_of(message_id) if spends else 0
    worth = (worth_an_edit(record, table, reads_privately) and spent < hand_edits
             and not (outcome.trigger == "sena" and record.chat_id < 0))
    if not worth and not pending:
        return Choice(Act.SKIP)
    return Choice(Act.EDIT if worth else Act.REFRESH, spends,
                  rests=spends and spent + 1 >= hand_edits,
                  series=series_wanted(table, outcome.trigger, False))
