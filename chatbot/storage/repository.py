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
from datetime import datetime
from typing import Any

from sqlalchemy import Row, Table, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from chatbot.storage.codes import new_code, normalize_code
from chatbot.storage.database import read, write
from chatbot.storage.errors import (
    ActiveTableExists,
    NotFound,
    SeatTaken,
    StaleVersion,
    StorageError,
)
from chatbot.storage.models import chats, game_events, seats, series, tables, users
from chatbot.storage.records import (
    ChatRecord,
    Deadline,
    EventRecord,
    Member,
    SeatRecord,
    SeriesRecord,
    TableRecord,
    UserRecord,
    series_key,
)
from chatbot.storage.sqltypes import utcnow

# An event to append: its kind (the event class name, say) and a JSON payload.
NewEvent = tuple[str, Mapping[str, Any]]

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
)

_CODE_ATTEMPTS = 8


class Repository:
    """The storage API of the bot, over one async engine (SQLite or PostgreSQL).

    Cheap to build and stateless apart from the engine, so handlers and tests
    can make one wherever they hold an engine.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

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
        for _ in range(_CODE_ATTEMPTS):
            now = utcnow()
            values = {
                "chat_id": chat_id,
                "code": new_code(),
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
                "created_at": now,
                "updated_at": now,
            }
            try:
                async with write(self.engine) as conn:
                    if await _active_table_id(conn, chat_id) is not None:
                        raise ActiveTableExists(chat_id)
                    row = (
                        await conn.execute(insert(tables).values(values).returning(tables))
                    ).one()
            except IntegrityError:
                # A code collision, or a racing create in the same chat: the
                # next attempt's check tells the two apart.
                continue
            return _table(row)
        raise StorageError(f"no free game code after {_CODE_ATTEMPTS} attempts")

    async def get_table(self, table_id: int) -> TableRecord | None:
        return await self._one_table(tables.c.id == table_id)

    async def get_table_by_code(self, code: str) -> TableRecord | None:
        """The table a code names, active or not; codes are case-insensitive."""
        return await self._one_table(tables.c.code == normalize_code(code))

    async def get_active_table(self, chat_id: int) -> TableRecord | None:
        return await self._one_table((tables.c.chat_id == chat_id) & tables.c.active)

    async def tables_of_user(self, user_id: int, *, active_only: bool = True) -> list[TableRecord]:
        """The tables where the user holds a seat, newest first."""
        query = (
            select(tables)
            .join(seats, seats.c.table_id == tables.c.id)
            .where(seats.c.user_id == user_id)
            .order_by(tables.c.id.desc())
        )
        if active_only:
            query = query.where(tables.c.active)
        async with read(self.engine) as conn:
            return [_table(row) for row in await conn.execute(query)]

    async def save(self, table: TableRecord, expected_version: int) -> TableRecord:
        """Write the table if nobody saved it since ``expected_version``; bump the version.

        Raises StaleVersion when the stored version differs, NotFound when the
        table is gone. Returns the table as stored (new version and updated_at).
        """
        return await self.save_with_events(table, expected_version, ())

    async def save_with_events(
        self, table: TableRecord, expected_version: int, events: Sequence[NewEvent]
    ) -> TableRecord:
        """``save`` and append ``events`` to the log, all or nothing.

        The versioned UPDATE comes first: it locks the table row, so event
        numbers are handed out one writer at a time, and a stale save appends
        nothing.
        """
        now = utcnow()
        values = {name: getattr(table, name) for name in _SAVED_COLUMNS}
        values["options"] = dict(table.options)
        values["game"] = dict(table.game)
        statement = (
            update(tables)
            .where(tables.c.id == table.id, tables.c.version == expected_version)
            .values({**values, "version": tables.c.version + 1, "updated_at": now})
            .returning(tables)
        )
        async with write(self.engine) as conn:
            row = (await conn.execute(statement)).one_or_none()
            if row is None:
                actual = await _version_of(conn, table.id)
                if actual is None:
                    raise NotFound(f"table {table.id}")
                raise StaleVersion(table.id, expected_version, actual)
            await _insert_events(conn, table.id, events, now)
        return _table(row)

    async def close_table(self, table_id: int) -> TableRecord | None:
        """Deactivate a table whatever its version (an admin's stop, a purge).

        The version is bumped, so any save in flight against it fails. Returns
        None when there was no active table with that id.
        """
        statement = (
            update(tables)
            .where(tables.c.id == table_id, tables.c.active)
            .values(
                active=False, turn_deadline=None, version=tables.c.version + 1, updated_at=utcnow()
            )
            .returning(tables)
        )
        async with write(self.engine) as conn:
            row = (await conn.execute(statement)).one_or_none()
        return None if row is None else _table(row)

    async def pending_deadlines(self, *, before: datetime | None = None) -> list[Deadline]:
        """Turn timers of active tables, soonest first: rescheduled at start-up."""
        query = (
            select(tables.c.id, tables.c.chat_id, tables.c.turn_seq, tables.c.turn_deadline)
            .where(tables.c.active, tables.c.turn_deadline.is_not(None))
            .order_by(tables.c.turn_deadline, tables.c.id)
        )
        if before is not None:
            query = query.where(tables.c.turn_deadline <= before)
        async with read(self.engine) as conn:
            return [Deadline(*row) for row in await conn.execute(query)]

    async def _one_table(self, condition: Any) -> TableRecord | None:
        async with read(self.engine) as conn:
            row = (await conn.execute(select(tables).where(condition))).one_or_none()
        return None if row is None else _table(row)

    # -- event log ----------------------------------------------------------------

    async def append_events(self, table_id: int, events: Sequence[NewEvent]) -> list[int]:
        """Append to the log without saving the table (no version check); returns the seqs.

        For entries that change no state (an audit note, a refused action).
        Touching ``updated_at`` first takes the same row lock as a save, so the
        numbering stays gapless against concurrent saves.
        """
        now = utcnow()
        touch = update(tables).where(tables.c.id == table_id).values(updated_at=now)
        async with write(self.engine) as conn:
            if (await conn.execute(touch)).rowcount == 0:
                raise NotFound(f"table {table_id}")
            return await _insert_events(conn, table_id, events, now)

    async def list_events(self, table_id: int, *, after_seq: int = 0) -> list[EventRecord]:
        """The log of a table in order, from ``after_seq + 1`` on."""
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
        async with read(self.engine) as conn:
            return [EventRecord(*row) for row in await conn.execute(query)]

    # -- seats --------------------------------------------------------------------

    async def add_seat(self, seat: SeatRecord) -> SeatRecord:
        """Take a seat. Raises SeatTaken, or NotFound for an unknown table."""
        try:
            async with write(self.engine) as conn:
                if await _version_of(conn, seat.table_id) is None:
                    raise NotFound(f"table {seat.table_id}")
                row = (
                    await conn.execute(insert(seats).values(asdict(seat)).returning(seats))
                ).one()
        except IntegrityError as error:
            raise SeatTaken(seat.table_id, seat.seat) from error
        return SeatRecord(**row._mapping)

    async def get_seats(self, table_id: int) -> list[SeatRecord]:
        query = select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        async with read(self.engine) as conn:
            return [SeatRecord(**row._mapping) for row in await conn.execute(query)]

    async def update_seat(self, seat: SeatRecord) -> SeatRecord:
        """Rewrite a seat (a bot taking over, a rename). Raises NotFound or SeatTaken."""
        values = asdict(seat)
        statement = (
            update(seats)
            .where(seats.c.table_id == values.pop("table_id"), seats.c.seat == values.pop("seat"))
            .values(values)
            .returning(seats)
        )
        try:
            async with write(self.engine) as conn:
                row = (await conn.execute(statement)).one_or_none()
        except IntegrityError as error:
            raise SeatTaken(seat.table_id, seat.seat) from error
        if row is None:
            raise NotFound(f"table {seat.table_id} seat {seat.seat}")
        return SeatRecord(**row._mapping)

    async def remove_seat(self, table_id: int, seat: int) -> bool:
        """Free a seat; False if it was empty already."""
        statement = delete(seats).where(seats.c.table_id == table_id, seats.c.seat == seat)
        async with write(self.engine) as conn:
            return (await conn.execute(statement)).rowcount > 0

    async def replace_seats(
        self, table_id: int, new_seats: Iterable[SeatRecord]
    ) -> list[SeatRecord]:
        """Set every seat of a table at once (a solo game's humans and bots)."""
        rows = [asdict(seat) for seat in new_seats]
        if any(row["table_id"] != table_id for row in rows):
            raise ValueError(f"every seat must belong to table {table_id}")
        try:
            async with write(self.engine) as conn:
                if await _version_of(conn, table_id) is None:
                    raise NotFound(f"table {table_id}")
                await conn.execute(delete(seats).where(seats.c.table_id == table_id))
                if rows:
                    await conn.execute(insert(seats), rows)
        except IntegrityError as error:
            raise SeatTaken(table_id, None) from error
        return await self.get_seats(table_id)

    async def record_timeout(self, table_id: int, seat: int) -> int:
        """Count one more consecutive time-out for a seat; returns the new count."""
        return await self._set_timeouts(table_id, seat, seats.c.timeouts + 1)

    async def reset_timeouts(self, table_id: int, seat: int) -> None:
        """The player acted in time: their time-out streak ends."""
        await self._set_timeouts(table_id, seat, 0)

    async def _set_timeouts(self, table_id: int, seat: int, value: Any) -> int:
        statement = (
            update(seats)
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(timeouts=value)
            .returning(seats.c.timeouts)
        )
        async with write(self.engine) as conn:
            count = (await conn.execute(statement)).scalar_one_or_none()
        if count is None:
            raise NotFound(f"table {table_id} seat {seat}")
        return int(count)

    # -- users --------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord | None:
        async with read(self.engine) as conn:
            row = (await conn.execute(select(users).where(users.c.id == user_id))).one_or_none()
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
        async with write(self.engine) as conn:
            statement = _insert_for(conn, users).values(
                id=user_id,
                name=name,
                language=None,
                telegram_language=telegram_language,
                started_private=False,
                games_played=0,
                games_won=0,
                hands_won=0,
            )
            changes: dict[str, Any] = {"name": statement.excluded.name}
            if telegram_language is not None:
                changes["telegram_language"] = statement.excluded.telegram_language
            statement = statement.on_conflict_do_update(index_elements=[users.c.id], set_=changes)
            row = (await conn.execute(statement.returning(users))).one()
        return UserRecord(**row._mapping)

    async def set_user_language(self, user_id: int, language: str | None) -> UserRecord:
        """The language chosen with /language; None goes back to Telegram's."""
        return await self._update_user(user_id, language=language)

    async def set_started_private(self, user_id: int, started: bool = True) -> UserRecord:
        """Whether the bot may write to the user privately (they pressed Start)."""
        return await self._update_user(user_id, started_private=started)

    async def record_statistics(
        self, user_id: int, *, games_played: int = 0, games_won: int = 0, hands_won: int = 0
    ) -> UserRecord:
        """Add to the user's counters (in SQL, so concurrent games add up)."""
        return await self._update_user(
            user_id,
            games_played=users.c.games_played + games_played,
            games_won=users.c.games_won + games_won,
            hands_won=users.c.hands_won + hands_won,
        )

    async def _update_user(self, user_id: int, **values: Any) -> UserRecord:
        statement = update(users).where(users.c.id == user_id).values(values).returning(users)
        async with write(self.engine) as conn:
            row = (await conn.execute(statement)).one_or_none()
        if row is None:
            raise NotFound(f"user {user_id}")
        return UserRecord(**row._mapping)

    # -- chats --------------------------------------------------------------------

    async def get_chat(self, chat_id: int) -> ChatRecord | None:
        async with read(self.engine) as conn:
            row = (await conn.execute(select(chats).where(chats.c.id == chat_id))).one_or_none()
        return None if row is None else ChatRecord(**row._mapping)

    async def get_or_create_chat(self, chat_id: int) -> ChatRecord:
        known = await self.get_chat(chat_id)
        if known is not None:
            return known
        async with write(self.engine) as conn:
            statement = _insert_for(conn, chats).values(id=chat_id, language=None, settings={})
            await conn.execute(statement.on_conflict_do_nothing(index_elements=[chats.c.id]))
            row = (await conn.execute(select(chats).where(chats.c.id == chat_id))).one()
        return ChatRecord(**row._mapping)

    async def set_chat_language(self, chat_id: int, language: str | None) -> ChatRecord:
        return await self._upsert_chat(chat_id, language=language)

    async def set_chat_settings(self, chat_id: int, settings: Mapping[str, Any]) -> ChatRecord:
        """Replace the chat's settings with ``settings`` (whole: JSON is never patched)."""
        return await self._upsert_chat(chat_id, settings=dict(settings))

    async def _upsert_chat(self, chat_id: int, **values: Any) -> ChatRecord:
        async with write(self.engine) as conn:
            statement = _insert_for(conn, chats).values(
                {"id": chat_id, "language": None, "settings": {}, **values}
            )
            statement = statement.on_conflict_do_update(index_elements=[chats.c.id], set_=values)
            row = (await conn.execute(statement.returning(chats))).one()
        return ChatRecord(**row._mapping)

    # -- series -------------------------------------------------------------------

    async def record_series_win(
        self, chat_id: int, winners: Iterable[Member], losers: Iterable[Member]
    ) -> SeriesRecord:
        """One more game won by ``winners`` against ``losers`` in this chat."""
        key, winners_first = series_key(winners, losers)
        won_a, won_b = (1, 0) if winners_first else (0, 1)
        async with write(self.engine) as conn:
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
            row = (await conn.execute(statement.returning(series))).one()
        return _series(row)

    async def get_series(
        self, chat_id: int, team: Iterable[Member], other: Iterable[Member]
    ) -> SeriesRecord | None:
        key, _ = series_key(team, other)
        query = select(series).where(series.c.chat_id == chat_id, series.c.key == key)
        async with read(self.engine) as conn:
            row = (await conn.execute(query)).one_or_none()
        return None if row is None else _series(row)


def _table(row: Row[Any]) -> TableRecord:
    return TableRecord(**row._mapping)


def _series(row: Row[Any]) -> SeriesRecord:
    return SeriesRecord(chat_id=row.chat_id, key=row.key, wins=(row.wins_a, row.wins_b))


def _insert_for(conn: AsyncConnection, table: Table) -> postgresql.Insert | sqlite.Insert:
    """The dialect's INSERT, which knows ON CONFLICT (both spell it the same way)."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    if conn.dialect.name == "sqlite":
        return sqlite.insert(table)
    raise NotImplementedError(f"no upsert for {conn.dialect.name}")


async def _version_of(conn: AsyncConnection, table_id: int) -> int | None:
    query = select(tables.c.version).where(tables.c.id == table_id)
    return (await conn.execute(query)).scalar_one_or_none()


async def _active_table_id(conn: AsyncConnection, chat_id: int) -> int | None:
    query = select(tables.c.id).where(tables.c.chat_id == chat_id, tables.c.active)
    return (await conn.execute(query)).scalar_one_or_none()


async def _insert_events(
    conn: AsyncConnection, table_id: int, events: Sequence[NewEvent], now: datetime
) -> list[int]:
    """Number and insert events; the caller holds the table's row lock."""
    if not events:
        return []
    last_seq = (
        await conn.execute(
            select(func.coalesce(func.max(game_events.c.seq), 0)).where(
                game_events.c.table_id == table_id
            )
        )
    ).scalar_one()
    rows = [
        {
            "table_id": table_id,
            "seq": seq,
            "kind": kind,
            "payload": dict(payload),
            "created_at": now,
        }
        for seq, (kind, payload) in enumerate(events, start=last_seq + 1)
    ]
    await conn.execute(insert(game_events), rows)
    return [row["seq"] for row in rows]
