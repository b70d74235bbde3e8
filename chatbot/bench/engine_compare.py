"""Two checkouts' engines side by side: ``python -m chatbot.bench engine_compare --old DIR``.

A speed claim holds only against a measurement of both engines on the same machine
at the same moment: the load of the machine moves figures by more than most
changes do. Two checkouts cannot share one process (both are the package
``chatbot``), so each runs its own engine benchmark (``chatbot.bench.engine.measure``)
in a process of its own (``PYTHONPATH`` set to the checkout); the two take turns
configuration by configuration, swapping which goes first every repeat. It reports
for each configuration the median over the repeats of each side's median cost per
action, and their ratio (new / old: below 1 is faster). Both sides are timed by
the process's CPU clock unless ``--clock wall`` is given: on a machine others
share, the wall clock counts the time another process held the core.

The old checkout is any tree with ``chatbot/bench/engine.py``, e.g. one made by
``git worktree add /tmp/engine-old <commit>``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[2]  # the checkout this module belongs to

# The worker each checkout runs: it reads one configuration a line and answers with its
# engine benchmark's figures, as JSON. It uses only what both sides have
# (``chatbot.bench.engine.measure`` and ``chatbot.rules.playout``), so an old checkout
# needs nothing new.
WORKER = """
import json, sys, time, types
import chatbot.bench.engine
from chatbot.bench.engine import measure
from chatbot.rules.playout import Config, standard_configs
from chatbot.rules.registry import available_variants
if sys.argv[1] == "configs":
    names = json.loads(sys.argv[2]) or available_variants()
    print(json.dumps([[c.variant, c.players, c.options] for c in standard_configs(names)]))
    raise SystemExit
if sys.argv[2] == "cpu":  # the benchmark reads time.perf_counter: give it the CPU clock
    chatbot.bench.engine.time = types.SimpleNamespace(perf_counter=time.process_time)
for line in sys.stdin:
    variant, players, options, games, seed = json.loads(line)
    config = Config(variant, players, tuple(tuple(o) for o in options))
    print(json.dumps(measure(config, games, seed)), flush=True)
"""

Row = tuple[str, int, list[list[Any]]]  # variant, players, options: a Config as JSON


class Engine:
    """The engine benchmark of one checkout, in a process of its own that stays up:
    configurations are asked one at a time, so the two sides take turns within a
    fraction of a second and share the machine's load."""

    def __init__(self, root: Path, clock: str) -> None:
        self.root = root
        self.env = {**os.environ, "PYTHONPATH": str(root)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, "measure", clock], cwd=root, env=self.env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def configs(self, variants: list[str]) -> list[Row]:
        out = subprocess.run([sys.executable, "-c", WORKER, "configs", json.dumps(variants)],
                             cwd=self.root, env=self.env, check=True, capture_output=True,
                             text=True).stdout
        return [(v, p, o) for v, p, o in json.loads(out)]

    def measure(self, row: Row, games: int, seed: int) -> float:
        """The median µs/action of ``games`` random games of one configuration."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps([*row, games, seed]) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the engine benchmark of {self.root} stopped")
        return float(json.loads(answer)["median_us_per_action"])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def label(row: Row) -> str:
    variant, players, options = row
    opts = ",".join(f"{k}={v}" for k, v in options)
    return f"{variant}/{players}p" + (f"/{opts}" if opts else "")


def compare(old: Path, new: Path, games: int, seed: int, repeats: int,
            variants: list[str], clock: str = "cpu") -> dict[str, Any]:
    """Measure every configuration both have ``repeats`` times on each side, the two
    sides in turn (the first swapped every time), and pair the medians."""
    sides = {"old": Engine(old, clock), "new": Engine(new, clock)}
    try:
        old_rows = {label(row) for row in sides["old"].configs(variants)}
        rows = [row for row in sides["new"].configs(variants) if label(row) in old_rows]
        results = []
        for row in rows:
            runs: dict[str, list[float]] = {"old": [], "new": []}
            for repeat in range(repeats):
                order = ["old", "new"] if repeat % 2 == 0 else ["new", "old"]
                for side in order:
                    runs[side].append(sides[side].measure(row, games, seed))
            old_us, new_us = statistics.median(runs["old"]), statistics.median(runs["new"])
            results.append({"config": label(row), "old_us_per_action": old_us,
                            "new_us_per_action": new_us, "ratio": round(new_us / old_us, 3),
                            "old_runs": runs["old"], "new_runs": runs["new"]})
    finally:
        for engine in sides.values():
            engine.close()
    return {"benchmark": "engine_compare", "old": str(old), "new": str(new), "games": games,
            "seed": seed, "repeats": repeats, "clock": clock, "results": results}


def table(report: dict[str, Any]) -> str:
    """The figures as a Markdown table, for a closing note."""
    lines = ["| configuration | old µs/action | new µs/action | new/old |",
             "|---|---:|---:|---:|"]
    lines += [f"| {r['config']} | {r['old_us_per_action']:.2f} | {r['new_us_per_action']:.2f}"
              f" | {r['ratio']:.2f} |" for r in report["results"]]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench engine_compare")
    parser.add_argument("--old", type=Path, required=True, help="the checkout to compare with")
    parser.add_argument("--new", type=Path, default=HERE, help="default: this checkout")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="cpu (default): the process's CPU time, which other "
                             "processes on a busy machine do not inflate; wall: as the "
                             "engine benchmark times")
    parser.add_argument("--table", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    for root in (args.old, args.new):
        if not (root / "chatbot" / "bench" / "engine.py").is_file():
            print(f"{root} is not a checkout with chatbot/bench/engine.py", file=sys.stderr)
            return 2
    try:
        report = compare(args.old.resolve(), args.new.resolve(), args.games, args.seed,
                         args.repeats, args.variant, args.clock)
    except (subprocess.CalledProcessError, RuntimeError) as exc:
        print(f"the engine benchmark failed: {exc}", file=sys.stderr)
        return 1
    print(table(report) if args.table else json.dumps(report, indent=2))
    return 0
