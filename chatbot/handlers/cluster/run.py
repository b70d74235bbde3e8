"""Starting and stopping ``truco-bot ingress`` and ``truco-bot worker``.

Both run until SIGINT or SIGTERM and then stop cleanly: the ingress confirms the
batch Redis took, a worker finishes the updates in hand and gives its leases
back (see ``worker``). A failure a person can fix (Redis unreachable, a rejected
token, another poller) is a :class:`StartFailure` with one sentence, as for
``truco-bot run``.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from telegram import Bot
from telegram.error import Conflict, TelegramError

from chatbot.handlers.cluster.health import serving
from chatbot.handlers.cluster.ingress import Ingress, Router, serve_webhook
from chatbot.handlers.cluster.shared_limits import SharedLimits
from chatbot.handlers.cluster.streams import Streams
from chatbot.handlers.cluster.timer_sweep import sweep
from chatbot.handlers.cluster.worker import Worker, application_handler, handling_ms
from chatbot.handlers.telegram.aiohttp_request import AiohttpRequest
from chatbot.handlers.telegram.config import Settings, redacted_url
from chatbot.handlers.telegram.lifecycle import (
    StartFailure,
    _reason,
    _telegram_failure,
    build,
    conflict_failure,
    running,
)
from chatbot.handlers.web.relay import WebRelay
from chatbot.i18n.translation import _
from chatbot.stats.records import RECORDS_AT_GAME_END
from chatbot.storage import Repository, make_engine

log = logging.getLogger(__name__)


def streams_of(settings: Settings) -> Streams:
    return Streams(settings.redis_prefix, settings.partitions)


REDIS_CONNECTIONS = 64  # per process; Redis serves 10,000 by default


async def open_redis(settings: Settings) -> Redis:
    """A client on TRUCO_REDIS_URL that answered a PING, or the sentence saying why not."""
    # retried: after a restart of Redis each pooled connection fails once ("closed")
    # A blocking pool: under load (hundreds of updates in hand, each asking the flood
    # limits) a task waits for a free connection instead of failing with "Too many
    # connections", which the limits would take for Redis being away.
    pool = BlockingConnectionPool.from_url(
        settings.redis_url, decode_responses=True, max_connections=REDIS_CONNECTIONS,
        timeout=30, socket_connect_timeout=10, health_check_interval=15,
        retry=Retry(ExponentialBackoff(cap=2.0), 3),
        retry_on_error=[RedisConnectionError, RedisTimeoutError])
    redis = Redis.from_pool(pool)  # the client owns the pool: aclose() closes it
    try:
        await redis.ping()
    except Exception as error:  # refused, timed out, bad password...
        await redis.aclose()
        raise StartFailure(_("Cannot reach Redis at {url}: {reason}. Check TRUCO_REDIS_URL.",
                             url=redacted_url(settings.redis_url),
                             reason=_reason(error))) from error
    return redis


@asynccontextmanager
async def _until_signal() -> AsyncIterator[asyncio.Event]:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        yield stop
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)


def _bot(settings: Settings) -> Bot:
    return Bot(settings.token, base_url=settings.api_base_url,
               base_file_url=settings.api_file_url,
               request=AiohttpRequest(connection_pool_size=8),
               get_updates_request=AiohttpRequest(connection_pool_size=1))


async def serve_ingress(settings: Settings) -> None:
    redis = await open_redis(settings)
    bot = _bot(settings)
    streams = streams_of(settings)
    try:
        await streams.ensure_groups(redis)
        try:
            await bot.initialize()
        except TelegramError as error:
            raise _telegram_failure(settings, error) from error
        engine = make_engine(settings.database_url, pool_size=2, max_overflow=2)
        repo = Repository(engine, RECORDS_AT_GAME_END)
        ingress = Ingress(bot, redis, streams, Router(repo), redis_ok=True)
        async with _until_signal() as stop, serving(settings.health_port, ingress.status):
            log.info("truco-bot ingress started as @%s; Redis %s, %d partitions; %s",
                     bot.username, redacted_url(settings.redis_url), settings.partitions,
                     "webhook " + str(settings.webhook_url) if settings.webhook_url
                     else "polling")
            if settings.webhook_url:
                await serve_webhook(ingress, settings, stop)
            else:
                try:
                    await ingress.poll(stop)
                except Conflict as error:
                    raise conflict_failure() from error
            log.info("ingress stopping after %d updates", ingress.received)
            await engine.dispose()
    finally:
        with suppress(Exception):
            await bot.shutdown()
        await redis.aclose()


@asynccontextmanager
async def web_relay(app: Any, redis: Redis, settings: Settings) -> AsyncIterator[None]:
    """With the web table on, its pages hear of every worker's changes (web/relay.py)."""
    web_table = app.bot_data.get("web")
    if web_table is None:
        yield
        return
    relay = WebRelay(redis, settings.redis_prefix, web_table.changes)
    web_table.relay = relay.publish
    listening = asyncio.create_task(relay.listen())
    try:
        yield
    finally:
        listening.cancel()
        with suppress(asyncio.CancelledError):
            await listening


async def serve_worker(settings: Settings,
                       on_ready: Callable[[Worker], Any] | None = None) -> None:
    redis = await open_redis(settings)
    # a worker never polls nor sets the webhook: the ingress receives
    settings = replace(settings, webhook_url=None)
    app = build(settings, worker=True,
                shared_limits=SharedLimits(redis, settings.redis_prefix))
    try:
        async with running(app, settings, receive=False), _until_signal() as stop:
            worker = Worker(redis, streams_of(settings), application_handler(app),
                            settings.lease_seconds)

            def status() -> tuple[bool, dict[str, Any]]:
                ok = worker.ready and bool(worker.leases.held)
                return ok, {"role": "worker", "name": worker.name,
                            "partitions": sorted(worker.leases.held),
                            "handled": worker.handled,
                            "handling_ms": handling_ms(worker.durations)}

            async with serving(settings.health_port, status), web_relay(app, redis, settings):
                sweeping = asyncio.create_task(
                    sweep(app.bot_data["deps"].repo, app.bot_data["fire_timer"], stop))
                log.info("worker %s consuming %d partitions of %s", worker.name,
                         settings.partitions, redacted_url(settings.redis_url))
                if on_ready is not None:
                    on_ready(worker)
                try:
                    await worker.run(stop)
                finally:
                    stop.set()
                    await sweeping
    finally:
        await redis.aclose()
