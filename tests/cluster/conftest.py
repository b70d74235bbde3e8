"""The cluster runs on PostgreSQL only (several processes share one database)."""

import pytest

from tests.dbfixtures import db_engine, migrated_db_url
from tests.fakebotapi.fixtures import fake_telegram

__all__ = ["db_engine", "fake_telegram", "migrated_db_url"]


@pytest.fixture(scope="session")
def db_backend() -> str:
    return "postgresql"
