"""Paused tables: when the bot was removed from a table's group.

A table whose group removed the bot waits (no timers, no moves, no posts) until
the bot is added back, or closes a day later; ``paused_at`` keeps that state
across a restart and tells the closing deadline from a turn's.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("paused_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE, never a batch copy (see 0005): rebuilding ``tables`` on SQLite
    # would delete every seat and event of it through the foreign keys.
    if op.get_bind().dialect.name == "sqlite":  # SQLite 3.35+ drops a plain column
        op.execute("ALTER TABLE tables DROP COLUMN paused_at")
    else:
        op.drop_column("tables", "paused_at")
