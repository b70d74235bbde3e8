"""Several workers follow a group's lifecycle as one process does.

An ingress and two workers, in this process (the same classes ``truco-bot ingress``
and ``truco-bot worker`` run), on PostgreSQL and the machine's Redis, against the
fake Bot API: a basic group's game is upgraded to a supergroup mid-hand, plays on
there, the bot is removed (the table waits: its deadline fired plays nothing) and
added back, and the game finishes, with nothing sent to the old id after the
upgrade. The updates of the two chats may be on different workers' partitions:
the service messages go by the old id, the table's later updates by the new one.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

from redis.asyncio import Redis
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram import Bot
from telegram.ext import Application

from chatbot.handlers.cluster.ingress import Ingress, Router
from chatbot.handlers.cluster.shared_limits import SharedLimits
from chatbot.handlers.cluster.streams import Streams
from chatbot.handlers.cluster.worker import Worker, application_handler
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.lifecycle import running
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.cluster.test_streams_and_worker import redis, streams
from tests.handlers.group_helpers import eventually, open_group_table
from tests.handlers.telegram_harness import seeded_deals, settings_for
from tests.handlers.test_telegram_chat_lifecycle import quiet

__all__ = ["redis", "streams"]


@asynccontextmanager
async def cluster(server: FakeTelegramServer, db_url: URL, redis: Redis,
                  streams: Streams) -> AsyncIterator[list[Application]]:
    """An ingress polling the fake and two workers consuming the streams, until exit.
    The flood limits are shared in Redis, loose enough that no test waits a minute."""
    settings = settings_for(server, db_url)
    await streams.ensure_groups(redis)
    stop = asyncio.Event()
    apps: list[Application] = []
    tasks: list[asyncio.Task[None]] = []
    async with AsyncExitStack() as stack:
        for name in ("w1", "w2"):
            limits = SharedLimits(redis, streams.prefix, group_limit=1000, per_chat=1000)
            app = build_application(settings, worker=True, shared_limits=limits,
                                    deals=seeded_deals())
            await stack.enter_async_context(running(app, settings, receive=False))
            apps.append(app)
            worker = Worker(redis, streams, application_handler(app), 2, name=name)
            tasks.append(asyncio.create_task(worker.run(stop)))
        bot = Bot(server.token, base_url=server.base_url, base_file_url=server.base_file_url)
        await stack.enter_async_context(bot)
        engine = apps[0].bot_data["engine"]
        ingress = Ingress(bot, redis, streams, Router(Repository(engine)), redis_ok=True)
        tasks.append(asyncio.create_task(ingress.poll(stop)))
        try:
            yield apps
        finally:
            stop.set()
            await asyncio.gather(*tasks)
            for app in apps:
                await app.bot_data["lifecycle"].flush()
                await app.bot_data["deps"].presenter.editor.flush()


async def test_workers_follow_an_upgrade_and_a_removal(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        redis: Redis, streams: Streams) -> None:
    repo = Repository(db_engine)
    alice, bob = FakeUser(fake_telegram, 1001, "Alice"), FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(11)
    async with cluster(fake_telegram, migrated_db_url, redis, streams) as apps:
        game = await open_group_table(fake_telegram, repo, alice, bob, chat_type="group")
        old = game.group
        for _ in range(2):
            await game.play_one(rng)
        await game.human_turn()
        before = await quiet(apps, game)

        mark = fake_telegram.mark()
        new = alice.upgrade_group(old)

        async def moved() -> TableRecord | None:
            record = await game.record()
            return record if record.chat_id == new.id and record.message_id else None
        record = await eventually(moved, "the table posted in the supergroup")
        assert (record.turn_seq, record.game) == (before.turn_seq, before.game)
        game.group = new
        await game.play_one(rng)

        await game.human_turn()
        current = await quiet(apps, game)
        bob.remove_bot_from(new)

        async def paused() -> TableRecord | None:
            record = await game.record()
            return record if record.paused_at is not None else None
        record = await eventually(paused, "the table paused")
        for app in apps:  # whichever worker's timer it is: nothing is played
            await app.bot_data["deps"].stage.on_timer(record.id, record.turn_seq)
        assert (await game.record()).version == record.version
        assert record.turn_seq == current.turn_seq

        await alice.add_bot_to(new)

        async def resumed() -> TableRecord | None:
            now = await game.record()
            return now if now.paused_at is None and now.message_id not in (
                None, record.message_id) else None
        await eventually(resumed, "the table back, posted afresh")
        final = await game.play_to_the_end(rng)
        assert final.state == "finished" and final.chat_id == new.id
    assert [c for c in fake_telegram.calls[mark:] if str(c.chat_id) == str(old.id)] == []
