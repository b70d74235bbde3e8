"""Running the Alembic migrations from code, without an alembic.ini.

The bot calls ``await upgrade_to_head(url)`` at start-up, so a fresh database
and an old one both end up on the current schema. Developers use the small
command line below (``python -m chatbot.storage.migrate --help``) to write the
next migration.

Two processes starting at once must not both migrate: on PostgreSQL the
migration takes a transaction-scoped advisory lock, on SQLite the write lock
(BEGIN IMMEDIATE). Either way the whole upgrade is one transaction.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import NullPool

from chatbot.storage.database import DEFAULT_URL, make_engine, write

MIGRATIONS = Path(__file__).with_name("migrations")

# Any constant shared by every process of this bot; "truc" in ASCII.
_ADVISORY_LOCK_KEY = 0x74727563
# Seconds a process starting on an SQLite file waits for another one's migration.
SQLITE_MIGRATION_WAIT = 300.0

Target = str | URL | AsyncEngine


def alembic_config() -> Config:
    """An Alembic config pointing at the packaged migrations."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str | None:
    """The newest migration in the package."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


async def upgrade_to_head(target: Target) -> None:
    """Bring the database at ``target`` (a URL or an engine) to the newest schema."""
    await _run(target, lambda config: command.upgrade(config, "head"))


async def downgrade_to(target: Target, revision: str) -> None:
    """Undo migrations down to ``revision`` ("base" empties the database)."""
    await _run(target, lambda config: command.downgrade(config, revision))


async def current_revision(target: Target) -> str | None:
    """The revision the database is at, or None for a database never migrated."""
    found: list[str | None] = []

    def read(config: Config) -> None:
        connection = config.attributes["connection"]
        found.append(MigrationContext.configure(connection).get_current_revision())

    await _run(target, read)
    return found[0]


async def _run(target: Target, action: Callable[[Config], None]) -> None:
    if isinstance(target, AsyncEngine):
        engine, owned = target, False
    else:
        engine, owned = make_engine(target, poolclass=NullPool), True
    try:
        deadline = time.monotonic() + SQLITE_MIGRATION_WAIT
        while True:
            try:
                async with write(engine) as conn:
                    await conn.run_sync(_locked, action)
                return
            except OperationalError as exc:
                # another process holds SQLite's write lock for longer than the busy
                # timeout (it is migrating a fresh file on a slow machine): wait for it,
                # as PostgreSQL's advisory lock waits; nothing was done under our
                # BEGIN IMMEDIATE, so trying again is safe
                if (engine.dialect.name != "sqlite" or "locked" not in str(exc)
                        or time.monotonic() > deadline):
                    raise
                await asyncio.sleep(0.5)
    finally:
        if owned:
            await engine.dispose()


def _locked(connection: Connection, action: Callable[[Config], None]) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ADVISORY_LOCK_KEY})
    config = alembic_config()
    config.attributes["connection"] = connection
    action(config)


def _next_rev_id(config: Config) -> str:
    return f"{len(list(ScriptDirectory.from_config(config).walk_revisions())) + 1:04d}"


def main(argv: list[str] | None = None) -> None:
    """Command line for developers: upgrade, show the revision, or autogenerate one."""
    parser = argparse.ArgumentParser(prog="python -m chatbot.storage.migrate")
    parser.add_argument("--url", default=DEFAULT_URL, help="database URL (default: %(default)s)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("upgrade", help="migrate the database to the newest schema")
    sub.add_parser("current", help="print the database's revision")
    revision = sub.add_parser(
        "revision", help="autogenerate a migration from the models (database must be at head)"
    )
    revision.add_argument("-m", "--message", required=True)
    args = parser.parse_args(argv)

    if args.command == "upgrade":
        asyncio.run(upgrade_to_head(args.url))
    elif args.command == "current":
        print(asyncio.run(current_revision(args.url)))
    else:

        def autogenerate(config: Config) -> None:
            command.revision(
                config, message=args.message, autogenerate=True, rev_id=_next_rev_id(config)
            )

        asyncio.run(_run(args.url, autogenerate))


if __name__ == "__main__":
    main()
