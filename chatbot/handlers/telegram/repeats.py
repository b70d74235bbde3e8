"""An update delivered a second time is answered without acting (exactly-once effect).

Runs before every other handler (group -1). If the update's effect is recorded
as saved (``applied_updates``), its button press gets an empty answer, so the
spinner stops, and nothing else happens; otherwise the update is marked as the
one being handled (:mod:`chatbot.handlers.once`), and the first game save it
causes records it in the same transaction. A repeat that races the first
delivery past this check is refused by that record (``AlreadyApplied``), which
:func:`quiet_repeat` tells the error handler to log as what it is.

An update that saves no game (``/rules``, a language change) is not recorded:
doing it twice changes nothing a player could tell.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from datetime import timedelta

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes, TypeHandler

from chatbot.handlers import once
from chatbot.storage import AlreadyApplied, Repository, UpdateKey
from chatbot.storage.sqltypes import utcnow

log = logging.getLogger(__name__)

# Telegram keeps an update it could not deliver for 24 hours: after two days none of
# the recorded ones can come back, so their records are dropped (hourly).
KEPT = timedelta(days=2)
FORGET_EVERY = 3600.0


def bot_id_of(token: str) -> int:
    """The bot's id, the number before the colon of its token (0 if there is none)."""
    head = token.partition(":")[0]
    return int(head) if head.isascii() and head.isdigit() else 0


class Repeats:
    def __init__(self, repo: Repository, token: str) -> None:
        self.repo = repo
        self.bot_id = bot_id_of(token)

    def key(self, update: Update) -> UpdateKey:
        return (self.bot_id, update.update_id)

    def handler(self) -> TypeHandler[Update, ContextTypes.DEFAULT_TYPE, None]:
        return TypeHandler(Update, self.check)

    async def keep_forgetting(self) -> None:
        """Forget the old records every hour (until cancelled); not at start-up, where a
        write would compete with the first updates for the database."""
        while True:
            await asyncio.sleep(FORGET_EVERY)
            await self.forget_old()

    async def forget_old(self) -> None:
        """Drop the records no repeat can need any more."""
        try:
            forgotten = await self.repo.forget_applied(utcnow() - KEPT)
        except Exception:  # the database is away: the next hour's run does it
            log.warning("old applied updates not forgotten", exc_info=True)
            return
        if forgotten:
            log.info("%d applied updates older than %s forgotten", forgotten, KEPT)

    async def check(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        key = self.key(update)
        if await self.repo.update_applied(key):
            log.info("update %s was applied before: answered, not acted on", update.update_id)
            await answer_quietly(update)
            raise ApplicationHandlerStop
        once.deliver(key)


async def answer_quietly(update: Update) -> None:
    """Stop a repeated press's spinner (the first delivery may have answered it already)."""
    if update.callback_query is not None:
        with suppress(TelegramError):
            await update.callback_query.answer()


async def quiet_repeat(update: object, error: BaseException | None) -> bool:
    """True (after answering it) when ``error`` says the update was a repeat."""
    if not isinstance(error, AlreadyApplied):
        return False
    log.info("update %s was applied by another delivery: not again", error.update_id)
    if isinstance(update, Update):
        await answer_quietly(update)
    return True
