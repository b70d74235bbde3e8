"""Outcomes to Telegram messages: one table message per hand, edited through the debouncer.

A new hand posts a new table message; everything else edits the current one,
latest content wins. A private chat shows its one human their own cards and
actions as plain buttons; a group shows only public text, with inline play and
a private "my cards" alert for the cards.

A group's budget is about 20 bot messages a minute, and edits count. So in a
group the table message is only edited when somebody has to read it: when a
person must act, and when the game or table ends. While bots play, or between
hands, the wanted content only refreshes an edit already waiting (it costs
nothing more); the end of a hand is told at the top of the next hand's message.
That keeps a 2v2 hand with two people near one message plus one edit per human
turn, and a budget caps it: a hand's message gets at most ``HAND_EDITS`` edits
while it is played (the last one says so and points to inline play, where the
table is always current), plus the one that ends the game or the table, so a
hand never costs more than ``HAND_CALLS`` counted calls.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple, cast

from telegram import InlineKeyboardMarkup
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError
from telegram.ext import ExtBot

from chatbot.fsm.table import Table
from chatbot.handlers.debounce import LatestWinsEditor, retry_seconds, sent_despite_flood
from chatbot.handlers.lobby_options import settings
from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.card_pictures import HandPicture
from chatbot.handlers.telegram.group_minute import Minute
from chatbot.handlers.telegram.keyboards import Content, Keyboards
from chatbot.handlers.telegram.screen import Act, Screen, Series, choose, starts_hand
from chatbot.handlers.telegram.solo_pictures import SoloPictures
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.i18n.table_text import (
    held_lines,
    lobby_text,
    paused_line,
    private_lines,
    series_line,
    table_text,
)
from chatbot.i18n.translation import translate
from chatbot.rules.events import (
    CallAnswered,
    CallMade,
    CallScored,
    CardPlayed,
    CardsDealt,
    CardsRevealed,
    Event,
    HandStarted,
    HandWon,
    StockReshuffled,
    TrickWon,
)
from chatbot.rules.serialize import event_from_dict
from chatbot.storage import StorageError, TableRecord

log = logging.getLogger(__name__)

HAND_EDITS = 6  # edits of a group's hand message while the hand is played
HAND_CALLS = 1 + HAND_EDITS + 1  # its post, those edits, and the end of the game or table
REPOST_PAUSE = 2.0  # seconds before a post that failed on the network is tried again
REPOSTS = 30  # tries of a table message Telegram keeps refusing (then the next move posts)
KEEP_FOR_POSTS = 1  # calls of a group's minute an edit leaves for the next hand's message
MAX_CARRIED = 6  # events of a finished hand repeated atop the next hand's message
MAX_LOCKS = 20_000  # idle per-table locks kept before the idle ones are dropped


class Closing(NamedTuple):
    """A superseded message's last edit (see :meth:`Presenter.retire`): it keeps under
    its own key, so the next hand's edits never replace it."""

    text: str | None
    markup: InlineKeyboardMarkup | None
    markup_only: bool  # the text stays: only the buttons go


class Edit(NamedTuple):
    """What the latest-wins editor is asked to make a table message show."""

    text: str
    markup: InlineKeyboardMarkup | None
    budgeted: bool  # spends the hand's budget (a group's hand while it is played)
    table_id: int
    picture: HandPicture | None = None  # a solo hand's photo of the cards, if it is one


class Presenter:
    def __init__(self, bot: Callable[[], ExtBot[Any]], service: GameService, keyboards: Keyboards,
                 edit_delay: float, minute: Minute | None = None,
                 reads_privately: Callable[[int, int], bool] | None = None,
                 book: StickerBook | None = None) -> None:
        self._bot = bot
        self.service = service
        self.keyboards = keyboards
        self.minute = minute
        # whether a seat follows the hand privately (PrivateHands.reads_privately): their
        # turn is told there, so the group's message need not be edited for it
        self.reads_privately = reads_privately
        # a solo chat's hand message as a picture of the cards (the book, filled at
        # start-up, holds the sticker sets)
        self.pictures = SoloPictures(bot, book)
        self.editor = LatestWinsEditor(self._edit, delay=edit_delay, ready=self._room)
        self._screens: dict[int, Screen] = {}  # table id -> what its chat shows
        self._locks: dict[int, asyncio.Lock] = {}

    def screen(self, table_id: int) -> Screen | None:
        """What this process remembers of a table's chat (None: nothing, as after a
        restart or once its game ended)."""
        return self._screens.get(table_id)

    def showing(self, table_id: int) -> bool:
        """Whether an outcome of the table is being shown now (tests wait for the bot to
        be quiet before they change the chat under it)."""
        lock = self._locks.get(table_id)
        return lock is not None and lock.locked()

    def _lock(self, table_id: int) -> asyncio.Lock:
        """One outcome at a time per table; idle locks of tables not on screen are
        dropped when they pile up (a lock cannot go while someone may wait on it)."""
        if len(self._locks) > MAX_LOCKS:
            for key in [k for k, v in self._locks.items()
                        if k not in self._screens and not v.locked()]:
                del self._locks[key]
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def _room(self, key: Hashable) -> None:
        """An edit of a group's message waits for room in the group's minute, keeping
        one call for the next hand's message (an edit can wait; its content only
        gets newer meanwhile)."""
        chat_id = cast(tuple[int, ...], key)[0]  # the editor's keys: (chat, message, ...)
        if self.minute is not None and chat_id < 0:
            await self.minute.ready(chat_id, keep=KEEP_FOR_POSTS)

    async def _edit(self, key: Hashable, content: Any) -> None:
        chat_id, message_id = cast(tuple[int, ...], key)[:2]
        if isinstance(content, Closing):
            await self._close(chat_id, message_id, content)
            return
        edit: Edit = content
        screen = self._screens.get(edit.table_id)
        counted = edit.budgeted and screen is not None and screen.on == message_id
        if counted and screen is not None and screen.edits >= HAND_EDITS:
            return  # newer content arrived while the last edit was in flight
        if self.pictures.shows(key):  # a solo hand's photo: its caption, or its picture
            await self.pictures.edit(key, edit.text, edit.markup, edit.picture)
        else:
            try:
                await self._bot().edit_message_text(
                    edit.text, chat_id=chat_id, message_id=message_id,
                    reply_markup=edit.markup, rate_limit_args=0)
            except BadRequest as exc:  # a photo posted before a restart: its picture anew
                if not no_text(exc):
                    raise
                await self.pictures.edit(key, edit.text, edit.markup, edit.picture)
        if counted:  # only an edit Telegram took spends the budget (a 429 did not)
            assert screen is not None
            screen.edits += 1

    # --------------------------------------------------------------- content
    def content(self, record: TableRecord, table: Table, events: list[Event],
                series: tuple[int, ...] | None = None) -> Content:
        locale = record.language or "en"
        if table.state == "lobby":
            options = settings(table, self.service.timing.turn)
            return (lobby_text(table, record.code, locale,
                               [(s.name, s.value) for s in options]),
                    self.keyboards.lobby(record.chat_id, table, record.code, table.seq, locale,
                                        options))
        if table.state == "closed" or table.match is None:
            return translate("The table is closed.", locale), None
        human = table.seat_of(record.chat_id) if record.chat_id > 0 else None
        text = table_text(table, events, locale)
        if human is not None:  # a solo table: the cards held now, not the deal's list
            own = private_lines(table, [e for e in events if e.audience.kind == "seat"
                                        and not isinstance(e, CardsDealt)], human, locale)
            own = own[-2:] + held_lines(table, human, locale)
            text = "\n".join([text, *own]) if own else text
        if series is not None:
            text = "\n".join([text, series_line(table, series, locale)])
        if table.state == "finished":
            return text, self.keyboards.finished(record.chat_id, record.code, table.seq, locale)
        if human is not None:
            return text, self.keyboards.private_hand(record.chat_id, table, record.code, human,
                                                    locale)
        return text, self.keyboards.group_hand(record.chat_id, table, record.code, locale)

    async def series(self, record: TableRecord, table: Table) -> tuple[int, ...] | None:
        """The games each side has won at this table's chat, when there are two sides."""
        teams: dict[int, list[int | None]] = {}
        for seat, info in enumerate(table.seats):
            if info is not None:
                teams.setdefault(table.team_of(seat), []).append(info.user_id)
        if len(teams) != 2:
            return None
        first, second = teams[0], teams[1]
        try:
            found = await self.service.repo.get_series(record.chat_id, first, second)
        except StorageError:
            log.exception("series of chat %s unreadable", record.chat_id)
            return None
        return (0, 0) if found is None else found.score(first, second)

    # ------------------------------------------------------------- showing
    async def show(self, outcome: Outcome) -> TableRecord:
        """Bring the chat up to date with an outcome; returns the record (message id saved).

        One table at a time (a lock), so a hand's new message is saved before the
        next outcome looks for it, and an older outcome never overwrites a newer one.
        What to send is :func:`screen.choose`'s; this carries it out.
        """
        record, table = outcome.record, outcome.table
        if self.service.newest(record).paused_at is not None:  # the bot is out of its group
            self.hush(record.chat_id, record.id)
            return record
        async with self._lock(record.id):
            screen = self._screens.setdefault(record.id, Screen())
            await self._log(screen, outcome)
            if record.version < screen.version:
                return record  # a newer outcome is on screen already
            screen.version = record.version
            screen.latest = (record, table)
            key = (record.chat_id, screen.current(record))
            choice = choose(outcome, screen, self.editor.pending(key), HAND_EDITS,
                            self.reads_privately)
            if choice.act is Act.SKIP:
                return record
            text, markup = self.content(record, table, screen.events or [],
                                        await self._series(choice.series, record, table))
            if choice.rests:  # this edit is the hand's last: it rests
                locale = record.language or "en"
                text = "\n".join([text, paused_line(locale)])
                markup = self.keyboards.group_hand(record.chat_id, table, record.code, locale,
                                                   calls=False)
            if table.state == "closed":
                self._drop(record.id)
            if choice.act is Act.POST:
                return await self._post_for(outcome, screen, text, markup)
            # a solo hand's content names its picture: the media is edited only for new cards
            edit = Edit(text, markup, choice.budgeted, record.id,
                        self.pictures.picture(record, table))
            screen.about(key[1])
            if choice.act is Act.EDIT:
                self.editor.want(key, edit)
                screen.content = (text, markup)  # what it will show (for retire)
            elif self.editor.refresh(key, edit):
                screen.content = (text, markup)
            self._drop_if_over(record, table)
            return record

    async def _log(self, screen: Screen, outcome: Outcome) -> None:
        """Keep the hand's events: a new hand starts afresh with the end of the hand
        before; after a restart (or once the game ended) the log is read back first."""
        record, table = outcome.record, outcome.table
        starting = starts_hand(outcome)
        if screen.events is None and table.match is not None and table.state != "closed" \
                and (not starting or outcome.trigger == "next_hand"):
            screen.events = await self._replay(record, table, outcome.events)
        log_ = screen.events if screen.events is not None else []
        if starting:
            carried = hand_end(log_) if outcome.trigger == "next_hand" else []
            log_ = [e for e in carried if e.audience.kind == "public"]
        screen.events = log_ + list(outcome.events)

    async def _series(self, wanted: Series, record: TableRecord,
                      table: Table) -> tuple[int, ...] | None:
        if wanted is Series.NONE:
            return None
        series = await self.series(record, table)
        if wanted is Series.IF_PLAYED and not any(series or ()):
            return None  # a first game: no series to tell yet
        return series

    async def _post_for(self, outcome: Outcome, screen: Screen, text: str,
                        markup: InlineKeyboardMarkup | None) -> TableRecord:
        """A new table message: the old one retires first, a failed post is due again."""
        record, table = outcome.record, outcome.table
        message_id = screen.current(record)
        if message_id is not None:
            await self.retire(record, table, message_id, outcome.trigger)
        record = await self.post(record, text, markup, lobby=table.state == "lobby",
                                 picture=self.pictures.picture(record, table))
        screen.posted_for(table)
        delay, screen.postponed = screen.postponed, None
        if delay is not None:
            self._post_later(record.id, delay)
        self._drop_if_over(record, table)
        return record

    def hush(self, chat_id: int, table_id: int | None = None) -> None:
        """The chat is gone for the bot (removed from the group, or it moved to a new
        id): nothing waiting for it is sent, and what was shown of the table is
        forgotten (a post when it comes back is a new message)."""
        self.editor.forget_chat(chat_id)
        if table_id is not None:
            self._drop(table_id)

    async def repost(self, record: TableRecord) -> TableRecord:
        """The table afresh, in a new message (a group that became a supergroup, whose
        old message ids mean nothing there; the bot added back to its group): the
        table as it stands, its hand read back from the log."""
        table = Table.from_dict(record.game)
        if table.state == "closed":
            return record
        async with self._lock(record.id):
            self._drop(record.id)
            screen = self._screens.setdefault(record.id, Screen())
            await self._log(screen, Outcome(record, table, [], "repost"))
            screen.version, screen.latest = record.version, (record, table)
            text, markup = self.content(record, table, screen.events or [])
            record = await self.post(record, text, markup, lobby=table.state == "lobby",
                                     picture=self.pictures.picture(record, table))
            screen.posted_for(table)
            delay, screen.postponed = screen.postponed, None
            if delay is not None:
                self._post_later(record.id, delay)
            self._drop_if_over(record, table)
            return record

    def _drop_if_over(self, record: TableRecord, table: Table) -> None:
        """A game that ended keeps nothing in memory (its message id is in the record)
        unless a post of it is still due; a rematch or /stop starts afresh, and the
        editor lets go of the message once its last edit is sent."""
        if table.state not in ("finished", "closed"):
            return
        screen = self._screens.get(record.id)
        if screen is not None and (screen.repost is not None or screen.postponed is not None):
            return
        message_id = record.message_id if screen is None else screen.current(record)
        self._drop(record.id)
        if message_id is not None:
            self.editor.release((record.chat_id, message_id))

    async def _replay(self, record: TableRecord, table: Table,
                      latest: list[Event]) -> list[Event]:
        """The hand's events before ``latest``, read back from the log (after a restart)."""
        try:
            rows = await self.service.repo.list_events(record.id)
        except StorageError:
            log.exception("log of table %s unreadable", record.id)
            return []
        family = table.rules.family
        logged = []
        for row in rows:
            if row.kind != "input":
                try:
                    logged.append(event_from_dict(row.payload, family))
                except (KeyError, TypeError, ValueError):
                    log.warning("table %s: event %s not understood", record.id, row.seq)
        return hand_before(logged, latest)

    def _drop(self, table_id: int) -> None:
        """Forget a table's screen; a post of it still due is called off (unless this is
        that post's own task, which ends by itself)."""
        screen = self._screens.pop(table_id, None)
        if screen is not None and screen.repost is not None \
                and screen.repost is not asyncio.current_task():
            screen.repost.cancel()

    async def retire(self, record: TableRecord, table: Table, message_id: int,
                     trigger: str) -> None:
        """A new message takes over: the old one keeps no button that could only answer
        "stale". The lobby shows its final seats and that the game started; a hand's
        message shows its newest text with only the buttons that stay valid (inline
        play and "my cards", which follow the table wherever they are pressed); the
        message of a game that ended (forgotten since) showed only "Rematch".

        This is the closing call of the old message (the hand's budget counts it where
        the game's end would be: a hand ends one way or the other), sent only when the
        old message shows dead buttons. It goes through the latest-wins editor, under its
        own key, so it waits for room in the group's minute (after the new message, which
        matters more) and survives a 429 or a network failure instead of leaving the
        buttons behind.
        """
        key = (record.chat_id, message_id)
        self.editor.forget(key)
        screen = self._screens.get(record.id)
        shown: tuple[str | None, InlineKeyboardMarkup | None] | None = (
            screen.content if screen is not None and screen.on == message_id else None)
        lobby = screen is not None and screen.lobby == message_id
        if screen is not None:
            screen.lobby = None
            if screen.on == message_id:
                screen.about(None)
        locale = record.language or "en"
        if shown is None and trigger == "rematch":
            shown = (None, self.keyboards.finished(record.chat_id, record.code, 0, locale))
        final: tuple[str | None, InlineKeyboardMarkup | None] | None = None
        if lobby or trigger == "start":
            options = settings(table, self.service.timing.turn)
            final = (lobby_text(table, record.code, locale,
                                [(o.name, o.value) for o in options], started=True), None)
        elif shown is not None and (markup := shown[1]) is not None:
            text = shown[0]
            rows = markup.inline_keyboard
            lasting = [row for row in rows[:1] if record.chat_id < 0]  # a group's first row
            if len(lasting) != len(rows):
                final = (text, InlineKeyboardMarkup(lasting) if lasting else None)
        if final is None:
            return
        # the same text (or a text not known, a forgotten Game over): only buttons go
        markup_only = final[0] is None or final[0] == (shown or ("", None))[0]
        self.editor.close((record.chat_id, message_id, "retired"),
                          Closing(*final, markup_only))

    async def _close(self, chat_id: int, message_id: int, content: Closing) -> None:
        """Send a retired message's closing edit (see :meth:`retire`)."""
        text, markup, markup_only = content
        if markup_only:
            await self._bot().edit_message_reply_markup(
                chat_id=chat_id, message_id=message_id, reply_markup=markup,
                rate_limit_args=0)
        else:
            assert text is not None  # a closing without text changes only the buttons
            await self._bot().edit_message_text(text, chat_id=chat_id, message_id=message_id,
                                                reply_markup=markup,
                                                rate_limit_args=0)

    async def post(self, record: TableRecord, text: str,
                   markup: InlineKeyboardMarkup | None, lobby: bool = False,
                   picture: HandPicture | None = None) -> TableRecord:
        """Send a new table message and remember it as the table's message (a photo of
        the cards with the text as its caption, given a solo hand's ``picture``).

        When it cannot be sent (the bot was blocked or removed) the table forgets
        its message, so the next outcome tries a new one; the game goes on anyway.
        """
        screen = self._screens.setdefault(record.id, Screen())
        old = screen.current(record)
        if old is not None:
            self.editor.forget((record.chat_id, old))
            self.pictures.forget((record.chat_id, old))
        screen.about(None)
        message_id: int | None = None
        try:
            if picture is not None:
                message = await sent_despite_flood(lambda: self.pictures.send(
                    record.chat_id, text, markup, picture))
            else:
                message = await sent_despite_flood(lambda: self._bot().send_message(
                    record.chat_id, text, reply_markup=markup))
            message_id = message.message_id
        except (BadRequest, Forbidden) as exc:  # blocked, removed: posted anew if it moves
            log.warning("cannot post in chat %s: %s", record.chat_id, exc)
        except ChatMigrated as exc:  # a supergroup now: the table is posted there afresh
            log.info("chat %s moved to %s", record.chat_id, exc.new_chat_id)
        except TelegramError as exc:  # flood control, the network: the newest content later
            log.info("post in chat %s postponed: %s", record.chat_id, exc)
            screen.postponed = (retry_seconds(exc) if isinstance(exc, RetryAfter)
                                else REPOST_PAUSE)
        screen.message_id = message_id
        if message_id is not None:
            screen.about(message_id)
            screen.content = (text, markup)
            if lobby:
                screen.lobby = message_id
        return await self.service.save_message_id(record, message_id)

    def close(self) -> None:
        """Shutting down: posts still waiting out a 429 are dropped (the next start
        redraws the table at its first outcome)."""
        for screen in self._screens.values():
            if screen.repost is not None:
                screen.repost.cancel()
                screen.repost = None

    def _post_later(self, table_id: int, delay: float, tries: int = REPOSTS) -> None:
        """The table's message could not be posted (429, the network): when the wait is
        over, post what the table shows *then* (latest wins), until it is delivered. An
        outcome that comes meanwhile posts by itself (the table has no message)."""
        screen = self._screens.get(table_id)
        if screen is None or (screen.repost is not None and not screen.repost.done()) \
                or tries <= 0:
            return
        screen.repost = asyncio.get_running_loop().create_task(
            self._repost(table_id, delay, tries))

    async def _repost(self, table_id: int, delay: float, tries: int) -> None:
        await asyncio.sleep(delay)
        async with self._lock(table_id):
            screen = self._screens.get(table_id)
            if screen is None or screen.latest is None or screen.message_id is not None:
                return  # posted meanwhile (a newer outcome), or forgotten
            screen.repost = None  # this task: another may be planned from here on
            record, table = screen.latest
            if table.state == "closed":
                self._drop(table_id)
                return
            text, markup = self.content(record, table, screen.events or [])
            await self.post(record, text, markup, lobby=table.state == "lobby",
                            picture=self.pictures.picture(record, table))
            screen.posted_for(table)
            again, screen.postponed = screen.postponed, None
            if again is None:
                self._drop_if_over(record, table)
        if again is not None:
            self._post_later(table_id, again, tries - 1)


def no_text(exc: BadRequest) -> bool:
    """Telegram's answer to a text edit of a photo (its caption is edited instead)."""
    return "no text in the message" in str(exc).lower()


CARRIED = (CardPlayed, CallMade, CallAnswered, TrickWon, CallScored, CardsRevealed,
           StockReshuffled, HandWon)


def hand_end(events: list[Event]) -> list[Event]:
    """The end of a hand worth repeating atop the next one: its last trick and result.

    Only the hand's own events count: what it carried from the hand before is
    not carried again.
    """
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
    events = events[starts[-1] + 1:] if starts else events
    if not any(isinstance(e, HandWon) for e in events):
        return []
    tricks = [i for i, e in enumerate(events) if isinstance(e, TrickWon)]
    start = tricks[-2] + 1 if len(tricks) >= 2 else 0
    carried: list[Event] = [e for e in events[start:] if isinstance(e, CARRIED)]
    return carried[-MAX_CARRIED:]


def hand_before(logged: list[Event], latest: list[Event]) -> list[Event]:
    """What :meth:`Presenter.show` would remember of the hand in play before
    ``latest``, rebuilt from the game's log after a restart: that hand's events
    after the end of the hand before. ``latest``, the outcome being shown, is
    saved already and may be followed by newer ones, so the log is cut there."""
    end = len(logged)
    if latest:
        n = len(latest)
        end = next((i for i in range(len(logged) - n, -1, -1) if logged[i:i + n] == latest),
                   end)
    before = logged[:end]
    starts = [i for i, e in enumerate(before) if isinstance(e, HandStarted)]
    if not starts:
        return []
    previous = [e for e in hand_end(before[:starts[-1]]) if e.audience.kind == "public"]
    return previous + before[starts[-1]:]
