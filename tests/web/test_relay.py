"""Several workers: a page served by one hears of a change saved by another (Redis pub/sub)."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from chatbot.handlers.web.live import Changes
from chatbot.handlers.web.relay import WebRelay

REDIS_URL = os.environ.get("TRUCO_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
GUARD = 120.0


@pytest.fixture
async def redis() -> AsyncIterator[Redis]:
    client = Redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except Exception as error:  # refused, timed out...
        await client.aclose()
        message = f"Redis at {REDIS_URL} is unreachable: {error!r}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI is set: Redis is required)", pytrace=False)
        pytest.skip(message)
    try:
        yield client
    finally:
        await client.aclose()


async def test_a_change_in_one_worker_wakes_the_pages_of_another(redis: Redis) -> None:
    prefix = f"test-{uuid.uuid4().hex}"
    here, there = Changes(), Changes()
    publisher = WebRelay(redis, prefix, here)
    listener = WebRelay(redis, prefix, there)
    listening = asyncio.create_task(listener.listen())
    try:
        async def subscribed() -> None:
            while (await redis.pubsub_numsub(listener.channel))[0][1] < 1:
                await asyncio.sleep(0.01)
        await asyncio.wait_for(subscribed(), GUARD)
        waiting = asyncio.create_task(there.wait(42, timeout=GUARD))
        while there.watchers(42) == 0:
            await asyncio.sleep(0)
        publisher.publish(42)
        assert await asyncio.wait_for(waiting, GUARD + 1)
        # another table's change wakes nobody here
        other = asyncio.create_task(there.wait(43, timeout=0.2))
        publisher.publish(44)
        assert not await other
    finally:
        listening.cancel()
        with pytest.raises(asyncio.CancelledError):
            await listening
