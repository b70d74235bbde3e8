"""The practice table's teacher: what the strongest bot would do, in the player's words.

One function for every front end that offers the hint (the chat's Hint button, the
web table), so each gives the same advice for the same turn: the search is seeded
with the turn's sequence number.
"""

from __future__ import annotations

import asyncio
import random

from chatbot.ai.hint import hint
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.i18n.hints import hint_line
from chatbot.rules.views import seat_view


async def hint_text(table: Table, seat: int, seq: int, locale: str) -> str:
    """The hard bot's advice for this seat, in words (searched off the event loop)."""
    assert table.match is not None
    rules = table.rules
    view = seat_view(rules, table.match, seat)
    if not view.legal:
        raise Refused("not-your-turn")
    action, reason = await asyncio.to_thread(hint, rules, view, random.Random(seq))
    return hint_line(action, reason, view, rules, locale)
