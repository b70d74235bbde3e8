"""A 429 pauses the chat it names, never the others; groups keep to their own budget."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from telegram.error import ChatMigrated, Forbidden, RetryAfter

from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.handlers.telegram.rate_limit import ChatRateLimiter

GUARD = 10.0  # seconds: only a failing test waits this long


class FakeApi:
    """Answers calls; the chats in ``throttled`` get a 429 with this many seconds."""

    def __init__(self, throttled: dict[int, int] | None = None) -> None:
        self.throttled = dict(throttled or {})
        self.done: list[int] = []

    def call(self, chat_id: int) -> Any:
        async def send() -> bool:
            seconds = self.throttled.pop(chat_id, None)
            if seconds is not None:
                raise RetryAfter(seconds)
            self.done.append(chat_id)
            return True
        return send


async def send(limiter: ChatRateLimiter, api: FakeApi, chat_id: int,
               retries: int | None = None) -> Any:
    return await limiter.process_request(api.call(chat_id), (), {}, "sendMessage",
                                         {"chat_id": chat_id}, retries)


async def test_a_throttled_group_does_not_hold_up_a_private_chat() -> None:
    limiter = ChatRateLimiter()
    api = FakeApi(throttled={-100: 3600})
    group = asyncio.create_task(send(limiter, api, -100))
    while not limiter._paused:  # the group got its 429 and waits for an hour
        await asyncio.sleep(0)
    assert await asyncio.wait_for(send(limiter, api, 42), GUARD) is True
    assert await asyncio.wait_for(send(limiter, api, -200), GUARD) is True  # another group
    assert api.done == [42, -200] and not group.done()
    group.cancel()


async def test_a_429_is_retried_for_that_chat_then_given_up() -> None:
    limiter = ChatRateLimiter(max_retries=1)
    api = FakeApi(throttled={7: 0})
    assert await asyncio.wait_for(send(limiter, api, 7), GUARD) is True
    assert api.done == [7]
    api.throttled = {7: 0}
    with pytest.raises(RetryAfter):
        await send(limiter, api, 7, retries=0)


async def test_a_group_gets_its_per_minute_budget_then_waits() -> None:
    limiter = ChatRateLimiter(group_minute=GroupMinute(3))
    api = FakeApi()
    for _ in range(3):
        await asyncio.wait_for(send(limiter, api, -5), GUARD)
    fourth = asyncio.create_task(send(limiter, api, -5))
    private = await asyncio.wait_for(send(limiter, api, 9), GUARD)  # users are not groups
    for _ in range(10):
        await asyncio.sleep(0)
    assert private is True and not fourth.done() and api.done == [-5, -5, -5, 9]
    fourth.cancel()


async def test_only_calls_that_post_or_edit_spend_a_groups_minute() -> None:
    limiter = ChatRateLimiter(group_minute=GroupMinute(1))
    api = FakeApi()
    for endpoint in ("getChat", "getChatMember", "sendChatAction", "sendMessage"):
        await asyncio.wait_for(limiter.process_request(
            api.call(-5), (), {}, endpoint, {"chat_id": -5}, None), GUARD)
    assert limiter.group_minute.free(-5) == 0


async def test_a_moved_or_closed_group_is_told_and_its_minute_follows_it() -> None:
    """Every call's ChatMigrated or Forbidden reaches the watcher (the chat's lifecycle)
    and is raised as it came; a group that moved takes its minute and pause along."""
    told: list[tuple[int | str, str]] = []
    limiter = ChatRateLimiter(group_minute=GroupMinute(2), watch=lambda chat, error: told.append(
        (chat, type(error).__name__)))
    api = FakeApi()
    for _ in range(2):
        await asyncio.wait_for(send(limiter, api, -5), GUARD)

    async def moved() -> bool:
        raise ChatMigrated(-1009)

    async def kicked() -> bool:
        raise Forbidden("Forbidden: bot was kicked from the group chat")

    for refusal, kind in ((moved, ChatMigrated), (kicked, Forbidden)):
        with pytest.raises(kind):
            await limiter.process_request(refusal, (), {}, "getChat", {"chat_id": -5}, None)
    assert told == [(-5, "ChatMigrated"), (-5, "Forbidden")]

    await limiter.move_chat(-5, -1009)
    assert limiter.group_minute.free(-5) == 2 and limiter.group_minute.free(-1009) == 0
    third = asyncio.create_task(send(limiter, api, -1009))  # the new id waits its minute
    for _ in range(10):
        await asyncio.sleep(0)
    assert not third.done()
    third.cancel()
