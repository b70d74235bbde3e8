"""``/stats``, ``/top``, ``/privacy`` and ``/forget``: the players' records on Telegram.

Every answer is a reply in the reader's language (``Users.locale``).
``/stats`` shows one's own records, or in a group those of the person replied to or
named by ``@username``; a person who left the leaderboards with ``/privacy`` keeps
their records to themselves. ``/top [game]`` lists a group's leaderboard of that
game's rating family. ``/forget`` works only in a private chat and asks to be
confirmed with ``/forget yes``. Someone who has blocked the bot for 30 days (their
private chat's ``my_chat_member`` said "kicked") is forgotten the same way, by an
hourly sweep.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING

from telegram import Message, MessageEntity, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import (
    Application,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    TypeHandler,
)

from chatbot.ai import LEVELS
from chatbot.handlers.telegram.keyboards import level_label
from chatbot.i18n.context import use_locale
from chatbot.i18n.records_text import (
    FORGET_CONFIRM,
    FORGET_IN_PRIVATE,
    FORGET_SEATED,
    FORGOTTEN,
    HIDDEN,
    PRIVATE_PLAYER,
    SHOWN,
    TOP_IN_GROUP,
    UNKNOWN_GAME,
    UNKNOWN_PLAYER,
    board_text,
    stats_card,
)
from chatbot.i18n.translation import translate
from chatbot.rules.registry import find_variant
from chatbot.stats.player_records import PlayerRecords
from chatbot.stats.ratings import family_of
from chatbot.storage import Repository
from chatbot.storage.sqltypes import utcnow

if TYPE_CHECKING:
    from chatbot.handlers.telegram.deps import Deps

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
LocaleOf = Callable[[Update], Awaitable[str]]
USERNAMES_REMEMBERED = 50_000  # @usernames this process knows are stored
BLOCKED_FOR = timedelta(days=30)  # who blocks the bot this long is forgotten
SWEEP_EVERY = 3600.0  # seconds between two looks for them


def register(application: Application, deps: Deps) -> None:
    records = deps.records
    for name, callback in (("stats", records.stats), ("top", records.top),
                           ("privacy", records.privacy), ("forget", records.forget)):
        application.add_handler(CommandHandler(name, callback))
    application.add_handler(TypeHandler(Update, records.see_username),
                            group=1)  # for /stats @name
    application.add_handler(ChatMemberHandler(records.on_blocking,
                                              ChatMemberHandler.MY_CHAT_MEMBER),
                            group=2)  # a private chat blocked: forgotten 30 days later


class RecordsCommands:
    def __init__(self, repo: Repository, records: PlayerRecords, locale_of: LocaleOf,
                 forget_user: Callable[[int], None]) -> None:
        self.repo = repo
        self.records = records
        self.locale_of = locale_of
        self.forget_user = forget_user  # drops a cached user once they are forgotten
        self._usernames: dict[int, str | None] = {}

    async def see_username(self, update: Update, context: Context) -> None:
        """Every update: keep the sender's @username, so ``/stats @name`` finds them.
        Written only when this process has not seen that username for that user."""
        user = update.effective_user
        if user is None or user.is_bot or self._usernames.get(user.id, "") == user.username:
            return
        if user.username is None and user.id not in self._usernames:
            self._usernames[user.id] = None  # nothing to remember, nothing to clear yet
            return
        await self.records.set_username(user.id, user.username)
        self._usernames.pop(user.id, None)
        if len(self._usernames) >= USERNAMES_REMEMBERED:
            self._usernames.pop(next(iter(self._usernames)))
        self._usernames[user.id] = user.username

    async def on_blocking(self, update: Update, context: Context) -> None:
        """A private chat's ``my_chat_member``: the person blocked the bot, or unblocked it."""
        changed = update.my_chat_member
        if changed is None or changed.chat.type != ChatType.PRIVATE:
            return
        status = changed.new_chat_member.status
        if status == ChatMemberStatus.BANNED:
            await self.records.set_blocked(changed.from_user.id, utcnow())
        elif status == ChatMemberStatus.MEMBER:
            await self.records.set_blocked(changed.from_user.id, None)

    async def keep_forgetting(self) -> None:
        """Every hour (until cancelled), forget who has blocked the bot for 30 days."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            await self.forget_blocked()

    async def forget_blocked(self) -> list[int]:
        try:
            forgotten = await self.records.forget_blocked(utcnow() - BLOCKED_FOR)
        except Exception:  # the database is away: the next hour's sweep does it
            log.warning("people who blocked the bot not forgotten", exc_info=True)
            return []
        for user_id in forgotten:
            self.forget_user(user_id)
            self._usernames.pop(user_id, None)
        if forgotten:
            log.info("%d people who blocked the bot for %s forgotten", len(forgotten),
                     BLOCKED_FOR)
        return forgotten

    async def stats(self, update: Update, context: Context) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None:
            return
        locale = await self.locale_of(update)
        target = await self._target(message, context)
        if target is None:
            name = (context.args or [""])[0]
            await message.reply_text(translate(UNKNOWN_PLAYER, locale, name=name))
            return
        user_id, name = target
        stats = await self.records.stats(user_id)
        if user_id != user.id and stats.hidden:
            await message.reply_text(translate(PRIVATE_PLAYER, locale, name=name))
            return
        with use_locale(locale):
            levels = {code: level_label(code, locale) for code in LEVELS}
            await message.reply_text(stats_card(stats, name, levels))

    async def _target(self, message: Message, context: Context) -> tuple[int, str] | None:
        """Whose records: the one replied to, the one named, else the sender. None: a
        name nobody known holds."""
        sender = message.from_user
        assert sender is not None
        if message.chat.type != ChatType.PRIVATE:
            for entity in message.entities:
                if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None:
                    return entity.user.id, entity.user.full_name
            if context.args:
                named = context.args[0]
                user_id = await self.records.user_by_username(named)
                if user_id is None:
                    return None
                known = await self.repo.get_user(user_id)
                return user_id, known.name if known is not None else named
            replied = message.reply_to_message
            if replied is not None and replied.from_user is not None \
                    and not replied.from_user.is_bot:
                return replied.from_user.id, replied.from_user.full_name
        return sender.id, sender.full_name

    async def top(self, update: Update, context: Context) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None:
            return
        locale = await self.locale_of(update)
        if message.chat.type == ChatType.PRIVATE:
            await message.reply_text(translate(TOP_IN_GROUP, locale))
            return
        if context.args:
            variant = find_variant(" ".join(context.args))
            if variant is None:
                await message.reply_text(translate(UNKNOWN_GAME, locale,
                                                   name=" ".join(context.args)))
                return
            family = family_of(variant)
        else:
            family = await self.records.chat_family(message.chat_id)
        lines = await self.records.board(message.chat_id, family)
        with use_locale(locale):
            await message.reply_text(board_text(family, lines, user.id))

    async def privacy(self, update: Update, context: Context) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None:
            return
        locale = await self.locale_of(update)
        hidden = not (await self.records.stats(user.id)).hidden
        await self.records.set_hidden(user.id, hidden)
        await message.reply_text(translate(HIDDEN if hidden else SHOWN, locale))

    async def forget(self, update: Update, context: Context) -> None:
        message, user = update.message, update.effective_user
        if message is None or user is None:
            return
        locale = await self.locale_of(update)
        if message.chat.type != ChatType.PRIVATE:
            await message.reply_text(translate(FORGET_IN_PRIVATE, locale))
            return
        if [arg.lower() for arg in context.args or ()] != ["yes"]:
            await message.reply_text(translate(FORGET_CONFIRM, locale))
            return
        if not await self.records.forget(user.id):
            await message.reply_text(translate(FORGET_SEATED, locale))
            return
        self.forget_user(user.id)
        self._usernames[user.id] = user.username  # not stored again by this very update
        await message.reply_text(translate(FORGOTTEN, locale))
