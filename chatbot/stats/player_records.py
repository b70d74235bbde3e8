"""Players' records as the bot reads and keeps them: statistics, leaderboards, a
player's choices (``/privacy``, their @username) and ``/forget``.

The counting itself (each game's end, and the rebuild) is ``records.py``; forgetting
is plain SQL in ``chatbot/storage/forgetting.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.rules.registry import available_variants
from chatbot.stats.ratings import BOARD_GAMES, BOARD_OPPONENTS, Rating, family_of
from chatbot.stats.records import rebuild
from chatbot.storage.forgetting import forget, forget_blocked, set_blocked
from chatbot.storage.models import (
    bot_table_ratings,
    chat_players,
    player_profiles,
    player_ratings,
    player_stats,
    rated_opponents,
    users,
)
from chatbot.storage.runner import Runner, runner_for
from chatbot.storage.upserts import insert_for as _insert_for


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics: counters per (variant, format, opponents), the streaks,
    their ratings by family among people, and those from games with bots at the table."""

    user_id: int
    counters: dict[tuple[str, str, str], dict[str, int]]
    streak: int
    best_streak: int
    hidden: bool
    ratings: dict[str, Rating]
    bot_table_ratings: dict[str, Rating] = field(default_factory=dict)

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


# -- writing a player's choices ----------------------------------------------------


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
    with_bots = {row.family: Rating(row.mu, row.sigma, row.games) for row in conn.execute(
        select(bot_table_ratings).where(bot_table_ratings.c.user_id == user_id))}
    return PlayerStats(user_id, counters, profile.streak if profile else 0,
                       profile.best_streak if profile else 0,
                       bool(profile.hidden) if profile else False, ratings, with_bots)


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
