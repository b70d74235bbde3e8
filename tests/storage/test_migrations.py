"""The migrations build exactly the schema the models describe, on both backends."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import BigInteger, Integer, MetaData, inspect, text
from sqlalchemy.engine import URL, Connection
from sqlalchemy.pool import NullPool

from chatbot.storage.database import make_engine
from chatbot.storage.errors import SeatTaken
from chatbot.storage.migrate import current_revision, downgrade_to, head_revision, upgrade_to_head
from chatbot.storage.models import metadata
from chatbot.storage.records import SeatRecord
from chatbot.storage.repository import Repository


async def schema_diff(url: URL, target: MetaData) -> list[Any]:
    def compare(connection: Connection) -> list[Any]:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, target))

    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(compare)
    finally:
        await engine.dispose()


async def table_names(url: URL) -> set[str]:
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return set(await conn.run_sync(lambda c: inspect(c).get_table_names()))
    finally:
        await engine.dispose()


async def test_migrated_schema_matches_the_models(empty_db_url: URL) -> None:
    await upgrade_to_head(empty_db_url)
    assert await schema_diff(empty_db_url, metadata) == []


async def test_the_comparison_would_notice_a_32_bit_chat_id(empty_db_url: URL) -> None:
    """Guards the test above against comparing nothing."""
    await upgrade_to_head(empty_db_url)
    altered = MetaData()
    for table in metadata.tables.values():
        table.to_metadata(altered)
    chat_id = altered.tables["tables"].c.chat_id
    assert isinstance(chat_id.type, BigInteger)
    chat_id.type = Integer()
    diff = await schema_diff(empty_db_url, altered)
    assert any("chat_id" in repr(entry) for entry in diff), diff


async def test_upgrade_records_the_head_and_is_idempotent(empty_db_url: URL) -> None:
    assert await current_revision(empty_db_url) is None
    await upgrade_to_head(empty_db_url)
    await upgrade_to_head(empty_db_url)
    assert await current_revision(empty_db_url) == head_revision()
    assert set(metadata.tables) <= await table_names(empty_db_url)


async def test_processes_starting_together_migrate_once(empty_db_url: URL) -> None:
    """Two bot processes may start at once; the second waits, then finds nothing to do."""
    await asyncio.gather(*(upgrade_to_head(empty_db_url) for _ in range(3)))
    assert await current_revision(empty_db_url) == head_revision()
    assert await schema_diff(empty_db_url, metadata) == []


async def test_downgrade_to_base_then_upgrade_again(empty_db_url: URL) -> None:
    await upgrade_to_head(empty_db_url)
    await downgrade_to(empty_db_url, "base")
    assert await table_names(empty_db_url) <= {"alembic_version"}
    assert await current_revision(empty_db_url) is None
    await upgrade_to_head(empty_db_url)
    assert await schema_diff(empty_db_url, metadata) == []


async def seat_columns(url: URL) -> list[str]:
    engine = make_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(
                lambda c: [col["name"] for col in inspect(c).get_columns("seats")])
    finally:
        await engine.dispose()


async def test_0003_drops_the_seats_unwritten_timeouts_and_keeps_every_seat(
        empty_db_url: URL) -> None:
    """Down to 0002 the column comes back (every row 0, the only value it ever held),
    up again it goes, and the seats and their one-seat-per-user rule survive both."""
    await upgrade_to_head(empty_db_url)
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        repo = Repository(engine)
        table = await repo.create_table(chat_id=-100, creator_id=1, variant="paulista",
                                        state="lobby")
        sat = [SeatRecord(table.id, 0, "Ana", user_id=10),
               SeatRecord(table.id, 1, "Bot", is_bot=True, bot_level="hard")]
        table = await repo.save_with_events(table, table.version, [], sat)
        assert "timeouts" not in await seat_columns(empty_db_url)

        await downgrade_to(empty_db_url, "0002")
        assert "timeouts" in await seat_columns(empty_db_url)
        async with engine.connect() as conn:
            rows = (await conn.execute(text(
                "SELECT seat, name, timeouts FROM seats ORDER BY seat"))).all()
        assert [tuple(r) for r in rows] == [(0, "Ana", 0), (1, "Bot", 0)]

        await upgrade_to_head(empty_db_url)
        assert await schema_diff(empty_db_url, metadata) == []
        assert await repo.get_seats(table.id) == sat
        with pytest.raises(SeatTaken):  # the unique (table, user) survived the rebuild
            await repo.save_with_events(table, table.version, [],
                                        [*sat, SeatRecord(table.id, 2, "Ana", user_id=10)])
    finally:
        await engine.dispose()
