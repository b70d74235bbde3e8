"""Partitions, leases and the consumer loop, in this process, on the machine's Redis.

The worker's ``handle`` here only records what it got, so these tests are about the
Redis side: one chat's updates in order, acknowledged after they were handled, a
dead worker's partitions and pending updates taken over, a clean stop handing
everything back. Keys carry a random prefix per test.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from redis.asyncio import Redis

from chatbot.handlers.cluster.ingress import Router
from chatbot.handlers.cluster.streams import GROUP, Streams, chat_key, migration, table_code
from chatbot.handlers.cluster.worker import Worker
from chatbot.handlers.telegram.config import ConfigError, Settings
from tests.handlers.group_helpers import eventually

REDIS_URL = os.environ.get("TRUCO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


@pytest.fixture
async def redis() -> AsyncIterator[Redis]:
    client = Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        await client.ping()
    except Exception as error:
        await client.aclose()
        if os.environ.get("CI"):
            pytest.fail(f"Redis at {REDIS_URL} is unreachable: {error!r}")
        pytest.skip(f"Redis at {REDIS_URL} is unreachable")
    yield client
    await client.aclose()


@pytest.fixture
async def streams(redis: Redis) -> AsyncIterator[Streams]:
    streams = Streams(f"test{uuid.uuid4().hex[:12]}", 4)
    yield streams
    keys = [k async for k in redis.scan_iter(match=f"{streams.prefix}:*")]
    if keys:
        await redis.delete(*keys)


def message(update_id: int, chat: int, text: str) -> dict[str, Any]:
    return {"update_id": update_id, "message": {
        "message_id": update_id, "date": 0, "text": text,
        "chat": {"id": chat, "type": "group"}, "from": {"id": 7, "is_bot": False,
                                                         "first_name": "A"}}}


def test_updates_are_keyed_by_chat_else_table_code_else_user() -> None:
    assert chat_key(message(1, -100, "/new")) == -100
    press = {"update_id": 2, "callback_query": {"id": "q", "from": {"id": 7},
                                                "message": {"chat": {"id": -5}}}}
    assert chat_key(press) == -5 and table_code(press) is None
    inline = {"update_id": 3, "inline_query": {"id": "i", "from": {"id": 7},
                                               "query": "ab12cd "}}
    assert chat_key(inline) == 7 and table_code(inline) == "AB12CD"
    chosen = {"update_id": 4, "chosen_inline_result": {"result_id": "2|XY34ZT|3|move|0|s",
                                                       "from": {"id": 7}, "query": ""}}
    assert table_code(chosen) == "XY34ZT"
    streams = Streams("p", 16)
    assert {streams.partition_of(-100) for _ in range(3)} == {streams.partition_of(-100)}


def test_cluster_settings_are_read_and_refused_in_a_sentence() -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:x", "TRUCO_PARTITIONS": "8",
                                  "TRUCO_HEALTH_PORT": "9100", "TRUCO_LEASE_SECONDS": "3"})
    assert settings is not None
    assert (settings.partitions, settings.health_port, settings.lease_seconds) == (8, 9100, 3)
    for name, value in (("TRUCO_PARTITIONS", "0"), ("TRUCO_HEALTH_PORT", "http"),
                        ("TRUCO_LEASE_SECONDS", "0.1"), ("TRUCO_REDIS_URL", "http://x")):
        with pytest.raises(ConfigError, match=name):
            Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:x", name: value})


class Recorder:
    def __init__(self, block: asyncio.Event | None = None) -> None:
        self.seen: list[int] = []
        self.block = block

    async def __call__(self, update: dict[str, Any]) -> None:
        if self.block is not None:
            await self.block.wait()
        self.seen.append(update["update_id"])


async def _pending(redis: Redis, streams: Streams) -> int:
    return sum([(await redis.xpending(s, GROUP))["pending"] for s in streams.all_streams()])


async def test_a_chats_updates_in_order_acknowledged_and_handed_over_on_a_clean_stop(
        redis: Redis, streams: Streams) -> None:
    await streams.ensure_groups(redis)
    record = Recorder()
    worker = Worker(redis, streams, record, lease_seconds=2, name="w1")
    stop = asyncio.Event()
    running = asyncio.create_task(worker.run(stop))
    updates = [message(10 * i - chat, chat, "x") for i in range(1, 41) for chat in (-1, -2, -3)]
    await streams.append(redis, updates)
    await eventually(lambda: _async(len(record.seen) == len(updates)), "every update handled")
    for chat in (-1, -2, -3):  # each chat's in the order they came
        ids = [u["update_id"] for u in updates if chat_key(u) == chat]
        seen = [i for i in record.seen if i in ids]
        assert seen == sorted(seen)
    await eventually(lambda: _async(worker.leases.held == set(range(4))), "every partition")
    stop.set()
    await running
    assert await _pending(redis, streams) == 0  # acknowledged
    assert [await redis.xlen(s) for s in streams.all_streams()] == [0] * 4  # and deleted
    assert await redis.mget([streams.lease(p) for p in range(4)]) == [None] * 4


# A worker that reads and never finishes, in a process of its own, to be SIGKILLed.
STUCK_WORKER = """
import asyncio, sys
from redis.asyncio import Redis
from chatbot.handlers.cluster.streams import Streams
from chatbot.handlers.cluster.worker import Worker

async def main():
    redis = Redis.from_url(sys.argv[1], decode_responses=True)
    async def never(update):
        await asyncio.Event().wait()
    await Worker(redis, Streams(sys.argv[2], 4), never, 2, name="stuck").run(asyncio.Event())

asyncio.run(main())
"""


async def test_a_dead_workers_partitions_and_pending_updates_are_taken_over(
        redis: Redis, streams: Streams) -> None:
    await streams.ensure_groups(redis)
    stuck = await asyncio.create_subprocess_exec(sys.executable, "-c", STUCK_WORKER, REDIS_URL,
                                                 streams.prefix)
    try:
        await eventually(lambda: _async_held(redis, streams, "stuck"), "the first worker", 120)
        await streams.append(redis, [message(i, -i, "x") for i in range(1, 9)])
        await eventually(lambda: _async_pending(redis, streams, 8), "read, never acknowledged",
                         120)
    finally:
        stuck.send_signal(signal.SIGKILL)  # no lease given back, nothing acknowledged
        await stuck.wait()

    record = Recorder()
    heir = Worker(redis, streams, record, lease_seconds=2, name="heir")
    stop = asyncio.Event()
    running = asyncio.create_task(heir.run(stop))
    await eventually(lambda: _async(sorted(record.seen) == list(range(1, 9))),
                     "the dead worker's updates handled by the other", 120)
    await eventually(lambda: _async_pending(redis, streams, 0), "all acknowledged")
    assert heir.leases.held == set(range(4))
    stop.set()
    await running


async def _async_held(redis: Redis, streams: Streams, name: str) -> bool | None:
    holders = await redis.mget([streams.lease(p) for p in range(streams.partitions)])
    return holders == [name] * streams.partitions or None


async def _async(value: bool) -> bool | None:
    return value or None


async def _async_pending(redis: Redis, streams: Streams, count: int) -> bool | None:
    return (await _pending(redis, streams) == count) or None


def test_an_upgrades_service_messages_go_by_the_old_groups_id() -> None:
    """Both come to the partition of the group's table, after the group's last updates;
    the ingress's cached code of that table names the supergroup from then on."""
    old, new = -4_000_000_001, -1_001_000_000_001
    to = message(5, old, "")
    to["message"].pop("text")
    to["message"]["migrate_to_chat_id"] = new
    came = message(6, new, "")
    came["message"].pop("text")
    came["message"]["chat"]["type"] = "supergroup"
    came["message"]["migrate_from_chat_id"] = old
    assert chat_key(to) == chat_key(came) == old
    assert migration(to) == migration(came) == (old, new)
    assert migration(message(7, old, "/new")) is None
    removed = {"update_id": 8, "my_chat_member": {
        "chat": {"id": old, "type": "group"}, "from": {"id": 7}, "date": 0,
        "old_chat_member": {"status": "member"}, "new_chat_member": {"status": "kicked"}}}
    assert chat_key(removed) == old

    router = Router(None, {"AB12CD": old, "ZZ99ZZ": -5})
    inline = {"update_id": 9, "inline_query": {"id": "i", "from": {"id": 7},
                                               "query": "AB12CD"}}
    asyncio.run(router.key(to))
    assert router.chats == {"AB12CD": new, "ZZ99ZZ": -5}
    router.repo = object()  # type: ignore[assignment]  # a cached code reads nothing
    assert asyncio.run(router.key(inline)) == new


async def test_an_upgrade_is_handled_after_the_old_groups_updates(
        redis: Redis, streams: Streams) -> None:
    """On one partition, in order: the group's moves, then both service messages."""
    await streams.ensure_groups(redis)
    record = Recorder()
    worker = Worker(redis, streams, record, lease_seconds=2, name="w1")
    stop = asyncio.Event()
    running = asyncio.create_task(worker.run(stop))
    old, new = -4_000_000_001, -1_001_000_000_001
    updates = [message(i, old, "x") for i in range(1, 20)]
    to = message(20, old, "")
    to["message"]["migrate_to_chat_id"] = new
    came = message(21, new, "")
    came["message"]["migrate_from_chat_id"] = old
    updates += [to, came, message(22, new, "y")]
    await streams.append(redis, updates)
    await eventually(lambda: _async(len(record.seen) == len(updates)), "every update handled")
    assert [i for i in record.seen if i <= 21] == list(range(1, 22))
    stop.set()
    await running
