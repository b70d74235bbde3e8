"""A group's minute, kept exactly: at most 20 sends and edits in any 60 seconds.

Telegram allows a group about 20 bot messages a minute, edits included. A leaky
bucket (aiolimiter's, PTB's) lets a full bucket's burst through and then one
call per 3 s, so a busy minute can hold up to 40: the 33-39 a minute seen at a
fast pace. This is a sliding window instead: a call may start only when fewer
than ``limit`` calls to that group started or finished within the last
``window`` seconds, counting every call still in flight as just made. A call
counts from the moment it *finished*: Telegram received it before that, and the
call that takes its place starts after, so whatever the network's delays the
two arrive at least ``window`` apart, and no ``window`` of Telegram's clock holds
more than ``limit``.

``ready`` lets the latest-wins editor wait for room *before* it picks the
content to send (so a busy group gets the newest state in fewer edits), and
``keep`` leaves room for the next hand's message, which cannot wait as an edit can.

The clock and the sleep are injectable, so a test can run a minute of play in
virtual time and still check the window on the fake server's recorded times.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Protocol

LIMIT = 20
WINDOW = 60.0
KEPT = 4096  # groups remembered (the idle ones are dropped first)


class Minute(Protocol):
    """What the rate limiter and the presenter ask of a group's minute: this process's
    ``GroupMinute``, or the cluster's shared one (chatbot/handlers/cluster/shared_limits.py)."""

    async def ready(self, chat: int | str, keep: int = 0) -> None: ...

    def slot(self, chat: int | str) -> AbstractAsyncContextManager[None]: ...

    def move(self, old: int | str, new: int | str) -> None: ...


class GroupMinute:
    def __init__(self, limit: int = LIMIT, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._sleep = sleep
        self._done: dict[int | str, deque[float]] = {}  # group -> when its calls finished
        self._flying: dict[int | str, int] = {}  # group -> calls in flight

    def free(self, chat: int | str) -> int:
        """Calls the group may receive now."""
        return self.limit - self._used(chat, self._clock())

    def _used(self, chat: int | str, now: float) -> int:
        done = self._done.get(chat)
        if done is not None:
            while done and done[0] <= now - self.window:
                done.popleft()
        return (len(done) if done else 0) + self._flying.get(chat, 0)

    def _wait(self, chat: int | str, keep: int) -> float:
        """Seconds until the group has more than ``keep`` free calls (0: now; a call in
        flight holds its place until it ends, so then a short poll)."""
        now = self._clock()
        used = self._used(chat, now)
        if used + keep < self.limit:
            return 0.0
        done = self._done.get(chat) or deque()
        needed = used + keep - self.limit + 1  # this many must leave the window
        if needed <= len(done):
            return max(done[needed - 1] + self.window - now, 0.001)
        return 0.05

    async def ready(self, chat: int | str, keep: int = 0) -> None:
        """Wait until the group could take a call and still keep ``keep`` for others."""
        while (delay := self._wait(chat, keep)) > 0:
            await self._sleep(delay)

    def move(self, old: int | str, new: int | str) -> None:
        """A group became a supergroup (a new id): the calls of its last window count
        for the new id, so the fresh table message posted there keeps the minute."""
        done = self._done.pop(old, None)
        if done:
            self._done[new] = deque(sorted([*done, *self._done.get(new, ())]))

    @asynccontextmanager
    async def slot(self, chat: int | str) -> AsyncIterator[None]:
        """Hold one of the group's calls for the duration of the block."""
        await self.ready(chat)
        self._flying[chat] = self._flying.get(chat, 0) + 1
        try:
            yield
        finally:
            self._flying[chat] -= 1
            if not self._flying[chat]:
                del self._flying[chat]
            self._done.setdefault(chat, deque()).append(self._clock())
            self._trim()

    def _trim(self) -> None:
        if len(self._done) <= KEPT:
            return
        now = self._clock()
        for chat in [c for c in self._done if not self._used(c, now)]:
            del self._done[chat]
