"""Answering presses and inline queries, where an expired query is normal.

Telegram takes an answer to a callback or inline query only for a short while
(seconds). After a restart, or behind a long queue, the bot handles presses and
queries older than that: the answer then fails with "query is too old and
response timeout expired or query ID is invalid". Nobody is waiting for it any
more, so that is logged at DEBUG and the press's effect (already applied, or
applied after, whichever the handler does) stands. Any other error is raised.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from telegram import CallbackQuery, InlineQuery, InlineQueryResult
from telegram.error import BadRequest

log = logging.getLogger(__name__)

EXPIRED = ("query is too old", "query id is invalid")


def expired(exc: BadRequest) -> bool:
    """Whether Telegram refused the answer because the query is past its window."""
    text = str(exc).lower()
    return any(words in text for words in EXPIRED)


async def answer_query(query: CallbackQuery, text: str | None = None,
                       show_alert: bool = False) -> bool:
    """Answer a press; False if it was too old to answer (logged at DEBUG)."""
    try:
        await query.answer(text, show_alert=show_alert)
    except BadRequest as exc:
        if not expired(exc):
            raise
        log.debug("callback query %s expired before its answer: %s", query.id, exc)
        return False
    return True


async def answer_inline(query: InlineQuery, results: Sequence[InlineQueryResult],
                        **options: Any) -> bool:
    """Answer an inline query; False if it was too old to answer (logged at DEBUG)."""
    try:
        await query.answer(results, **options)
    except BadRequest as exc:
        if not expired(exc):
            raise
        log.debug("inline query %s expired before its answer: %s", query.id, exc)
        return False
    return True
