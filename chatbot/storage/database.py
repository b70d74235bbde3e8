"""Engines and transactions: the same code on SQLite and PostgreSQL.

SQLite needs a little help to behave like a server database under concurrent
async writers:

- WAL journal, so readers never block the writer and vice versa;
- ``foreign_keys=ON`` (off by default, per connection);
- a busy timeout, so a second writer waits instead of failing at once;
- SQLAlchemy emits BEGIN itself (the sqlite3 driver's legacy mode skips BEGIN
  before SELECT and DDL, which breaks isolation and transactional
  migrations), and write transactions use ``BEGIN IMMEDIATE``: a deferred
  transaction that read before writing fails with "database is locked" when
  another writer committed in between, without waiting for the busy timeout.

The repository runs its SQL on SQLite files through a synchronous twin of the
async engine (``sqlite_file_engine``, same settings), in threads: see
``runner.py`` for why.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import ConnectionPoolEntry

DEFAULT_URL = "sqlite+aiosqlite:///truco.db"

BUSY_TIMEOUT_MS = 10_000

# Execution option read by the SQLite "begin" hook; other dialects ignore it.
_SQLITE_BEGIN = "truco_sqlite_begin"
WRITE_OPTIONS = {_SQLITE_BEGIN: "IMMEDIATE"}

_ASYNC_DRIVERS = {"sqlite": "aiosqlite", "postgresql": "asyncpg"}
# Async drivers an operator may choose explicitly; any other driver (or none:
# SQLAlchemy would pick a sync one) is replaced by the default above.
_KEEP_DRIVERS = {"aiosqlite", "asyncpg", "psycopg", "psycopg_async"}


def async_url(url: str | URL) -> URL:
    """The URL with an async driver, so operators can paste a plain URL.

    ``sqlite:///x.db`` becomes ``sqlite+aiosqlite:///x.db`` and ``postgresql://``
    (or Heroku's ``postgres://``) becomes ``postgresql+asyncpg://``; libpq's
    ``sslmode`` is renamed to asyncpg's ``ssl``.
    """
    if isinstance(url, str) and url.startswith("postgres://"):
        url = "postgresql://" + url.removeprefix("postgres://")
    parsed = make_url(url)
    backend, _, driver = parsed.drivername.partition("+")
    if backend not in _ASYNC_DRIVERS:
        raise ValueError(f"unsupported database {backend!r}: use sqlite or postgresql")
    if driver in _KEEP_DRIVERS:
        return parsed
    parsed = parsed.set(drivername=f"{backend}+{_ASYNC_DRIVERS[backend]}")
    if backend == "postgresql" and "sslmode" in parsed.query:
        query = dict(parsed.query)
        query["ssl"] = query.pop("sslmode")
        parsed = parsed.set(query=query)
    return parsed


def make_engine(url: str | URL = DEFAULT_URL, **kwargs: Any) -> AsyncEngine:
    """An async engine for ``url``; extra keyword arguments go to SQLAlchemy."""
    parsed = async_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(parsed, **kwargs)
    kwargs.setdefault("pool_pre_ping", True)
    return create_async_engine(parsed, **kwargs)


def _sqlite_engine(url: URL, **kwargs: Any) -> AsyncEngine:
    if _is_file(url):
        Path(str(url.database)).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(url, **kwargs)
    _listen_sqlite(engine.sync_engine)
    return engine


def sqlite_file_engine(engine: AsyncEngine, pool_size: int) -> Engine | None:
    """A synchronous engine on the same SQLite file as ``engine``, same settings.

    None when ``engine`` is not on an SQLite file: an in-memory or URI database
    opened by a second engine would not be the same database. ``check_same_thread``
    is off: worker threads use the connections, whoever disposes of them closes them.
    """
    url = engine.url
    if url.get_backend_name() != "sqlite" or not _is_file(url):
        return None
    sync = create_engine(
        url.set(drivername="sqlite+pysqlite"),
        connect_args={"check_same_thread": False},
        pool_size=pool_size,
        max_overflow=0,
    )
    _listen_sqlite(sync)
    return sync


def _is_file(url: URL) -> bool:
    return bool(url.database) and url.database != ":memory:" and not url.query.get("uri")


def _listen_sqlite(engine: Engine) -> None:
    event.listen(engine, "connect", _sqlite_on_connect)
    event.listen(engine, "begin", _sqlite_on_begin)


def _sqlite_on_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
    # Driver autocommit: BEGIN is ours (see _sqlite_on_begin), and the PRAGMAs
    # below only take effect outside a transaction.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        # Safe with WAL: a power cut may lose the last commits, never corrupt.
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    mode = conn.get_execution_options().get(_SQLITE_BEGIN, "DEFERRED")
    conn.exec_driver_sql(f"BEGIN {mode}")


@asynccontextmanager
async def read(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A connection for reads; its transaction is rolled back on exit."""
    async with engine.connect() as conn:
        yield conn


@asynccontextmanager
async def write(engine: AsyncEngine) -> AsyncIterator[AsyncConnection]:
    """A transaction that commits on success and rolls back on error.

    On SQLite it takes the write lock up front (BEGIN IMMEDIATE), waiting up
    to the busy timeout for other writers, so reads inside it stay valid.
    """
    async with engine.connect() as conn:
        await conn.execution_options(**WRITE_OPTIONS)
        async with conn.begin():
            yield conn
