"""``truco-bot ingress``: receive the updates and append each to its chat's Redis stream.

One ingress per token (Telegram answers 409 to a second getUpdates poller).
Nothing is lost between Telegram and the workers:

- Polling: a batch is confirmed to Telegram (the next getUpdates' offset) only
  after Redis took all of it. While Redis is away the ingress confirms nothing:
  it asks Telegram again every moment for the same batch and whatever came
  after it, and tries Redis again with all of it.
- Webhook: the POST is answered 200 only after Redis took the update; otherwise
  500, and Telegram sends it again later. A POST without the webhook secret is
  refused (403), and one that is not an update gets 400.

The one exception is an inline query, which must be answered within seconds:
one that cannot be queued is answered by the ingress itself, at once, with
"the table is busy" (``busy``), and is then dropped (a webhook POST of it gets
200). Moves wait as every other update does: a chosen inline result or a press
reaches a worker when Redis is back, in order, and counts then.

The ingress never handles an update otherwise; it reads the database only to
find the chat of a table named by code (an inline query's, a chosen result's,
see ``streams``), once per table. It stays a small, fast process, so one of
them serves many workers.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web
from redis.asyncio import Redis
from redis.exceptions import RedisError
from telegram import Bot, Update
from telegram.error import Conflict, NetworkError, TelegramError, TimedOut

from chatbot.handlers.cluster.busy import tell_busy
from chatbot.handlers.cluster.streams import Streams, chat_key, migration, table_code
from chatbot.handlers.cluster.worker import Outage
from chatbot.handlers.telegram.config import Settings
from chatbot.storage import Repository

log = logging.getLogger(__name__)
T = TypeVar("T")

POLL_SECONDS = 10  # getUpdates long poll
# while Redis is away: seconds before asking Telegram and Redis again (doubling up to
# the last), so an inline query asked meanwhile is told "busy" within a couple of seconds
RETRY_FIRST, RETRY_LAST = 0.5, 2.0


async def _unless_stopped(call: Awaitable[T], stop: asyncio.Event) -> T | None:
    """``call``'s result, or None as soon as ``stop`` is set (``call`` is then
    cancelled). A stopping ingress need not sit out a long poll: Telegram confirms
    updates only by the next poll's offset, so an abandoned poll loses none."""
    task = asyncio.ensure_future(call)
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        if not task.done():
            task.cancel()
            with suppress(asyncio.CancelledError, TelegramError):
                await task
    return None if task.cancelled() else task.result()


@dataclass
class Router:
    """The key of an update's partition: its chat, or its table's chat found by code."""

    repo: Repository | None
    chats: dict[str, int] = field(default_factory=dict)  # codes never change

    async def key(self, update: dict[str, Any]) -> int:
        moved = migration(update)
        if moved is not None:  # the group's tables live under the supergroup's id now
            old, new = moved
            self.chats.update({code: new for code, chat in self.chats.items() if chat == old})
        code = table_code(update)
        if code is None or self.repo is None:
            return chat_key(update)
        chat = self.chats.get(code)
        if chat is None:
            try:
                record = await self.repo.get_table_by_code(code)
            except Exception:  # the database is away: order by user, as without a code
                log.debug("table code %s not looked up", code, exc_info=True)
                return chat_key(update)
            if record is None:
                return chat_key(update)
            chat = record.chat_id
            if len(self.chats) > 100_000:
                self.chats.clear()
            self.chats[code] = chat
        return chat


@dataclass
class Ingress:
    bot: Bot
    redis: Redis
    streams: Streams
    router: Router = field(default_factory=lambda: Router(None))
    received: int = 0
    redis_ok: bool = False
    telegram_ok: bool = False
    outage: Outage = field(default_factory=lambda: Outage("ingress"))

    def status(self) -> tuple[bool, dict[str, Any]]:
        ok = self.redis_ok and self.telegram_ok
        return ok, {"role": "ingress", "received": self.received, "redis": self.redis_ok,
                    "telegram": self.telegram_ok}

    async def store(self, updates: list[dict[str, Any]]) -> bool:
        """Append to Redis, once; False while Redis is away (logged once, with its return)."""
        keys = [await self.router.key(update) for update in updates]
        try:
            await self.streams.append(self.redis, updates, keys)
        except (RedisError, OSError) as error:
            self.redis_ok = False
            self.outage.failed(error)
            return False
        self.redis_ok = True
        self.outage.ok()
        self.received += len(updates)
        return True

    async def poll(self, stop: asyncio.Event) -> None:
        """getUpdates until ``stop``; raises Conflict when another poller has the token.

        A batch Redis did not take stays unconfirmed: the next getUpdates (after a
        short wait) returns it again with what came since, and the inline queries
        among them are told the table is busy, each once, and not queued later."""
        offset = 0
        delay = 1.0
        wait = RETRY_FIRST
        told: set[int] = set()  # inline queries answered "busy" in this outage
        while not stop.is_set():
            try:
                polled = await _unless_stopped(self.bot.get_updates(
                    offset=offset, timeout=POLL_SECONDS, allowed_updates=Update.ALL_TYPES),
                    stop)
                if polled is None:  # stopping: the long poll confirmed nothing, drop it
                    break
                updates = polled
                self.telegram_ok, delay = True, 1.0
            except Conflict:
                raise
            except (NetworkError, TimedOut) as error:
                if self.telegram_ok:
                    log.warning("lost the Telegram Bot API: %s; retrying", error)
                self.telegram_ok = False
                await asyncio.sleep(delay)
                delay = min(delay * 1.5, 30.0)
                continue
            if not updates:
                continue
            batch = [u.to_dict() for u in updates if u.update_id not in told]
            if not batch or await self.store(batch):
                offset, wait = updates[-1].update_id + 1, RETRY_FIRST
                told.clear()
                continue
            told |= await tell_busy(self.bot, batch)
            with suppress(TimeoutError):  # Redis away: ask again in a moment
                await asyncio.wait_for(stop.wait(), wait)
            wait = min(wait * 2, RETRY_LAST)
        if offset:  # confirm the last batch, so that the next ingress does not get it again
            try:
                await self.bot.get_updates(offset=offset, timeout=0, limit=1,
                                           allowed_updates=Update.ALL_TYPES)
            except TelegramError as error:
                log.info("last batch not confirmed (%s): the workers answer its repeat", error)

    def webhook_app(self, settings: Settings) -> web.Application:
        async def receive(request: web.Request) -> web.Response:
            if request.headers.get("X-Telegram-Bot-Api-Secret-Token") != \
                    settings.webhook_secret:
                return web.Response(status=403)
            try:
                update = json.loads(await request.read())
            except ValueError:
                return web.Response(status=400)
            if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
                return web.Response(status=400)
            if await self.store([update]) or await tell_busy(self.bot, [update]):
                return web.Response(status=200)  # queued, or an inline query told busy
            return web.Response(status=500)  # Telegram sends it again later

        app = web.Application()
        app.router.add_post("/" + settings.webhook_path, receive)
        return app


async def serve_webhook(ingress: Ingress, settings: Settings, stop: asyncio.Event) -> None:
    runner = web.AppRunner(ingress.webhook_app(settings), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, settings.webhook_listen, settings.webhook_port)
    await site.start()
    try:
        await ingress.bot.set_webhook(settings.webhook_url or "",
                                      secret_token=settings.webhook_secret,
                                      allowed_updates=Update.ALL_TYPES)
        ingress.telegram_ok = True
        await stop.wait()
    finally:
        await runner.cleanup()
