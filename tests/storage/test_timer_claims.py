"""Turn deadlines as rows any worker may claim: once per turn, again when a claim runs out."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from chatbot.storage import Repository
from chatbot.storage.sqltypes import utcnow

# Claims and overdue thresholds far longer than any test step, however slow the
# machine: a claim must not run out, nor a fresh deadline become overdue, mid-test.
HOLD = 3600.0
LONG_AGO = 2 * HOLD


async def _due_table(repo: Repository, chat_id: int, seconds_ago: float = LONG_AGO):
    table = await repo.create_table(chat_id=chat_id, creator_id=1, variant="paulista",
                                    state="hand_playing")
    due = replace(table, turn_seq=5, turn_deadline=utcnow() - timedelta(seconds=seconds_ago))
    return await repo.save(due, table.version)


async def test_a_turn_is_claimed_once_and_again_after_its_claim_runs_out(
        repository: Repository) -> None:
    table = await _due_table(repository, -1)
    assert await repository.claim_timer(table.id, 5, HOLD)
    assert not await repository.claim_timer(table.id, 5, HOLD)  # another worker: no
    assert not await repository.claim_timer(table.id, 4, HOLD)  # a turn long gone
    saved = await repository.save(replace(table, turn_seq=6), table.version)
    assert await repository.claim_timer(saved.id, 6, 0)  # the next turn is free again
    assert await repository.claim_timer(saved.id, 6, HOLD)  # a claim of 0 s has run out
    assert (await repository.get_table(table.id)).version == saved.version  # no game change


async def test_the_sweep_takes_overdue_unclaimed_deadlines_once(repository: Repository) -> None:
    old = await _due_table(repository, -1)
    claimed = await _due_table(repository, -2)
    recent = await _due_table(repository, -3, seconds_ago=0)
    assert await repository.claim_timer(claimed.id, 5, HOLD)
    first, second = await asyncio.gather(
        repository.claim_due_timers(overdue=HOLD, seconds=HOLD),
        repository.claim_due_timers(overdue=HOLD, seconds=HOLD))
    assert [d.table_id for d in first + second] == [old.id]  # once, by one of the sweeps
    assert recent.id not in [d.table_id for d in first + second]
    assert await repository.claim_due_timers(overdue=HOLD, seconds=HOLD) == []
