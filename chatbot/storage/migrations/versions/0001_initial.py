"""Initial schema: tables, seats, users, chats, game events, series.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

Written to stand alone: only ``sqlalchemy`` types, nothing imported from the
application, so later changes to the models cannot change what this step does.
Telegram ids are BIGINT; datetimes are timezone-aware (the application stores
UTC).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("variant", sa.String(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("state", sa.String(), nullable=False),
        sa.Column("game", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("turn_seq", sa.Integer(), nullable=False),
        sa.Column("turn_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("creator_id", sa.BigInteger(), nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
        sa.UniqueConstraint("code", name=op.f("uq_tables_code")),
    )
    op.create_index(op.f("ix_tables_chat_id"), "tables", ["chat_id"])
    op.create_index(op.f("ix_tables_active"), "tables", ["active"])
    op.create_index(op.f("ix_tables_turn_deadline"), "tables", ["turn_deadline"])
    # At most one active table per chat.
    op.create_index(
        "uq_tables_active_chat",
        "tables",
        ["chat_id"],
        unique=True,
        sqlite_where=sa.text("active"),
        postgresql_where=sa.text("active"),
    )

    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("bot_level", sa.String(), nullable=True),
        sa.Column("timeouts", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_seats_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
        sa.UniqueConstraint("table_id", "user_id", name=op.f("uq_seats_table_id_user_id")),
    )

    op.create_table(
        "game_events",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name=op.f("fk_game_events_table_id_tables"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_events")),
        sa.UniqueConstraint("table_id", "seq", name=op.f("uq_game_events_table_id_seq")),
    )

    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("telegram_language", sa.String(), nullable=True),
        sa.Column("started_private", sa.Boolean(), nullable=False),
        sa.Column("games_played", sa.Integer(), nullable=False),
        sa.Column("games_won", sa.Integer(), nullable=False),
        sa.Column("hands_won", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    )

    op.create_table(
        "chats",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chats")),
    )

    op.create_table(
        "series",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("wins_a", sa.Integer(), nullable=False),
        sa.Column("wins_b", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("chat_id", "key", name=op.f("pk_series")),
    )


def downgrade() -> None:
    op.drop_table("series")
    op.drop_table("chats")
    op.drop_table("users")
    op.drop_table("game_events")
    op.drop_table("seats")
    op.drop_index("uq_tables_active_chat", table_name="tables")
    op.drop_index(op.f("ix_tables_turn_deadline"), table_name="tables")
    op.drop_index(op.f("ix_tables_active"), table_name="tables")
    op.drop_index(op.f("ix_tables_chat_id"), table_name="tables")
    op.drop_table("tables")
