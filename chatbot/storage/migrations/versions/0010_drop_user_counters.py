"""Users lose ``games_played``, ``games_won`` and ``hands_won``: the players' records
(``player_stats``, counted from the game logs by 0008 and 0009) are the one count.

The three columns were a first count of every game a user finished, kept beside
the records since; nothing reads them any more. Down again they come back filled
from the records (games, wins and hands won summed over every game and format), so
an older version of the bot finds the counts it kept.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06

Stands alone like 0001: only ``sqlalchemy`` types, nothing from the application.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# the column and the records' counter it sums on the way down
COUNTERS = {"games_played": "games", "games_won": "wins", "hands_won": "hands_won"}


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:  # SQLite rebuilds the table
        for column in COUNTERS:
            batch.drop_column(column)


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        for column in COUNTERS:
            batch.add_column(sa.Column(column, sa.Integer(), nullable=False,
                                       server_default="0"))
    for column, counter in COUNTERS.items():
        op.execute(sa.text(
            f"UPDATE users SET {column} = (SELECT COALESCE(SUM(value), 0) FROM player_stats "
            f"WHERE player_stats.user_id = users.id AND player_stats.name = '{counter}')"))
