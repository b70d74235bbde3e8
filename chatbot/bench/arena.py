"""Bots against bots: ``python -m chatbot.bench arena --a hard --b normal --games 2000``.

Every deal is played twice with the seats swapped (level A on side 0, then on
side 1, with the same cards hand by hand), so the luck of the cards cancels
out and a difference in play shows up with fewer games. Prints JSON: A's win
rate with its 95% Wilson interval, the average point difference per game and
the decision latency of each level (decisions with a real choice only).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from chatbot.ai import BENCH_LEVELS, decide
from chatbot.rules.playout import Config
from chatbot.rules.registry import available_variants
from chatbot.rules.views import real_action, seat_view

MAX_ACTIONS = 100_000


@dataclass(slots=True)
class GameResult:
    a_won: bool
    point_diff: float
    latencies: dict[str, list[float]] = field(default_factory=dict)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion: honest even near 0 or 1."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def a_sides(swap: bool) -> set[int]:
    """The side(s) level A plays: side 0 (or 1 when swapped); B plays all others."""
    return {1 if swap else 0}


def play_game(config: Config, a: str, b: str, seed: int, index: int,
              swap: bool) -> GameResult:
    """One game; the deal depends on (seed, index) only, so both halves of a pair share it."""
    rules = config.rules
    n = config.players
    deal_rng = random.Random(f"deal-{seed}-{index}")
    sides_a = a_sides(swap)
    level = [a if rules.team_of(s, n) in sides_a else b for s in range(n)]
    bot_rngs = [random.Random(f"bot-{seed}-{index}-{int(swap)}-{s}") for s in range(n)]
    latencies: dict[str, list[float]] = {a: [], b: []}
    match = rules.new_match(n, deal_rng.randrange(n))
    rules.deal(match, deal_rng)
    for _ in range(MAX_ACTIONS):
        if match.winner is not None:
            break
        hand = match.hand
        assert hand is not None
        if hand.over:
            rules.next_hand(match, deal_rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        start = time.perf_counter()
        action = decide(rules, view, level[seat], bot_rngs[seat])
        elapsed = time.perf_counter() - start
        if len(view.legal) > 1:
            latencies[level[seat]].append(elapsed)
        rules.apply(match, seat, real_action(match, seat, action))
    else:
        raise RuntimeError("game did not end")
    team_a = next(iter(sides_a))
    others = [s for t, s in enumerate(match.score) if t != team_a]
    diff = match.score[team_a] - sum(others) / len(others)
    return GameResult(match.winner == team_a, diff, latencies)


def play_pairs(config: Config, a: str, b: str, seed: int, indices: Sequence[int]
               ) -> list[GameResult]:
    return [play_game(config, a, b, seed, i, swap) for i in indices for swap in (False, True)]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def run(config: Config, a: str, b: str, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    pairs = list(range((games + 1) // 2))
    start = time.perf_counter()
    results: list[GameResult] = []
    if jobs <= 1:
        results = play_pairs(config, a, b, seed, pairs)
    else:
        chunks = [pairs[i::jobs] for i in range(jobs)]
        with ProcessPoolExecutor(jobs) as pool:
            for part in pool.map(play_pairs, [config] * jobs, [a] * jobs, [b] * jobs,
                                 [seed] * jobs, chunks):
                results.extend(part)
    wins = sum(r.a_won for r in results)
    n = len(results)
    lo, hi = wilson(wins, n)
    latency: dict[str, dict[str, float | int]] = {}
    for level in dict.fromkeys((a, b)):
        times = [t for r in results for t in r.latencies.get(level, [])]
        latency[level] = {
            "decisions": len(times),
            "p50_ms": round(percentile(times, 0.5) * 1000, 3),
            "p99_ms": round(percentile(times, 0.99) * 1000, 3),
            "max_ms": round(max(times, default=0.0) * 1000, 3),
        }
    return {
        "benchmark": "arena",
        "config": {"variant": config.variant, "players": config.players,
                   "options": dict(config.options), "a": a, "b": b, "seed": seed,
                   "jobs": jobs, "python": platform.python_version()},
        "games": n,
        "a_wins": wins,
        "a_win_rate": round(wins / n, 4) if n else 0.0,
        "a_win_rate_wilson95": [round(lo, 4), round(hi, 4)],
        "avg_point_diff": round(statistics.fmean(r.point_diff for r in results), 3)
        if n else 0.0,
        "latency": latency,
        "seconds": round(time.perf_counter() - start, 1),
    }


def parse_option(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    value: Any = raw
    if raw in ("true", "false"):
        value = raw == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return key, value


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench arena")
    parser.add_argument("--variant", default="paulista", choices=available_variants())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", default="hard", choices=BENCH_LEVELS)
    parser.add_argument("--b", default="normal", choices=BENCH_LEVELS)
    parser.add_argument("--games", type=int, default=200, help="games in all (pairs of deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option of the variant (repeatable)")
    args = parser.parse_args(argv)
    config = Config(args.variant, args.players, tuple(sorted(parse_option(o)
                                                            for o in args.option)))
    rules = config.rules
    if args.players not in rules.seat_counts:
        print(f"{args.variant} is not played by {args.players} players", file=sys.stderr)
        return 2
    if rules.options.get("scoring") == "ledger":
        print("ledger scoring has no winner: choose race scoring", file=sys.stderr)
        return 2
    print(json.dumps(run(config, args.a, args.b, args.games, args.seed, args.jobs), indent=2))
    return 0
