"""Players' records: statistics, streaks, ratings and who plays in which group.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06

The tables use only ``sqlalchemy`` types (``player_ratings`` through the frozen
``migrations/shapes.py``). The records of the games already in the event logs are
back-filled once the records' newest table exists, by 0009: a back-fill runs the
application's rebuild, which writes every records table of the current code, so it
can only run after the last of them is created.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from chatbot.storage.migrations import shapes

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_stats",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("variant", sa.String(), nullable=False),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("opponents", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("value", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "variant", "format", "opponents", "name",
                                name=op.f("pk_player_stats")),
    )
    op.create_table(
        "player_profiles",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("streak", sa.Integer(), nullable=False),
        sa.Column("best_streak", sa.Integer(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.Column("username", sa.String(), nullable=True),
        sa.Column("blocked_since", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_player_profiles")),
    )
    op.create_index(op.f("ix_player_profiles_username"), "player_profiles", ["username"])
    shapes.create_rating_table("player_ratings")
    op.create_table(
        "rated_opponents",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("family", sa.String(), nullable=False),
        sa.Column("opponent_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.PrimaryKeyConstraint("user_id", "family", "opponent_id",
                                name=op.f("pk_rated_opponents")),
    )
    op.create_table(
        "chat_players",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("family", sa.String(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("chat_id", "user_id", "family", name=op.f("pk_chat_players")),
    )


def downgrade() -> None:
    for name in ("chat_players", "rated_opponents", "player_ratings", "player_profiles",
                 "player_stats"):
        op.drop_table(name)
