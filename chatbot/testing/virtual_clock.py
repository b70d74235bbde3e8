"""Virtual time for tests of rate limits: a minute of play without a minute of waiting.

The clock is wholly virtual: ``now`` moves only when ``advance`` or ``sleep`` moves
it, never with the machine's own clock, so what a test reads from it is the same on
an idle machine and on a loaded one. ``sleep`` moves it forward instead of waiting
(and yields to the loop, so other tasks run). Hand ``now`` to the fake Bot API as
its clock and to the bot's ``GroupMinute``, and the calls the fake records are
spaced as the bot's waits spaced them, however slow the machine is.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence


class VirtualClock:
    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += max(0.0, seconds)

    async def sleep(self, seconds: float) -> None:
        """Move the clock on, then let the other tasks run: a real millisecond when
        there was something to wait for, so a poll for a call still in flight does
        not spin the CPU (the time it takes never shows on this clock)."""
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
