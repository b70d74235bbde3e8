"""Every records test runs on SQLite and on PostgreSQL (see tests/dbfixtures.py)."""

from tests.dbfixtures import (
    db_backend,
    db_engine,
    empty_db_url,
    migrated_db_url,
    recording_repo,
    repository,
)

__all__ = ["db_backend", "db_engine", "empty_db_url", "migrated_db_url", "recording_repo",
           "repository"]
