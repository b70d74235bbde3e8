"""Card stickers: which Telegram sticker shows which card picture, per deck.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

Stands alone like 0001: only ``sqlalchemy`` types and the frozen shapes of
``migrations/shapes.py``, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from chatbot.storage.migrations import shapes

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    shapes.create_card_file_table(
        "card_stickers",
        sa.Column("set_name", sa.String(), nullable=False),
        sa.Column("version", sa.String(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("card_stickers")
