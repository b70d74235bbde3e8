"""Who may watch a table without a seat at it: the members of the table's group.

The web table shows a reader who is not seated the public table, but only if they
belong to the group the table is played in (as they would see its messages there);
anyone else who got hold of a link is refused. A group's membership is asked of
Telegram (``getChatMember`` through the bot: the ``lookup``) and each answer kept a
short while, so a page's requests and its stream's rechecks cost at most one call a
minute per reader. A practice table lives in one person's private chat: nobody but
that person may watch it, and Telegram is not asked.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

# (group, user) -> a member now? None when Telegram could not tell (not kept)
Lookup = Callable[[int, int], Awaitable[bool | None]]
TTL = 60.0  # seconds an answer is trusted
KEPT = 20_000  # answers a process keeps


class Members:
    """``lookup`` None: nobody unseated may watch (a web table without a bot behind it)."""

    def __init__(self, lookup: Lookup | None = None, ttl: float = TTL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lookup = lookup
        self.ttl = ttl
        self.clock = clock
        self._known: dict[tuple[int, int], tuple[bool, float]] = {}

    async def may_watch(self, chat_id: int, user_id: int) -> bool:
        """Whether ``user_id`` may watch a table of chat ``chat_id`` without a seat."""
        if chat_id > 0:  # a private chat's practice table: its own reader only
            return chat_id == user_id
        if self.lookup is None:
            return False
        key, now = (chat_id, user_id), self.clock()
        known = self._known.get(key)
        if known is not None and now - known[1] < self.ttl:
            return known[0]
        member = await self.lookup(chat_id, user_id)
        if member is None:  # Telegram could not tell now: refused, asked again next time
            return False
        self._known.pop(key, None)
        self._known[key] = (member, now)
        while len(self._known) > KEPT:
            self._known.pop(next(iter(self._known)))
        return member
