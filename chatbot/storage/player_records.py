"""Players' records in the database: statistics, ratings, leaderboards, forgetting.

Written in two ways that share every line that counts:

- live, by :func:`record_game_end`, inside the transaction of the save that ends a
  game (``repository._save_with_events`` calls it when a ``GameWon`` is logged): the
  table's log is read back in that transaction and the games it ends are applied;
- by :func:`rebuild` (``truco-bot rebuild-stats``, and migration 0008's back-fill):
  everything is deleted and every table's log applied again, games in the order
  they ended.

Both derive the games with ``chatbot.stats.derive.finished_games`` and write them
with :func:`apply_game`, so a rebuild gives exactly what was recorded live.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.rules.registry import available_variants
from chatbot.stats.derive import FinishedGame, finished_games
from chatbot.stats.ratings import (
    BOARD_GAMES,
    BOARD_OPPONENTS,
    Rating,
    family_of,
    is_rated,
    rate,
)
from chatbot.storage.forgetting import forget, forget_blocked, set_blocked
from chatbot.storage.locks import NAMESPACE
from chatbot.storage.models import (
    chat_players,
    game_events,
    player_profiles,
    player_ratings,
    player_stats,
    rated_opponents,
    tables,
    users,
)
from chatbot.storage.records import EventRecord
from chatbot.storage.runner import Runner, runner_for
from chatbot.storage.upserts import insert_for as _insert_for

log = logging.getLogger(__name__)

# The records' advisory lock (PostgreSQL): the bot's namespace, and an id no table has.
_RECORDS_LOCK = text("SELECT pg_advisory_xact_lock(:ns, -1)")

RECORD_TABLES = (player_stats, player_profiles, player_ratings, rated_opponents, chat_players)
# What a rebuild recounts; a profile's choices (/privacy, the @username) stay.
COUNTED = (player_stats, player_ratings, rated_opponents, chat_players)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics: counters per (variant, format, opponents), the streaks,
    and their ratings by family."""

    user_id: int
    counters: dict[tuple[str, str, str], dict[str, int]]
    streak: int
    best_streak: int
    hidden: bool
    ratings: dict[str, Rating]

    def total(self, name: str, *, opponents: str | None = None) -> int:
        """A counter summed over variants and formats (and opponents, unless named)."""
        return sum(values.get(name, 0) for (_, _, against), values in self.counters.items()
                   if opponents is None or against == opponents)


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One line of a group's leaderboard."""

    place: int
    user_id: int
    name: str
    rating: Rating


class PlayerRecords:
    """Reading and maintaining the records, over one engine (as ``Repository``)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    @property
    def _run(self) -> Runner:
        return runner_for(self.engine)

    async def stats(self, user_id: int) -> PlayerStats:
        return await self._run.read(_stats, user_id)

    async def board(self, chat_id: int, family: str) -> list[BoardLine]:
        """The chat's leaderboard of a family, best first: listed people with enough
        games against enough different people (``ratings.BOARD_GAMES``, ``BOARD_OPPONENTS``)."""
        return await self._run.read(_board, chat_id, family)

    async def chat_family(self, chat_id: int) -> str:
        """The rating family most played in the chat (the first variant's without games):
        what ``/top`` without a game shows."""
        return await self._run.read(_chat_family, chat_id)

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        """Leave every leaderboard (``/privacy``), or come back."""
        await self._run.write(_set_hidden, user_id, hidden)

    async def set_username(self, user_id: int, username: str | None) -> None:
        """The @username Telegram shows for the user now (None: they have none)."""
        await self._run.write(_set_username, user_id, username)

    async def user_by_username(self, username: str) -> int | None:
        """The user last seen with this @username (case-insensitive), if any."""
        return await self._run.read(_user_by_username, username)

    async def forget(self, user_id: int) -> bool:
        """``/forget``: see ``forgetting.py``; False while they sit at an open table."""
        return await self._run.write(forget, user_id)

    async def set_blocked(self, user_id: int, since: datetime | None) -> None:
        """The user blocked the bot at ``since`` (None: they unblocked it)."""
        await self._run.write(set_blocked, user_id, since)

    async def forget_blocked(self, before: datetime) -> list[int]:
        """Forget who has blocked the bot since before ``before``; returns their ids."""
        return await self._run.write(forget_blocked, before)

    async def rebuild(self) -> int:
        """Rebuild every record from the event logs; returns the games counted."""
        return await self._run.write(rebuild)


# -- writing ----------------------------------------------------------------------------


def lock_records(conn: Connection) -> None:
    """One game's end at a time across workers (PostgreSQL; SQLite has one writer),
    until the transaction ends. Without it two games of the same people would update
    their counters in opposite orders (a deadlock), read a rating the other is about to
    change, and could commit in another order than their end times say, which is the
    order a rebuild counts them in. The save takes it before reading the clock."""
    if conn.dialect.name == "postgresql":
        conn.execute(_RECORDS_LOCK, {"ns": NAMESPACE})


def record_game_end(conn: Connection, table_id: int, after_seq: int) -> None:
    """Apply the games of the table whose end was logged after ``after_seq`` (the save
    being committed holds the table's row lock, so its log is complete up to here)."""
    lock_records(conn)  # held already when the save took it first (a no-op then)
    options, chat_id = conn.execute(
        select(tables.c.options, tables.c.chat_id).where(tables.c.id == table_id)).one()
    for game in _games_of(conn, table_id, options):
        if game.end_seq > after_seq:
            apply_game(conn, game, chat_id)


def apply_game(conn: Connection, game: FinishedGame, chat_id: int) -> None:
    """Add one finished game to the records: counters, streaks, ratings."""
    against = "bots" if game.with_bots else "people"
    for line in game.people():
        assert line.user_id is not None
        for name, value in sorted(line.counts.items()):
            if value:
                _add_counter(conn, line.user_id, (game.variant, game.format, against), name, value)
        _count_streak(conn, line.user_id, won=line.team == game.winner)
    if is_rated(game):
        _rate(conn, game, chat_id)


def rebuild(conn: Connection) -> int:
    """Delete every record and apply every finished game of every log again, in the
    order the games ended; returns how many games were applied.

    On PostgreSQL the records' tables are locked first, so a game ending meanwhile
    waits for the rebuild and is then counted once, by itself (SQLite has one writer).
    """
    if conn.dialect.name == "postgresql":
        names = ", ".join(table.name for table in RECORD_TABLES)
        conn.execute(text(f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE"))
    for table in COUNTED:
        conn.execute(delete(table))
    conn.execute(update(player_profiles).values(streak=0, best_streak=0))
    games: list[tuple[FinishedGame, int]] = []
    for table_id, options, chat_id in conn.execute(
            select(tables.c.id, tables.c.options, tables.c.chat_id).order_by(tables.c.id)):
        games += [(game, chat_id) for game in _games_of(conn, table_id, options)]
    games.sort(key=lambda item: item[0].order_key())
    for game, chat_id in games:
        apply_game(conn, game, chat_id)
    # forgotten people (``forgetting.py``) sit in the log under negative pseudonyms: their
    # games counted for the others above; nothing is kept for the pseudonyms themselves
    # (to the others they stay opponents, as ``forgetting.forget_records`` leaves them)
    for table in (*COUNTED, player_profiles):
        conn.execute(delete(table).where(table.c.user_id < 0))
    return len(games)


def _games_of(conn: Connection, table_id: int, options: dict[str, Any]) -> list[FinishedGame]:
    """The finished games of a table's log. A log this code cannot read (an entry of a
    future version, a variant gone) counts no game and is logged: the records must
    never undo the save of a move, nor stop a rebuild."""
    try:
        return finished_games(table_id, options, _log(conn, table_id))
    except (KeyError, TypeError, ValueError, IndexError):
        log.exception("the log of table %s counts for no records", table_id)
        return []


def _log(conn: Connection, table_id: int) -> list[EventRecord]:
    query = (select(game_events.c.table_id, game_events.c.seq, game_events.c.kind,
                    game_events.c.payload, game_events.c.created_at)
             .where(game_events.c.table_id == table_id).order_by(game_events.c.seq))
    return [EventRecord(*row) for row in conn.execute(query)]


def _add_counter(conn: Connection, user_id: int, scope: tuple[str, str, str], name: str,
                 value: int) -> None:
    variant, format_, against = scope
    statement = _insert_for(conn, player_stats).values(
        user_id=user_id, variant=variant, format=format_, opponents=against, name=name,
        value=value)
    conn.execute(statement.on_conflict_do_update(
        index_elements=[player_stats.c.user_id, player_stats.c.variant, player_stats.c.format,
                        player_stats.c.opponents, player_stats.c.name],
        set_={"value": player_stats.c.value + statement.excluded.value}))


def _count_streak(conn: Connection, user_id: int, *, won: bool) -> None:
    statement = _insert_for(conn, player_profiles).values(
        user_id=user_id, streak=int(won), best_streak=int(won), hidden=False)
    streak = player_profiles.c.streak + 1 if won else 0
    best = (func.max(player_profiles.c.best_streak, streak) if conn.dialect.name == "sqlite"
            else func.greatest(player_profiles.c.best_streak, streak))
    conn.execute(statement.on_conflict_do_update(
        index_elements=[player_profiles.c.user_id],
        set_={"streak": streak, "best_streak": best}))


def _rate(conn: Connection, game: FinishedGame, chat_id: int) -> None:
    family = family_of(game.variant)
    people = [line.user_id for line in game.seats if line.user_id is not None]
    known = {row.user_id: Rating(row.mu, row.sigma, row.games) for row in conn.execute(
        select(player_ratings).where(player_ratings.c.family == family,
                                     player_ratings.c.user_id.in_(people)))}
    for user_id, rating in rate(game, known).items():
        values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
        statement = _insert_for(conn, player_ratings).values(
            user_id=user_id, family=family, **values)
        conn.execute(statement.on_conflict_do_update(
            index_elements=[player_ratings.c.user_id, player_ratings.c.family], set_=values))
        seat_team = {line.user_id: line.team for line in game.seats}
        for other in people:
            if seat_team[other] != seat_team[user_id]:
                conn.execute(_insert_for(conn, rated_opponents).values(
                    user_id=user_id, family=family, opponent_id=other).on_conflict_do_nothing())
        statement = _insert_for(conn, chat_players).values(
            chat_id=chat_id, user_id=user_id, family=family, games=1)
        conn.execute(statement.on_conflict_do_update(
            index_elements=[chat_players.c.chat_id, chat_players.c.user_id,
                            chat_players.c.family],
            set_={"games": chat_players.c.games + 1}))


def _set_hidden(conn: Connection, user_id: int, hidden: bool) -> None:
    statement = _insert_for(conn, player_profiles).values(
        user_id=user_id, streak=0, best_streak=0, hidden=hidden)
    conn.execute(statement.on_conflict_do_update(
        index_elements=[player_profiles.c.user_id], set_={"hidden": hidden}))


def _set_username(conn: Connection, user_id: int, username: str | None) -> None:
    name = username.lower() if username else None
    if name is not None:  # a username moves to whoever holds it now
        conn.execute(update(player_profiles).where(player_profiles.c.username == name,
                                                   player_profiles.c.user_id != user_id)
                     .values(username=None))
    statement = _insert_for(conn, player_profiles).values(
        user_id=user_id, streak=0, best_streak=0, hidden=False, username=name)
    conn.execute(statement.on_conflict_do_update(
        index_elements=[player_profiles.c.user_id], set_={"username": name}))


# -- reading ----------------------------------------------------------------------------


def _stats(conn: Connection, user_id: int) -> PlayerStats:
    counters: dict[tuple[str, str, str], dict[str, int]] = {}
    for row in conn.execute(select(player_stats).where(player_stats.c.user_id == user_id)):
        counters.setdefault((row.variant, row.format, row.opponents), {})[row.name] = row.value
    profile = conn.execute(select(player_profiles).where(
        player_profiles.c.user_id == user_id)).one_or_none()
    ratings = {row.family: Rating(row.mu, row.sigma, row.games) for row in conn.execute(
        select(player_ratings).where(player_ratings.c.user_id == user_id))}
    return PlayerStats(user_id, counters, profile.streak if profile else 0,
                       profile.best_streak if profile else 0,
                       bool(profile.hidden) if profile else False, ratings)


def _chat_family(conn: Connection, chat_id: int) -> str:
    query = (select(chat_players.c.family).where(chat_players.c.chat_id == chat_id)
             .group_by(chat_players.c.family)
             .order_by(func.sum(chat_players.c.games).desc(), chat_players.c.family).limit(1))
    return conn.execute(query).scalar_one_or_none() or family_of(available_variants()[0])


def _user_by_username(conn: Connection, username: str) -> int | None:
    return conn.execute(select(player_profiles.c.user_id).where(
        player_profiles.c.username == username.lower().lstrip("@"))).scalar_one_or_none()


def _board(conn: Connection, chat_id: int, family: str) -> list[BoardLine]:
    opponents = (select(func.count()).select_from(rated_opponents)
                 .where(rated_opponents.c.user_id == player_ratings.c.user_id,
                        rated_opponents.c.family == family).scalar_subquery())
    query = (
        select(player_ratings, users.c.name)
        .join(chat_players, (chat_players.c.user_id == player_ratings.c.user_id)
              & (chat_players.c.family == player_ratings.c.family))
        .join(users, users.c.id == player_ratings.c.user_id)
        .outerjoin(player_profiles, player_profiles.c.user_id == player_ratings.c.user_id)
        .where(chat_players.c.chat_id == chat_id, player_ratings.c.family == family,
               player_ratings.c.games >= BOARD_GAMES, opponents >= BOARD_OPPONENTS,
               player_profiles.c.hidden.is_not(True))
    )
    rows = [(Rating(row.mu, row.sigma, row.games), row.user_id, row.name)
            for row in conn.execute(query)]
    rows.sort(key=lambda item: (-item[0].ordinal, -item[0].games, item[1]))
    return [BoardLine(place, user_id, name, rating)
            for place, (rating, user_id, name) in enumerate(rows, start=1)]
