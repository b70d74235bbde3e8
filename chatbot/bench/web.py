"""The web table under load: ``python -m chatbot.bench web [options]``.

Three figures, printed as JSON:

``messages``: bot messages (sends and edits, as Telegram counts them) a game-minute
across all the chats of a 2 v 2 Paulista game of four people who read their hands
privately: ``chat`` games played from the private chats (``bench bot --private``'s
people) beside ``web`` games whose four players each keep the web table open and
play there, against one real bot (``build_application`` with the web table on) and
the fake Bot API, in this process (only the count matters here). The target is at
most 10 with the web table. Game-minutes are production's: the delays are divided by
``--speed`` and the rates multiplied back.

``server``: the web server alone (``WebTable`` on a SQLite file, no Telegram) in this
process, with ``--pages`` pages open at once (server-sent event streams, four players
a table) held by a second process, whose players make ``--moves`` moves a table
through ``/api/move``. ``request_ms``: each API request as the server timed it (from
its arrival to its answer); ``update_ms``: from a move's save to each page's receipt
of the view it made (both clocks are this machine's). Target: p99 under 100 ms.

``memory``: the server process's resident memory before the pages opened and with
all of them open, and the difference per open page (the allocator's pools make it
move by more than that between runs); and the Python objects allocated while the pages
opened and still held once all were open, per page (tracemalloc, on only then).

Benchmarks are not tests: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import multiprocessing
import os
import platform
import random
import socket
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
from aiohttp import web

from chatbot.bench.bot import BenchServer, Driver, Pace, ms, traffic
from chatbot.handlers.service import GameService, Outcome, Timing
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.lifecycle import running
from chatbot.handlers.web.init_data import signed_init_data
from chatbot.handlers.web.server import WebTable
from chatbot.storage import Repository, make_engine, upgrade_to_head
from chatbot.testing.fakebotapi import FakeUser

TARGET_MESSAGES = 10.0  # a game-minute, all chats of a 2 v 2 game on the web table
TARGET_P99_MS = 100.0
PAGE_URL = "https://bench.invalid/table/"  # only written on buttons: never fetched


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_kib() -> int:
    """This process's resident memory (Linux's /proc; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A plausible person (as the bot benchmark's): cards, a call now and then, usually
    accepting."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for move in moves:
        by_kind.setdefault(move["kind"], []).append(move)
    roll = rng.random()
    if "accept" in by_kind:
        if "raise" in by_kind and roll < 0.1:
            return by_kind["raise"][0]
        return by_kind["accept"][0] if roll < 0.75 else by_kind.get("run", by_kind["accept"])[0]
    if "eleven-play" in by_kind:
        return by_kind["eleven-play"][0] if roll < 0.8 else by_kind["eleven-run"][0]
    if "truco" in by_kind and roll < 0.12:
        return by_kind["truco"][0]
    cards = by_kind.get("play") or by_kind.get("play-hidden") or moves
    return rng.choice(cards)


async def views(response: aiohttp.ClientResponse) -> Any:
    """The views of an event stream, as they come."""
    async for raw in response.content:
        if raw.startswith(b"data: "):
            yield json.loads(raw[6:])


# ------------------------------------------------------------ messages
class WebDriver(Driver):
    """Four people at a group table who read their hands privately and keep the web
    table open, playing there (``Driver.play_privately`` follows the group's message
    and counts the hands; each person's loop is the page's)."""

    base: str = ""
    session: aiohttp.ClientSession | None = None

    async def _person(self, user: FakeUser) -> None:
        assert self.session is not None
        code = await self._code(user)
        data = signed_init_data(self.server.token, user.to_dict(), datetime.now(UTC))
        loop = asyncio.get_running_loop()
        acted = -1
        while True:  # a dropped stream is opened again, as the page does
            async with self.session.post(f"{self.base}/api/stream",
                                         json={"code": code, "initData": data}) as stream:
                async for view in views(stream):
                    self._last_private_change = loop.time()
                    if not view.get("moves") or view["seq"] == acted:
                        continue
                    acted = view["seq"]
                    await asyncio.sleep(self.pace.think * self.rng.uniform(0.5, 1.5))
                    move = choose(view["moves"], self.rng)
                    async with self.session.post(f"{self.base}/api/move", json={
                            "code": code, "initData": data, "seq": view["seq"],
                            "move": move["arg"]}) as answer:
                        await answer.read()
            await asyncio.sleep(1.0)

    async def _code(self, user: FakeUser) -> str:
        """The table's code, from the web_app button of the person's private hand."""
        def button() -> str | None:
            message = user.private.last_bot_message()
            for b in message.buttons if message is not None else []:
                if "web_app" in b:
                    return str(parse_qs(urlsplit(b["web_app"]["url"]).query)["t"][0])
            return None
        await self.until(lambda: button() is not None, chat=user.id)
        code = button()
        assert code is not None
        return code


async def messages(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    server = BenchServer()
    await server.start()
    speed = args.speed
    port = free_port()
    settings = Settings(token=server.token, database_url=f"sqlite+aiosqlite:///{tmp / 'm.db'}",
                        api_root=server.url,
                        timing=Timing(turn=60.0, bot=args.bot_delay / speed,
                                      between_hands=args.pause / speed),
                        edit_delay=args.edit_delay / speed, log_level="WARNING",
                        webapp_url=PAGE_URL, webapp_listen="127.0.0.1", webapp_port=port)
    app = build_application(settings, rate_limiter=False)
    rng = random.Random(args.seed)
    pace = Pace(think=args.think / speed)
    chat = [Driver(server, i, pace, args.hands, 0.0, random.Random(rng.random()),
                   private=True) for i in range(args.games)]
    on_web: list[Driver] = [WebDriver(server, args.games + i, pace, args.hands, 0.0,
                        random.Random(rng.random()), private=True)
              for i in range(args.games)]
    try:
        async with running(app, settings), aiohttp.ClientSession() as session:
            for driver in on_web:
                assert isinstance(driver, WebDriver)
                driver.base, driver.session = f"http://127.0.0.1:{port}", session
            started = time.perf_counter()
            await asyncio.gather(*(d.run() for d in (*chat, *on_web)))
            elapsed = time.perf_counter() - started
    finally:
        await server.stop()

    def rates(drivers: list[Driver]) -> dict[str, Any]:
        found = traffic(server, drivers)["messages_per_game_minute"]
        # per minute of production's pace: this run's minutes were ``speed`` times shorter
        return {chats: None if figures is None else
                {k: round(v / speed, 1) for k, v in figures.items()}
                for chats, figures in found.items()} | {
            "games_finished": sum(d.finished for d in drivers),
            "games_stuck": sum(d.stuck for d in drivers),
            "hands": sum(d.hands for d in drivers)}
    return {"chat": rates(chat), "web": rates(on_web), "seconds": round(elapsed, 1),
            "target_all_chats_with_web": TARGET_MESSAGES}


# ------------------------------------------------------------ the server
async def serve_pages(args: argparse.Namespace, tmp: Path) -> dict[str, Any]:
    """The web server in this process, ``--pages`` pages held by a second one."""
    url = f"sqlite+aiosqlite:///{tmp / 'w.db'}"
    await upgrade_to_head(url)
    engine = make_engine(url)
    service = GameService(Repository(engine), rng=random.Random(args.seed))
    changed: dict[tuple[int, int], float] = {}  # (table, version) -> when it was saved
    dealing: set[asyncio.Task[None]] = set()
    requests: list[float] = []

    async def after(outcome: Outcome) -> None:  # what the bot's presenter and timers do
        changed[(outcome.record.id, outcome.record.version)] = time.time()
        web_table.seen(outcome)
        if outcome.table.state == "scoring":  # the next deal, at once
            task = asyncio.create_task(deal(outcome.record.id, outcome.table.seq))
            dealing.add(task)
            task.add_done_callback(dealing.discard)

    async def deal(table_id: int, seq: int) -> None:
        dealt = await service.actions.proceed(table_id, seq)
        if dealt is not None:
            await after(dealt)

    @web.middleware
    async def timed(request: web.Request,
                    handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
        start = time.perf_counter()
        try:
            return await handler(request)
        finally:
            if request.path != "/api/stream":
                requests.append(time.perf_counter() - start)

    web_table = WebTable(service, "123456:bench-token", after)
    tables: list[tuple[str, list[dict[str, Any]]]] = []
    for t in range((args.pages + 3) // 4):
        people: list[dict[str, Any]] = [
            {"id": 20_000_000 + 4 * t + s, "first_name": f"P{s}"} for s in range(4)]
        opened = await service.open_table(chat_id=-(5_000_000 + t),
                                          creator_id=20_000_000 + 4 * t,
                                          creator_name="P0", variant="paulista", players=4)
        for person in people[1:]:  # each takes the next free seat
            await service.actions.join(opened.record.id, person["id"], person["first_name"])
        started = await service.actions.start(opened.record.id)
        assert started is not None
        tables.append((started.record.code, people))
    by_code = {code: (await service.by_code(code)) for code, _ in tables}
    app = web_table.application()
    app.middlewares.append(timed)
    runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    loop = asyncio.get_running_loop()
    context = multiprocessing.get_context("spawn")
    conn, child = context.Pipe()
    pages = context.Process(target=_pages_side, daemon=True, args=(child, {
        "base": f"http://127.0.0.1:{port}", "token": web_table.token, "tables": tables,
        "pages": args.pages, "moves": args.moves, "think": args.web_think,
        "seed": args.seed}))
    try:
        before = rss_kib()
        tracemalloc.start()  # the Python objects the open pages hold (only while opening)
        pages.start()
        assert await loop.run_in_executor(None, conn.recv) == "open"
        held = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        opened_rss = rss_kib()
        requests.clear()  # the pages' first views are not the load measured
        cpu, wall = time.process_time(), time.perf_counter()
        conn.send("go")
        received = await loop.run_in_executor(None, conn.recv)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        await loop.run_in_executor(None, pages.join, 60)
        await runner.cleanup()
        await engine.dispose()
    ids = {code: record.id for code, record in by_code.items() if record is not None}
    pushed = [at - changed[key] for code, version, at in received
              if (key := (ids[code], version)) in changed]
    return {
        "pages": args.pages, "tables": len(tables), "moves_per_table": args.moves,
        "think_seconds": args.web_think,
        "request_ms": ms(requests), "update_ms": ms(pushed), "target_p99_ms": TARGET_P99_MS,
        # how busy the server was: a p99 far above its own work is the machine's queue
        "seconds": round(wall, 1), "server_cpu_share": round(cpu / wall, 2),
        "server_cpu_ms_per_move": round(cpu * 1000 / max(len(requests), 1), 2),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "memory": {"rss_before_pages_kib": before, "rss_pages_open_kib": opened_rss,
                   "per_open_page_kib": round((opened_rss - before) / max(args.pages, 1), 1),
                   "python_heap_per_open_page_kib": round(held / 1024 / max(args.pages, 1), 1)},
    }


def _pages_side(conn: Connection, options: dict[str, Any]) -> None:
    """The second process: the open pages and their players (``spawn`` target)."""
    logging.basicConfig(level=logging.ERROR)
    conn.send(asyncio.run(_pages(conn, options)))


async def _pages(conn: Connection, options: dict[str, Any]) -> list[tuple[str, int, float]]:
    loop = asyncio.get_running_loop()
    base, rng = options["base"], random.Random(options["seed"])
    received: list[tuple[str, int, float]] = []
    opened = 0
    all_open, go = asyncio.Event(), asyncio.Event()
    made: dict[str, int] = {}
    done = asyncio.Event()
    wanted = [(code, person) for code, people in options["tables"] for person in people]
    wanted = wanted[:options["pages"]]

    async def page(code: str, person: dict[str, Any]) -> None:
        nonlocal opened
        data = signed_init_data(options["token"], person, datetime.now(UTC))
        acted, first = -1, True
        async with session.post(f"{base}/api/stream",
                                json={"code": code, "initData": data}) as stream:
            async for view in views(stream):
                received.append((code, view["version"], time.time()))
                if first:
                    first = False
                    opened += 1
                    if opened == len(wanted):
                        all_open.set()
                    await go.wait()
                if not view.get("moves") or view["seq"] == acted:
                    continue
                if made.get(code, 0) >= options["moves"]:
                    if all(made.get(c, 0) >= options["moves"] for c, _ in options["tables"]):
                        done.set()
                    continue
                acted = view["seq"]
                made[code] = made.get(code, 0) + 1
                await asyncio.sleep(options["think"] * rng.uniform(0.5, 1.5))
                async with session.post(f"{base}/api/move", json={
                        "code": code, "initData": data, "seq": view["seq"],
                        "move": choose(view["moves"], rng)["arg"]}) as answer:
                    await answer.read()

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        tasks = [asyncio.create_task(page(code, person)) for code, person in wanted]
        await all_open.wait()
        conn.send("open")
        await loop.run_in_executor(None, conn.recv)
        go.set()
        await asyncio.wait_for(done.wait(), 600)
        await asyncio.sleep(0.5)  # the last moves' views arrive
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return received


# ------------------------------------------------------------------- run
async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="truco-bench-web-") as tmp:
        figures: dict[str, Any] = {"benchmark": "web", "python": platform.python_version(),
                                   "cpus": os.cpu_count()}
        if "messages" in args.parts:
            figures["messages"] = await messages(args, Path(tmp))
        if "server" in args.parts:
            figures["server"] = await serve_pages(args, Path(tmp))
            figures["memory"] = figures["server"].pop("memory")
        figures["settings"] = {k: v for k, v in vars(args).items()}
        return figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench web")
    parser.add_argument("--games", type=int, default=2,
                        help="2 v 2 games of each kind (chat, web) for the message count")
    parser.add_argument("--hands", type=int, default=4, help="hands each of them plays")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="divide every delay of the message count by this")
    parser.add_argument("--think", type=float, default=3.0,
                        help="seconds a person takes per move (±50%%)")
    parser.add_argument("--bot-delay", type=float, default=1.5)
    parser.add_argument("--edit-delay", type=float, default=1.0)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between hands")
    parser.add_argument("--pages", type=int, default=200, help="pages open at once")
    parser.add_argument("--moves", type=int, default=24, help="moves made at each table")
    parser.add_argument("--web-think", type=float, default=3.0,
                        help="seconds a page's player takes per move (±50%%)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", default="messages,server",
                        help="which figures: messages, server (memory comes with server)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    print(json.dumps(asyncio.run(run(args)), indent=2))
    return 0
