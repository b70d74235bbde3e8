"""Which worker consumes which partition: leases in Redis that expire unless renewed.

A partition is consumed by one worker at a time, so one chat's updates are
handled in order. A worker holds partition ``p`` while the key ``lease:p``
holds its name; the key expires after ``TRUCO_LEASE_SECONDS`` unless the
worker renews it (three times per period), so a worker that dies, hangs or
loses Redis loses its partitions within one period and the others take them.

Every worker also beats in a sorted set (name -> Redis's clock), so each knows
how many are alive and takes its fair share, ceil(partitions / workers): a
worker that joins finds the partitions held, and the others, seeing one more
beat, give back what exceeds their new share (after finishing what they are
handling); a worker that stops gives all of its leases back at once.

Renewal and release are compare-and-set scripts, so a worker whose lease
expired and was taken never extends or deletes the new owner's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from redis.asyncio import Redis

from chatbot.handlers.cluster.streams import Streams

_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


@dataclass
class Leases:
    redis: Redis
    streams: Streams
    name: str
    seconds: float
    held: set[int] = field(default_factory=set)

    @property
    def _ms(self) -> int:
        return int(self.seconds * 1000)

    async def _now_ms(self) -> int:
        seconds, micros = await self.redis.time()
        return int(seconds) * 1000 + int(micros) // 1000

    async def beat(self) -> int:
        """Say this worker is alive; returns how many are (this one included)."""
        now = await self._now_ms()
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(self.streams.workers, {self.name: now})
            pipe.zremrangebyscore(self.streams.workers, "-inf", now - self._ms)
            pipe.zcard(self.streams.workers)
            *_, alive = await pipe.execute()
        return max(1, int(alive))

    def share(self, alive: int) -> int:
        return math.ceil(self.streams.partitions / alive)

    async def renew(self) -> set[int]:
        """Extend every lease held; returns the partitions lost (expired and taken)."""
        lost = set()
        for partition in sorted(self.held):
            renewed = await self.redis.eval(_RENEW, 1, self.streams.lease(partition),
                                            self.name, self._ms)
            if not renewed:
                lost.add(partition)
        self.held -= lost
        return lost

    async def acquire(self, wanted: int) -> set[int]:
        """Take free partitions until ``wanted`` are held; returns the new ones.

        Each worker starts looking at a different place (its name's partition), so
        workers starting together do not all race for partition 0.
        """
        gained: set[int] = set()
        start = self.streams.partition_of(hash(self.name) & 0xFFFF)
        count = self.streams.partitions
        for step in range(count):
            if len(self.held) >= wanted:
                break
            partition = (start + step) % count
            if partition in self.held:
                continue
            if await self.redis.set(self.streams.lease(partition), self.name, nx=True,
                                    px=self._ms):
                self.held.add(partition)
                gained.add(partition)
        return gained

    async def release(self, partition: int) -> None:
        self.held.discard(partition)
        await self.redis.eval(_RELEASE, 1, self.streams.lease(partition), self.name)

    async def leave(self) -> None:
        """Give every lease back and stop beating (a clean stop: no wait for expiry)."""
        for partition in sorted(self.held):
            await self.release(partition)
        await self.redis.zrem(self.streams.workers, self.name)
