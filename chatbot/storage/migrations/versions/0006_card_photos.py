"""Card photos: which Telegram photo shows which card picture, per deck.

An inline post can be edited into a photo only from a file Telegram already
holds, so the pictures are uploaded once as photos and their file ids kept here
(the stickers' ids in ``card_stickers`` are no photos).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02

Stands alone like 0001: only ``sqlalchemy`` types and the frozen shapes of
``migrations/shapes.py``, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from chatbot.storage.migrations import shapes

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    shapes.create_card_file_table("card_photos", sa.Column("version", sa.String(), nullable=False))


def downgrade() -> None:
    op.drop_table("card_photos")
