"""Outcomes to Telegram messages: one table message per hand, edited through the debouncer.

A new hand posts a new table message; everything else edits the current one,
latest content wins. A private chat shows its one human their own cards and
actions as plain buttons; a group shows only public text, with inline play and
a private "my cards" alert for the cards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

from telegram import Bot, InlineKeyboardMarkup
from telegram.error import BadRequest, Forbidden

from chatbot.fsm.table import Table
from chatbot.handlers.debounce import LatestWinsEditor
from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.i18n.table_text import lobby_text, private_lines, table_text
from chatbot.i18n.translation import translate
from chatbot.rules.events import Event, HandStarted
from chatbot.storage import StaleVersion, TableRecord

log = logging.getLogger(__name__)

Content = tuple[str, InlineKeyboardMarkup | None]


class Presenter:
    def __init__(self, bot: Callable[[], Bot], service: GameService, keyboards: Keyboards,
                 edit_delay: float) -> None:
        self._bot = bot
        self.service = service
        self.keyboards = keyboards
        self.editor = LatestWinsEditor(self._edit, delay=edit_delay)
        self._hand_events: dict[int, list[Event]] = {}

    async def _edit(self, key: Hashable, content: Any) -> None:
        chat_id, message_id = key  # type: ignore[misc]
        text, markup = content
        await self._bot().edit_message_text(text, chat_id=chat_id, message_id=message_id,
                                            reply_markup=markup)

    def content(self, record: TableRecord, table: Table, events: list[Event]) -> Content:
        locale = record.language or "en"
        if table.state == "lobby":
            return (lobby_text(table, record.code, locale),
                    self.keyboards.lobby(table, record.code, table.seq, locale))
        if table.state == "closed" or table.match is None:
            return translate("The table is closed.", locale), None
        human = table.seat_of(record.chat_id) if record.chat_id > 0 else None
        text = table_text(table, events, locale)
        if human is not None:
            own = private_lines(table, [e for e in events if e.audience.kind == "seat"],
                                human, locale)
            text = "\n".join([text, *own[-3:]]) if own else text
        if table.state == "finished":
            return text, self.keyboards.finished(record.code, table.seq, locale)
        if human is not None:
            return text, self.keyboards.private_hand(table, record.code, human, locale)
        return text, self.keyboards.group_hand(table, record.code, locale)

    async def show(self, outcome: Outcome) -> TableRecord:
        """Bring the chat up to date with an outcome; returns the record (message id saved)."""
        record, table = outcome.record, outcome.table
        log_ = self._hand_events.setdefault(record.id, [])
        if any(isinstance(e, HandStarted) for e in outcome.events):
            log_.clear()
        log_.extend(outcome.events)
        text, markup = self.content(record, table, log_)
        starts_hand = any(isinstance(e, HandStarted) for e in outcome.events)
        if record.message_id is None or starts_hand:
            return await self.post(record, text, markup)
        self.editor.want((record.chat_id, record.message_id), (text, markup))
        if table.state == "closed":
            self._hand_events.pop(record.id, None)
        return record

    async def post(self, record: TableRecord, text: str,
                   markup: InlineKeyboardMarkup | None) -> TableRecord:
        """Send a new table message and remember it as the table's message."""
        if record.message_id is not None:
            self.editor.forget((record.chat_id, record.message_id))
        try:
            message = await self._bot().send_message(record.chat_id, text, reply_markup=markup)
        except (Forbidden, BadRequest) as exc:
            log.warning("cannot post in chat %s: %s", record.chat_id, exc)
            return record
        async with self.service.lock(record.id):
            for _ in range(3):
                current = await self.service.repo.get_table(record.id)
                if current is None:
                    return record
                try:
                    return await self.service.repo.save(
                        replace(current, message_id=message.message_id), current.version)
                except StaleVersion:
                    continue
        return record
