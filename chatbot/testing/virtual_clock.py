"""Virtual time for tests of rate limits: a minute of play without a minute of waiting.

``now`` is the real monotonic clock plus an offset; ``sleep`` moves the offset
forward instead of waiting (and yields to the loop, so other tasks run). Hand
``now`` to the fake Bot API as its clock and to the bot's ``GroupMinute``, and
the calls the fake records are spaced as they would be in real time, however
slow the machine is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence


class VirtualClock:
    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += max(0.0, seconds)

    async def sleep(self, seconds: float) -> None:
        self.advance(seconds)
        await asyncio.sleep(0.001 if seconds > 0 else 0)


def peak_in_window(times: Sequence[float], window: float) -> int:
    """The most of ``times`` that fall within any ``window`` seconds (half-open)."""
    ordered = sorted(times)
    peak, first = 0, 0
    for last, at in enumerate(ordered):
        while ordered[first] <= at - window:
            first += 1
        peak = max(peak, last - first + 1)
    return peak
