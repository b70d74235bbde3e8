"""Telegram's flood limits, kept per chat: a throttled group never holds up anyone else.

PTB's ``AIORateLimiter`` pauses *every* request of the bot when any one of them
gets a 429, so one busy group would make every private chat and every other
group wait. Here the overall limit (30 messages a second) is a leaky bucket as
there, each group's 20 a minute an exact sliding window (``group_minute.py``:
a leaky bucket lets up to 40 through in a minute), counted for the calls that
post or edit messages only, and a 429 pauses only the chat it was about.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any

from aiolimiter import AsyncLimiter
from telegram.error import ChatMigrated, Forbidden, RetryAfter, TelegramError
from telegram.ext import BaseRateLimiter

from chatbot.handlers.debounce import retry_seconds
from chatbot.handlers.telegram.group_minute import GroupMinute, Minute

Answer = bool | dict[str, Any] | list[dict[str, Any]]
# told of a call that found its chat moved (ChatMigrated) or closed to the bot (Forbidden)
Watcher = Callable[[int | str, TelegramError], None]
OVERALL_PER_SECOND = 30
GROUP_PER_MINUTE = 20
COUNTED_PREFIXES = ("send", "edit", "forward", "copy", "stop")  # what spends a group's minute


class ChatRateLimiter(BaseRateLimiter[int]):
    """``rate_limit_args`` is the number of retries after a 429 (None: the default); the
    table editor passes 0 and retries itself with the newest content (latest wins),
    where a retry here would send the content Telegram refused."""

    def __init__(self, max_retries: int = 3,
                 overall_per_second: float | None = OVERALL_PER_SECOND,
                 group_minute: Minute | None = None, watch: Watcher | None = None) -> None:
        self._max_retries = max_retries
        self._overall = (AsyncLimiter(overall_per_second, 1) if overall_per_second
                         else None)
        self.group_minute: Minute = group_minute or GroupMinute(GROUP_PER_MINUTE)
        self._paused: dict[int | str | None, float] = {}  # chat -> loop time it may resume
        # every call passes here: the chat's lifecycle learns from any call's answer that
        # a group moved to a supergroup or shut the bot out (chat_lifecycle.py)
        self.watch = watch

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
                async with self._group(chat, endpoint), self._overall_for(chat):
                    return await callback(*args, **kwargs)
            except RetryAfter as exc:  # the chat waits, whoever retries (here or the caller)
                await self._pause(chat, retry_seconds(exc) + 0.1)
                if attempt == retries:
                    raise
            except (ChatMigrated, Forbidden) as exc:
                if self.watch is not None and chat is not None:
                    self.watch(chat, exc)
                raise
        raise AssertionError("unreachable")

    async def move_chat(self, old: int | str, new: int | str) -> None:
        """A group became a supergroup: its minute and a 429's pause go with it."""
        until = self._paused.pop(old, None)
        if until is not None:
            self._paused[new] = max(until, self._paused.get(new, until))
        self.group_minute.move(old, new)

    async def _pause(self, chat: int | str | None, seconds: float) -> None:
        self._paused[chat] = asyncio.get_running_loop().time() + seconds

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
        return self._overall if chat is not None and self._overall else nullcontext()

    def _group(self, chat: int | str | None,
               endpoint: str) -> AbstractAsyncContextManager[Any]:
        """A group's minute counts what posts or edits a message (not getChat and the like)."""
        name = endpoint.lower()
        if not is_group(chat) or not name.startswith(COUNTED_PREFIXES) or name == "sendchataction":
            return nullcontext()
        assert chat is not None
        return self.group_minute.slot(chat)


def _chat_of(data: dict[str, Any]) -> int | str | None:
    chat = data.get("chat_id")
    if isinstance(chat, str):
        try:
            return int(chat)
        except ValueError:
            return chat  # a channel's @name
    return chat if isinstance(chat, int) else None


def is_group(chat: int | str | None) -> bool:
    """Groups, supergroups and channels: negative ids or @names; users are positive."""
    return isinstance(chat, str) or (isinstance(chat, int) and chat < 0)
