"""Timer claims: which turn's deadline a worker is running, and until when.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
Batch mode, so that SQLite (which cannot drop a column in place) downgrades too.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("timer_claim_seq", sa.Integer(), nullable=True))
    op.add_column("tables", sa.Column("timer_claimed_until", sa.DateTime(timezone=True),
                                      nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE, never a batch copy: on SQLite rebuilding ``tables`` would drop
    # the old one, and with foreign keys on that deletes every seat and event of it.
    for column in ("timer_claimed_until", "timer_claim_seq"):
        if op.get_bind().dialect.name == "sqlite":  # SQLite 3.35+ drops a plain column
            op.execute(f"ALTER TABLE tables DROP COLUMN {column}")
        else:
            op.drop_column("tables", column)
