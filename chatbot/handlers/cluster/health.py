"""``/health`` and ``/ready`` on each process, for a supervisor or an orchestrator.

``/health`` answers 200 while the process runs its loop (restart it when it
does not); ``/ready`` answers 200 when it does its job now (the ingress reaches
Redis and Telegram, a worker holds its share), 503 otherwise, with a JSON body
saying what it knows (role, partitions held, updates handled), never a secret.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import ClientError, ClientSession, web

log = logging.getLogger(__name__)

Status = Callable[[], tuple[bool, dict[str, Any]]]


@asynccontextmanager
async def serving(port: int | None, status: Status,
                  host: str = "127.0.0.1") -> AsyncIterator[None]:
    """The endpoints on ``host:port`` for the duration of the block (none without a port)."""
    if port is None:
        yield
        return

    async def health(_request: web.Request) -> web.Response:
        return web.json_response({"alive": True, **status()[1]}, dumps=json.dumps)

    async def ready(_request: web.Request) -> web.Response:
        ok, details = status()
        return web.json_response({"ready": ok, **details}, status=200 if ok else 503)

    app = web.Application()
    app.router.add_get("/health", health)
    app.router.add_get("/ready", ready)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    log.info("health on http://%s:%d/health and /ready", host, port)
    try:
        yield
    finally:
        await runner.cleanup()


async def probe(port: int, path: str = "/ready") -> dict[str, Any] | None:
    """What a process answers on ``path`` when it says 200 (None otherwise, or no answer):
    for a supervisor's script, the benchmark and the tests."""
    try:
        async with ClientSession() as session, session.get(
                f"http://127.0.0.1:{port}{path}") as response:
            return await response.json() if response.status == 200 else None
    except ClientError:
        return None
