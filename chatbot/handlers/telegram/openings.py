"""Opening a game in a chat, the one way: /new, the practice menu and the answer to
"replace the open game?" all come here, one chat at a time.

A finished game gives way at once; a running game or an open lobby is never replaced
silently (the asker gets a Yes/No question, which only a player of it, its creator or
a group admin may answer). What the game is made of (checking the game asked for, a
practice table's bots) is the front-end-neutral ``lobby_plans.py``; this module adds
the chat's side: the lock, the question and its buttons, the double tap.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from telegram import CallbackQuery
from telegram.error import BadRequest
from telegram.ext import ExtBot

from chatbot.fsm.errors import Refused
from chatbot.handlers import lobby_plans
from chatbot.handlers.payload import Payload
from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.keyboards import SOLO_DEFAULT_LEVEL, Content, Keyboards
from chatbot.handlers.telegram.new_command import replace_question, same_game
from chatbot.handlers.telegram.permissions import may_replace
from chatbot.handlers.telegram.stage import Stage
from chatbot.i18n.table_text import alert
from chatbot.i18n.translation import translate
from chatbot.storage import ActiveTableExists, Repository, TableRecord

log = logging.getLogger(__name__)

MEMORY = 50_000  # chats whose lock and last opening a process remembers


class Openings:
    def __init__(self, repo: Repository, service: GameService, keyboards: Keyboards,
                 stage: Stage) -> None:
        self.repo = repo
        self.service = service
        self.keyboards = keyboards
        self.stage = stage
        self._chat_locks: dict[int, asyncio.Lock] = {}
        # chat -> (the menu button that opened its game, or None; that game's table id)
        self._origins: dict[int, tuple[tuple[int, str] | None, int]] = {}

    def chat_lock(self, chat_id: int) -> asyncio.Lock:
        """One opening or replacing at a time per chat: a double tap opens one game."""
        if len(self._chat_locks) > MEMORY:
            for key in [k for k, v in self._chat_locks.items() if not v.locked()]:
                del self._chat_locks[key]
        return self._chat_locks.setdefault(chat_id, asyncio.Lock())

    async def request(self, bot: ExtBot[Any], chat_id: int, user_id: int, name: str,
                      wanted: str, locale: str,
                      origin: tuple[int, str] | None = None) -> Content | None:
        """Open the game ``wanted`` ("variant:players") in a chat, the one way.

        A finished game ("Game over") gives way at once. A running game or an open
        lobby is never replaced silently: the answer is a question with Yes/No
        buttons (or the reason the asker may not replace it). ``origin`` names the
        menu button pressed (message id and data): the same button pressed again
        while the game it opened runs is a double tap, told so. Returns what to
        send back (text and buttons), or None when the game was opened.
        """
        async with self.chat_lock(chat_id):
            old = await self.repo.get_active_table(chat_id)
            if old is not None and old.state == "finished":
                await self.close(old)
                old = None
            if old is not None:
                if origin is not None and self._origins.get(chat_id) == (origin, old.id):
                    return alert("already-open", locale), None
                if origin is None and old.state == "lobby" and old.creator_id == user_id \
                        and same_game(old, wanted):
                    return alert("table-exists", locale), None  # /new twice: one lobby
                if not await may_replace(bot, old, chat_id, user_id):
                    return alert("only-players", locale), None
                return (replace_question(old, wanted, locale),
                        self.keyboards.replace(chat_id, old.code, wanted, locale))
            try:
                opened = await self.open(chat_id, user_id, name, wanted, locale)
            except ActiveTableExists:  # another worker opened one in this very moment
                return alert("table-exists", locale), None
            self._origins[chat_id] = (origin, opened)
            while len(self._origins) > MEMORY:
                self._origins.pop(next(iter(self._origins)))
            return None

    async def close(self, record: TableRecord) -> None:
        try:
            outcome = await self.service.actions.stop(record.id)
        except Refused:
            return  # closed by someone else meanwhile
        await self.stage.after(lobby_plans.done(outcome))

    async def open(self, chat_id: int, user_id: int, name: str, wanted: str,
                   locale: str) -> int:
        """A group's lobby, or in a private chat a practice game against bots, started."""
        variant, players, level = lobby_plans.wanted_game(wanted, SOLO_DEFAULT_LEVEL)
        if chat_id < 0:
            group = await self.repo.get_chat(chat_id)  # the group's /language, else the creator's
            outcome = await self.service.open_table(
                chat_id=chat_id, creator_id=user_id, creator_name=name, variant=variant,
                players=players, language=group.language if group and group.language else locale)
        else:
            outcome = await lobby_plans.practice(
                self.service, chat_id=chat_id, user_id=user_id, name=name, variant=variant,
                players=players, level=level, language=locale)
        await self.stage.after(outcome)
        return outcome.record.id

    async def answer_replace(self, bot: ExtBot[Any], query: CallbackQuery, chat_id: int,
                             payload: Payload, user_id: int, name: str, locale: str) -> None:
        """Yes or No to "replace the open game?": judged on the chat as it is now."""
        async with self.chat_lock(chat_id):
            current = await self.repo.get_active_table(chat_id)
            if current is None or current.code != payload.code:
                # the first answer settled the question's message already
                await answer_query(query, alert("decided", locale), show_alert=True)
                return
            if not await may_replace(bot, current, chat_id, user_id):
                await answer_query(query, alert("only-players", locale), show_alert=True)
                return
            if payload.action == "keep":
                await answer_query(query)
                await _settle_question(query, translate("The open game goes on.", locale))
                return
            await self.close(current)
            try:
                opened = await self.open(chat_id, user_id, name, payload.arg, locale)
            except ActiveTableExists:
                await answer_query(query, alert("table-exists", locale), show_alert=True)
                return
            self._origins[chat_id] = (None, opened)
        await answer_query(query)
        await _settle_question(query, translate(
            "The old game is closed and a new one is open.", locale))


async def _settle_question(query: CallbackQuery, text: str) -> None:
    """The question's message says how it was answered, without its buttons."""
    try:
        await query.edit_message_text(text)
    except BadRequest as exc:  # answered twice (the same text), or a message gone
        log.info("question message not settled: %s", exc)
