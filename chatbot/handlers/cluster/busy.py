"""What the ingress answers an inline query it cannot queue (Redis is away).

An inline query must be answered within seconds, and only the worker holding
its table could answer it with the asker's cards; while Redis is away it cannot
reach one. Rather than leave the asker with nothing (their client spins, then
shows no results), the ingress answers it itself at once: one result saying the
table is busy, in the asker's Telegram language (the ingress reads no stored
language), never cached, so typing again once Redis is back shows the cards.
Choosing that result posts only an hourglass; it names no table and no card.
Moves and presses are not answered here: they wait for Redis (ingress.py).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from telegram import Bot, InlineQueryResultArticle, InputTextMessageContent
from telegram.error import BadRequest, TelegramError

from chatbot.i18n.locales import resolve_locale
from chatbot.i18n.table_text import inline_busy

log = logging.getLogger(__name__)

RESULT_ID = "busy"  # not a payload: a worker that hears it was chosen does nothing
POSTED = "⏳"


def busy_result(language_code: str | None) -> InlineQueryResultArticle:
    locale = resolve_locale(None, language_code)
    return InlineQueryResultArticle(RESULT_ID, inline_busy(locale),
                                    InputTextMessageContent(POSTED))


async def tell_busy(bot: Bot, updates: Iterable[dict[str, Any]]) -> set[int]:
    """Answer every inline query among ``updates`` with the busy result; the ids of the
    updates settled so (answered, or too old to answer: Telegram will not take a later
    answer either). A query Telegram could not be reached for is left to the next try."""
    settled: set[int] = set()
    for update in updates:
        query = update.get("inline_query")
        if not isinstance(query, dict):
            continue
        sender: dict[str, Any] = query["from"] if isinstance(query.get("from"), dict) else {}
        try:
            await bot.answer_inline_query(str(query.get("id")),
                                          [busy_result(sender.get("language_code"))],
                                          cache_time=0, is_personal=True)
        except BadRequest as error:  # too old, or already answered: nothing more to do
            log.debug("inline query %s not told busy: %s", query.get("id"), error)
        except TelegramError as error:
            log.info("inline query %s not told busy yet: %s", query.get("id"), error)
            continue
        settled.add(int(update["update_id"]))
    return settled
