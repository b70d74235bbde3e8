"""``truco-bot worker``: consume a fair share of the partitions and run the bot on them.

Each worker runs the same Application as ``truco-bot run`` (every handler, the
presenter, the service) without polling: updates come from the Redis streams of
the partitions it holds a lease on (``leases``), read with XREADGROUP in a
consumer group, and are handed to ``Application.process_update``.

Order and acknowledgement: within a partition, the updates of one chat run one
after the other (a chain per chat), those of different chats side by side. An
entry is acknowledged (XACK, then XDEL: the stream keeps only what is still to
do) after ``process_update`` returned, that is after its save committed; if the
worker dies before, the entry stays pending and the next owner of the partition
claims it (XAUTOCLAIM) before reading anything new, and a repeat of an update
whose save did commit is answered without acting (exactly-once effect,
``chatbot.handlers.telegram.repeats``).

Leaving (SIGTERM, a rolling upgrade): stop reading, finish what is in hand,
give the leases back so the others take the partitions at once, close. Losing
Redis: the loops retry with backoff and log the outage once; updates in hand
finish and their acknowledgements wait to be sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from redis.asyncio import Redis
from redis.exceptions import RedisError
from telegram import Update
from telegram.ext import Application

from chatbot import logs
from chatbot.handlers.cluster.leases import Leases
from chatbot.handlers.cluster.streams import GROUP, Streams, chat_key

log = logging.getLogger(__name__)

BATCH = 100  # entries per read
IN_HAND = 512  # entries being handled at once, at most
BLOCK_MS = 1000  # how long a read waits for new entries
DRAIN_SECONDS = 30.0  # a stopping worker waits this long for the updates in hand
# What XREADGROUP answers: per stream, its entries (id, fields); None when nothing came.
StreamEntries = list[tuple[str, list[tuple[str, dict[str, str]]]]] | None


def worker_name() -> str:
    """Unique per process and readable in Redis: host and pid."""
    return f"{socket.gethostname()}-{os.getpid()}"


@dataclass
class Outage:
    """Logs a lost Redis once, and its return once."""

    what: str
    down: bool = False

    def failed(self, error: BaseException) -> None:
        if not self.down:
            log.warning("lost Redis (%s): %s; retrying", self.what, error)
        self.down = True

    def ok(self) -> None:
        if self.down:
            log.warning("Redis answers again (%s)", self.what)
        self.down = False


@dataclass
class Worker:
    redis: Redis
    streams: Streams
    handle: Callable[[dict[str, Any]], Awaitable[None]]
    lease_seconds: float
    name: str = field(default_factory=worker_name)
    leases: Leases = field(init=False)
    reading: set[int] = field(default_factory=set)  # partitions whose new entries we read
    handled: int = 0
    durations: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))
    _chains: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    _in_hand: dict[int, set[asyncio.Task[None]]] = field(default_factory=dict)
    _unacked: list[tuple[str, str]] = field(default_factory=list)
    _room: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(IN_HAND))
    _read_round: int = 0  # reads returned so far
    ready: bool = False

    def __post_init__(self) -> None:
        self.leases = Leases(self.redis, self.streams, self.name, self.lease_seconds)

    # ----------------------------------------------------------------- running
    async def run(self, stop: asyncio.Event) -> None:
        """Until ``stop`` is set; then drain and leave."""
        await self._until_ok("consumer groups", lambda: self.streams.ensure_groups(self.redis),
                             stop)
        leasing = asyncio.create_task(self._lease_loop(stop), name="leases")
        reading = asyncio.create_task(self._read_loop(stop), name="reading")
        self.ready = True
        try:
            await stop.wait()
        finally:
            self.ready = False
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reading
            await self._drain(set(self._in_hand))
            leasing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await leasing
            await self._flush_acks()
            with contextlib.suppress(RedisError):
                await self.leases.leave()
            log.info("worker %s left after %d updates", self.name, self.handled)

    async def _until_ok(self, what: str, step: Callable[[], Awaitable[object]],
                        stop: asyncio.Event) -> None:
        outage = Outage(what)
        delay = 0.5
        while not stop.is_set():
            try:
                await step()
                outage.ok()
                return
            except (RedisError, OSError) as error:
                outage.failed(error)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _lease_loop(self, stop: asyncio.Event) -> None:
        """Beat, renew, take the fair share, give back what exceeds it."""
        outage = Outage("leases")
        while not stop.is_set():
            try:
                alive = await self.leases.beat()
                for partition in await self.leases.renew():
                    log.warning("lost the lease of partition %d", partition)
                    self.reading.discard(partition)
                share = self.leases.share(alive)
                extra = sorted(self.leases.held)[share:]
                if extra:  # a worker joined: hand these over
                    await self._hand_over(set(extra))
                    log.info("partitions %s handed over (%d workers)", extra, alive)
                for partition in sorted(await self.leases.acquire(share)):
                    await self._take_over(partition)
                    self.reading.add(partition)
                outage.ok()
            except (RedisError, OSError) as error:
                outage.failed(error)
            await asyncio.sleep(self.lease_seconds / 3)

    async def _hand_over(self, partitions: set[int]) -> None:
        """Stop reading them, let the read in flight (which may hold their entries)
        return and its entries be dispatched, finish them, acknowledge, then release:
        the next owner finds nothing of ours pending and reads on in order."""
        self.reading -= partitions
        round_ = self._read_round
        for _ in range(int(3 * BLOCK_MS / 50)):
            if self._read_round > round_:
                break
            await asyncio.sleep(0.05)
        await self._drain(partitions)
        await self._flush_acks()
        for partition in sorted(partitions):
            await self.leases.release(partition)

    async def _take_over(self, partition: int) -> None:
        """Claim the entries left pending by the partition's previous owner, in order,
        before reading new ones (a dead worker's unacknowledged updates)."""
        stream = self.streams.stream(partition)
        start = "0-0"
        claimed = 0
        while True:
            answer = await self.redis.xautoclaim(stream, GROUP, self.name, 0, start,
                                                 count=BATCH)
            start, entries = answer[0], answer[1]
            for entry_id, fields in entries:
                await self._dispatch(stream, entry_id, fields)
                claimed += 1
            if start in ("0-0", b"0-0") or not entries:
                break
        if claimed:
            log.info("partition %d taken over with %d unacknowledged updates", partition,
                     claimed)

    async def _read_loop(self, stop: asyncio.Event) -> None:
        outage = Outage("reading")
        while not stop.is_set():
            await self._flush_acks()
            if not self.reading:
                await asyncio.sleep(0.2)
                self._read_round += 1
                continue
            try:
                # the client decodes responses: streams, entry ids and fields are strings
                answer = cast(StreamEntries, await self.redis.xreadgroup(
                    GROUP, self.name, {self.streams.stream(p): ">" for p in sorted(self.reading)},
                    count=BATCH, block=BLOCK_MS))
                outage.ok()
            except (RedisError, OSError) as error:
                outage.failed(error)
                await asyncio.sleep(1.0)
                self._read_round += 1
                continue
            for stream, entries in answer or ():  # all of it, even a partition handed over
                for entry_id, fields in entries:  # meanwhile: it waits for this (_hand_over)
                    await self._dispatch(stream, entry_id, fields)
            self._read_round += 1

    # --------------------------------------------------------------- handling
    async def _dispatch(self, stream: str, entry_id: str, fields: dict[str, str]) -> None:
        """Start handling an entry after the previous one of its chat."""
        if not fields or "u" not in fields:  # a claimed entry deleted meanwhile
            self._unacked.append((stream, entry_id))
            return
        update = json.loads(fields["u"])
        await self._room.acquire()
        key = int(fields["k"]) if "k" in fields else chat_key(update)
        previous = self._chains.get(key)
        partition = self.streams.partition_of_stream(stream)
        task = asyncio.create_task(self._handle(previous, stream, entry_id, update))
        self._chains[key] = task
        self._in_hand.setdefault(partition, set()).add(task)

        def done(finished: asyncio.Task[None]) -> None:
            self._room.release()
            self._in_hand.get(partition, set()).discard(finished)
            if self._chains.get(key) is finished:
                del self._chains[key]

        task.add_done_callback(done)

    async def _handle(self, previous: asyncio.Task[None] | None, stream: str, entry_id: str,
                      update: dict[str, Any]) -> None:
        if previous is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.shield(previous)
        started = time.perf_counter()
        logs.bind(update=update.get("update_id"))  # the handlers add its chat
        try:
            await self.handle(update)
        except Exception:  # PTB reports handler errors itself; this is anything else
            log.exception("update %s failed", update.get("update_id"))
        self.durations.append(time.perf_counter() - started)
        self.handled += 1
        self._unacked.append((stream, entry_id))
        if len(self._unacked) >= 32:
            await self._flush_acks()

    async def _flush_acks(self) -> None:
        """Acknowledge and delete what was handled; kept for later if Redis is away."""
        if not self._unacked:
            return
        batch, self._unacked = self._unacked, []
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for stream, entry_id in batch:
                    pipe.xack(stream, GROUP, entry_id)
                    pipe.xdel(stream, entry_id)
                await pipe.execute()
        except (RedisError, OSError):
            self._unacked[:0] = batch

    async def _drain(self, partitions: set[int]) -> None:
        """Wait for the updates in hand of ``partitions``, for DRAIN_SECONDS at most: one
        that hangs is left pending, and the partition's next owner claims it."""
        tasks = [t for p in partitions for t in self._in_hand.get(p, set())]
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=DRAIN_SECONDS)
            if late:
                log.warning("%d updates still in hand after %.0f s: left to the next owner",
                            len(late), DRAIN_SECONDS)


def handling_ms(durations: deque[float]) -> dict[str, float]:
    """p50 and p99 of the recent handling times, in ms (for /health and the benchmark)."""
    ordered = sorted(durations)
    if not ordered:
        return {}
    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)
    return {"p50": at(0.5), "p99": at(0.99), "count": len(ordered)}


def application_handler(app: Application) -> Callable[[dict[str, Any]], Awaitable[None]]:
    """An update as Telegram sent it, through the bot's handlers (as polling would)."""
    async def handle(data: dict[str, Any]) -> None:
        update = Update.de_json(data, app.bot)
        await app.process_update(update)
    return handle
