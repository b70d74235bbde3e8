"""Telegram's flood limits, kept per chat: a throttled group never holds up anyone else.

PTB's ``AIORateLimiter`` pauses *every* request of the bot when any one of them
gets a 429, so one busy group would make every private chat and every other
group wait. Here the overall limit (30 messages a second) and each group's
(20 a minute) are leaky buckets as there, but a 429 pauses only the chat it
was about.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import RetryAfter
from telegram.ext import BaseRateLimiter

from chatbot.handlers.debounce import retry_seconds

Answer = bool | dict[str, Any] | list[dict[str, Any]]
OVERALL_PER_SECOND = 30
GROUP_PER_MINUTE = 20
KEPT_GROUPS = 1024  # idle group buckets are dropped beyond this many


class ChatRateLimiter(BaseRateLimiter[int]):
    """``rate_limit_args`` is the number of retries after a 429 (None: the default)."""

    def __init__(self, max_retries: int = 3, overall_per_second: float = OVERALL_PER_SECOND,
                 group_per_minute: float = GROUP_PER_MINUTE) -> None:
        self._max_retries = max_retries
        self._overall = AsyncLimiter(overall_per_second, 1)
        self._group_rate = group_per_minute
        self._groups: dict[int | str, AsyncLimiter] = {}
        self._paused: dict[int | str | None, float] = {}  # chat -> loop time it may resume

    async def initialize(self) -> None:
        """Nothing to open."""

    async def shutdown(self) -> None:
        """Nothing to close."""

    async def process_request(self, callback: Callable[..., Coroutine[Any, Any, Answer]],
                              args: Any, kwargs: dict[str, Any], endpoint: str,
                              data: dict[str, Any], rate_limit_args: int | None) -> Answer:
        retries = self._max_retries if rate_limit_args is None else rate_limit_args
        chat = _chat_of(data)
        for attempt in range(retries + 1):
            await self._wait_if_paused(chat)
            try:
                async with self._group(chat), self._overall_for(chat):
                    return await callback(*args, **kwargs)
            except RetryAfter as exc:
                if attempt == retries:
                    raise
                loop = asyncio.get_running_loop()
                self._paused[chat] = loop.time() + retry_seconds(exc) + 0.1
        raise AssertionError("unreachable")

    async def _wait_if_paused(self, chat: int | str | None) -> None:
        until = self._paused.get(chat)
        if until is None:
            return
        delay = until - asyncio.get_running_loop().time()
        if delay > 0:
            await asyncio.sleep(delay)
        elif self._paused.get(chat) == until:
            del self._paused[chat]

    def _overall_for(self, chat: int | str | None) -> AbstractAsyncContextManager[Any]:
        """Only messages to chats count against the overall limit (answers do not)."""
        return self._overall if chat is not None else nullcontext()

    def _group(self, chat: int | str | None) -> AbstractAsyncContextManager[Any]:
        if not _is_group(chat):
            return nullcontext()
        assert chat is not None
        limiter = self._groups.get(chat)
        if limiter is None:
            if len(self._groups) >= KEPT_GROUPS:
                for key, idle in list(self._groups.items()):
                    if idle.has_capacity(idle.max_rate):
                        del self._groups[key]
            limiter = self._groups[chat] = AsyncLimiter(self._group_rate, 60)
        return limiter


def _chat_of(data: dict[str, Any]) -> int | str | None:
    chat = data.get("chat_id")
    if isinstance(chat, str):
        try:
            return int(chat)
        except ValueError:
            return chat  # a channel's @name
    return chat if isinstance(chat, int) else None


def _is_group(chat: int | str | None) -> bool:
    """Groups, supergroups and channels: negative ids or @names; users are positive."""
    return isinstance(chat, str) or (isinstance(chat, int) and chat < 0)
