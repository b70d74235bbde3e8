"""Engine construction: URL upgrading and the SQLite connection settings."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text

from chatbot.storage.database import async_url, make_engine, read, write


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("sqlite:///bot.db", "sqlite+aiosqlite:///bot.db"),
        ("sqlite+pysqlite:///bot.db", "sqlite+aiosqlite:///bot.db"),
        ("sqlite+aiosqlite:///bot.db", "sqlite+aiosqlite:///bot.db"),
        ("postgresql://u:p@db/truco", "postgresql+asyncpg://u:p@db/truco"),
        ("postgres://u:p@db/truco", "postgresql+asyncpg://u:p@db/truco"),
        ("postgresql+psycopg2://u@db/truco", "postgresql+asyncpg://u@db/truco"),
        ("postgresql+asyncpg://u@db:5433/truco", "postgresql+asyncpg://u@db:5433/truco"),
        ("postgresql://u@db/truco?sslmode=require", "postgresql+asyncpg://u@db/truco?ssl=require"),
    ],
)
def test_operator_urls_get_an_async_driver(given: str, expected: str) -> None:
    assert async_url(given).render_as_string(hide_password=False) == expected


def test_other_databases_are_refused() -> None:
    with pytest.raises(ValueError, match="mysql"):
        async_url("mysql://u@db/truco")


async def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path}/sub/dir/bot.db")  # directories are created
    try:
        async with read(engine) as conn:
            pragmas = {
                name: (await conn.execute(text(f"PRAGMA {name}"))).scalar()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            }
    finally:
        await engine.dispose()
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "busy_timeout": 10_000}


async def test_sqlite_transactions_are_real_and_roll_back(tmp_path: Path) -> None:
    """DDL and DML inside a failed write transaction both disappear (driver BEGIN is ours)."""
    engine = make_engine(f"sqlite:///{tmp_path}/bot.db")
    try:
        with pytest.raises(RuntimeError):
            async with write(engine) as conn:
                await conn.execute(text("CREATE TABLE t (x INTEGER)"))
                await conn.execute(text("INSERT INTO t VALUES (1)"))
                raise RuntimeError
        async with read(engine) as conn:
            names = (await conn.execute(text("SELECT name FROM sqlite_master"))).all()
    finally:
        await engine.dispose()
    assert names == []
