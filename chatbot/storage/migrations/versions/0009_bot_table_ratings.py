"""Ratings from games with bots at the table, apart; the records' back-fill.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06

The table has the shape of 0008's ``player_ratings`` (the frozen
``migrations/shapes.py``). The back-fill is the one exception to the migrations
standing alone: it counts the games already in the event logs with the
application's own rebuild (``chatbot/stats/records.py``), the same code that counts
a game live, so a database upgraded with games in it (from before the
records, or with the records of 0008) starts with the records a rebuild would give.
The rebuild writes every records table, so it runs here, after the last one is made.
A back-fill may import the layer it fills for: Alembic loads this script by its
path, the storage package never imports it (``tests/test_layers.py`` names the
scripts' imports apart from the package's).
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

from chatbot.storage.migrations import shapes

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    shapes.create_rating_table("bot_table_ratings")
    from chatbot.stats.records import rebuild  # the back-fill: see above

    rebuild(op.get_bind())


def downgrade() -> None:
    op.drop_table("bot_table_ratings")
