"""While Redis is away, the ingress tells an inline query the table is busy; moves wait.

An ingress and one worker run as processes (harness.py) on a Redis of the test's
own, which the test stops in the middle of a hand: an inline query asked then is
answered by the ingress itself, at once, in the asker's language, and not queued;
a move chosen from a list the player already had waits at the ingress and counts
once Redis is back, its post settled as usual. On a webhook the same query is
answered and its POST taken (200); any other update gets 500 until Redis is back,
and Telegram sends it again. Every wait is for a condition.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from redis.asyncio import Redis
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.cluster.harness import WAIT, Cluster, RedisServer, free_port, own_redis_available
from tests.handlers.group_helpers import cards_first, eventually, open_group_table

pytestmark = pytest.mark.skipif(not own_redis_available(),
                                reason="needs redis-server on PATH (it is stopped)")

BUSY = {"en": "The table is busy: try again in a moment.",
        "pt_BR": "A mesa está ocupada: tente de novo daqui a pouco."}


async def _leased(cluster: Cluster, redis: Redis) -> bool | None:
    return len(await cluster.lease_holders(redis)) == cluster.partitions or None


async def test_an_inline_query_during_a_redis_outage_is_told_the_table_is_busy(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        redis_server: RedisServer, tmp_path: Path) -> None:
    server = fake_telegram
    cluster = Cluster(server, migrated_db_url, redis_server.url, tmp_path)
    redis = Redis.from_url(redis_server.url, decode_responses=True)
    repo = Repository(db_engine)
    try:
        await cluster.start("ingress", "ingress")
        await cluster.start("worker", "worker")
        await eventually(lambda: _leased(cluster, redis), "the worker's partitions", WAIT)
        alice = FakeUser(server, 1001, "Alice")
        bob = FakeUser(server, 1002, "Bob", language_code="pt-br")
        game = await open_group_table(server, repo, alice, bob)
        while (record := await game.human_turn()) and game.to_act(record)[1] is not alice:
            await game.play_one(random.Random(3), cards_first)
        message = await game.table_message()
        answer = await alice.inline_query_from(message)  # her moves, before the outage
        move = cards_first(answer.results) or answer.results[0]

        await redis_server.stop()
        for user, locale in ((alice, "en"), (bob, "pt_BR")):
            busy = await user.inline_query_from(message, timeout=WAIT)
            assert [r["title"] for r in busy.results] == [BUSY[locale]], busy.results
            assert (busy.cache_time, busy.is_personal) == (0, True)
            assert busy.results[0]["input_message_content"]["message_text"] == "⏳"
        # a move made now waits at the ingress: nothing is lost, nothing is refused
        post = await alice.choose_inline(move["id"], answer=answer)
        assert post is not None and post.text == "Alice: …"
        assert (await game.record()).turn_seq == record.turn_seq

        await redis_server.start()
        moved = await game.moved_past(record.turn_seq)
        assert moved.active
        await server.wait_until(lambda: post.edits > 0, timeout=WAIT,
                                what="the move's post settled")
        # settled into her move, whichever it was: the bots in the worker search by the
        # clock, so on a loaded machine a bot may have raised first and her move be "Accept"
        settled = post.text or post.caption or ""
        assert settled.startswith("Alice") and settled != "Alice: …", settled
        # the busy answers were not queued: no worker answered those queries again
        told = [q for q, a in server.inline_answers.items()
                if [r["title"] for r in a.results] in ([BUSY["en"]], [BUSY["pt_BR"]])]
        assert len(told) == 2
    except BaseException:
        print(cluster.logs())
        raise
    finally:
        await cluster.stop_all()
        await redis.aclose()


async def test_on_a_webhook_the_busy_query_is_taken_and_other_updates_sent_again(
        fake_telegram: FakeTelegramServer, redis_server: RedisServer, migrated_db_url: URL,
        tmp_path: Path) -> None:
    server = fake_telegram
    cluster = Cluster(server, migrated_db_url, redis_server.url, tmp_path)
    redis = Redis.from_url(redis_server.url, decode_responses=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}/hook"
    try:
        await cluster.start("ingress", "ingress", TRUCO_WEBHOOK_URL=url,
                            TRUCO_WEBHOOK_PORT=str(port))
        await server.wait_until(lambda: server.webhook_url == url, what="the webhook set",
                                timeout=WAIT)
        ana = FakeUser(server, 2001, "Ana", language_code="pt-BR")
        await redis_server.stop()
        busy = await ana.inline_query("ABCDEF", timeout=WAIT)
        assert [r["title"] for r in busy.results] == [BUSY["pt_BR"]]
        query = max(server.sent_updates)
        await server.wait_until(lambda: (query, 200) in server.webhook_deliveries,
                                timeout=WAIT, what="the inline query's POST taken")
        assert [s for u, s in server.webhook_deliveries if u == query] == [200]

        await ana.send(ana.private, "/help")  # no worker needed: it is only queued
        sent = max(server.sent_updates)
        await server.wait_until(lambda: (sent, 500) in server.webhook_deliveries,
                                timeout=WAIT, what="the update refused while Redis is away")
        await redis_server.start()
        await server.wait_until(lambda: (sent, 200) in server.webhook_deliveries,
                                timeout=WAIT, what="the update sent again and taken")
        queued = {json.loads(entry["u"])["update_id"] for p in range(cluster.partitions)
                  for _, entry in await redis.xrange(cluster.streams.stream(p))}
        assert sent in queued
        assert query not in queued, "an inline query told busy is not queued"
    except BaseException:
        print(cluster.logs())
        raise
    finally:
        await cluster.stop_all()
        await redis.aclose()
