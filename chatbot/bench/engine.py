"""How fast the rules engine plays random games: the budget the bots simulate with."""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from typing import Any

from chatbot.rules.playout import Config, random_game, standard_configs
from chatbot.rules.registry import available_variants


def measure(config: Config, games: int, seed: int) -> dict[str, Any]:
    rules = config.rules
    rng = random.Random(seed)
    per_game: list[float] = []
    per_action: list[float] = []
    for _ in range(games):
        start = time.perf_counter()
        _, actions = random_game(rules, config.players, rng)
        elapsed = time.perf_counter() - start
        per_game.append(elapsed)
        per_action.append(elapsed / max(actions, 1))
    return {
        "config": config.label(),
        "games": games,
        "target": rules.target_score(),
        "median_ms_per_game": round(statistics.median(per_game) * 1000, 3),
        "p90_ms_per_game": round(statistics.quantiles(per_game, n=10)[-1] * 1000, 3),
        "median_us_per_action": round(statistics.median(per_action) * 1e6, 2),
    }


def run(games: int = 300, seed: int = 1, variants: list[str] | None = None) -> dict[str, Any]:
    configs = standard_configs(variants or available_variants())
    return {
        "benchmark": "engine",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "results": [measure(c, games, seed) for c in configs],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench engine")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.games, args.seed, args.variant), indent=2))
    return 0
