"""Where an update goes: one of N Redis streams, chosen by its chat.

Every process must agree on the partition of a chat, so the choice is a CRC32
of the chat id (Python's ``hash`` differs between processes) modulo
``TRUCO_PARTITIONS``. An update without a chat (an inline query, a chosen
inline result, a press on an inline message) names its table's code instead
(:func:`table_code`); the ingress finds the table's chat by that code, so that
every update of a game reaches the one worker that holds the game's partition
(what that worker remembers of the game, its messages and private hands, stays
whole). Without a known code it goes by its user: its order then only matters
against that user's other updates, and the table's version check and locks order
it against the group's.

Keys carry ``TRUCO_REDIS_PREFIX`` so that several bots (and parallel test runs)
share one Redis without meeting. Each entry holds the update as Telegram sent
it (JSON), so a worker rebuilds exactly the object polling would have made.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import ResponseError

GROUP = "workers"


def migration(update: dict[str, Any]) -> tuple[int, int] | None:
    """(old, new) chat ids of a group's upgrade to a supergroup, if the update is one of
    its two service messages (``migrate_to_chat_id`` in the old chat,
    ``migrate_from_chat_id`` in the new one), else None."""
    message = update.get("message")
    if not isinstance(message, dict) or not isinstance(message.get("chat"), dict):
        return None
    chat = int(message["chat"]["id"])
    if message.get("migrate_to_chat_id"):
        return chat, int(message["migrate_to_chat_id"])
    if message.get("migrate_from_chat_id"):
        return int(message["migrate_from_chat_id"]), chat
    return None


def chat_key(update: dict[str, Any]) -> int:
    """The chat an update belongs to (else its user; 0 if it names neither). Both
    service messages of an upgrade go by the old group's id: the partition that holds
    the group's table, after the group's last updates, moves it."""
    moved = migration(update)
    if moved is not None:
        return moved[0]
    for kind, body in update.items():
        if kind == "update_id" or not isinstance(body, dict):
            continue
        for holder in (body, body.get("message")):
            if isinstance(holder, dict) and isinstance(holder.get("chat"), dict):
                return int(holder["chat"]["id"])
        for field in ("from", "user", "actor_chat"):
            if isinstance(body.get(field), dict):
                return int(body[field]["id"])
    return 0


def table_code(update: dict[str, Any]) -> str | None:
    """The table code an update without a chat names (see ``chatbot.handlers.payload``:
    version|code|seq|action|arg|signature), or None."""
    inline = update.get("inline_query")
    if isinstance(inline, dict):
        words = str(inline.get("query") or "").split()
        return words[0].upper() if words else None
    chosen = update.get("chosen_inline_result")
    data = chosen.get("result_id") if isinstance(chosen, dict) else None
    query = update.get("callback_query")
    if isinstance(query, dict) and "message" not in query:
        data = query.get("data")
    parts = str(data or "").split("|")
    if len(parts) >= 3 and parts[1] not in ("", "-"):
        return parts[1].upper()
    return None


@dataclass(frozen=True, slots=True)
class Streams:
    """The names of one bot's keys in Redis."""

    prefix: str
    partitions: int

    def partition_of(self, key: int) -> int:
        return zlib.crc32(str(key).encode()) % self.partitions

    def stream(self, partition: int) -> str:
        return f"{self.prefix}:updates:{partition}"

    def partition_of_stream(self, name: str) -> int:
        return int(name.rsplit(":", 1)[1])

    def lease(self, partition: int) -> str:
        return f"{self.prefix}:lease:{partition}"

    @property
    def workers(self) -> str:
        """Sorted set: worker name -> last heartbeat (Redis time, ms)."""
        return f"{self.prefix}:workers"

    def all_streams(self) -> list[str]:
        return [self.stream(p) for p in range(self.partitions)]

    async def ensure_groups(self, redis: Redis) -> None:
        """Create every stream's consumer group (once; BUSYGROUP means it exists)."""
        for name in self.all_streams():
            try:
                await redis.xgroup_create(name, GROUP, id="0", mkstream=True)
            except ResponseError as error:
                if "BUSYGROUP" not in str(error):
                    raise

    async def append(self, redis: Redis, updates: list[dict[str, Any]],
                     keys: list[int] | None = None) -> None:
        """Append updates in their order, in one round trip; each to the stream of its
        key (its chat's unless ``keys`` says otherwise, see :func:`table_code`)."""
        if not updates:
            return
        keys = keys or [chat_key(update) for update in updates]
        async with redis.pipeline(transaction=False) as pipe:
            for update, key in zip(updates, keys, strict=True):
                pipe.xadd(self.stream(self.partition_of(key)),
                          {"u": json.dumps(update, separators=(",", ":")), "k": str(key)})
            await pipe.execute()
