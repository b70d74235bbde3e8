"""What the repository hands out: frozen snapshots of rows.

Why not the SQLModel rows themselves: an ORM row is tied to a session. Under
asyncio, touching an expired or unloaded attribute after the session closed
raises instead of lazily loading, and a row mutated outside any session is
silently never saved (or, for JSON, mutated in place and never noticed). A
frozen snapshot has none of these traps, can cross ``await`` points freely and
makes every write explicit: build a new record with ``dataclasses.replace``
and pass it to ``Repository.save``. The design notes ask for the same
separation: the state machine's model is a plain object copied to and from
the row, never the row.

The JSON fields (``options``, ``game``, ``payload``, ``settings``) are fresh
dicts decoded from the database on every read; nothing is shared with the
repository or with another caller.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

JsonDict = dict[str, Any]

# A team member for series keys: a Telegram user id, or None for a bot seat.
Member = int | None


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as last saved. ``version`` is what ``save`` must be given back."""

    id: int
    chat_id: int
    code: str
    variant: str
    options: JsonDict
    state: str
    game: JsonDict
    version: int
    turn_seq: int
    turn_deadline: datetime | None
    message_id: int | None
    creator_id: int
    language: str | None
    active: bool
    created_at: datetime
    updated_at: datetime
    # which worker-claimed turn timer is running, until when (several workers only)
    timer_claim_seq: int | None = None
    timer_claimed_until: datetime | None = None
    # when the bot was removed from the table's group: the table waits (None: it plays)
    paused_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat at a table; ``user_id`` None is a bot."""

    table_id: int
    seat: int
    name: str
    user_id: int | None = None
    is_bot: bool = False
    bot_level: str | None = None  # None: the AI's default level


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: int
    name: str
    language: str | None
    telegram_language: str | None
    started_private: bool


@dataclass(frozen=True, slots=True)
class ChatRecord:
    id: int
    language: str | None
    settings: JsonDict = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One entry of a table's log; ``seq`` counts from 1 without gaps."""

    table_id: int
    seq: int
    kind: str
    payload: JsonDict
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Deadline:
    """A pending turn timer. Only ids: the timer reloads the table when it fires
    and re-checks ``turn_seq``, so start-up need not decode every game."""

    table_id: int
    chat_id: int
    turn_seq: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class SeriesRecord:
    """The running score of two teams in a chat, in the key's team order."""

    chat_id: int
    key: str
    wins: tuple[int, int]

    def score(self, team: Iterable[Member], other: Iterable[Member]) -> tuple[int, int]:
        """The wins of (team, other), whichever order the key stores them in."""
        key, team_first = series_key(team, other)
        if key != self.key:
            raise ValueError(f"teams {key!r} do not belong to series {self.key!r}")
        return self.wins if team_first else (self.wins[1], self.wins[0])


@dataclass(frozen=True, slots=True)
class StickerDeckRecord:
    """A deck's sticker set as stored: its name, the drawing's version it was built
    from, and the file id of each picture, in the set's order."""

    deck: str
    set_name: str
    version: str
    file_ids: dict[str, str]
    """picture name -> Telegram file id, in the set's order."""
    unique_ids: dict[str, str] = field(default_factory=dict)
    """picture name -> file_unique_id (stable across bots: what a message's sticker has)."""


@dataclass(frozen=True, slots=True)
class PhotoDeckRecord:
    """A deck's card photos as stored: the drawing's version they were uploaded from,
    and the photo file id of each picture."""

    deck: str
    version: str
    file_ids: dict[str, str]
    """picture name -> Telegram photo file id."""


def _team_token(team: Iterable[Member]) -> str:
    tokens = sorted("bot" if m is None else str(int(m)) for m in team)
    if not tokens:
        raise ValueError("a team needs at least one member")
    return ",".join(tokens)


def series_key(team: Iterable[Member], other: Iterable[Member]) -> tuple[str, bool]:
    """The canonical key of two teams, and whether ``team`` comes first in it.

    Seat order and side do not matter: the same people always map to the same
    key, so the series continues whoever sits where. Bots count as "bot".
    """
    a, b = _team_token(team), _team_token(other)
    return (f"{a}|{b}", True) if a <= b else (f"{b}|{a}", False)
