"""Seats lose ``timeouts``: the count of a seat's time-outs lives in the game itself.

The machine counts a person's consecutive time-outs in the serialized table
(``SeatInfo.timeouts``, what hands the seat to a bot); the column beside it
was never written, so every row holds 0 and nothing is lost.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:  # SQLite rebuilds the table
        batch.drop_column("timeouts")


def downgrade() -> None:
    # The rows that exist get the value every row had: 0.
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("timeouts", sa.Integer(), nullable=False,
                                   server_default="0"))
