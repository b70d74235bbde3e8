from tests.dbfixtures import db_backend, db_engine, migrated_db_url
from tests.fakebotapi.fixtures import fake_telegram

__all__ = ["db_backend", "db_engine", "fake_telegram", "migrated_db_url"]
