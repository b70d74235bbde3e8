"""The hook a save that ends a game calls, inside its transaction.

Storage keeps games as JSON documents and does not read them, so it cannot count
what a finished game means for its players. Whoever can (the players' records,
``chatbot/stats/records.py``) is handed to the repository by the composition root
as a :class:`GameEndHook`; the repository calls it in the transaction of the save
that logs a ``GameWon``, so a game's end and its counting commit together or not
at all.
"""

from __future__ import annotations

from typing import Protocol

from sqlalchemy.engine import Connection


class GameEndHook(Protocol):
    """What the save that ends a game calls, both inside its transaction."""

    def lock(self, conn: Connection) -> None:
        """Serialise games' ends across writers; called before the save reads the clock,
        so games commit in the order of their end times."""

    def record(self, conn: Connection, table_id: int, after_seq: int) -> None:
        """Count the games of the table whose end was logged after ``after_seq`` (the
        save holds the table's row lock, so its log is complete up to here)."""
