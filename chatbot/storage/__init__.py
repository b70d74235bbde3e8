"""Storage: tables, the event log and everything else the bot remembers.

SQLite by default, PostgreSQL through a URL; the same code and tests run on
both. Typical start-up and use::

    engine = make_engine(url)          # "sqlite:///truco.db", "postgresql://..."
    await upgrade_to_head(engine)      # Alembic migrations, no alembic.ini
    repo = Repository(engine, RECORDS_AT_GAME_END)  # chatbot.stats.records

    table = await repo.get_active_table(chat_id)
    ...                                # fsm: state + game dict -> events
    table = await repo.save_with_events(
        replace(table, state=new_state, game=new_game), table.version, events
    )                                  # StaleVersion: reload and retry

Modules, one job each: ``database`` (engines, SQLite settings, transactions),
``models`` (the schema), ``records`` (frozen snapshots handed to callers),
``repository`` (every query), ``runner`` (where the queries run: threads for
an SQLite file, ``run_sync`` otherwise; ended by ``engine.dispose()``),
``migrate`` (running Alembic), ``codes`` (game codes), ``sqltypes`` (UTC
datetimes), ``errors``; ``game_end`` (the hook a save that ends a game calls in
its transaction: the players' records, ``chatbot/stats/records.py``, handed in
by the composition root), ``forgetting`` (``/forget``), ``upserts`` (INSERT ...
ON CONFLICT for either dialect).
"""

from chatbot.storage.database import DEFAULT_URL, async_url, make_engine
from chatbot.storage.errors import (
    ActiveTableExists,
    AlreadyApplied,
    NotFound,
    SeatTaken,
    StaleVersion,
    StorageError,
)
from chatbot.storage.game_end import GameEndHook
from chatbot.storage.migrate import current_revision, head_revision, upgrade_to_head
from chatbot.storage.records import (
    ChatRecord,
    Deadline,
    EventRecord,
    PhotoDeckRecord,
    SeatRecord,
    SeriesRecord,
    StickerDeckRecord,
    TableRecord,
    UserRecord,
    series_key,
)
from chatbot.storage.repository import NewEvent, Repository, UpdateKey

__all__ = [
    "DEFAULT_URL",
    "ActiveTableExists",
    "AlreadyApplied",
    "ChatRecord",
    "Deadline",
    "EventRecord",
    "GameEndHook",
    "NewEvent",
    "NotFound",
    "PhotoDeckRecord",
    "Repository",
    "SeatRecord",
    "SeatTaken",
    "SeriesRecord",
    "StaleVersion",
    "StickerDeckRecord",
    "StorageError",
    "TableRecord",
    "UpdateKey",
    "UserRecord",
    "async_url",
    "current_revision",
    "head_revision",
    "make_engine",
    "series_key",
    "upgrade_to_head",
]
