"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """The storage clock: aware and in UTC, like every stored datetime."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware datetime stored in UTC.

    PostgreSQL keeps the offset (timestamptz) but SQLite stores a bare string and
    hands back a naive value, so deadlines would come back naive on one backend
    only. Normalising to UTC on the way in and tagging UTC on the way out makes
    both return the same aware value, and keeps SQLite's string comparisons in
    chronological order. Naive input is refused: its meaning depends on the
    machine's clock.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if not isinstance(value, datetime) or value.tzinfo is None:
            raise ValueError(f"an aware datetime is required, got {value!r}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
