"""The events of a table's current hand, read from its log a little at a time.

The page shows the last few things that happened; the log holds them for the
whole series. Each table's read position is kept, so a page's refresh reads only
the entries saved since, and after a restart the first read catches up.
"""

from __future__ import annotations

import logging

from chatbot.rules.cards import Family
from chatbot.rules.events import Event, HandStarted
from chatbot.rules.serialize import event_from_dict
from chatbot.storage import Repository, StorageError

log = logging.getLogger(__name__)
KEPT = 2_000  # tables whose read position a process keeps


class HandLogs:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._read: dict[int, tuple[int, list[Event]]] = {}  # table -> (last seq, events)

    async def events(self, table_id: int, family: Family) -> list[Event]:
        """The current hand's events, in order (none if the log cannot be read)."""
        seq, events = self._read.pop(table_id, (0, []))
        try:
            rows = await self.repo.list_events(table_id, after_seq=seq)
        except StorageError:
            log.exception("log of table %s unreadable for the web table", table_id)
            return []
        for row in rows:
            seq = row.seq
            if row.kind == "input":
                continue
            try:
                event = event_from_dict(row.payload, family)
            except (KeyError, TypeError, ValueError):
                continue
            if isinstance(event, HandStarted):
                events = []
            events.append(event)
        self._read[table_id] = (seq, events)
        while len(self._read) > KEPT:
            self._read.pop(next(iter(self._read)))
        return list(events)
