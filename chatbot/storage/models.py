"""The database schema, as SQLModel tables.

These classes describe rows; they are not the game. The repository reads and
writes them with explicit SQL statements and hands out frozen records
(``records.py``), so no row object ever travels into the state machine.

Every column that may hold a Telegram id is a BigInteger: supergroup ids such
as -1001234567890 overflow a 32-bit INTEGER on PostgreSQL (SQLite would not
notice). JSON columns are always written whole: SQLAlchemy does not see a dict
mutated in place. Strings have no length limit: SQLite ignores VARCHAR(n), so a
limit would only ever fire in production on PostgreSQL.

Changing anything here needs a new migration in ``migrations/versions``; the
test suite fails while the two disagree.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Index,
    Integer,
    MetaData,
    Table,
    UniqueConstraint,
    text,
)
from sqlmodel import Field, SQLModel

from chatbot.storage.sqltypes import UTCDateTime, utcnow

# Named constraints: SQLite can only drop or alter a constraint that has a name
# (Alembic's batch mode rebuilds the table by name), so name them all up front.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Our own MetaData rather than SQLModel's process-wide default, so that a model
# declared anywhere else can never leak into our migrations.
metadata = MetaData(naming_convention=NAMING_CONVENTION)

# A 64-bit autoincrement key. SQLite only autoincrements "INTEGER PRIMARY KEY"
# (which is 64-bit there anyway), so it gets the plain INTEGER spelling.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class StorageModel(SQLModel):
    """Base of every table: binds them to ``metadata``."""

    metadata: ClassVar[MetaData] = metadata


class GameTable(StorageModel, table=True):
    """One game at one chat: the state machine's state plus the serialized game.

    ``version`` is the optimistic lock: every write bumps it and a write that
    expected another value is refused. At most one table per chat is active,
    enforced by a partial unique index so that two simultaneous "new game"
    commands cannot both win.
    """

    __tablename__ = "tables"
    __table_args__ = (
        Index(
            "uq_tables_active_chat",
            "chat_id",
            unique=True,
            sqlite_where=text("active"),
            postgresql_where=text("active"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    chat_id: int = Field(sa_type=BigInteger, index=True)
    code: str = Field(unique=True)
    variant: str
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    state: str
    game: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    version: int = 1
    turn_seq: int = 0
    turn_deadline: datetime | None = Field(default=None, sa_type=UTCDateTime, index=True)
    message_id: int | None = Field(default=None, sa_type=BigInteger)
    creator_id: int = Field(sa_type=BigInteger)
    language: str | None = None
    active: bool = Field(default=True, index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    # Several workers: the turn whose deadline a worker is running, and until when its
    # claim holds (a dead worker's claim runs out and another worker fires the timer).
    # Not versioned: claiming a deadline changes no game.
    timer_claim_seq: int | None = None
    timer_claimed_until: datetime | None = Field(default=None, sa_type=UTCDateTime)
    # When the bot was removed from the table's group (None: it is there): the table
    # waits, its deadline is the moment it closes (chatbot/handlers/telegram/chat_lifecycle.py).
    paused_at: datetime | None = Field(default=None, sa_type=UTCDateTime)


class Seat(StorageModel, table=True):
    """Who sits where. ``user_id`` None is a bot; a user sits once per table.

    ``name`` is the name shown at the table when the seat was taken, so a game
    reads the same even if the user renames themselves mid-game.
    """

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "user_id"),)

    table_id: int = Field(foreign_key="tables.id", ondelete="CASCADE", primary_key=True)
    seat: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    user_id: int | None = Field(default=None, sa_type=BigInteger)
    name: str
    is_bot: bool = False
    bot_level: str | None = None


class User(StorageModel, table=True):
    """A Telegram user: their name and preferences. Their statistics are the players'
    records (``player_stats`` and the tables beside it), counted from the game logs."""

    __tablename__ = "users"

    id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    name: str
    language: str | None = None
    telegram_language: str | None = None
    started_private: bool = False


class Chat(StorageModel, table=True):
    """A Telegram chat (group or private): its language and settings."""

    __tablename__ = "chats"

    id: int = Field(sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False})
    language: str | None = None
    settings: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)


class GameEvent(StorageModel, table=True):
    """The append-only log of a table: enough to replay or audit a game.

    ``seq`` counts from 1 per table. The unique (table_id, seq) constraint is
    also the index that serves "events of a table in order", so table_id gets
    no index of its own.
    """

    __tablename__ = "game_events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True, sa_type=BigId)
    table_id: int = Field(foreign_key="tables.id", ondelete="CASCADE")
    seq: int
    kind: str
    payload: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class Series(StorageModel, table=True):
    """The running score between the same two teams in one chat.

    ``key`` is canonical (see ``records.series_key``): ``wins_a`` belongs to
    the team written first in it, whichever side they sat on.
    """

    __tablename__ = "series"

    chat_id: int = Field(
        sa_type=BigInteger, primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    key: str = Field(primary_key=True)
    wins_a: int = 0
    wins_b: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class CardSticker(StorageModel, table=True):
    """One card picture uploaded to Telegram as a sticker of the bot's set for a deck.

    ``version`` is the deck's version in the shipped manifest when the set was
    built (chatbot/cards/images/manifest.json): a different one means the
    drawing changed and the set is rebuilt under a new name. ``picture`` is the
    picture's name (``french/7H``, ``french/7H-manilha``, ``back``), which is
    how a file id maps back to its card.
    """

    __tablename__ = "card_stickers"

    deck: str = Field(primary_key=True)
    picture: str = Field(primary_key=True)
    set_name: str
    version: str
    position: int
    file_id: str
    file_unique_id: str
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class AppliedUpdate(StorageModel, table=True):
    """A Telegram update whose effect is saved: written in the same transaction as the
    save it caused, so an update delivered twice (a worker died after saving but before
    acknowledging it, Telegram sent it again) changes the game once.

    Keyed by the bot as well: update ids are counted per bot, and a database may
    outlive a token. Rows older than Telegram keeps an update (24 hours) are pruned.
    """

    __tablename__ = "applied_updates"

    bot_id: int = Field(sa_type=BigInteger, primary_key=True,
                        sa_column_kwargs={"autoincrement": False})
    update_id: int = Field(sa_type=BigInteger, primary_key=True,
                           sa_column_kwargs={"autoincrement": False})
    table_id: int | None = None
    applied_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime, index=True)


class CardPhoto(StorageModel, table=True):
    """One card picture uploaded to Telegram as a photo, for a deck.

    A chosen inline result's post can only be edited into a photo Telegram
    already holds (no upload into an inline message), so every picture a deck's
    moves show is uploaded once and its id kept; ``version`` is the deck's
    version in the shipped manifest then (a new drawing is uploaded again).
    """

    __tablename__ = "card_photos"

    deck: str = Field(primary_key=True)
    picture: str = Field(primary_key=True)
    version: str
    file_id: str
    file_unique_id: str
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class PlayerStat(StorageModel, table=True):
    """One counter of a player's statistics (``chatbot/stats/derive.py`` names them),
    per variant, format (``1v1``, ``2v2``) and opponents (``people`` or ``bots``).

    A row per counter rather than a column each: a new statistic needs no migration,
    and adding to one is an upsert of ``value + n`` that concurrent games add up.
    """

    __tablename__ = "player_stats"

    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    variant: str = Field(primary_key=True)
    format: str = Field(primary_key=True)
    opponents: str = Field(primary_key=True)
    name: str = Field(primary_key=True)
    value: int = 0


class PlayerProfile(StorageModel, table=True):
    """What a player's records keep beside the counters: the winning streak, whether
    they appear on leaderboards (``/privacy``), their Telegram @username as last
    seen (how ``/stats @username`` finds them), and since when they block the bot."""

    __tablename__ = "player_profiles"

    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    streak: int = 0
    best_streak: int = 0
    hidden: bool = False
    username: str | None = Field(default=None, index=True)
    # when they blocked the bot (Telegram's my_chat_member "kicked" in their private
    # chat); 30 days later they are forgotten as by /forget (forgetting.py)
    blocked_since: datetime | None = Field(default=None, sa_type=UTCDateTime)


class PlayerRating(StorageModel, table=True):
    """A person's skill rating in one variant family (openskill's mu and sigma)."""

    __tablename__ = "player_ratings"

    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    family: str = Field(primary_key=True)
    mu: float
    sigma: float
    games: int = 0


class BotTableRating(StorageModel, table=True):
    """A person's rating in one family from the games with bots at the table, kept
    apart from ``player_ratings`` (games between people): each bot level has a fixed
    rating there (``chatbot/stats/ratings.py``), so these games move the person only."""

    __tablename__ = "bot_table_ratings"

    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    family: str = Field(primary_key=True)
    mu: float
    sigma: float
    games: int = 0


class RatedOpponent(StorageModel, table=True):
    """A person someone has played a rated game against: the leaderboard asks for
    several different ones."""

    __tablename__ = "rated_opponents"

    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    family: str = Field(primary_key=True)
    opponent_id: int = Field(sa_type=BigInteger, primary_key=True,
                             sa_column_kwargs={"autoincrement": False})


class ChatPlayer(StorageModel, table=True):
    """Who played rated games in a chat: the people a group's leaderboard lists."""

    __tablename__ = "chat_players"

    chat_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    user_id: int = Field(sa_type=BigInteger, primary_key=True,
                         sa_column_kwargs={"autoincrement": False})
    family: str = Field(primary_key=True)
    games: int = 0


def table_of(model: type[SQLModel]) -> Table:
    """The Core table behind a model, typed for statement building."""
    # SQLAlchemy sets __table__ on a table model; SQLModel declares no such attribute
    table = model.__table__  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


tables = table_of(GameTable)
seats = table_of(Seat)
users = table_of(User)
chats = table_of(Chat)
game_events = table_of(GameEvent)
series = table_of(Series)
card_stickers = table_of(CardSticker)
applied_updates = table_of(AppliedUpdate)
card_photos = table_of(CardPhoto)
player_stats = table_of(PlayerStat)
player_profiles = table_of(PlayerProfile)
player_ratings = table_of(PlayerRating)
bot_table_ratings = table_of(BotTableRating)
rated_opponents = table_of(RatedOpponent)
chat_players = table_of(ChatPlayer)
