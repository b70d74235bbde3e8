"""Group hands in private chats: a player who started the bot privately can play from there.

For a group table, every person whose user has started the bot in a private
chat (and not asked to stop) gets one private message per hand: their own
cards, the table, whose turn it is and, on their turn, their moves as buttons.
The buttons are the same signed moves as everywhere else, so a press takes the
one path (``service.play`` checks the presser's seat and the turn) and the
group's table message follows as usual.

It costs little: who reads privately is read from the database once per hand,
never per move; each private message is edited through its own latest-wins
debouncer, and only when its reader must read it (``moment``): they must act,
their own cards changed, a trick or the hand ended. Another player's card is
not worth an edit of its own (the group's message and inline mode show it); it
rides along on the next edit, or on one already waiting. Private chats do not
spend a group's budget, but each counts against the bot's 30 a second. The
work is queued per table and done in the background, in order, so neither the
group's message nor the presser's answer waits for it.
A user who blocked the bot is dropped, and stored as not reachable privately
until they send /start again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, cast

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ExtBot

from chatbot.fsm.machine import HAND_STATES
from chatbot.fsm.table import Table
from chatbot.handlers.debounce import LatestWinsEditor, sent_despite_flood
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.card_pictures import HandPicture, fit_caption, hand_picture_of
from chatbot.handlers.telegram.keyboards import Content, Keyboards
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.i18n.locales import resolve_locale
from chatbot.i18n.private_text import (
    closed_line,
    private_hand_text,
    stop_button_label,
    stopped_alert,
)
from chatbot.rules.events import Event, HandStarted
from chatbot.rules.views import seat_view
from chatbot.storage import NotFound, Repository, StorageError, TableRecord

log = logging.getLogger(__name__)

STOP_ACTION = "mute"  # the payload action of "Stop sending my hands here"
REMEMBERED = 20_000  # group tables followed by a process (oldest dropped first)


@dataclass
class Reader:
    """One person reading their seat's hand in their private chat (its id is the user's)."""

    user_id: int
    seat: int
    locale: str
    message_id: int | None = None
    content: Content | None = None  # what the message was last asked to show
    moment: tuple[Any, ...] | None = None  # what the seat saw then that earns an edit


def moment(table: Table, seat: int) -> tuple[Any, ...]:
    """What must reach the reader when it changes: whether they must act (and on which
    turn: their buttons carry it), their own cards and those they may see, the tricks
    won so far, whether the hand or game is over, and the señas they know of (a
    partner's seña reaches them at once). Others' cards on the table and
    calls between others (the table's state: a call waiting for the other side's
    answer) are not in it: the group's message and inline mode show those."""
    match = table.match
    assert match is not None and match.hand is not None
    view = seat_view(table.rules, match, seat)
    return (table.seq if view.legal else None, view.hand, view.hand_size,
            tuple(sorted(view.seen.items())), view.tricks, match.hand.over, match.winner,
            view.senas)


def deals(outcome: Outcome) -> bool:
    """Whether this outcome deals a hand."""
    return any(isinstance(e, HandStarted) for e in outcome.events)


def opens_hand(outcome: Outcome, followed: Followed | None) -> bool:
    """Whether showing this outcome of a hand in play starts a new hand message: the
    first hand seen, a deal, or a hand other than the one followed (its deal missed)."""
    match = outcome.table.match
    assert match is not None
    return followed is None or deals(outcome) or match.hand_no != followed.hand_no


@dataclass
class Followed:
    """A group table's current hand as its private readers see it."""

    version: int
    group: str | None
    readers: dict[int, Reader] = field(default_factory=dict)  # seat -> reader
    events: list[Event] = field(default_factory=list)  # this hand's, for the last moves
    hand_no: int = 0  # which hand of the game its messages show


class PrivateHands:
    """Follows group tables' outcomes (``follow``) and keeps each private reader's hand
    message up to date; ``opt_out`` is the Stop button; ``flush`` for tests and shutdown."""

    def __init__(self, bot: Callable[[], ExtBot[Any]], repo: Repository, keyboards: Keyboards,
                 edit_delay: float, book: StickerBook | None = None,
                 on_web: Callable[[int, int], bool] | None = None) -> None:
        self._bot = bot
        self.repo = repo
        self.keyboards = keyboards
        self.editor = LatestWinsEditor(self._edit, delay=edit_delay)
        self._tables: dict[int, Followed] = {}
        self._queues: dict[int, list[Outcome]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._blocked_users: set[int] = set()  # refused us since their last hand began
        # the card sticker sets (filled at start-up): with them a hand message is a
        # picture of the seat's cards with the text as its caption
        self.book = book
        self._photos: dict[Hashable, HandPicture] = {}  # photo messages: what each shows
        # (table id, user id) -> whether that reader has the table open on the web table,
        # where they read every change: their private message is not edited meanwhile
        # (WebTable.watching, when TRUCO_WEBAPP_URL is set)
        self.on_web = on_web

    def reads_privately(self, table_id: int, seat: int) -> bool:
        """Whether the seat's player follows this table's hand in their private chat
        (as known now: from the hand's start, read in the background)."""
        followed = self._tables.get(table_id)
        return followed is not None and seat in followed.readers

    # ------------------------------------------------------------ following
    def follow(self, outcome: Outcome) -> None:
        """Queue an outcome of a group table; it is shown in the background, in order."""
        record = outcome.record
        if record.chat_id > 0:
            return  # a private table shows its one player everything already
        if record.id not in self._tables and outcome.table.match is None and record.active:
            return  # a lobby nobody reads privately: nothing to do, not even a task
        self._queues.setdefault(record.id, []).append(outcome)
        worker = self._workers.get(record.id)
        if worker is None or worker.done():
            self._workers[record.id] = asyncio.get_running_loop().create_task(
                self._drain(record.id))

    async def _drain(self, table_id: int) -> None:
        queue = self._queues[table_id]
        while queue:
            outcome = queue.pop(0)
            if self._overtaken(outcome, queue):
                continue
            try:
                await self._apply(outcome)
            except Exception:  # whatever failed, the next outcomes still get shown
                log.exception("private hands of table %s not shown", table_id)
        self._queues.pop(table_id, None)
        self._workers.pop(table_id, None)

    def _overtaken(self, outcome: Outcome, later: list[Outcome]) -> bool:
        """Whether this outcome would open a hand whose message is out of date already.

        Bots and quick answers can end hands faster than a private chat's send
        limit lets their messages go (a side on eleven that runs ends its hand
        at once). A hand message posted once a later outcome in the queue has
        dealt the next hand would show cards no longer in play, and each one
        would push the reader's current hand further back: only the newest
        hand is posted. Outcomes of the hand being followed still apply, so
        its message shows how it ended.
        """
        table = outcome.table
        if table.match is None or table.match.hand is None:
            return False
        return (opens_hand(outcome, self._tables.get(outcome.record.id))
                and any(deals(o) for o in later))

    async def flush(self) -> None:
        """Wait until every queued outcome is shown and every edit sent (tests, shutdown)."""
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
        await self.editor.flush()

    async def _apply(self, outcome: Outcome) -> None:
        record, table = outcome.record, outcome.table
        followed = self._tables.get(record.id)
        if followed is not None and record.version <= followed.version:
            return  # a newer outcome was shown already
        if not record.active or table.state == "closed":
            if followed is not None:
                self._close(self._tables.pop(record.id))
            return
        if table.match is None or table.match.hand is None:
            return  # the lobby: the group's message is the one to read
        starts = [i for i, e in enumerate(outcome.events) if isinstance(e, HandStarted)]
        if followed is None and not starts and table.state not in HAND_STATES:
            return  # a game over seen for the first time (a restart): no hand to show
        if followed is None or opens_hand(outcome, followed):
            # a new hand gets its own message, even if the outcome that dealt it was missed
            events = outcome.events[starts[-1]:] if starts else list(outcome.events)
            followed = await self._open_hand(record, table, events, followed)
            return
        followed.version = record.version
        followed.events.extend(outcome.events)
        for reader in list(followed.readers.values()):
            info = table.seats[reader.seat]
            if info is None or info.user_id != reader.user_id:
                self._stop_reader(followed, reader)  # the seat changed hands
                continue
            if self._on_web(record, reader):
                continue  # the page shows it; the message catches up once it is closed
            if reader.message_id is None:  # dealt while on the web: the hand so far, now
                await self._post_hands(followed, [reader], record, table)
                continue
            now = moment(table, reader.seat)
            if now != reader.moment:  # the reader must act, or their cards or a trick
                reader.moment = now
                self._want(reader, self._with_picture(
                    reader, self.content(followed, reader, record, table), table))
            elif reader.message_id is not None and self.editor.pending(
                    (reader.user_id, reader.message_id)):  # rides on the edit, for free
                content = self._with_picture(
                    reader, self.content(followed, reader, record, table), table)
                if self.editor.refresh((reader.user_id, reader.message_id), content):
                    reader.content = content

    def _with_picture(self, reader: Reader, content: Content, table: Table) -> Any:
        """A photo message's content also names its picture (an edit changes the media
        only when the cards shown changed, else just the caption)."""
        if (reader.user_id, reader.message_id) not in self._photos:
            return content
        picture = hand_picture_of(table, reader.seat, self.book)
        return content if picture is None else (*content, picture)

    async def _open_hand(self, record: TableRecord, table: Table, events: list[Event],
                         old: Followed | None) -> Followed:
        """A new hand: who reads it privately (read now, once per hand), and a new message
        for each of them."""
        readers = await self._readers(table)
        self._blocked_users.difference_update(r.user_id for r in readers)  # /start again
        group = old.group if old is not None else None
        if readers and group is None:
            group = await self._group_title(record.chat_id)
        assert table.match is not None
        followed = Followed(record.version, group, {r.seat: r for r in readers}, events,
                            table.match.hand_no)
        self._tables.pop(record.id, None)
        self._tables[record.id] = followed
        while len(self._tables) > REMEMBERED:
            self._tables.pop(next(iter(self._tables)))
        # a reader with the table open on the web reads the deal there: their message
        # waits until the page is closed (follow posts it then, the hand so far)
        await self._post_hands(followed, [r for r in readers if not self._on_web(record, r)],
                               record, table)
        return followed

    def _on_web(self, record: TableRecord, reader: Reader) -> bool:
        return self.on_web is not None and self.on_web(record.id, reader.user_id)

    async def _post_hands(self, followed: Followed, readers: list[Reader],
                          record: TableRecord, table: Table) -> None:
        """Each reader's message of this hand, posted at once; a reader whose message
        could not be posted is followed no more."""
        contents: list[Any] = []
        for reader in readers:
            content = self.content(followed, reader, record, table)
            picture = hand_picture_of(table, reader.seat, self.book)
            contents.append(content if picture is None else (*content, picture))
        posted = await asyncio.gather(*(self._post(reader.user_id, content)
                                        for reader, content in zip(readers, contents,
                                                                   strict=True)))
        for reader, content, message_id in zip(readers, contents, posted, strict=True):
            if message_id is None:
                followed.readers.pop(reader.seat, None)
            else:
                reader.message_id, reader.content = message_id, content
                reader.moment = moment(table, reader.seat)
                if len(content) == 3:
                    self._photos[(reader.user_id, message_id)] = content[2]
        while len(self._photos) > 4 * REMEMBERED:  # the oldest hands' messages go first
            self._photos.pop(next(iter(self._photos)))

    async def _readers(self, table: Table) -> list[Reader]:
        """The people at the table who started the bot privately and did not stop it."""
        readers = []
        for seat, info in enumerate(table.seats):
            if info is None or info.user_id is None or info.is_bot:
                continue
            user = await self.repo.get_user(info.user_id)
            if user is not None and user.started_private:
                locale = resolve_locale(user.language, user.telegram_language)
                readers.append(Reader(info.user_id, seat, locale))
        return readers

    async def _group_title(self, chat_id: int) -> str | None:
        try:
            chat = await self._bot().get_chat(chat_id)
        except TelegramError as exc:
            log.info("no title for chat %s: %s", chat_id, exc)
            return None
        return chat.title

    # -------------------------------------------------------------- content
    def content(self, followed: Followed, reader: Reader, record: TableRecord,
                table: Table) -> Content:
        """The seat's text and its moves (no Hint: the opponents are people), plus Stop."""
        text = private_hand_text(table, reader.seat, followed.events, reader.locale,
                                 followed.group, record.code)
        moves = self.keyboards.private_hand(reader.user_id, table, record.code, reader.seat,
                                            reader.locale, hint=False)
        rows = [list(row) for row in moves.inline_keyboard] if moves is not None else []
        rows.append([self.stop_button(reader.user_id, record.code, reader.locale)])
        return text, InlineKeyboardMarkup(rows)

    def stop_button(self, chat: int, code: str, locale: str) -> InlineKeyboardButton:
        data = self.keyboards.data(chat, code, 0, STOP_ACTION)
        return InlineKeyboardButton(stop_button_label(locale), callback_data=data)

    def _want(self, reader: Reader, content: Content) -> None:
        if reader.message_id is None or content == reader.content:
            return  # nothing this seat sees changed: no edit
        reader.content = content
        self.editor.want((reader.user_id, reader.message_id), content)

    def _close(self, followed: Followed) -> None:
        """The table closed: each message says so below what it showed, without buttons."""
        for reader in list(followed.readers.values()):
            if reader.content is not None:
                self._want(reader, (f"{reader.content[0]}\n{closed_line(reader.locale)}", None))

    def _stop_reader(self, followed: Followed, reader: Reader) -> None:
        """No more updates for this reader; their message keeps its text, loses its buttons."""
        followed.readers.pop(reader.seat, None)
        if reader.content is not None:
            self._want(reader, (reader.content[0], None))

    # --------------------------------------------------------- opting out
    async def opt_out(self, user_id: int, locale: str) -> str:
        """"Stop sending my hands here": stored, so it holds for every table until /start."""
        try:
            await self.repo.set_started_private(user_id, False)
        except (NotFound, StorageError):
            log.warning("private hands of user %s: preference not stored", user_id)
        for followed in list(self._tables.values()):
            for reader in list(followed.readers.values()):
                if reader.user_id == user_id:
                    self._stop_reader(followed, reader)
        return stopped_alert(locale)

    async def _blocked(self, user_id: int) -> None:
        """The user blocked the bot: no more private messages until they /start again."""
        if len(self._blocked_users) >= REMEMBERED:
            self._blocked_users.clear()
        self._blocked_users.add(user_id)
        for followed in list(self._tables.values()):
            for reader in list(followed.readers.values()):
                if reader.user_id == user_id:
                    followed.readers.pop(reader.seat, None)
        try:
            await self.repo.set_started_private(user_id, False)
        except (NotFound, StorageError):
            log.warning("blocked user %s: not stored", user_id)

    # ------------------------------------------------------------ sending
    async def _post(self, user_id: int, content: Any) -> int | None:
        text, markup = content[0], content[1]
        picture: HandPicture | None = content[2] if len(content) == 3 else None
        try:
            if picture is not None:  # (drawn in a thread: the other tables go on meanwhile)
                photo = await asyncio.to_thread(picture.png)
                message = await sent_despite_flood(lambda: self._bot().send_photo(
                    user_id, photo, caption=fit_caption(text), reply_markup=markup))
            else:
                message = await sent_despite_flood(lambda: self._bot().send_message(
                    user_id, text, reply_markup=markup))
        except Forbidden as exc:
            log.info("private hand of user %s forbidden: %s", user_id, exc)
            await self._blocked(user_id)
            return None
        except TelegramError as exc:  # flood control, a refusal, the network
            log.warning("no private hand for user %s: %s", user_id, exc)
            return None
        return message.message_id

    async def _edit(self, key: Hashable, content: Any) -> None:
        chat_id, message_id = cast(tuple[int, int], key)  # the editor's keys: (chat, message)
        text, markup = content[0], content[1]
        if chat_id in self._blocked_users:
            return  # an edit wanted while the one refused was on its way
        try:
            shown = self._photos.get(key)
            if shown is None:
                await self._bot().edit_message_text(text, chat_id=chat_id,
                                                    message_id=message_id, reply_markup=markup)
                return
            caption = fit_caption(text)  # a long text loses its oldest lines
            picture = content[2] if len(content) == 3 else shown
            if picture == shown:
                await self._bot().edit_message_caption(chat_id=chat_id, message_id=message_id,
                                                       caption=caption, reply_markup=markup)
            else:  # the cards changed: a new picture, in the same one edit
                await self._bot().edit_message_media(
                    InputMediaPhoto(await asyncio.to_thread(picture.png), caption=caption),
                    chat_id=chat_id, message_id=message_id, reply_markup=markup)
                self._photos[key] = picture
        except Forbidden as exc:
            log.info("private hand of user %s forbidden: %s", chat_id, exc)
            await self._blocked(chat_id)
        except BadRequest as exc:
            if "not found" not in str(exc).lower():
                raise
            self._lost(chat_id, message_id)  # deleted by its reader: stop editing it

    def _lost(self, user_id: int, message_id: int) -> None:
        for followed in self._tables.values():
            for reader in list(followed.readers.values()):
                if reader.user_id == user_id and reader.message_id == message_id:
                    followed.readers.pop(reader.seat, None)
