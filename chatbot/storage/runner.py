"""Run the repository's synchronous SQL with one hop off the event loop per operation.

Every repository operation is a plain function over a SQLAlchemy ``Connection``,
so its SQL exists once. A runner calls it as a read (a connection, rolled back
after) or a write (one transaction: BEGIN IMMEDIATE on SQLite, commit, or
rollback and re-raise):

- An SQLite file gets a synchronous engine of its own, one writer thread and a
  few reader threads. Through aiosqlite every statement, BEGIN, COMMIT and pool
  checkout is a separate hop to aiosqlite's thread and back through
  SQLAlchemy's greenlet adapter, which costs the event loop far more CPU than
  the SQL itself; here the whole operation is one executor call. One writer
  thread is enough (SQLite takes one writer at a time) and means our writers
  queue in Python instead of sleeping in SQLite's busy handler; WAL lets the
  readers run beside it.
- Any other engine (PostgreSQL, SQLite in memory) runs the same function
  through ``AsyncConnection.run_sync``: one greenlet hop, asyncpg underneath.

Runners belong to an engine and end with it: ``engine.dispose()`` closes the
threads and the synchronous engine, and the next operation starts a new runner
(SQLAlchemy engines stay usable after ``dispose``, and so do repositories).

A cancelled caller does not stop a threaded operation that has started: it
commits or rolls back on its own, as a statement already sent to a server would.
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Concatenate, ParamSpec, Protocol, TypeVar
from weakref import WeakKeyDictionary

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage.database import WRITE_OPTIONS, read, sqlite_file_engine, write

P = ParamSpec("P")
T = TypeVar("T")

# Reader threads per SQLite file: reads are short, a few cover a burst of updates.
READERS = 4


class Runner(Protocol):
    """Runs ``fn(connection, *args)`` as a read or as a write transaction."""

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T: ...

    async def write(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T: ...


class AsyncRunner:
    """Any async engine: the function runs in the engine's greenlet adapter."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        async with read(self.engine) as conn:
            return await conn.run_sync(fn, *args, **kwargs)

    async def write(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        async with write(self.engine) as conn:
            return await conn.run_sync(fn, *args, **kwargs)


class ThreadRunner:
    """An SQLite file: a synchronous engine, one writer thread, ``readers`` reader threads.

    Each thread keeps one connection for its whole life: checking a connection
    out of the pool and resetting it on return cost about a fifth of a save.
    Reads end with a rollback, so no thread holds an old WAL snapshot between
    operations.
    """

    def __init__(self, engine: Engine, readers: int = READERS) -> None:
        self.engine = engine
        self._local = threading.local()
        self._connections: set[Connection] = set()
        self._lock = threading.Lock()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="sqlite-writer")
        self._readers = ThreadPoolExecutor(readers, thread_name_prefix="sqlite-reader")

    async def read(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        call = functools.partial(self._read, fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._readers, call)

    async def write(
        self, fn: Callable[Concatenate[Connection, P], T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        call = functools.partial(self._write, fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._writer, call)

    def close(self) -> None:
        """Let running operations finish, stop the threads, close the connections."""
        self._writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)
        with self._lock:
            connections, self._connections = self._connections, set()
        for conn in connections:
            conn.close()
        self.engine.dispose()

    def _read(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> T:
        conn = self._connection()
        try:
            return fn(conn, *args, **kwargs)
        finally:
            conn.rollback()
            self._forget_if_invalid(conn)

    def _write(self, fn: Callable[..., T], /, *args: object, **kwargs: object) -> T:
        conn = self._connection(WRITE_OPTIONS)
        try:
            with conn.begin():
                return fn(conn, *args, **kwargs)
        finally:
            self._forget_if_invalid(conn)

    def _connection(self, options: Mapping[str, str] | None = None) -> Connection:
        """This thread's connection, opened on its first operation."""
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self.engine.connect().execution_options(**(options or {}))
            with self._lock:
                self._connections.add(conn)
            self._local.conn = conn
        return conn

    def _forget_if_invalid(self, conn: Connection) -> None:
        """A connection SQLAlchemy invalidated (a lost file, say) is replaced next time."""
        if conn.invalidated:
            self._local.conn = None
            with self._lock:
                self._connections.discard(conn)
            conn.close()


# The thread runner of each engine (by its sync side), or None for an engine
# that has none. Weak keys: a forgotten engine takes its entry with it.
_threaded: WeakKeyDictionary[Engine, ThreadRunner | None] = WeakKeyDictionary()
_lock = threading.Lock()
# A forked child has none of its parent's threads, and must not touch its
# SQLite connections: it starts runners of its own.
os.register_at_fork(after_in_child=_threaded.clear)


def runner_for(engine: AsyncEngine) -> Runner:
    """The engine's runner: threads for an SQLite file (started on first use, closed
    by ``engine.dispose()``), else the engine itself through ``run_sync``."""
    key = engine.sync_engine
    if key not in _threaded:
        with _lock:
            if key not in _threaded:
                _threaded[key] = _start_threads(engine)
    return _threaded[key] or AsyncRunner(engine)


def _start_threads(engine: AsyncEngine) -> ThreadRunner | None:
    sync = sqlite_file_engine(engine, pool_size=READERS + 1)
    if sync is None:
        return None
    if not event.contains(engine.sync_engine, "engine_disposed", close_runner):
        event.listen(engine.sync_engine, "engine_disposed", close_runner)
    return ThreadRunner(sync)


def close_runner(engine: Engine) -> None:
    """Stop the threads of ``engine`` (the sync side of an AsyncEngine), if it has any.

    Listens to ``engine_disposed``; the next operation on the engine starts anew.
    """
    with _lock:
        runner = _threaded.pop(engine, None)
    if runner is not None:
        runner.close()
