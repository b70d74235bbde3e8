"""Open pages wait here for a change at their table.

Every outcome the bot presents (a press, an inline move, a timer, a web move) is
told to :meth:`Changes.changed`; each page's stream waits on its table. A wait
also ends after a few seconds without news, so a page compares the stored table
anyway: that catches a change made by another process, or before a restart.
"""

from __future__ import annotations

import asyncio
from contextlib import suppress

RECHECK = 5.0  # seconds a page waits without news before it reads the table again


class Changes:
    def __init__(self) -> None:
        self._waiting: dict[int, set[asyncio.Event]] = {}

    def changed(self, table_id: int) -> None:
        """Wake every page of this table."""
        for event in self._waiting.get(table_id, ()):
            event.set()

    async def wait(self, table_id: int, timeout: float = RECHECK) -> bool:
        """Until the table changes (True) or ``timeout`` passes (False)."""
        event = asyncio.Event()
        waiting = self._waiting.setdefault(table_id, set())
        waiting.add(event)
        try:
            with suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout)
            return event.is_set()
        finally:
            waiting.discard(event)
            if not waiting:
                self._waiting.pop(table_id, None)

    def wake_all(self) -> None:
        """Wake every page (the server is stopping: their streams end, pages reconnect)."""
        for waiting in self._waiting.values():
            for event in waiting:
                event.set()

    def watchers(self, table_id: int) -> int:
        """How many pages of this table are open in this process."""
        return len(self._waiting.get(table_id, ()))
