"""Timer claims: which turn's deadline a worker is running, and until when.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
Batch mode, so that SQLite (which cannot drop a column in place) downgrades too.
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
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("timer_claim_seq", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("timer_claimed_until", sa.DateTime(timezone=True),
                                   nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("timer_claimed_until")
        batch.drop_column("timer_claim_seq")
