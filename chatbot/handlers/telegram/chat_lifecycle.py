"""A group's life around its table: upgraded to a supergroup, the bot removed and added back.

Telegram moves a group that becomes a supergroup to a new chat id; every call to
the old id is then refused (400, ``ChatMigrated``). The bot learns it from the
service messages (``migrate_to_chat_id`` in the old chat, ``migrate_from_chat_id``
in the new one: both come) or from the refusal of any call (the rate limiter,
the one door of every call, tells :meth:`ChatLifecycle.told`). Either way the
table and everything stored under the group's id move to the new id, the
group's minute goes with them, edits waiting for the old messages are dropped
and the table is posted afresh in the supergroup (the old message ids mean
nothing there). Done once: the second news finds nothing left at the old id.

A group that removes the bot (``my_chat_member`` left or kicked, or a 403 saying
so on any call to it) pauses its table: no timers, no bots' moves, no posts,
and inline mode says so. Added back within a day, the table plays on where it
stood with fresh deadlines and a fresh message; otherwise its deadline, a day
after the pause, closes it as /stop does, score kept (``GameService.run_timer``).
A private chat's ``my_chat_member`` (a user who blocked the bot) changes nothing:
that player plays on through the group.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import ChatMigrated, Forbidden, TelegramError
from telegram.ext import Application, ChatMemberHandler, ContextTypes, MessageHandler, filters

from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.rate_limit import ChatRateLimiter, is_group
from chatbot.handlers.telegram.timers import TimerBoard
from chatbot.storage import TableRecord

if TYPE_CHECKING:
    from chatbot.handlers.telegram.deps import Deps

log = logging.getLogger(__name__)

GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
PRESENT = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
# Telegram's 403 descriptions for a group the bot is no longer in (a 403 that says
# anything else, such as a user's block, is no removal)
REMOVED = ("kicked", "not a member", "chat was deleted")


def removed(error: TelegramError) -> bool:
    """Whether a 403 says the bot is out of the chat."""
    text = str(error).lower()
    return any(words in text for words in REMOVED)


def register(application: Application, deps: Deps) -> None:
    lifecycle = deps.lifecycle
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, lifecycle.on_migrate))
    application.add_handler(ChatMemberHandler(lifecycle.on_my_chat_member,
                                              ChatMemberHandler.MY_CHAT_MEMBER))


class ChatLifecycle:
    def __init__(self, service: GameService, presenter: Presenter, timers: TimerBoard,
                 limiter: ChatRateLimiter | None = None) -> None:
        self.service = service
        self.presenter = presenter
        self.timers = timers
        self.limiter = limiter
        self._lock = asyncio.Lock()  # one change at a time: they are rare, and told twice
        self._tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------- the news
    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The service messages of an upgrade: in the old chat, and in the new one."""
        message = update.effective_message
        if message is None:
            return
        if message.migrate_to_chat_id:
            await self.migrated(message.chat.id, message.migrate_to_chat_id)
        elif message.migrate_from_chat_id:
            await self.migrated(message.migrate_from_chat_id, message.chat.id)

    async def on_my_chat_member(self, update: Update,
                                context: ContextTypes.DEFAULT_TYPE) -> None:
        """The bot's own membership changed in a chat."""
        change = update.my_chat_member
        if change is None or change.chat.type not in (ChatType.GROUP, ChatType.SUPERGROUP):
            return  # a private chat: the user blocked the bot (or unblocked it)
        member = change.new_chat_member
        if member.status in GONE:
            await self.removed(change.chat.id)
        elif member.status in PRESENT or getattr(member, "is_member", False):
            await self.added(change.chat.id)

    def told(self, chat: int | str, error: TelegramError) -> None:
        """A call's answer (from the rate limiter): the chat moved, or shut the bot out.
        Acted on in a task of its own, the caller's call failing as it did."""
        if not isinstance(chat, int):
            return
        if isinstance(error, ChatMigrated):
            self._spawn(self.migrated(chat, int(error.new_chat_id)))
        elif isinstance(error, Forbidden) and is_group(chat) and removed(error):
            self._spawn(self.removed(chat))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(self._logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _logged(work: Coroutine[Any, Any, None]) -> None:
        try:
            await work
        except Exception:  # the next news (or the next call's refusal) tries again
            log.exception("a chat's change was not carried out")

    async def flush(self) -> None:
        """Wait for the changes under way (shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    # ----------------------------------------------------------- the changes
    async def migrated(self, old: int, new: int) -> None:
        """The group ``old`` is the supergroup ``new`` now: its table follows."""
        if old == new:
            return
        async with self._lock:
            moved = await self.service.move_chat(old, new)
            if self.limiter is not None:
                await self.limiter.move_chat(old, new)
            self.presenter.hush(old, None if moved is None else moved.id)
            if moved is None:
                return
            log.info("table %s moved from chat %s to %s", moved.id, old, new)
            if moved.paused_at is None:
                moved = await self.presenter.repost(moved)
            self._arm(moved)

    async def removed(self, chat_id: int) -> None:
        """The bot is out of the group: its table waits (and closes in a day)."""
        async with self._lock:
            paused = await self.service.pause(chat_id)
            self.presenter.hush(chat_id, None if paused is None else paused.record.id)
            if paused is not None:
                if paused.changed:
                    log.info("table %s paused: the bot left chat %s", paused.record.id,
                             chat_id)
                self._arm(paused.record)

    async def added(self, chat_id: int) -> None:
        """The bot is back in the group: a paused table plays on, shown afresh."""
        async with self._lock:
            resumed = await self.service.resume(chat_id)
            if resumed is None or (not resumed.changed and resumed.record.paused_at is None):
                return  # no table, or one that never paused (the bot made an admin, say)
            record = resumed.record
            if resumed.changed:
                log.info("table %s resumed in chat %s", record.id, chat_id)
                record = await self.presenter.repost(record)
            self._arm(record)  # (still paused: over a day, its deadline closes it now)

    def _arm(self, record: TableRecord) -> None:
        self.timers.schedule(record.id, record.turn_seq, record.turn_deadline)
