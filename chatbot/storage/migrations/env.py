"""Alembic environment: runs on the connection that ``chatbot.storage.migrate`` lends it.

The caller owns the engine and the transaction (an async engine driven through
``AsyncConnection.run_sync``), so this file never creates engines or reads an
ini file. Offline mode (``--sql``) renders SQL for the URL in the config.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import String
from sqlalchemy.engine import Connection
from sqlmodel.sql.sqltypes import AutoString

from chatbot.storage.models import metadata
from chatbot.storage.sqltypes import UTCDateTime

config = context.config


def render_item(kind: str, obj: Any, _context: AutogenContext) -> str | Literal[False]:
    """Write plain SQLAlchemy types into generated migrations.

    A migration must keep doing the same thing after the models change, so it
    should not import application types (UTCDateTime, SQLModel's AutoString)
    whose storage is plain DATETIME / VARCHAR anyway.
    """
    if kind == "type":
        if isinstance(obj, UTCDateTime):
            return "sa.DateTime(timezone=True)"
        if isinstance(obj, AutoString):
            # an instance holds a String instance where the class names String itself
            length = cast(String, obj.impl).length
            return f"sa.String(length={length})" if length else "sa.String()"
    return False


def _configure(**kwargs: Any) -> None:
    context.configure(
        target_metadata=metadata,
        compare_type=True,
        render_item=render_item,
        # SQLite alters a table by rebuilding it; batch mode writes migrations
        # that do so, and they still run as plain ALTERs on PostgreSQL.
        render_as_batch=True,
        **kwargs,
    )


def run_offline() -> None:
    _configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online(connection: Connection) -> None:
    _configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    lent = config.attributes.get("connection")
    if not isinstance(lent, Connection):
        raise RuntimeError("run migrations through chatbot.storage.migrate")
    run_online(lent)
