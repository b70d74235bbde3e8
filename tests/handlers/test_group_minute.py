"""The group's minute as a sliding window, in virtual time: never more than the limit
in any window, counted from when each call finished; ``keep`` leaves room."""

from __future__ import annotations

import asyncio
import random

from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.testing.virtual_clock import VirtualClock, peak_in_window


async def test_no_window_holds_more_than_the_limit_whatever_the_pace() -> None:
    clock = VirtualClock()
    minute = GroupMinute(20, 60.0, clock=clock.now, sleep=clock.sleep)
    rng = random.Random(1)
    received: list[float] = []

    async def call() -> None:
        async with minute.slot(-1):
            received.append(clock.now())  # when "Telegram" got it
            clock.advance(rng.uniform(0.0, 2.0))  # the network's delay

    for burst in range(12):  # bursts of calls, some at once, some far apart
        await asyncio.gather(*(call() for _ in range(rng.randint(1, 15))))
        clock.advance(rng.choice([0.0, 1.0, 30.0]) + burst % 2)
    assert len(received) > 60
    assert peak_in_window(received, 60.0) <= 20
    assert peak_in_window(received, 60.0) == 20  # and the window is used, not wasted


async def test_ready_keeps_room_for_others() -> None:
    clock = VirtualClock()
    minute = GroupMinute(3, 60.0, clock=clock.now, sleep=clock.sleep)
    for _ in range(2):
        async with minute.slot(-1):
            pass
    assert minute.free(-1) == 1
    start = clock.now()
    await minute.ready(-1, keep=1)  # one left, and it is kept: wait for the window
    assert clock.now() - start >= 60.0
    assert minute.free(-1) == 3
    assert minute.free(-2) == 3  # another group never waited
