"""``python -m chatbot.bench NAME [options]``: run one benchmark, print its figures as JSON.

Each benchmark is a module of this package with a ``main(argv) -> int``:
``engine`` (the rules engine), ``engine_compare`` (two checkouts' engines
side by side), ``bot`` (the Telegram front end against the
fake Bot API), ``arena`` (bots against bots), ``storage`` (the
repository's cost per operation), ``web`` (the web table: messages a game-minute,
its server's latency and memory per open page). Benchmarks print figures; they
are never part of the tests' pass/fail.
"""

from __future__ import annotations

import sys
from importlib import import_module

BENCHMARKS = ("engine", "engine_compare", "bot", "arena", "storage", "web")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in BENCHMARKS:
        print(f"usage: python -m chatbot.bench {{{','.join(BENCHMARKS)}}} [options]",
              file=sys.stderr)
        return 2
    try:
        module = import_module(f"chatbot.bench.{args[0]}")
    except ImportError as exc:
        print(f"benchmark {args[0]} is not available: {exc}", file=sys.stderr)
        return 2
    return int(module.main(args[1:]))


if __name__ == "__main__":
    raise SystemExit(main())
