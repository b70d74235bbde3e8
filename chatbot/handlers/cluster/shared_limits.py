"""Telegram's flood limits kept in Redis, so that several workers together keep them.

One process keeps them in memory (``rate_limit.py``, ``group_minute.py``). Several
workers each sending to the same group, or all of them to Telegram at once, would
each keep their own count and together exceed them. Here every count is a sorted
set in Redis, updated by one script per call (atomic, so two workers never both
take the last place):

- the bot-wide ~30 messages a second (calls to a chat; answers to queries do not
  count), a sliding window of 1 s;
- each chat's ~1 a second, a sliding window of 1 s;
- each group's 20 a minute, a sliding window of 60 s, counted for the calls that
  post or edit (as ``group_minute.py``: a call counts from when it *finished*,
  one in flight as just made, so no window of Telegram's clock holds more);
- a 429 for a chat pauses that chat, and only it, for every worker: a key that
  expires when Telegram said to retry.

When Redis cannot be asked (away, or restarting) each process keeps the bot-wide
second and the groups' minutes by itself, as ``truco-bot run`` does, until it
answers again: never no limit at all. The client's pool blocks for a free
connection (``run.open_redis``) so that load alone never looks like an outage.

Times are Redis's own (``TIME`` inside the scripts), so the workers' clocks need
not agree. A call in flight counts as ending ``FLIGHT_MS`` from its start until it
ends: a worker that dies mid-call leaves no place taken for ever.

The per-hand budget of a group (at most 8 counted calls per 2v2 Paulista hand) is
the presenter's, unchanged: it decides what to send; this decides when.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext, suppress
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError, ResponseError

from chatbot.handlers.telegram.group_minute import LIMIT, WINDOW, GroupMinute
from chatbot.handlers.telegram.rate_limit import (
    OVERALL_PER_SECOND,
    ChatRateLimiter,
    Watcher,
)

log = logging.getLogger(__name__)

FLIGHT_MS = 30_000
PER_CHAT_PER_SECOND = 1

# KEYS[1]: the window's sorted set. ARGV: window ms, limit, places to keep free,
# member, take (1) or only look (0). Returns 0 (taken, or there is room) or the ms
# to wait before asking again.
_TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window, limit, keep = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
if used + keep < limit then
  if ARGV[5] == '1' then
    redis.call('ZADD', KEYS[1], now + tonumber(ARGV[6]), ARGV[4])
    redis.call('PEXPIRE', KEYS[1], window + tonumber(ARGV[6]) + 1000)
  end
  return 0
end
local nth = redis.call('ZRANGE', KEYS[1], used + keep - limit, used + keep - limit,
                       'WITHSCORES')
local score = tonumber(nth[2])
if score > now then return 50 end  -- a call in flight holds the place: ask again soon
local wait = score + window - now
if wait < 1 then wait = 1 end
return wait
"""
# The call ended: it counts from now.
_DONE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
return 0
"""


class _Away:
    """Redis cannot be asked: this process keeps the limits by itself meanwhile (as
    ``truco-bot run`` does), rather than every Telegram call failing. Said once per
    outage."""

    down = False

    @classmethod
    def failed(cls, error: BaseException) -> None:
        if not cls.down:
            log.warning("flood limits not shared while Redis is away: %s", error)
        cls.down = True

    @classmethod
    def ok(cls) -> None:
        cls.down = False


class Window:
    """At most ``limit`` calls in any ``window_ms`` for one key, shared through Redis."""

    def __init__(self, redis: Redis, key: str, limit: int, window_ms: int) -> None:
        self.redis, self.key, self.limit, self.window_ms = redis, key, limit, window_ms

    async def _take(self, keep: int, member: str) -> bool:
        """Wait for room (and take a place with ``member``); False if Redis is away."""
        try:
            while wait := int(await self.redis.eval(
                    _TAKE, 1, self.key, self.window_ms, self.limit, keep, member,
                    "1" if member else "0", FLIGHT_MS)):
                await asyncio.sleep(wait / 1000)
        except (RedisError, OSError) as error:
            _Away.failed(error)
            return False
        _Away.ok()
        return True

    async def ready(self, keep: int = 0) -> bool:
        """Wait for room; False if Redis could not be asked."""
        return await self._take(keep, "")

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[bool]:
        """A place in the window for one call; yields False if Redis could not be
        asked (the caller then keeps the limit in its own process)."""
        member = uuid.uuid4().hex
        taken = await self._take(0, member)
        try:
            yield taken
        finally:
            if taken:
                with suppress(RedisError, OSError):  # else it runs out after FLIGHT_MS
                    await self.redis.eval(_DONE, 1, self.key, member)


class SharedLimits:
    """The windows and pauses of one bot (``prefix``) in one Redis."""

    def __init__(self, redis: Redis, prefix: str, *, group_limit: int = LIMIT,
                 group_window: float = WINDOW, overall: int = OVERALL_PER_SECOND,
                 per_chat: int = PER_CHAT_PER_SECOND) -> None:
        self.redis, self.prefix = redis, prefix
        self.group_limit, self.group_window_ms = group_limit, int(group_window * 1000)
        self.overall = Window(redis, f"{prefix}:limit:overall", overall, 1000)
        self.per_chat = per_chat

    def group(self, chat: int | str) -> Window:
        return Window(self.redis, f"{self.prefix}:limit:group:{chat}", self.group_limit,
                      self.group_window_ms)

    def chat(self, chat: int | str) -> Window:
        return Window(self.redis, f"{self.prefix}:limit:chat:{chat}", self.per_chat, 1000)

    def _pause_key(self, chat: int | str | None) -> str:
        return f"{self.prefix}:pause:{chat}"

    async def pause(self, chat: int | str | None, seconds: float) -> bool:
        """Pause the chat for every worker; False if Redis is away."""
        try:
            await self.redis.set(self._pause_key(chat), "1", px=max(1, int(seconds * 1000)))
        except (RedisError, OSError) as error:
            _Away.failed(error)
            return False
        return True

    async def move_chat(self, old: int | str, new: int | str) -> None:
        """A group became a supergroup: its minute and its pause move to the new id (a
        key that does not exist is nothing to move; Redis away: they run out anyway)."""
        for old_key, new_key in ((self.group(old).key, self.group(new).key),
                                 (self._pause_key(old), self._pause_key(new))):
            try:
                await self.redis.rename(old_key, new_key)
            except ResponseError:  # no such key
                pass
            except (RedisError, OSError) as error:
                _Away.failed(error)

    async def paused_for(self, chat: int | str | None) -> float:
        try:
            ms = await self.redis.pttl(self._pause_key(chat))
        except (RedisError, OSError) as error:
            _Away.failed(error)
            return 0.0
        return max(0, int(ms)) / 1000


class SharedGroupMinute:
    """``GroupMinute``'s interface (``ready``, ``slot``) over :class:`SharedLimits`,
    with this process's own ``GroupMinute`` for the moments Redis cannot be asked."""

    def __init__(self, limits: SharedLimits) -> None:
        self.limits = limits
        self.local = GroupMinute(limits.group_limit, limits.group_window_ms / 1000)

    def move(self, old: int | str, new: int | str) -> None:
        """This process's own count (the shared one moves in :meth:`SharedLimits.move_chat`)."""
        self.local.move(old, new)

    async def ready(self, chat: int | str, keep: int = 0) -> None:
        if not await self.limits.group(chat).ready(keep):
            await self.local.ready(chat, keep)

    @asynccontextmanager
    async def slot(self, chat: int | str) -> AsyncIterator[None]:
        async with self.limits.group(chat).slot() as shared:
            if shared:
                yield
            else:
                async with self.local.slot(chat):
                    yield


class SharedRateLimiter(ChatRateLimiter):
    """``ChatRateLimiter`` whose overall and per-chat limits and 429 pauses live in Redis."""

    def __init__(self, limits: SharedLimits, max_retries: int = 3,
                 watch: Watcher | None = None) -> None:
        super().__init__(max_retries=max_retries, overall_per_second=None,
                         group_minute=SharedGroupMinute(limits), watch=watch)
        self.limits = limits
        # while Redis cannot be asked: the same sliding second, in this process
        self.local = GroupMinute(OVERALL_PER_SECOND, 1.0)

    async def move_chat(self, old: int | str, new: int | str) -> None:
        await self.limits.move_chat(old, new)
        await super().move_chat(old, new)

    async def _wait_if_paused(self, chat: int | str | None) -> None:
        while (delay := await self.limits.paused_for(chat)) > 0:
            await asyncio.sleep(delay)
        await super()._wait_if_paused(chat)  # a pause kept here while Redis was away

    async def _pause(self, chat: int | str | None, seconds: float) -> None:
        if not await self.limits.pause(chat, seconds):
            await super()._pause(chat, seconds)

    def _overall_for(self, chat: int | str | None) -> AbstractAsyncContextManager[Any]:
        if chat is None:
            return nullcontext()
        return self._chat_then_overall(chat)

    @asynccontextmanager
    async def _chat_then_overall(self, chat: int | str) -> AsyncIterator[None]:
        """The chat's second, then a place in the bot's second; the bot-wide limit is
        kept in this process whenever Redis could not be asked."""
        async with self.limits.chat(chat).slot(), self.limits.overall.slot() as shared:
            if shared:
                yield
            else:
                async with self.local.slot("bot"):
                    yield
