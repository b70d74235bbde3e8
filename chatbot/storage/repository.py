"""Every read and write the bot makes, each one a short transaction.

Statements are explicit Core SQL over the SQLModel tables rather than ORM
unit-of-work: the version check has to be exactly one
``UPDATE ... WHERE id = ? AND version = ?``, counters are incremented in SQL
(``x = x + 1``) so that racing updates add up, and get-or-create is an upsert
so that two first messages from the same user cannot collide. Results come back
as frozen records (see ``records.py`` for why not rows).

Concurrency contract: ``save`` / ``save_with_events`` refuse with
``StaleVersion`` when someone saved the table since it was loaded; the caller
reloads and retries the action, or tells the user the button was stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Row,
    Select,
    Table,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage.codes import new_code, normalize_code
from chatbot.storage.errors import (
    ActiveTableExists,
    AlreadyApplied,
    NotFound,
    SeatTaken,
    StaleVersion,
    StorageError,
)
from chatbot.storage.game_end import GameEndHook
from chatbot.storage.models import (
    applied_updates,
    card_photos,
    card_stickers,
    chats,
    game_events,
    seats,
    series,
    tables,
    users,
)
from chatbot.storage.records import (
    ChatRecord,
    Deadline,
    EventRecord,
    Member,
    PhotoDeckRecord,
    SeatRecord,
    SeriesRecord,
    StickerDeckRecord,
    TableRecord,
    UserRecord,
    series_key,
)
from chatbot.storage.runner import Runner, runner_for
from chatbot.storage.sqltypes import utcnow

# An event to append: its kind (the event class name, say) and a JSON payload.
NewEvent = tuple[str, Mapping[str, Any]]
# A Telegram update as (bot id, update id): what ``applied_updates`` remembers.
UpdateKey = tuple[int, int]

# Columns ``save`` writes. The others are fixed when the table is created.
_SAVED_COLUMNS = (
    "variant",
    "options",
    "state",
    "game",
    "turn_seq",
    "turn_deadline",
    "message_id",
    "language",
    "active",
    "paused_at",
)

_CODE_ATTEMPTS = 8

# The statements of every move, built once: SQLAlchemy then finds their compiled
# form by identity instead of building a statement and its cache key per call.
# Values arrive as parameters; an UPDATE's SET takes the parameters named after
# columns, so the WHERE parameters get other names ("b_...").
_SAVE = (
    update(tables)
    .where(tables.c.id == bindparam("b_id"), tables.c.version == bindparam("b_version"))
    .values(version=tables.c.version + 1)
    .returning(tables)
)
_TABLE_BY_ID = select(tables).where(tables.c.id == bindparam("id"))
_TABLE_BY_CODE = select(tables).where(tables.c.code == bindparam("code"))
_ACTIVE_TABLE = select(tables).where(tables.c.chat_id == bindparam("chat_id"), tables.c.active)
_ACTIVE_TABLE_ID = select(tables.c.id).where(
    tables.c.chat_id == bindparam("chat_id"), tables.c.active
)
_VERSION = select(tables.c.version).where(tables.c.id == bindparam("id"))
_LAST_SEQ = select(func.coalesce(func.max(game_events.c.seq), 0)).where(
    game_events.c.table_id == bindparam("table_id")
)
_INSERT_EVENTS = insert(game_events)
_APPLIED = select(applied_updates.c.update_id).where(
    applied_updates.c.bot_id == bindparam("bot_id"),
    applied_updates.c.update_id == bindparam("update_id"),
)
_USER_BY_ID = select(users).where(users.c.id == bindparam("id"))
_CHAT_BY_ID = select(chats).where(chats.c.id == bindparam("id"))


class Repository:
    """The storage API of the bot, over one async engine (SQLite or PostgreSQL).

    Cheap to build and stateless apart from the engine, so handlers and tests
    can make one wherever they hold an engine. Each method is one short
    transaction run by the engine's runner (``runner.py``); the SQL itself is
    in the synchronous functions below the class.
    """

    def __init__(self, engine: AsyncEngine, game_end: GameEndHook | None = None) -> None:
        self.engine = engine
        # Called by the save that ends a game, in its transaction (``game_end.py``):
        # the bot's composition root hands the players' records here; without it a
        # game's end is logged and nothing more.
        self.game_end = game_end

    @property
    def _run(self) -> Runner:
        # Looked up per call: engine.dispose() ends a runner, the next call starts one.
        return runner_for(self.engine)

    # -- tables -----------------------------------------------------------------

    async def create_table(
        self,
        *,
        chat_id: int,
        creator_id: int,
        variant: str,
        state: str,
        options: Mapping[str, Any] | None = None,
        game: Mapping[str, Any] | None = None,
        language: str | None = None,
        turn_deadline: datetime | None = None,
        message_id: int | None = None,
    ) -> TableRecord:
        """Open a table at version 1 with a fresh code.

        Raises ActiveTableExists when the chat already has an active table.
        """
        values = {
            "chat_id": chat_id,
            "variant": variant,
            "options": dict(options or {}),
            "state": state,
            "game": dict(game or {}),
            "version": 1,
            "turn_seq": 0,
            "turn_deadline": turn_deadline,
            "message_id": message_id,
            "creator_id": creator_id,
            "language": language,
            "active": True,
        }
        for _ in range(_CODE_ATTEMPTS):
            try:
                return await self._run.write(_create_table, values)
            except IntegrityError:
                # A code collision, or a racing create in the same chat: the
                # next attempt's check tells the two apart.
                continue
        raise StorageError(f"no free game code after {_CODE_ATTEMPTS} attempts")

    async def get_table(self, table_id: int) -> TableRecord | None:
        return await self._run.read(_one_table, _TABLE_BY_ID, {"id": table_id})

    async def get_table_by_code(self, code: str) -> TableRecord | None:
        """The table a code names, active or not; codes are case-insensitive."""
        return await self._run.read(_one_table, _TABLE_BY_CODE, {"code": normalize_code(code)})

    async def get_active_table(self, chat_id: int) -> TableRecord | None:
        return await self._run.read(_one_table, _ACTIVE_TABLE, {"chat_id": chat_id})

    async def tables_of_user(self, user_id: int, *, active_only: bool = True) -> list[TableRecord]:
        """The tables where the user holds a seat, newest first (the web table opened
        from the bot's menu, which names none; tests and support tools)."""
        return await self._run.read(_tables_of_user, user_id, active_only)

    async def save(self, table: TableRecord, expected_version: int) -> TableRecord:
        """Write the table if nobody saved it since ``expected_version``; bump the version.

        Raises StaleVersion when the stored version differs, NotFound when the
        table is gone. Returns the table as stored (new version and updated_at).
        """
        return await self.save_with_events(table, expected_version, ())

    async def save_with_events(
        self,
        table: TableRecord,
        expected_version: int,
        events: Sequence[NewEvent],
        new_seats: Iterable[SeatRecord] | None = None,
        *,
        applied: UpdateKey | None = None,
    ) -> TableRecord:
        """``save`` and append ``events`` to the log, all or nothing; with ``new_seats``
        the table's seats are replaced in the same transaction (a join, a bot added).

        ``applied`` names the Telegram update that caused the save: it is recorded
        in the same transaction, and if it was recorded before the whole save is
        undone and :class:`AlreadyApplied` raised (the update was delivered twice).

        The versioned UPDATE comes first: it locks the table row, so event
        numbers are handed out one writer at a time, and a stale save appends
        nothing.
        """
        rows = None if new_seats is None else _seat_rows(table.id, new_seats)
        try:
            return await self._run.write(_save_with_events, table, expected_version, events,
                                         rows, applied, self.game_end)
        except IntegrityError as error:
            raise SeatTaken(table.id, None) from error

    async def update_applied(self, key: UpdateKey) -> bool:
        """Whether the update's effect was saved already (its repeat must not act)."""
        return await self._run.read(_update_applied, key)

    async def forget_applied(self, before: datetime) -> int:
        """Drop the applied updates recorded before ``before``; returns how many.

        Telegram keeps an undelivered update for 24 hours, so older ones can never
        come back; the table stays small.
        """
        return await self._run.write(_forget_applied, before)

    async def close_table(self, table_id: int) -> TableRecord | None:
        """Deactivate a table whatever its version (an admin's stop, a purge; the bot
        stops a table through the machine, the storage benchmark uses this).

        The version is bumped, so any save in flight against it fails. Returns
        None when there was no active table with that id.
        """
        return await self._run.write(_close_table, table_id)

    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> TableRecord | None:
        """A group became a supergroup (a new chat id): everything stored under the
        group's id moves to the supergroup's in one transaction: its tables, its
        settings row and its series (wins added to any the new id has already).

        Returns the chat's open table as moved, its message forgotten (the group's
        message ids mean nothing in the supergroup) and its version bumped, so a save
        in flight against the old record fails and is judged again; None when there
        is none (or it moved already: Telegram tells a migration twice). Should the
        new chat have an open table already, the old chat's is closed instead.
        """
        return await self._run.write(_move_chat, old_chat_id, new_chat_id)

    async def claim_timer(self, table_id: int, turn_seq: int, seconds: float) -> bool:
        """Claim the turn's deadline for ``seconds`` (several workers: one runs it).

        False when the table moved past that turn, has no deadline, or another
        claim on the same turn still holds. A claim that ran out (its worker died)
        may be taken again; the service's turn check makes a late second run do
        nothing.
        """
        return await self._run.write(_claim_timer, table_id, turn_seq, seconds)

    async def claim_due_timers(self, *, overdue: float, seconds: float,
                               limit: int = 50) -> list[Deadline]:
        """Claim deadlines past by more than ``overdue`` seconds that nobody holds.

        The worker that armed a deadline fires it on time; this is for the others,
        after that worker died. ``FOR UPDATE SKIP LOCKED`` on PostgreSQL: workers
        sweeping at the same moment split the rows instead of waiting for each other.
        """
        return await self._run.write(_claim_due_timers, overdue, seconds, limit)

    async def pending_deadlines(self, *, before: datetime | None = None) -> list[Deadline]:
        """Turn timers of active tables, soonest first: rescheduled at start-up."""
        return await self._run.read(_pending_deadlines, before)

    # -- event log ----------------------------------------------------------------

    async def list_events(self, table_id: int, *, after_seq: int = 0) -> list[EventRecord]:
        """The log of a table in order, from ``after_seq + 1`` on."""
        return await self._run.read(_list_events, table_id, after_seq)

    # -- seats --------------------------------------------------------------------

    async def get_seats(self, table_id: int) -> list[SeatRecord]:
        """The seats as stored beside the game. The bot reads seats from the game
        itself; this is for tests and support tools (who sits where)."""
        return await self._run.read(_get_seats, table_id)

    # -- users --------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord | None:
        row = await self._run.read(_one_row, _USER_BY_ID, {"id": user_id})
        return None if row is None else UserRecord(**row._mapping)

    async def get_or_create_user(
        self, user_id: int, name: str, telegram_language: str | None = None
    ) -> UserRecord:
        """The user, created on first sight and kept up to date with Telegram.

        Called on every update, so it only writes when something changed.
        ``telegram_language`` None leaves the stored one alone (Telegram does
        not always send it).
        """
        known = await self.get_user(user_id)
        if (
            known is not None
            and known.name == name
            and telegram_language in (None, known.telegram_language)
        ):
            return known
        return await self._run.write(_upsert_user, user_id, name, telegram_language)

    async def set_user_language(self, user_id: int, language: str | None) -> UserRecord:
        """The language chosen with /language; None goes back to Telegram's."""
        return await self._run.write(_update_user, user_id, {"language": language})

    async def set_started_private(self, user_id: int, started: bool = True) -> UserRecord:
        """Whether the bot may write to the user privately (they pressed Start)."""
        return await self._run.write(_update_user, user_id, {"started_private": started})

    # -- chats --------------------------------------------------------------------

    async def get_chat(self, chat_id: int) -> ChatRecord | None:
        row = await self._run.read(_one_row, _CHAT_BY_ID, {"id": chat_id})
        return None if row is None else ChatRecord(**row._mapping)

    async def get_or_create_chat(self, chat_id: int) -> ChatRecord:
        known = await self.get_chat(chat_id)
        if known is not None:
            return known
        return await self._run.write(_create_chat, chat_id)

    async def set_chat_language(self, chat_id: int, language: str | None) -> ChatRecord:
        return await self._run.write(_upsert_chat, chat_id, {"language": language})

    # -- series -------------------------------------------------------------------

    async def record_series_win(
        self, chat_id: int, winners: Iterable[Member], losers: Iterable[Member]
    ) -> SeriesRecord:
        """One more game won by ``winners`` against ``losers`` in this chat."""
        key, winners_first = series_key(winners, losers)
        return await self._run.write(_record_series_win, chat_id, key, winners_first)

    async def get_series(
        self, chat_id: int, team: Iterable[Member], other: Iterable[Member]
    ) -> SeriesRecord | None:
        key, _ = series_key(team, other)
        return await self._run.read(_get_series, chat_id, key)


    # -- card stickers -------------------------------------------------------------

    async def get_sticker_deck(self, deck: str) -> StickerDeckRecord | None:
        """The stored sticker set of a deck (``french``, ``spanish``), or None."""
        return await self._run.read(_get_sticker_deck, deck)

    async def replace_sticker_deck(
        self, deck: str, set_name: str, version: str,
        stickers: Sequence[tuple[str, str, str]],
    ) -> StickerDeckRecord:
        """Store a deck's set whole: ``stickers`` is (picture, file_id, file_unique_id)
        in the set's order; what was stored for the deck before is forgotten."""
        return await self._run.write(_replace_sticker_deck, deck, set_name, version,
                                     list(stickers))

    # -- card photos ---------------------------------------------------------------

    async def get_photo_deck(self, deck: str) -> PhotoDeckRecord | None:
        """The stored card photos of a deck (``french``, ``spanish``), or None."""
        return await self._run.read(_get_photo_deck, deck)

    async def replace_photo_deck(
        self, deck: str, version: str, photos: Sequence[tuple[str, str, str]],
    ) -> PhotoDeckRecord:
        """Store a deck's photos whole: ``photos`` is (picture, file_id, file_unique_id);
        what was stored for the deck before is forgotten."""
        return await self._run.write(_replace_photo_deck, deck, version, list(photos))


# The SQL of each operation: synchronous functions over a connection that the
# runner has opened (and, for writes, put in a transaction).

# -- tables ---------------------------------------------------------------------


def _create_table(conn: Connection, values: Mapping[str, Any]) -> TableRecord:
    if _active_table_id(conn, values["chat_id"]) is not None:
        raise ActiveTableExists(values["chat_id"])
    now = utcnow()
    statement = insert(tables).values(
        {**values, "code": new_code(), "created_at": now, "updated_at": now}
    )
    return _table(conn.execute(statement.returning(tables)).one())


def _one_table(
    conn: Connection, query: Select[Any], params: Mapping[str, Any]
) -> TableRecord | None:
    row = _one_row(conn, query, params)
    return None if row is None else _table(row)


def _tables_of_user(conn: Connection, user_id: int, active_only: bool) -> list[TableRecord]:
    query = (
        select(tables)
        .join(seats, seats.c.table_id == tables.c.id)
        .where(seats.c.user_id == user_id)
        .order_by(tables.c.id.desc())
    )
    if active_only:
        query = query.where(tables.c.active)
    return [_table(row) for row in conn.execute(query)]


def _seat_rows(table_id: int, new_seats: Iterable[SeatRecord]) -> list[dict[str, Any]]:
    rows = [asdict(seat) for seat in new_seats]
    if any(row["table_id"] != table_id for row in rows):
        raise ValueError(f"every seat must belong to table {table_id}")
    return rows


def _save_with_events(
    conn: Connection,
    table: TableRecord,
    expected_version: int,
    events: Sequence[NewEvent],
    seat_rows: list[dict[str, Any]] | None = None,
    applied: UpdateKey | None = None,
    game_end: GameEndHook | None = None,
) -> TableRecord:
    ends_a_game = any(kind == "GameWon" for kind, _ in events)
    counts = game_end if ends_a_game else None
    if counts is not None:  # before the clock is read: games end in the order they are counted
        counts.lock(conn)
    now = utcnow()
    params = {name: getattr(table, name) for name in _SAVED_COLUMNS}
    params.update(
        options=dict(table.options),
        game=dict(table.game),
        updated_at=now,
        b_id=table.id,
        b_version=expected_version,
    )
    row = conn.execute(_SAVE, params).one_or_none()
    if row is None:
        actual = _version_of(conn, table.id)
        if actual is None:
            raise NotFound(f"table {table.id}")
        raise StaleVersion(table.id, expected_version, actual)
    if applied is not None:
        _record_applied(conn, applied, table.id, now)
    seqs = _insert_events(conn, table.id, events, now)
    if counts is not None:  # players' records, in this transaction
        counts.record(conn, table.id, seqs[0] - 1)
    if seat_rows is not None:
        _set_seats(conn, table.id, seat_rows)
    return _table(row)


def _record_applied(conn: Connection, key: UpdateKey, table_id: int, now: datetime) -> None:
    """Remember the update in the save's transaction; a second time raises (and the
    runner rolls the save back). ON CONFLICT DO NOTHING rather than catching the
    IntegrityError: the caller reads an IntegrityError as a seat conflict, and on
    PostgreSQL it waits for a racing transaction with the same update to end."""
    bot_id, update_id = key
    statement = _insert_for(conn, applied_updates).values(
        bot_id=bot_id, update_id=update_id, table_id=table_id, applied_at=now
    ).on_conflict_do_nothing(index_elements=[applied_updates.c.bot_id,
                                             applied_updates.c.update_id])
    if conn.execute(statement).rowcount == 0:
        raise AlreadyApplied(bot_id, update_id)


def _update_applied(conn: Connection, key: UpdateKey) -> bool:
    bot_id, update_id = key
    found = conn.execute(_APPLIED, {"bot_id": bot_id, "update_id": update_id})
    return found.one_or_none() is not None


def _forget_applied(conn: Connection, before: datetime) -> int:
    statement = delete(applied_updates).where(applied_updates.c.applied_at < before)
    return conn.execute(statement).rowcount


def _close_table(conn: Connection, table_id: int) -> TableRecord | None:
    statement = (
        update(tables)
        .where(tables.c.id == table_id, tables.c.active)
        .values(active=False, turn_deadline=None, version=tables.c.version + 1, updated_at=utcnow())
        .returning(tables)
    )
    row = conn.execute(statement).one_or_none()
    return None if row is None else _table(row)


def _move_chat(conn: Connection, old: int, new: int) -> TableRecord | None:
    now = utcnow()
    moved: TableRecord | None = None
    table_id = _active_table_id(conn, old)
    if table_id is not None and _active_table_id(conn, new) is not None:
        _close_table(conn, table_id)
    elif table_id is not None:
        row = conn.execute(
            update(tables).where(tables.c.id == table_id)
            .values(chat_id=new, message_id=None, version=tables.c.version + 1, updated_at=now)
            .returning(tables)).one()
        moved = _table(row)
    conn.execute(update(tables).where(tables.c.chat_id == old).values(chat_id=new))
    if _one_row(conn, _CHAT_BY_ID, {"id": old}) is not None:
        if _one_row(conn, _CHAT_BY_ID, {"id": new}) is None:
            conn.execute(update(chats).where(chats.c.id == old).values(id=new))
        else:  # the supergroup's own settings win
            conn.execute(delete(chats).where(chats.c.id == old))
    for row in conn.execute(select(series).where(series.c.chat_id == old)).all():
        statement = _insert_for(conn, series).values(
            chat_id=new, key=row.key, wins_a=row.wins_a, wins_b=row.wins_b, updated_at=now)
        conn.execute(statement.on_conflict_do_update(
            index_elements=[series.c.chat_id, series.c.key],
            set_={"wins_a": series.c.wins_a + statement.excluded.wins_a,
                  "wins_b": series.c.wins_b + statement.excluded.wins_b,
                  "updated_at": statement.excluded.updated_at}))
    conn.execute(delete(series).where(series.c.chat_id == old))
    return moved


def _pending_deadlines(conn: Connection, before: datetime | None) -> list[Deadline]:
    query = (
        select(tables.c.id, tables.c.chat_id, tables.c.turn_seq, tables.c.turn_deadline)
        .where(tables.c.active, tables.c.turn_deadline.is_not(None))
        .order_by(tables.c.turn_deadline, tables.c.id)
    )
    if before is not None:
        query = query.where(tables.c.turn_deadline <= before)
    return [Deadline(*row) for row in conn.execute(query)]


def _unclaimed(now: datetime) -> Any:
    return or_(tables.c.timer_claim_seq.is_(None),
               tables.c.timer_claim_seq != tables.c.turn_seq,
               tables.c.timer_claimed_until.is_(None),
               tables.c.timer_claimed_until <= now)


def _claim_timer(conn: Connection, table_id: int, turn_seq: int, seconds: float) -> bool:
    now = utcnow()
    statement = (
        update(tables)
        .where(tables.c.id == table_id, tables.c.active, tables.c.turn_seq == turn_seq,
               tables.c.turn_deadline.is_not(None), _unclaimed(now))
        .values(timer_claim_seq=turn_seq,
                timer_claimed_until=now + timedelta(seconds=seconds))
    )
    return conn.execute(statement).rowcount == 1


def _claim_due_timers(conn: Connection, overdue: float, seconds: float,
                      limit: int) -> list[Deadline]:
    now = utcnow()
    query = (
        select(tables.c.id, tables.c.chat_id, tables.c.turn_seq, tables.c.turn_deadline)
        .where(tables.c.active, tables.c.turn_deadline.is_not(None),
               tables.c.turn_deadline <= now - timedelta(seconds=overdue), _unclaimed(now))
        .order_by(tables.c.turn_deadline, tables.c.id)
        .limit(limit)
        .with_for_update(skip_locked=True)
    )
    due = [Deadline(*row) for row in conn.execute(query)]
    for deadline in due:
        conn.execute(update(tables).where(tables.c.id == deadline.table_id).values(
            timer_claim_seq=deadline.turn_seq,
            timer_claimed_until=now + timedelta(seconds=seconds)))
    return due


def _version_of(conn: Connection, table_id: int) -> int | None:
    return conn.execute(_VERSION, {"id": table_id}).scalar_one_or_none()


def _active_table_id(conn: Connection, chat_id: int) -> int | None:
    return conn.execute(_ACTIVE_TABLE_ID, {"chat_id": chat_id}).scalar_one_or_none()


# -- event log ------------------------------------------------------------------


def _insert_events(
    conn: Connection, table_id: int, events: Sequence[NewEvent], now: datetime
) -> list[int]:
    """Number and insert events; the caller holds the table's row lock."""
    if not events:
        return []
    last_seq = conn.execute(_LAST_SEQ, {"table_id": table_id}).scalar_one()
    rows: list[dict[str, Any]] = [
        {
            "table_id": table_id,
            "seq": seq,
            "kind": kind,
            "payload": dict(payload),
            "created_at": now,
        }
        for seq, (kind, payload) in enumerate(events, start=last_seq + 1)
    ]
    conn.execute(_INSERT_EVENTS, rows)
    return [row["seq"] for row in rows]


def _list_events(conn: Connection, table_id: int, after_seq: int) -> list[EventRecord]:
    query = (
        select(
            game_events.c.table_id,
            game_events.c.seq,
            game_events.c.kind,
            game_events.c.payload,
            game_events.c.created_at,
        )
        .where(game_events.c.table_id == table_id, game_events.c.seq > after_seq)
        .order_by(game_events.c.seq)
    )
    return [EventRecord(*row) for row in conn.execute(query)]


# -- seats ----------------------------------------------------------------------


def _get_seats(conn: Connection, table_id: int) -> list[SeatRecord]:
    query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
    return [SeatRecord(**row._mapping) for row in conn.execute(query)]


def _set_seats(conn: Connection, table_id: int, rows: list[dict[str, Any]]) -> None:
    conn.execute(delete(seats).where(seats.c.table_id == table_id))
    if rows:
        conn.execute(insert(seats), rows)


# -- users ----------------------------------------------------------------------


def _upsert_user(
    conn: Connection, user_id: int, name: str, telegram_language: str | None
) -> UserRecord:
    statement = _insert_for(conn, users).values(
        id=user_id,
        name=name,
        language=None,
        telegram_language=telegram_language,
        started_private=False,
    )
    changes: dict[str, Any] = {"name": statement.excluded.name}
    if telegram_language is not None:
        changes["telegram_language"] = statement.excluded.telegram_language
    statement = statement.on_conflict_do_update(index_elements=[users.c.id], set_=changes)
    return UserRecord(**conn.execute(statement.returning(users)).one()._mapping)


def _update_user(conn: Connection, user_id: int, values: Mapping[str, Any]) -> UserRecord:
    statement = update(users).where(users.c.id == user_id).values(values).returning(users)
    row = conn.execute(statement).one_or_none()
    if row is None:
        raise NotFound(f"user {user_id}")
    return UserRecord(**row._mapping)


# -- chats ----------------------------------------------------------------------


def _create_chat(conn: Connection, chat_id: int) -> ChatRecord:
    statement = _insert_for(conn, chats).values(id=chat_id, language=None, settings={})
    conn.execute(statement.on_conflict_do_nothing(index_elements=[chats.c.id]))
    return ChatRecord(**conn.execute(_CHAT_BY_ID, {"id": chat_id}).one()._mapping)


def _upsert_chat(conn: Connection, chat_id: int, values: Mapping[str, Any]) -> ChatRecord:
    statement = _insert_for(conn, chats).values(
        {"id": chat_id, "language": None, "settings": {}, **values}
    )
    statement = statement.on_conflict_do_update(index_elements=[chats.c.id], set_=values)
    return ChatRecord(**conn.execute(statement.returning(chats)).one()._mapping)


# -- series ---------------------------------------------------------------------


def _record_series_win(
    conn: Connection, chat_id: int, key: str, winners_first: bool
) -> SeriesRecord:
    won_a, won_b = (1, 0) if winners_first else (0, 1)
    statement = _insert_for(conn, series).values(
        chat_id=chat_id, key=key, wins_a=won_a, wins_b=won_b, updated_at=utcnow()
    )
    statement = statement.on_conflict_do_update(
        index_elements=[series.c.chat_id, series.c.key],
        set_={
            "wins_a": series.c.wins_a + statement.excluded.wins_a,
            "wins_b": series.c.wins_b + statement.excluded.wins_b,
            "updated_at": statement.excluded.updated_at,
        },
    )
    return _series(conn.execute(statement.returning(series)).one())


def _get_series(conn: Connection, chat_id: int, key: str) -> SeriesRecord | None:
    query = select(series).where(series.c.chat_id == chat_id, series.c.key == key)
    row = conn.execute(query).one_or_none()
    return None if row is None else _series(row)


# -- card stickers --------------------------------------------------------------


def _get_sticker_deck(conn: Connection, deck: str) -> StickerDeckRecord | None:
    query = (select(card_stickers).where(card_stickers.c.deck == deck)
             .order_by(card_stickers.c.position))
    rows = conn.execute(query).all()
    if not rows:
        return None
    return StickerDeckRecord(
        deck=deck, set_name=rows[0].set_name, version=rows[0].version,
        file_ids={row.picture: row.file_id for row in rows},
        unique_ids={row.picture: row.file_unique_id for row in rows})


def _replace_sticker_deck(
    conn: Connection, deck: str, set_name: str, version: str,
    stickers: list[tuple[str, str, str]],
) -> StickerDeckRecord:
    conn.execute(delete(card_stickers).where(card_stickers.c.deck == deck))
    now = utcnow()
    if stickers:
        conn.execute(insert(card_stickers), [
            {"deck": deck, "picture": picture, "set_name": set_name, "version": version,
             "position": position, "file_id": file_id, "file_unique_id": unique_id,
             "updated_at": now}
            for position, (picture, file_id, unique_id) in enumerate(stickers)])
    record = _get_sticker_deck(conn, deck)
    return record or StickerDeckRecord(deck, set_name, version, {})


# -- card photos ----------------------------------------------------------------


def _get_photo_deck(conn: Connection, deck: str) -> PhotoDeckRecord | None:
    query = (select(card_photos).where(card_photos.c.deck == deck)
             .order_by(card_photos.c.picture))
    rows = conn.execute(query).all()
    if not rows:
        return None
    return PhotoDeckRecord(deck=deck, version=rows[0].version,
                           file_ids={row.picture: row.file_id for row in rows})


def _replace_photo_deck(
    conn: Connection, deck: str, version: str, photos: list[tuple[str, str, str]],
) -> PhotoDeckRecord:
    conn.execute(delete(card_photos).where(card_photos.c.deck == deck))
    now = utcnow()
    if photos:
        conn.execute(insert(card_photos), [
            {"deck": deck, "picture": picture, "version": version, "file_id": file_id,
             "file_unique_id": unique_id, "updated_at": now}
            for picture, file_id, unique_id in photos])
    return _get_photo_deck(conn, deck) or PhotoDeckRecord(deck, version, {})


# -- helpers --------------------------------------------------------------------


def _one_row(conn: Connection, query: Select[Any], params: Mapping[str, Any]) -> Row[Any] | None:
    return conn.execute(query, params).one_or_none()


def _table(row: Row[Any]) -> TableRecord:
    return TableRecord(**row._mapping)


def _series(row: Row[Any]) -> SeriesRecord:
    return SeriesRecord(chat_id=row.chat_id, key=row.key, wins=(row.wins_a, row.wins_b))


def _insert_for(conn: Connection, table: Table) -> postgresql.Insert | sqlite.Insert:
    """The dialect's INSERT, which knows ON CONFLICT (both spell it the same way)."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    if conn.dialect.name == "sqlite":
        return sqlite.insert(table)
    raise NotImplementedError(f"no upsert for {conn.dialect.name}")
