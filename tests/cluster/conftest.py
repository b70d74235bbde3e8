"""The cluster runs on PostgreSQL only (several processes share one database)."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.cluster.harness import RedisServer
from tests.dbfixtures import db_engine, migrated_db_url
from tests.fakebotapi.fixtures import fake_telegram

__all__ = ["db_engine", "fake_telegram", "migrated_db_url"]


@pytest.fixture(scope="session")
def db_backend() -> str:
    return "postgresql"


@pytest.fixture
async def redis_server(tmp_path: Path) -> AsyncIterator[RedisServer]:
    """A redis-server of the test's own, which the test may stop and restart (the
    machine's Redis is shared and is never restarted)."""
    server = RedisServer(tmp_path)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
