"""An update's effect is recorded with the save it caused, and a repeat saves nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from chatbot.storage import AlreadyApplied, Repository
from chatbot.storage.sqltypes import utcnow

BOT = 123456789


async def _table(repo: Repository):
    return await repo.create_table(chat_id=-100, creator_id=1, variant="paulista",
                                   state="lobby", game={"n": 0})


async def test_the_update_is_recorded_in_the_same_transaction_as_the_save(
        repository: Repository) -> None:
    table = await _table(repository)
    assert not await repository.update_applied((BOT, 7))
    saved = await repository.save_with_events(replace(table, game={"n": 1}), table.version,
                                              [("Moved", {"n": 1})], applied=(BOT, 7))
    assert await repository.update_applied((BOT, 7))
    assert not await repository.update_applied((BOT, 8))
    assert not await repository.update_applied((BOT + 1, 7))  # another bot's update 7

    with pytest.raises(AlreadyApplied):
        await repository.save_with_events(replace(saved, game={"n": 2}), saved.version,
                                          [("Moved", {"n": 2})], applied=(BOT, 7))
    stored = await repository.get_table(table.id)
    assert stored is not None
    assert (stored.version, stored.game) == (saved.version, {"n": 1})  # the repeat undone
    assert [e.kind for e in await repository.list_events(table.id)] == ["Moved"]


async def test_a_failed_save_records_no_update(repository: Repository) -> None:
    """A stale save rolls back the record too: the update may be judged again."""
    table = await _table(repository)
    await repository.save(table, table.version)
    with pytest.raises(Exception, match="expected version"):
        await repository.save_with_events(table, table.version, [], applied=(BOT, 9))
    assert not await repository.update_applied((BOT, 9))


async def test_old_records_are_forgotten(repository: Repository) -> None:
    table = await _table(repository)
    await repository.save_with_events(table, table.version, [], applied=(BOT, 1))
    assert await repository.forget_applied(utcnow() - timedelta(days=1)) == 0
    assert await repository.update_applied((BOT, 1))
    assert await repository.forget_applied(utcnow() + timedelta(seconds=1)) == 1
    assert not await repository.update_applied((BOT, 1))
