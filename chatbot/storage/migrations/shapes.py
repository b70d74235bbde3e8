"""Table shapes that more than one migration creates, written once.

A migration is history: what it creates must never change, so nothing here may be
edited once a revision uses it. A later revision that needs another shape adds a
function beside these. Like the scripts, this module uses only ``sqlalchemy`` and
``alembic``, nothing from the application, so a change to the models cannot change
what an old revision does.

* a card file table: ``card_stickers`` (0002) and ``card_photos`` (0006) both keep,
  for each picture of a deck, the file Telegram holds for it;
* a rating table: ``player_ratings`` (0008) and ``bot_table_ratings`` (0009) are one
  shape, a person's openskill rating in a variant family, counted apart.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op


def create_card_file_table(name: str, *own: sa.Column[Any]) -> None:
    """A table of the file Telegram holds for each picture of a deck.

    Keyed by the deck and the picture's name in it (``french/7H``, ``back``); the
    table's ``own`` columns come next, then the file's two ids and when they were
    stored.
    """
    op.create_table(
        name,
        sa.Column("deck", sa.String(), nullable=False),
        sa.Column("picture", sa.String(), nullable=False),
        *own,
        sa.Column("file_id", sa.String(), nullable=False),
        sa.Column("file_unique_id", sa.String(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("deck", "picture", name=op.f(f"pk_{name}")),
    )


def create_rating_table(name: str) -> None:
    """A person's rating (openskill's mu and sigma, and the games it counts) by family."""
    op.create_table(
        name,
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("family", sa.String(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "family", name=op.f(f"pk_{name}")),
    )
