"""``python -m chatbot.bench bot --workers N --db postgresql://…``: the same load on an
ingress and N worker processes (``truco-bot ingress`` / ``truco-bot worker``).

The people and the fake Bot API run in their own process, as for the one-process
figures (``bot.py``); the bot is the console script, started as an operator starts
it, on the given PostgreSQL database (empty: tables are counted from id 1) and a
Redis (``--redis``, a random key prefix). Each worker reports its handling times on
``/health``; the figures are updates a second over the whole run, each worker's
p50/p99, the bot-wide sends a second and each group's sends a minute at their peaks
(the fake's records), and the counted calls per hand. Never part of the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import signal
import socket
import uuid
from pathlib import Path
from typing import Any

from chatbot.bench.bot import _hands, start_people
from chatbot.handlers.cluster.health import probe
from chatbot.handlers.telegram.config import DEFAULT_PARTITIONS

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _shares_settled(ports: list[int], partitions: int) -> None:
    """Until every partition is held once and the shares differ by one at most: the
    figures are of the steady state, not of the first seconds, when the partitions
    move from the first worker up to the others (a game moved mid-hand may post its
    table message anew, a call more than the hand's budget)."""
    while True:
        answers = [await probe(port) for port in ports]
        held = [list(a["partitions"]) if a else [] for a in answers]
        every = sorted(p for share in held for p in share)
        sizes = [len(share) for share in held]
        if every == list(range(partitions)) and max(sizes) - min(sizes) <= 1:
            return
        await asyncio.sleep(0.2)


async def cluster_side(args: argparse.Namespace) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    conn, people = start_people(args)
    prefix = f"bench{uuid.uuid4().hex[:8]}"
    processes: list[asyncio.subprocess.Process] = []
    ports = [_free_port() for _ in range(args.workers + 1)]
    try:
        api = await loop.run_in_executor(None, conn.recv)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TRUCO_", "TELEGRAM_"))}
        env.update({
            "TELEGRAM_BOT_TOKEN": api["token"], "TELEGRAM_API_BASE_URL": api["root"],
            "TRUCO_DATABASE_URL": args.db, "TRUCO_REDIS_URL": args.redis,
            "TRUCO_REDIS_PREFIX": prefix, "TRUCO_LOG_LEVEL": "WARNING",
            "TRUCO_BOT_SECONDS": str(args.bot_delay / args.speed),
            "TRUCO_PAUSE_SECONDS": str(args.pause / args.speed),
        })
        script = str(ROOT / ".venv" / "bin" / "truco-bot")
        for number, port in enumerate(ports):
            role = "ingress" if number == 0 else "worker"
            processes.append(await asyncio.create_subprocess_exec(
                script, role, env={**env, "TRUCO_HEALTH_PORT": str(port)},
                stdin=asyncio.subprocess.DEVNULL))
        for port in ports:
            while await probe(port) is None:
                await asyncio.sleep(0.2)
        await _shares_settled(ports[1:], DEFAULT_PARTITIONS)
        conn.send("go")
        figures = await loop.run_in_executor(None, conn.recv)
        workers = [await probe(port, "/health") for port in ports[1:]]
    finally:
        for process in processes:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            await process.wait()
    conn.send("stop")
    await loop.run_in_executor(None, people.join, 30)
    elapsed = figures.pop("seconds")
    updates = sum(int(w["handled"]) for w in workers if w)
    return {
        "benchmark": "bot",
        "workers": args.workers,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "database": args.db.split(":", 1)[0],
        "games": args.games,
        **{k: figures[k] for k in ("games_finished", "games_stuck")},
        "hands_dealt": await _hands(args.db),
        "seconds": round(elapsed, 2),
        "updates": updates,
        "updates_per_second": round(updates / elapsed, 1),
        "update_handling_ms_per_worker": [w.get("handling_ms") if w else None
                                          for w in workers],
        **{k: figures[k] for k in ("counted_calls_per_hand", "traffic", "api_calls")},
        "settings": {"speed": args.speed, "think": args.think, "bot_delay": args.bot_delay,
                     "pause": args.pause, "hands_limit": args.hands, "ramp": args.ramp},
    }
