"""One action at a time per table across processes: a PostgreSQL advisory lock.

In one process the service's asyncio lock serialises a table's actions. Several
workers (``truco-bot worker``) each have their own, so two of them may judge the
same table at once: a timer claimed by one while another handles a press, or a
partition handed over while its old owner still finishes an update. The version
check would refuse the second save, and the service would judge it again; the
lock makes that the exception instead of the rule, and keeps a bot's move from
being computed twice.

A session-level advisory lock (``pg_advisory_lock(namespace, table id)``) rather
than ``SELECT … FOR UPDATE``: the service reads, decides (a bot may think for a
while) and saves in separate short transactions, and a row lock would have to
hold one transaction open across all of it. The lock lives on a connection of a
pool of its own, so a worker whose every data connection is in use never waits
for a lock holder that needs one (no pool deadlock); when a worker dies, its
connections close and PostgreSQL releases its locks. ``lock_timeout`` bounds the
wait behind a holder that hangs.

On SQLite (one process, one writer at a time) :class:`TableLocks` holds nothing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

# The first key of every advisory lock the bot takes: "tr" (0x7472), so that
# another application's locks on the same database never meet ours.
NAMESPACE = 0x7472
LOCK_TIMEOUT_MS = 30_000

_LOCK = text("SELECT pg_advisory_lock(:ns, :id)")
_UNLOCK = text("SELECT pg_advisory_unlock(:ns, :id)")


class TableLocks:
    """Per-table locks shared by every process on the same PostgreSQL database."""

    def __init__(self, engine: AsyncEngine | None = None, pool_size: int = 8) -> None:
        self._engine: AsyncEngine | None = None
        if engine is not None and engine.url.get_backend_name() == "postgresql":
            self._engine = create_async_engine(
                engine.url, pool_size=pool_size, max_overflow=pool_size, pool_pre_ping=True,
                isolation_level="AUTOCOMMIT",
                connect_args={"server_settings": {"lock_timeout": str(LOCK_TIMEOUT_MS)}})

    @property
    def shared(self) -> bool:
        """Whether the locks reach other processes (PostgreSQL), not just this one."""
        return self._engine is not None

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        """The table's lock for the duration of the block (waits for its holder)."""
        if self._engine is None:
            yield
            return
        params = {"ns": NAMESPACE, "id": table_id}
        async with self._engine.connect() as conn:
            try:
                await conn.execute(_LOCK, params)
            except BaseException:  # cancelled or failed: the lock may be held, drop the session
                await conn.invalidate()
                raise
            try:
                yield
            finally:
                try:
                    await conn.execute(_UNLOCK, params)
                except BaseException:  # never hand a pooled session on with a lock held
                    await conn.invalidate()
                    raise

    async def dispose(self) -> None:
        if self._engine is not None:
            await self._engine.dispose()
