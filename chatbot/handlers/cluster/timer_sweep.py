"""Turn deadlines any worker may run, so a dead worker's timers still fire, once.

The deadline of every table is a row (``tables.turn_deadline``, ``turn_seq``).
The worker that saved a turn arms its timer in memory and, when it comes due,
claims it (``claim_timer``: an UPDATE that succeeds for one worker per turn)
before running it. Every worker also sweeps, once a second, for deadlines past
by more than ``OVERDUE`` seconds that nobody holds (``claim_due_timers``, with
``FOR UPDATE SKIP LOCKED`` so that sweeping workers split the rows): those are
the timers of a worker that died, and the sweeper runs them.

A claim lasts ``CLAIM_SECONDS``: a worker that dies while running a timer leaves
a claim that runs out, and the timer is taken again. Running a timer twice is
harmless anyway: the service checks that the table still waits on that turn
(``run_timer``), under the table's lock, so the late one does nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from chatbot.storage import Repository

log = logging.getLogger(__name__)

OVERDUE = 2.0  # seconds past its deadline before a timer counts as orphaned
CLAIM_SECONDS = 20.0
SWEEP_EVERY = 1.0

Fire = Callable[[int, int], Awaitable[None]]


def claimed(repo: Repository, fire: Fire) -> Fire:
    """``fire`` for the worker that claims the turn; the others do nothing."""
    async def run(table_id: int, seq: int) -> None:
        if await repo.claim_timer(table_id, seq, CLAIM_SECONDS):
            await fire(table_id, seq)
    return run


async def sweep(repo: Repository, fire: Fire, stop: asyncio.Event) -> None:
    """Run the orphaned deadlines until ``stop`` is set (each in its own task)."""
    running: set[asyncio.Task[None]] = set()
    while not stop.is_set():
        try:
            due = await repo.claim_due_timers(overdue=OVERDUE, seconds=CLAIM_SECONDS)
        except Exception:  # the database is away: try again at the next sweep
            log.warning("sweeping the turn deadlines failed", exc_info=True)
            due = []
        for deadline in due:
            log.info("table %s: running turn %s's deadline left by another worker",
                     deadline.table_id, deadline.turn_seq)
            task = asyncio.create_task(_fire(fire, deadline.table_id, deadline.turn_seq))
            running.add(task)
            task.add_done_callback(running.discard)
        with_timeout = asyncio.create_task(stop.wait())
        await asyncio.wait({with_timeout}, timeout=SWEEP_EVERY)
        with_timeout.cancel()
    await asyncio.gather(*running, return_exceptions=True)


async def _fire(fire: Fire, table_id: int, seq: int) -> None:
    try:
        await fire(table_id, seq)
    except Exception:  # a timer must never die silently with the game stuck
        log.exception("timer of table %s failed", table_id)
