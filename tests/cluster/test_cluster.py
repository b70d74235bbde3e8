"""One ingress and three workers, as processes, play a group game through failures.

The processes are the console script (``truco-bot ingress``, ``truco-bot worker``)
against the fake Bot API, PostgreSQL and a Redis of the test's own (see
harness.py). Every wait is for a condition, with a generous guard; nothing here
depends on how fast the machine is.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from redis.asyncio import Redis
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.cluster.health import probe
from chatbot.handlers.cluster.streams import GROUP
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.cluster.harness import (
    WAIT,
    Cluster,
    RedisServer,
    free_port,
    own_redis_available,
)
from tests.handlers.group_helpers import eventually, open_group_table

pytestmark = pytest.mark.skipif(not own_redis_available(),
                                reason="needs redis-server on PATH (it is restarted)")


async def _all_leased(cluster: Cluster, redis: Redis, workers: int) -> bool | None:
    holders = await cluster.lease_holders(redis)
    return (len(holders) == cluster.partitions and len(set(holders.values())) == workers
            ) or None


async def _stream_done(cluster: Cluster, redis: Redis, partition: int) -> bool | None:
    """Every entry of the partition handled and acknowledged (none pending or unread)."""
    stream = cluster.streams.stream(partition)
    pending = await redis.xpending(stream, GROUP)
    return (pending["pending"] == 0 and await redis.xlen(stream) == 0) or None


async def test_a_group_game_goes_on_through_a_killed_worker_a_repeat_and_a_redis_restart(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        redis_server: RedisServer, tmp_path: Path) -> None:
    server = fake_telegram
    cluster = Cluster(server, migrated_db_url, redis_server.url, tmp_path)
    redis = Redis.from_url(redis_server.url, decode_responses=True)
    repo = Repository(db_engine)
    rng = random.Random(13)
    try:
        ports = [free_port() for _ in range(4)]
        await cluster.start("ingress", "ingress", TRUCO_HEALTH_PORT=str(ports[0]))
        for number in range(3):
            await cluster.start(f"worker{number}", "worker",
                                TRUCO_HEALTH_PORT=str(ports[number + 1]))
        await eventually(lambda: _all_leased(cluster, redis, 3),
                         "three workers sharing the partitions", WAIT)
        answers = [await eventually(lambda p=p: probe(p), f"/ready on {p}", WAIT)
                   for p in ports]
        assert answers[0]["role"] == "ingress"
        assert sorted(p for a in answers[1:] for p in a["partitions"]) == list(range(8))

        alice, bob = FakeUser(server, 1001, "Alice"), FakeUser(server, 1002, "Bob")
        game = await open_group_table(server, repo, alice, bob)
        for _ in range(2):
            await game.play_one(rng)

        # SIGKILL the worker that holds the group's partition, in the middle of the hand
        partition = cluster.streams.partition_of(game.group.id)
        holder = (await cluster.lease_holders(redis))[partition]
        victim = cluster.worker_of_pid(int(holder.rsplit("-", 1)[1]))
        assert victim is not None
        before = await game.record()
        await cluster.kill(victim)
        await eventually(lambda: _all_leased(cluster, redis, 2),
                         "the two others holding every partition", WAIT)
        for _ in range(3):  # persons' moves and, between them, bots' moves (timers)
            await game.play_one(rng)
        after = await game.record()
        assert after.turn_seq > before.turn_seq and after.active

        # the last update delivered a second time (as after a death before XACK)
        await eventually(lambda: _stream_done(cluster, redis, partition), "the stream idle",
                         WAIT)
        last = max(server.sent_updates)
        record = await game.record()
        events = len(await repo.list_events(game.table_id))
        again = cluster.streams.partition_of(
            _key(server.sent_updates[last]))
        await cluster.streams.append(redis, [server.sent_updates[last]])
        await eventually(lambda: _stream_done(cluster, redis, again), "the repeat handled",
                         WAIT)
        assert (await game.record()).version == record.version
        assert len(await repo.list_events(game.table_id)) == events

        # Redis stops mid-game: the next move waits at the ingress and is not lost (an
        # inline query asked meanwhile is told the table is busy: test_ingress_outage.py)
        record = await game.human_turn()
        _, person = game.to_act(record)
        answer = await person.inline_query_from(await game.table_message())
        mark = max(server.sent_updates)
        await redis_server.stop()
        await person.choose_inline(rng.choice(answer.results)["id"], answer=answer)
        await server.wait_until(lambda: max(server.sent_updates) > mark,
                                what="a person acting while Redis is down")
        await redis_server.start()
        await game.moved_past(record.turn_seq)
    except BaseException:
        print(cluster.logs())
        raise
    finally:
        await cluster.stop_all()
        await redis.aclose()


def _key(update: dict[str, object]) -> int:
    from chatbot.handlers.cluster.streams import chat_key
    return chat_key(update)  # type: ignore[arg-type]
