"""``/forget``: a person's statistics, ratings and name removed from everything kept.

Only the game log stays, anonymous: in every table the person sat at, their Telegram
id becomes a pseudonym (a negative number no Telegram user has, fresh for each
person forgotten) and their name "a player", in the log, the seats, the stored game
and the running series. The pseudonym keeps each old game whole, so a rebuild
still counts it for the others exactly as it did live; the rebuild then drops what
it counted for pseudonyms themselves (``chatbot/stats/records.py``), as this does now.

A person seated at an open table is refused: that game still needs their seat.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.engine import Connection

from chatbot.storage.models import (
    bot_table_ratings,
    chat_players,
    chats,
    game_events,
    player_profiles,
    player_ratings,
    player_stats,
    rated_opponents,
    seats,
    series,
    tables,
    users,
)
from chatbot.storage.records import series_key
from chatbot.storage.upserts import insert_for as _insert_for

ANONYMOUS = "a player"  # the name a forgotten person's seat keeps in the log
# Triggers whose logged arguments name a person: where the user id and the name sit.
_ID_ARGS = {"open": (0, None), "sit": (1, 2), "stand": (0, None)}


def new_pseudonym() -> int:
    """A stand-in for a forgotten person: negative, so never a Telegram user's id."""
    return -1 - secrets.randbelow(2**62)


def forget(conn: Connection, user_id: int) -> bool:
    """Forget ``user_id``; False (nothing changed) while they sit at an open table."""
    their_tables = [row.table_id for row in conn.execute(
        select(seats.c.table_id).where(seats.c.user_id == user_id))]
    open_here = conn.execute(select(tables.c.id).where(
        tables.c.id.in_(their_tables), tables.c.active)).first()
    if open_here is not None:
        return False
    pseudonym = new_pseudonym()
    forget_records(conn, user_id, pseudonym)
    conn.execute(delete(users).where(users.c.id == user_id))
    conn.execute(delete(chats).where(chats.c.id == user_id))  # their private chat
    created = [row.id for row in conn.execute(
        select(tables.c.id).where(or_(tables.c.creator_id == user_id,
                                      tables.c.chat_id == user_id)))]
    for table_id in sorted(set(their_tables) | set(created)):
        _anonymise_table(conn, table_id, user_id, pseudonym)
    _anonymise_series(conn, user_id, pseudonym)
    return True


def forget_blocked(conn: Connection, before: datetime) -> list[int]:
    """Forget everyone who has blocked the bot since before ``before`` (and is not
    seated at an open table: they are forgotten once that game is over)."""
    blocked = [row.user_id for row in conn.execute(
        select(player_profiles.c.user_id).where(player_profiles.c.blocked_since <= before)
        .order_by(player_profiles.c.user_id))]
    return [user_id for user_id in blocked if forget(conn, user_id)]


def set_blocked(conn: Connection, user_id: int, since: datetime | None) -> None:
    """Since when the user blocks the bot (None: they do not). A profile is made for
    someone who never played: the sweep must find them too (their name and language)."""
    statement = _insert_for(conn, player_profiles).values(
        user_id=user_id, streak=0, best_streak=0, hidden=False, blocked_since=since)
    keep_first = since is not None  # blocked again: the 30 days run from the first time
    changes = ({"blocked_since": func.coalesce(player_profiles.c.blocked_since, since)}
               if keep_first else {"blocked_since": None})
    conn.execute(statement.on_conflict_do_update(
        index_elements=[player_profiles.c.user_id], set_=changes))


def forget_records(conn: Connection, user_id: int, pseudonym: int) -> None:
    """Delete what the records keep of the person; to the people they played they stay
    an opponent, under the pseudonym (their games against them still count)."""
    for table in (player_stats, player_profiles, player_ratings, bot_table_ratings,
                  chat_players, rated_opponents):
        conn.execute(delete(table).where(table.c.user_id == user_id))
    conn.execute(update(rated_opponents).where(rated_opponents.c.opponent_id == user_id)
                 .values(opponent_id=pseudonym))


def _anonymise_table(conn: Connection, table_id: int, user_id: int, pseudonym: int) -> None:
    row = conn.execute(select(tables.c.chat_id, tables.c.creator_id, tables.c.game)
                       .where(tables.c.id == table_id)).one()
    game = dict(row.game)
    names = set()
    for index, seat in enumerate(game.get("seats") or []):
        if seat is not None and seat[0] == user_id:
            names.add(seat[1])
            game["seats"][index] = [pseudonym, ANONYMOUS, *seat[2:]]
    if game.get("creator") == user_id:
        game["creator"] = pseudonym
    conn.execute(update(tables).where(tables.c.id == table_id).values(
        game=game,
        creator_id=pseudonym if row.creator_id == user_id else row.creator_id,
        chat_id=pseudonym if row.chat_id == user_id else row.chat_id))
    conn.execute(update(seats).where(seats.c.table_id == table_id, seats.c.user_id == user_id)
                 .values(user_id=pseudonym, name=ANONYMOUS))
    for entry in conn.execute(select(game_events.c.id, game_events.c.kind,
                                     game_events.c.payload)
                              .where(game_events.c.table_id == table_id)).all():
        payload = _anonymous_payload(entry.kind, dict(entry.payload), user_id, pseudonym, names)
        if payload is not None:
            conn.execute(update(game_events).where(game_events.c.id == entry.id)
                         .values(payload=payload))


def _anonymous_payload(kind: str, payload: dict[str, Any], user_id: int, pseudonym: int,
                       names: set[str]) -> dict[str, Any] | None:
    """The log entry with the person's id and name replaced; None when it names neither."""
    if kind == "input":
        where = _ID_ARGS.get(payload.get("trigger", ""))
        args = list(payload.get("args") or ())
        if where is None or len(args) <= where[0] or args[where[0]] != user_id:
            return None
        id_at, name_at = where
        args[id_at] = pseudonym
        if name_at is not None and len(args) > name_at:
            names.add(args[name_at])
            args[name_at] = ANONYMOUS
        return {**payload, "args": args}
    if payload.get("name") in names:
        return {**payload, "name": ANONYMOUS}
    return None


def _anonymise_series(conn: Connection, user_id: int, pseudonym: int) -> None:
    """A series key names its teams' ids: the person's becomes the pseudonym (the key
    is canonical, so it may swap its teams and their wins)."""
    token = str(user_id)
    for row in conn.execute(select(series)).all():
        teams = [team.split(",") for team in row.key.split("|")]
        if not any(token in team for team in teams):
            continue
        members = [[pseudonym if m == token else (None if m == "bot" else int(m))
                    for m in team] for team in teams]
        key, first = series_key(members[0], members[1])
        wins = (row.wins_a, row.wins_b) if first else (row.wins_b, row.wins_a)
        conn.execute(update(series).where(series.c.chat_id == row.chat_id,
                                          series.c.key == row.key)
                     .values(key=key, wins_a=wins[0], wins_b=wins[1],
                             chat_id=pseudonym if row.chat_id == user_id else row.chat_id))
