"""Turn deadlines as asyncio tasks, rebuilt from the stored deadlines at start-up.

One task per table; scheduling again replaces it. When a task fires it hands
the table id and the turn sequence it was set for to a callback, which reloads
the table and does nothing if the game moved on meanwhile.

At start-up the board is *held* (``hold``) until the updates that waited while
the bot was down have been handled (``release``): a move made in time must win
over the deadline that passed during the outage, and a held timer that comes
due only fires afterwards, when it finds the turn moved on and does nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

log = logging.getLogger(__name__)

Fire = Callable[[int, int], Awaitable[None]]


class TimerBoard:
    def __init__(self, fire: Fire, clock: Callable[[], datetime] = lambda: datetime.now(UTC)):
        self._fire = fire
        self._clock = clock
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._seqs: dict[int, int] = {}
        self._firing: set[asyncio.Task[None]] = set()
        self._closed = False
        self._released = asyncio.Event()
        self._released.set()

    def hold(self) -> None:
        """Timers that come due wait for :meth:`release` (the start-up backlog first)."""
        self._released.clear()

    def release(self) -> None:
        """Let held timers fire (each finds out by itself whether its turn is still due)."""
        self._released.set()

    @property
    def held(self) -> bool:
        return not self._released.is_set()

    def schedule(self, table_id: int, seq: int, deadline: datetime | None) -> None:
        """Arm the table's timer; an older turn than the one armed changes nothing
        (two outcomes presented out of order must not cancel the newer timer)."""
        if self._closed or seq < self._seqs.get(table_id, -1):
            return
        self._seqs[table_id] = seq
        old = self._tasks.pop(table_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if deadline is None:
            return
        delay = max(0.0, (deadline - self._clock()).total_seconds())
        self._tasks[table_id] = asyncio.get_running_loop().create_task(
            self._run(table_id, seq, delay), name=f"timer-{table_id}")

    async def _run(self, table_id: int, seq: int, delay: float) -> None:
        await asyncio.sleep(delay)
        await self._released.wait()
        task = asyncio.current_task()
        assert task is not None
        if self._tasks.get(table_id) is task:
            del self._tasks[table_id]
        self._firing.add(task)
        try:
            await self._fire(table_id, seq)
        except Exception:  # a timer must never die silently with the game stuck
            log.exception("timer of table %s failed", table_id)
        finally:
            self._firing.discard(task)

    @property
    def pending(self) -> int:
        return sum(1 for t in self._tasks.values() if not t.done())

    async def close(self) -> None:
        """Drop the waiting timers; let the ones already firing finish their move, so a
        shutdown never leaves a save half done (the deadlines stay stored for the next
        start)."""
        self._closed = True
        waiting = [t for t in self._tasks.values() if t not in self._firing]
        self._tasks.clear()
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, *self._firing, return_exceptions=True)
