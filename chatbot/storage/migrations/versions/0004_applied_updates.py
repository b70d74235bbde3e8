"""Applied updates: the Telegram updates whose effect is saved, for exactly-once effect.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "applied_updates",
        sa.Column("bot_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("update_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.Column("applied_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("bot_id", "update_id", name=op.f("pk_applied_updates")),
    )
    op.create_index(op.f("ix_applied_updates_applied_at"), "applied_updates", ["applied_at"])


def downgrade() -> None:
    op.drop_index(op.f("ix_applied_updates_applied_at"), table_name="applied_updates")
    op.drop_table("applied_updates")
