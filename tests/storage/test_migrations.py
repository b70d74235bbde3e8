"""The migrations build exactly the schema the models describe, on both backends."""

from __future__ import annotations

import asyncio
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import BigInteger, Integer, MetaData, inspect
from sqlalchemy.engine import URL, Connection
from sqlalchemy.pool import NullPool

from chatbot.storage.database import make_engine
from chatbot.storage.migrate import current_revision, downgrade_to, head_revision, upgrade_to_head
from chatbot.storage.models import metadata


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
