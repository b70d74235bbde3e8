"""Open pages hear of a change whichever worker made it (Redis pub/sub).

With several ``truco-bot worker`` processes, a page's stream is served by one of them
and the move may be saved by another. Each worker publishes the id of every table it
changed on one channel beside the streams already in Redis, and wakes its own pages
for each id it hears. A lost message costs only the wait for the stream's own
recheck (``live.RECHECK``); pub/sub keeps nothing, and needs nothing kept.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress

from redis.asyncio import Redis
from redis.exceptions import RedisError

from chatbot.handlers.web.live import Changes

log = logging.getLogger(__name__)
RETRY = 1.0  # seconds before listening again after Redis failed


class WebRelay:
    def __init__(self, redis: Redis, prefix: str, changes: Changes) -> None:
        self.redis = redis
        self.channel = f"{prefix}:web:changed"
        self.changes = changes
        self._sending: set[asyncio.Task[None]] = set()

    def publish(self, table_id: int) -> None:
        """Tell the other workers' pages (in the background: a move never waits for it)."""
        task = asyncio.create_task(self._publish(table_id))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def _publish(self, table_id: int) -> None:
        try:
            await self.redis.publish(self.channel, str(table_id))
        except (RedisError, OSError):
            log.debug("table %s change not published", table_id, exc_info=True)

    async def listen(self) -> None:
        """Wake this worker's pages for every change published, until cancelled."""
        failing = False
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(self.channel)
                    if failing:
                        log.info("web table changes heard from Redis again")
                        failing = False
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            with suppress(TypeError, ValueError):
                                self.changes.changed(int(message["data"]))
            except (RedisError, OSError):
                if not failing:
                    log.warning("web table changes not heard from Redis: pages wait for "
                                "their own recheck meanwhile", exc_info=True)
                    failing = True
                await asyncio.sleep(RETRY)
