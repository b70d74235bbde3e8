"""The reader's own records on the web table: the ``/stats`` card as JSON.

The page shows the signed reader their own records only (``initData`` says who asks;
nobody else's are ever sent), worded by the very function that words ``/stats`` in the
chat, in the reader's language and digits, so the two cannot disagree.
"""

from __future__ import annotations

from typing import Any

from chatbot.ai import LEVELS
from chatbot.handlers.telegram.keyboards import level_label
from chatbot.handlers.web.init_data import WebUser
from chatbot.i18n.bidi import is_rtl
from chatbot.i18n.context import use_locale
from chatbot.i18n.records_text import stats_card
from chatbot.stats.player_records import PlayerRecords


async def records_view(records: PlayerRecords, user: WebUser, locale: str) -> dict[str, Any]:
    """``{"lines": [...], "dir": ...}``: the card's lines, its title first."""
    stats = await records.stats(user.id)
    with use_locale(locale):
        levels = {code: level_label(code, locale) for code in LEVELS}
        card = stats_card(stats, user.name, levels)
    return {"lines": card.splitlines(), "dir": "rtl" if is_rtl(locale) else "ltr"}
