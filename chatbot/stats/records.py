"""Players' records counted from the game logs: statistics, streaks, ratings.

Written in two ways that share every line that counts:

- live, by :data:`RECORDS_AT_GAME_END`, the hook the bot's composition root hands its
  ``Repository`` (``chatbot/storage/game_end.py``): the save that logs a ``GameWon``
  calls :func:`lock_records` and :func:`record_game_end` in its transaction, which
  read the table's log back and apply the games it ends;
- by :func:`rebuild` (``truco-bot rebuild-stats``, and migration 0008's back-fill):
  everything is deleted and every table's log applied again, games in the order
  they ended.

Both derive the games with ``chatbot.stats.derive.finished_games`` and write them
with :func:`apply_game`, so a rebuild gives exactly what was recorded live.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table, delete, func, select, text, update
from sqlalchemy.engine import Connection

from chatbot.stats.derive import FinishedGame, finished_games
from chatbot.stats.ratings import (
    Rating,
    family_of,
    is_rated,
    is_rated_with_bots,
    rate,
    rate_with_bots,
)
from chatbot.storage.game_end import GameEndHook
from chatbot.storage.locks import NAMESPACE
from chatbot.storage.models import (
    bot_table_ratings,
    chat_players,
    game_events,
    player_profiles,
    player_ratings,
    player_stats,
    rated_opponents,
    tables,
)
from chatbot.storage.records import EventRecord
from chatbot.storage.upserts import insert_for as _insert_for

log = logging.getLogger(__name__)

# The records' advisory lock (PostgreSQL): the bot's namespace, and an id no table has.
_RECORDS_LOCK = text("SELECT pg_advisory_xact_lock(:ns, -1)")

RECORD_TABLES = (player_stats, player_profiles, player_ratings, bot_table_ratings,
                 rated_opponents, chat_players)
# What a rebuild recounts; a profile's choices (/privacy, the @username) stay.
COUNTED = (player_stats, player_ratings, bot_table_ratings, rated_opponents, chat_players)


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
    """Add one finished game to the records: counters, streaks, and the ratings among
    people or, for a game with bots at the table, the ratings kept apart for those."""
    against = "bots" if game.with_bots else "people"
    for line in game.people():
        assert line.user_id is not None
        for name, value in sorted(line.counts.items()):
            if value:
                _add_counter(conn, line.user_id, (game.variant, game.format, against), name, value)
        _count_streak(conn, line.user_id, won=line.team == game.winner)
    if is_rated(game):
        _rate(conn, game, chat_id)
    elif is_rated_with_bots(game):
        _rate_with_bots(conn, game)


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


def _known_ratings(conn: Connection, table: Table, family: str,
                   people: Sequence[int | None]) -> dict[int, Rating]:
    """The stored ratings of these people in this family, in ``table``."""
    return {row.user_id: Rating(row.mu, row.sigma, row.games) for row in conn.execute(
        select(table).where(table.c.family == family, table.c.user_id.in_(people)))}


def _store_rating(conn: Connection, table: Table, user_id: int, family: str,
                  rating: Rating) -> None:
    values = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games}
    statement = _insert_for(conn, table).values(user_id=user_id, family=family, **values)
    conn.execute(statement.on_conflict_do_update(
        index_elements=[table.c.user_id, table.c.family], set_=values))


def _rate(conn: Connection, game: FinishedGame, chat_id: int) -> None:
    family = family_of(game.variant)
    people = [line.user_id for line in game.seats if line.user_id is not None]
    seat_team = {line.user_id: line.team for line in game.seats}
    known = _known_ratings(conn, player_ratings, family, people)
    for user_id, rating in rate(game, known).items():
        _store_rating(conn, player_ratings, user_id, family, rating)
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


def _rate_with_bots(conn: Connection, game: FinishedGame) -> None:
    """The ratings from games with bots at the table: the bots' are fixed, only the
    people's are stored. Nothing here reaches a leaderboard or a rating among people."""
    family = family_of(game.variant)
    people = [line.user_id for line in game.people()]
    known = _known_ratings(conn, bot_table_ratings, family, people)
    for user_id, rating in rate_with_bots(game, known).items():
        _store_rating(conn, bot_table_ratings, user_id, family, rating)


class _RecordsAtGameEnd:
    """The records' writer as the repository's game-end hook."""

    def lock(self, conn: Connection) -> None:
        lock_records(conn)

    def record(self, conn: Connection, table_id: int, after_seq: int) -> None:
        record_game_end(conn, table_id, after_seq)


# What the bot hands its repository: ``Repository(engine, RECORDS_AT_GAME_END)``.
RECORDS_AT_GAME_END: GameEndHook = _RecordsAtGameEnd()
