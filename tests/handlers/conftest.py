import logging
from collections.abc import Iterator

import pytest

from tests.dbfixtures import db_backend, db_engine, migrated_db_url
from tests.fakebotapi.fixtures import fake_telegram

__all__ = ["db_backend", "db_engine", "fake_telegram", "migrated_db_url"]


@pytest.fixture
def no_tracebacks(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The test fails if anything logged an error (with or without a traceback)."""
    caplog.set_level(logging.INFO)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert bad == [], [r.getMessage() for r in bad]
