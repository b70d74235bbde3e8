"""Database fixtures for any test folder: the same tests on SQLite and PostgreSQL.

Use them from a folder's ``conftest.py``::

    from tests.dbfixtures import db_backend, db_engine, migrated_db_url, repository

    __all__ = ["db_backend", "db_engine", "migrated_db_url", "repository"]

Every test that asks for ``repository`` (or ``db_engine``) then runs twice,
``[sqlite]`` and ``[postgresql]``, on an empty database at the newest schema.
To run a folder on SQLite only, override the backend in its conftest::

    @pytest.fixture(scope="session")
    def db_backend() -> str:
        return "sqlite"

PostgreSQL comes from ``TRUCO_TEST_POSTGRES_URL`` (default below, trust auth).
Each test session creates its own database there and drops it at the end, so
parallel runs on one server never see each other. When the server cannot be
reached the PostgreSQL tests fail if ``CI`` is set, and are skipped otherwise.

Setup runs in a worker thread with its own event loop: pytest-asyncio owns the
test's loop, and asyncpg connections must not cross loops.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest
from sqlalchemy import delete, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import NullPool

from chatbot.stats.records import RECORDS_AT_GAME_END
from chatbot.storage.database import async_url, make_engine
from chatbot.storage.migrate import upgrade_to_head
from chatbot.storage.models import metadata
from chatbot.storage.repository import Repository

POSTGRES_URL_ENV = "TRUCO_TEST_POSTGRES_URL"
DEFAULT_POSTGRES_URL = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
BACKENDS = ("sqlite", "postgresql")

T = TypeVar("T")


def run_in_thread(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion on a private loop, outside the test's loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def postgres_admin_url() -> URL:
    """The configured PostgreSQL URL: the database we connect to to create ours."""
    return async_url(os.environ.get(POSTGRES_URL_ENV, DEFAULT_POSTGRES_URL))


def postgres_unavailable(error: BaseException) -> NoReturn:
    message = f"PostgreSQL at {postgres_admin_url()!r} is unreachable: {error!r}"
    if os.environ.get("CI"):
        pytest.fail(message + " (CI is set: PostgreSQL is required)", pytrace=False)
    pytest.skip(message)


async def _admin(statement: str) -> None:
    engine = make_engine(
        postgres_admin_url(),
        poolclass=NullPool,
        isolation_level="AUTOCOMMIT",
        connect_args={"timeout": 10},
    )
    try:
        async with engine.connect() as conn:
            await conn.execute(text(statement))
    finally:
        await engine.dispose()


@contextmanager
def temporary_database(backend: str, directory: Path) -> Iterator[URL]:
    """An empty database that exists only inside the block.

    SQLite: a new file in ``directory``. PostgreSQL: a new database on the
    configured server, dropped on exit (the caller must have disposed of its
    engines; ``WITH (FORCE)`` ends any straggling connection anyway).
    """
    name = f"truco_test_{os.getpid()}_{uuid.uuid4().hex[:12]}"
    if backend == "sqlite":
        yield make_url(f"sqlite+aiosqlite:///{directory / name}.db")
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    try:
        run_in_thread(_admin(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # refused, timed out, no such role or database...
        postgres_unavailable(error)
    try:
        yield postgres_admin_url().set(database=name)
    finally:
        run_in_thread(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session", params=BACKENDS)
def db_backend(request: pytest.FixtureRequest) -> str:
    """ "sqlite" or "postgresql"; override it in a conftest to pin one backend."""
    backend: str = request.param
    return backend


@pytest.fixture(scope="session", name="db_backend")
def sqlite_only() -> str:
    """SQLite alone, for a module whose tests exercise what lies above storage (texts,
    pictures, buttons, privacy of what is shown): the repository behaves the same on
    both backends, which the storage tests and the game-flow tests of
    tests/handlers (service, races, exactly-once, outage, group game, records, fuzz)
    prove on both. Import it into such a module: ``from tests.dbfixtures import
    sqlite_only  # noqa: F401``."""
    return "sqlite"


class MigratedDatabases:
    """The session's databases at the newest schema, one a backend, each made when a
    test first asks for it and dropped at the session's end."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory
        self._stack = ExitStack()
        self._urls: dict[str, URL] = {}

    def url(self, backend: str) -> URL:
        if backend not in self._urls:
            url = self._stack.enter_context(temporary_database(backend, self._directory))
            run_in_thread(upgrade_to_head(url))
            self._urls[backend] = url
        return self._urls[backend]

    def close(self) -> None:
        self._stack.close()


@pytest.fixture(scope="session")
def migrated_databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MigratedDatabases]:
    """Made available to every folder by tests/conftest.py."""
    databases = MigratedDatabases(tmp_path_factory.mktemp("db"))
    try:
        yield databases
    finally:
        databases.close()


@pytest.fixture
def migrated_db_url(db_backend: str, migrated_databases: MigratedDatabases) -> URL:
    """A database at the newest schema on the test's backend, shared by the session
    (emptied per test).

    Looked up for each test, not cached for the session: pytest keeps a session
    fixture's value while its parameters' fixture stays the same one, so with the
    URL cached a module that pins its backend (``sqlite_only``, a folder's
    conftest) handed its database on to the next test of another backend on that
    worker: a ``[postgresql]`` test ran on SQLite, or the other way round.
    """
    return migrated_databases.url(db_backend)


@pytest.fixture
def empty_db_url(db_backend: str, tmp_path: Path) -> Iterator[URL]:
    """A database of its own with no tables at all, for migration tests."""
    with temporary_database(db_backend, tmp_path) as url:
        yield url


async def empty_all_tables(engine: AsyncEngine) -> None:
    """Delete every row, children first, keeping the schema."""
    async with engine.begin() as conn:
        for table in reversed(metadata.sorted_tables):
            await conn.execute(delete(table))


@pytest.fixture
async def db_engine(migrated_db_url: URL) -> AsyncIterator[AsyncEngine]:
    """An engine on the session database, emptied before the test."""
    engine = make_engine(migrated_db_url)
    try:
        await empty_all_tables(engine)
        yield engine
    finally:
        await engine.dispose()


@pytest.fixture
def repository(db_engine: AsyncEngine) -> Repository:
    return Repository(db_engine)


def recording_repository(engine: AsyncEngine) -> Repository:
    """A repository as the bot builds it: the save that ends a game counts it in the
    players' records (``chatbot/stats/records.py``). Storage alone counts nothing."""
    return Repository(engine, RECORDS_AT_GAME_END)


@pytest.fixture
def recording_repo(db_engine: AsyncEngine) -> Repository:
    return recording_repository(db_engine)
