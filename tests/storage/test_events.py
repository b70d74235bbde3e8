"""The event log: gapless per-table numbering, order, and atomicity with saves."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from sqlalchemy.exc import StatementError

from chatbot.storage.errors import StaleVersion
from chatbot.storage.records import TableRecord
from chatbot.storage.repository import Repository


async def new_table(repo: Repository, chat_id: int = -1001234567890) -> TableRecord:
    return await repo.create_table(chat_id=chat_id, creator_id=1, variant="put", state="lobby")


async def test_events_get_consecutive_seqs_and_come_back_in_order(repository: Repository) -> None:
    table = await new_table(repository)
    table = await repository.save_with_events(
        replace(table, state="dealing"),
        table.version,
        [("HandStarted", {"number": 1}), ("CardsDealt", {"seat": 0, "cards": ["4C", "7H"]})],
    )
    table = await repository.save_with_events(
        replace(table, state="playing"), table.version, [("CardPlayed", {"seat": 0, "card": "4C"})]
    )
    log = await repository.list_events(table.id)
    assert [(e.seq, e.kind) for e in log] == [
        (1, "HandStarted"),
        (2, "CardsDealt"),
        (3, "CardPlayed"),
    ]
    assert log[1].payload == {"seat": 0, "cards": ["4C", "7H"]}
    assert all(e.table_id == table.id and e.created_at.tzinfo is not None for e in log)
    assert [e.seq for e in await repository.list_events(table.id, after_seq=1)] == [2, 3]
    assert table.version == 3


async def test_each_table_counts_its_own_events(repository: Repository) -> None:
    a = await new_table(repository, chat_id=-1)
    b = await new_table(repository, chat_id=-2)
    await repository.save_with_events(a, 1, [("X", {}), ("Y", {})])
    await repository.save_with_events(b, 1, [("Z", {})])
    assert [e.seq for e in await repository.list_events(a.id)] == [1, 2]
    assert [(e.seq, e.kind) for e in await repository.list_events(b.id)] == [(1, "Z")]


async def test_a_stale_save_writes_no_events(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.save_with_events(table, table.version, [("First", {"n": 1})])
    with pytest.raises(StaleVersion):
        await repository.save_with_events(
            replace(table, state="late"), table.version, [("Late", {"n": 2})]
        )
    assert [e.kind for e in await repository.list_events(table.id)] == ["First"]
    stored = await repository.get_table(table.id)
    assert stored is not None
    assert stored.state == "lobby"


async def test_an_event_that_cannot_be_stored_undoes_the_save(repository: Repository) -> None:
    table = await new_table(repository)
    with pytest.raises(StatementError, match="serializable"):
        await repository.save_with_events(
            replace(table, state="broken"), table.version, [("Bad", {"x": object()})]
        )
    assert await repository.get_table(table.id) == table
    assert await repository.list_events(table.id) == []


async def test_concurrent_saves_log_only_the_winners_events(repository: Repository) -> None:
    table = await new_table(repository)
    results = await asyncio.gather(
        *(
            repository.save_with_events(
                replace(table, state=f"s{i}"), table.version, [(f"E{i}", {}), (f"F{i}", {})]
            )
            for i in range(4)
        ),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, TableRecord)]
    assert len(winners) == 1
    assert sum(isinstance(r, StaleVersion) for r in results) == 3
    i = winners[0].state.removeprefix("s")
    log = await repository.list_events(table.id)
    assert [(e.seq, e.kind) for e in log] == [(1, f"E{i}"), (2, f"F{i}")]
