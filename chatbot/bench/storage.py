"""Storage cost per operation: ``python -m chatbot.bench storage [--db URL] [--ops N]``.

Times the two calls every move makes, ``Repository.save_with_events`` (a
versioned save plus two log entries) and ``Repository.get_table``, one after
another on a fresh SQLite file (or the database at ``--db``, migrated first).
Then ``--tasks`` tasks save their own tables at once, as concurrent games do.

Per operation it prints the median and p90 wall time, the CPU the event loop's
thread spent (what delays every other update of the bot) and the CPU of the
whole process (worker threads included), all in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from chatbot.storage import Repository, TableRecord, make_engine, upgrade_to_head

# About the size of a game in the middle of a hand of Truco Paulista.
GAME: dict[str, Any] = {
    "variant": "paulista",
    "seats": [{"name": f"Player {i}", "user_id": 7_000_000_000 + i, "bot": i % 2 == 1}
              for i in range(4)],
    "match": {
        "scores": [7, 9],
        "hand_no": 5,
        "hands": [["4C", "7H", "AS"], ["3D", "KS"], ["QH", "2C", "JD"], ["5S"]],
        "vira": "6H",
        "tricks": [{"cards": [[0, "4D"], [1, "AH"], [2, "7S"], [3, "3C"]], "winner": 3}],
        "stake": 3,
        "history": [{"seat": i % 4, "action": "play", "card": "4C"} for i in range(12)],
    },
}
EVENTS: list[tuple[str, dict[str, Any]]] = [
    ("CardPlayed", {"seat": 0, "card": "4C"}), ("TurnPassed", {"seat": 1})]


def _figures(walls: list[float], loop_cpu: float, process_cpu: float) -> dict[str, float]:
    ms = 1000 / len(walls)
    return {
        "median_wall_ms": round(statistics.median(walls) * 1000, 3),
        "p90_wall_ms": round(statistics.quantiles(walls, n=10)[-1] * 1000, 3),
        "loop_cpu_ms": round(loop_cpu * ms, 3),
        "process_cpu_ms": round(process_cpu * ms, 3),
    }


async def _sequential(op: Callable[[], Awaitable[object]], ops: int) -> dict[str, float]:
    """``op`` ``ops`` times in a row; thread_time is the loop thread's CPU only."""
    walls: list[float] = []
    loop_cpu = time.thread_time()
    process_cpu = time.process_time()
    for _ in range(ops):
        start = time.perf_counter()
        await op()
        walls.append(time.perf_counter() - start)
    return _figures(walls, time.thread_time() - loop_cpu, time.process_time() - process_cpu)


async def _new_table(repo: Repository) -> TableRecord:
    chat_id = -random.randrange(10**12, 10**13)  # apart from any real chat
    return await repo.create_table(chat_id=chat_id, creator_id=1, variant="paulista",
                                   state="playing", game=GAME)


async def _saves(repo: Repository, ops: int) -> dict[str, float]:
    table = await _new_table(repo)

    async def save() -> None:
        nonlocal table
        table = await repo.save_with_events(replace(table, turn_seq=table.turn_seq + 1),
                                            table.version, EVENTS)

    try:
        return await _sequential(save, ops)
    finally:
        await repo.close_table(table.id)


async def _gets(repo: Repository, ops: int) -> dict[str, float]:
    table = await _new_table(repo)
    try:
        return await _sequential(lambda: repo.get_table(table.id), ops)
    finally:
        await repo.close_table(table.id)


async def _concurrent_saves(repo: Repository, ops: int, tasks: int) -> dict[str, float]:
    """``tasks`` tables saved at once, ``ops // tasks`` saves each: throughput."""
    tables = [await _new_table(repo) for _ in range(tasks)]
    walls: list[float] = []

    async def play(table: TableRecord) -> None:
        for _ in range(ops // tasks):
            start = time.perf_counter()
            table = await repo.save_with_events(table, table.version, EVENTS)
            walls.append(time.perf_counter() - start)

    loop_cpu, process_cpu = time.thread_time(), time.process_time()
    start = time.perf_counter()
    await asyncio.gather(*(play(table) for table in tables))
    elapsed = time.perf_counter() - start
    figures = _figures(walls, time.thread_time() - loop_cpu, time.process_time() - process_cpu)
    for table in tables:
        await repo.close_table(table.id)
    return {"tasks": tasks, "saves_per_s": round(len(walls) / elapsed), **figures}


async def run(url: str, ops: int, tasks: int) -> dict[str, Any]:
    await upgrade_to_head(url)
    engine = make_engine(url)
    try:
        repo = Repository(engine)
        await _saves(repo, min(ops, 50))  # warm-up: connections, compiled statements
        results = {
            "save_with_events": await _saves(repo, ops),
            "get_table": await _gets(repo, ops),
            "concurrent_save_with_events": await _concurrent_saves(repo, ops, tasks),
        }
    finally:
        await engine.dispose()
    return {
        "benchmark": "storage",
        "backend": engine.dialect.name,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "ops": ops,
        "results": results,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench storage")
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--ops", type=int, default=2000, help="operations per measurement")
    parser.add_argument("--tasks", type=int, default=16, help="concurrent savers")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        url = args.db or f"sqlite:///{Path(directory) / 'bench.db'}"
        print(json.dumps(asyncio.run(run(url, args.ops, args.tasks)), indent=2))
    return 0
