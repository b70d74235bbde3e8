"""The practice table's teacher: what the strongest bot would do, in the player's words.

One function for the front ends that offer the hint on a stored table (the chat's Hint
button, the web table); the search itself is the table actions' (``advice`` in
``chatbot/handlers/table_actions.py``), which the terminal game's ``h`` asks too, so
each gives the same advice for the same turn: the search is seeded with the turn's
sequence number.
"""

from __future__ import annotations

import asyncio

from chatbot.fsm.table import Table
from chatbot.handlers.table_actions import advice
from chatbot.i18n.hints import hint_line


async def hint_text(table: Table, seat: int, seq: int, locale: str) -> str:
    """The hard bot's advice for this seat, in words (searched off the event loop)."""
    asked = advice(table, seat, seq)
    action, reason = await asyncio.to_thread(asked.search)
    return hint_line(action, reason, asked.view, asked.rules, locale)
