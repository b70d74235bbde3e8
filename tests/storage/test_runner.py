"""The runner: one hop per operation, the same transactions on both backends.

SQLite files run on a writer thread and reader threads of their own; these
tests check that concurrency, isolation, rollback and shutdown still hold.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import database
from chatbot.storage.database import make_engine, write
from chatbot.storage.errors import StaleVersion
from chatbot.storage.migrate import upgrade_to_head
from chatbot.storage.models import tables
from chatbot.storage.records import TableRecord
from chatbot.storage.repository import Repository
from chatbot.storage.runner import AsyncRunner, ThreadRunner, runner_for

# A guard against a hang only: a read that waited for the open write would wait for
# good (the write lets go only after the guard), so no margin is a claim about speed.
GUARD = 120.0


async def new_table(repo: Repository) -> TableRecord:
    return await repo.create_table(chat_id=-100, creator_id=1, variant="put", state="lobby")


def set_state(conn: Connection, table_id: int, state: str) -> None:
    conn.execute(update(tables).where(tables.c.id == table_id).values(state=state))


@pytest.fixture
async def sqlite_engine(tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """An SQLite file at the newest schema, whatever the backend parameter."""
    engine = make_engine(f"sqlite:///{tmp_path}/runner.db")
    try:
        await upgrade_to_head(engine)
        yield engine
    finally:
        await engine.dispose()


async def test_many_tasks_saving_one_table_each_version_has_one_winner(
    repository: Repository,
) -> None:
    table = await new_table(repository)
    tasks, saves_each = 8, 5
    won: list[int] = []

    async def player(name: int) -> None:
        for n in range(saves_each):
            while True:
                current = await repository.get_table(table.id)
                assert current is not None
                try:
                    saved = await repository.save_with_events(
                        replace(current, state=f"p{name}"), current.version, [("Move", {"n": n})]
                    )
                except StaleVersion:
                    continue
                won.append(saved.version)
                break

    await asyncio.gather(*(player(i) for i in range(tasks)))
    total = tasks * saves_each
    assert sorted(won) == list(range(2, total + 2))  # every version won exactly once
    log = await repository.list_events(table.id)
    assert [e.seq for e in log] == list(range(1, total + 1))
    stored = await repository.get_table(table.id)
    assert stored is not None
    assert stored.version == total + 1


async def test_reads_beside_an_open_write_see_the_committed_state(
    repository: Repository,
) -> None:
    table = await new_table(repository)
    async with write(repository.engine) as conn:
        await conn.run_sync(set_state, table.id, "uncommitted")
        seen = await asyncio.wait_for(repository.get_table(table.id), timeout=GUARD)
        assert seen == table
    stored = await repository.get_table(table.id)
    assert stored is not None
    assert stored.state == "uncommitted"


async def test_an_error_inside_a_write_rolls_it_back(repository: Repository) -> None:
    table = await new_table(repository)

    def fail_halfway(conn: Connection) -> None:
        set_state(conn, table.id, "half-done")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await runner_for(repository.engine).write(fail_halfway)
    assert await repository.get_table(table.id) == table
    saved = await repository.save(replace(table, state="next"), table.version)  # still usable
    assert saved.version == table.version + 1


async def test_sqlite_files_get_threads_other_engines_run_sync(
    sqlite_engine: AsyncEngine,
) -> None:
    assert isinstance(runner_for(sqlite_engine), ThreadRunner)
    memory = make_engine("sqlite:///:memory:")
    postgres = make_engine("postgresql://u@localhost/db")
    try:
        assert isinstance(runner_for(memory), AsyncRunner)  # a second engine: another database
        assert isinstance(runner_for(postgres), AsyncRunner)
    finally:
        await memory.dispose()
        await postgres.dispose()


async def test_sqlite_reads_do_not_wait_for_the_writer_thread(
    sqlite_engine: AsyncEngine,
) -> None:
    repo = Repository(sqlite_engine)
    table = await new_table(repo)
    started, release = threading.Event(), threading.Event()

    def slow_write(conn: Connection) -> None:
        set_state(conn, table.id, "written")
        started.set()
        release.wait(timeout=2 * GUARD)  # past the read's guard: a waiting read fails

    writing = asyncio.create_task(runner_for(sqlite_engine).write(slow_write))
    try:
        assert await asyncio.to_thread(started.wait, GUARD)
        assert await asyncio.wait_for(repo.get_table(table.id), timeout=GUARD) == table
    finally:
        release.set()
        await writing
    stored = await repo.get_table(table.id)
    assert stored is not None
    assert stored.state == "written"


async def test_a_refused_begin_leaves_the_writer_usable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holding the write lock past the busy timeout: an error, then recovery."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_MS", 50)
    engine = make_engine(f"sqlite:///{tmp_path}/locked.db")
    try:
        await upgrade_to_head(engine)
        repo = Repository(engine)
        table = await new_table(repo)
        async with write(engine):  # the async engine's connection holds the lock
            with pytest.raises(OperationalError, match="locked"):
                await repo.save(replace(table, state="blocked"), table.version)
        saved = await repo.save(replace(table, state="free"), table.version)
        assert saved.state == "free"
    finally:
        await engine.dispose()


async def test_dispose_stops_the_threads_and_a_new_runner_takes_over(
    sqlite_engine: AsyncEngine,
) -> None:
    repo = Repository(sqlite_engine)
    runner = runner_for(sqlite_engine)
    assert isinstance(runner, ThreadRunner)
    writer = await runner.write(lambda _conn: threading.current_thread())
    reader = await runner.read(lambda _conn: threading.current_thread())
    assert writer.name.startswith("sqlite-writer")
    assert reader.name.startswith("sqlite-reader")
    assert (writer.is_alive(), reader.is_alive()) == (True, True)

    await sqlite_engine.dispose()
    assert (writer.is_alive(), reader.is_alive()) == (False, False)
    assert runner.engine.pool.checkedout() == 0  # its connections are closed

    assert await new_table(repo)  # the engine and the repository stay usable
    assert runner_for(sqlite_engine) is not runner
