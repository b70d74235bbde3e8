"""Storage errors the callers are expected to handle.

They carry ids rather than rows so that a handler can log them or answer the
user without holding on to database objects.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base class: catch this to handle every storage refusal at once."""


class NotFound(StorageError, LookupError):
    """The row a write was aimed at does not exist."""


class StaleVersion(StorageError):
    """Someone else saved the table first: reload it and run the action again.

    ``actual`` is the version found in the database at the time of the
    refusal, or None when the table has disappeared.
    """

    def __init__(self, table_id: int, expected: int, actual: int | None) -> None:
        super().__init__(f"table {table_id}: expected version {expected}, found {actual}")
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class ActiveTableExists(StorageError):
    """A chat holds at most one active table; close it before opening another."""

    def __init__(self, chat_id: int) -> None:
        super().__init__(f"chat {chat_id} already has an active table")
        self.chat_id = chat_id


class SeatTaken(StorageError):
    """The seat index is occupied, or the user already sits at that table.

    ``seat`` is None when a whole seating was refused.
    """

    def __init__(self, table_id: int, seat: int | None) -> None:
        super().__init__(f"table {table_id}: seat {seat} is taken or the user is seated")
        self.table_id = table_id
        self.seat = seat


class AlreadyApplied(StorageError):
    """This update's effect was saved before (it was delivered twice): nothing saved now."""

    def __init__(self, bot_id: int, update_id: int) -> None:
        super().__init__(f"update {update_id} of bot {bot_id} was applied before")
        self.bot_id = bot_id
        self.update_id = update_id
