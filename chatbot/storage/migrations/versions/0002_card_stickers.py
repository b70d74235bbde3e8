"""Card stickers: which Telegram sticker shows which card picture, per deck.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "card_stickers",
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("picture", sa.String(), nullable=False),
        sa.Column("set_name", sa.String(), nullable=False),
        sa.Column("version", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("file_id", sa.String(), nullable=False),
        sa.Column("file_unique_id", sa.String(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("deck", "picture", name=op.f("pk_card_stickers")),
    )


def downgrade() -> None:
    op.drop_table("card_stickers")
