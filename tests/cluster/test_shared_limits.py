"""Flood limits kept in Redis hold for several workers together.

Two limiters stand for two workers (each its own object, one Redis). The checks are
on what happened, never on how fast: no window of Redis's clock holds more calls
than the limit, and a chat paused by a 429 is not called before the pause ends.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from redis.asyncio import Redis
from telegram.error import RetryAfter

from chatbot.handlers.cluster.shared_limits import SharedLimits, SharedRateLimiter
from chatbot.handlers.cluster.streams import Streams
from chatbot.testing.virtual_clock import peak_in_window
from tests.cluster.test_streams_and_worker import redis, streams

__all__ = ["redis", "streams"]


async def _now_ms(redis: Redis) -> int:
    """Redis's clock in whole milliseconds, as the limiter's scripts read it: a window
    is kept to the millisecond, so two calls may be 0.9999 s apart in microseconds
    (it failed so, 4 in a window) and still 1,000 ms apart on the limiter's clock."""
    seconds, micros = await redis.time()
    return int(seconds) * 1000 + int(micros) // 1000


async def test_two_workers_together_keep_a_groups_window(redis: Redis,
                                                         streams: Streams) -> None:
    workers = [SharedLimits(redis, streams.prefix, group_limit=3, group_window=1.0)
               for _ in range(2)]
    started: list[int] = []

    async def send(limits: SharedLimits) -> None:
        async with limits.group(-100).slot():  # read inside: after the place was taken,
            started.append(await _now_ms(redis))  # before the call ends

    await asyncio.gather(*(send(workers[i % 2]) for i in range(10)))
    assert len(started) == 10
    assert peak_in_window(started, 1000) == 3


async def test_a_429_in_one_worker_pauses_that_chat_only_for_every_worker(
        redis: Redis, streams: Streams) -> None:
    first = SharedRateLimiter(SharedLimits(redis, streams.prefix), max_retries=0)
    second = SharedRateLimiter(SharedLimits(redis, streams.prefix), max_retries=0)

    refused_at: list[float] = []

    async def flooded(*_: Any) -> bool:
        refused_at.append(time.monotonic())  # the pause starts after this, never before
        raise RetryAfter(2)

    with pytest.raises(RetryAfter):
        await first.process_request(flooded, (), {}, "sendMessage", {"chat_id": 5}, None)
    calls: dict[int, float] = {}

    async def record(chat: int) -> bool:
        calls[chat] = time.monotonic()
        return True

    await asyncio.gather(
        second.process_request(record, (5,), {}, "sendMessage", {"chat_id": 5}, None),
        second.process_request(record, (6,), {}, "sendMessage", {"chat_id": 6}, None))
    assert calls[5] - refused_at[0] >= 2.0  # the paused chat waited out Telegram's 2 s
    assert await second.limits.paused_for(6) == 0  # the other chat was never paused


async def test_the_bot_wide_second_is_kept_in_the_process_while_redis_cannot_be_asked(
        ) -> None:
    from tests.cluster.harness import free_port

    away = Redis.from_url(f"redis://127.0.0.1:{free_port()}/0")  # nobody listens
    limiter = SharedRateLimiter(SharedLimits(away, "away"), max_retries=0)
    started: list[float] = []

    async def send(chat: int) -> bool:
        started.append(time.monotonic())
        return True

    try:
        await asyncio.gather(*(limiter.process_request(
            send, (chat,), {}, "sendMessage", {"chat_id": chat}, None)
            for chat in range(45)))
    finally:
        await away.aclose()
    assert len(started) == 45
    assert peak_in_window(started, 1.0) <= 30  # never no limit at all


async def test_more_calls_at_once_than_the_pool_has_connections_keep_the_shared_second(
        streams: Streams) -> None:
    """One worker with hundreds of updates in hand: its pool blocks for a connection
    instead of failing, so the limit never falls back for mere load."""
    from chatbot.handlers.cluster import shared_limits
    from chatbot.handlers.cluster.run import REDIS_CONNECTIONS, open_redis
    from chatbot.handlers.telegram.config import Settings
    from tests.cluster.test_streams_and_worker import REDIS_URL

    client = await open_redis(Settings(token="1:x", redis_url=REDIS_URL))
    limiter = SharedRateLimiter(SharedLimits(client, streams.prefix), max_retries=0)
    started: list[int] = []

    async def send(chat: int) -> bool:
        started.append(await _now_ms(client))
        return True

    calls = 2 * REDIS_CONNECTIONS
    try:
        await asyncio.gather(*(limiter.process_request(
            send, (chat,), {}, "sendMessage", {"chat_id": chat}, None)
            for chat in range(calls)))
    finally:
        await client.aclose()
    assert len(started) == calls
    assert not shared_limits._Away.down
    assert peak_in_window(started, 1000) <= 30


async def test_a_groups_shared_minute_and_pause_follow_it_to_its_new_id(
        redis: Redis, streams: Streams) -> None:
    limits = SharedLimits(redis, streams.prefix, group_limit=2, group_window=60.0)
    for _ in range(2):
        async with limits.group(-5).slot():
            pass
    await limits.pause(-5, 60.0)
    await SharedRateLimiter(limits).move_chat(-5, -1009)
    assert await limits.paused_for(-5) == 0 and await limits.paused_for(-1009) > 0
    assert await redis.zcard(limits.group(-1009).key) == 2
    assert await redis.exists(limits.group(-5).key) == 0
    await SharedRateLimiter(limits).move_chat(-5, -1009)  # nothing left to move: no error
