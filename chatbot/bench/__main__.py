"""``python -m chatbot.bench engine [--games N] [--seed S] [--variant V ...]``: figures as JSON."""

from __future__ import annotations

import argparse
import json

from chatbot.bench import engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench")
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="random full games through the rules engine")
    eng.add_argument("--games", type=int, default=300)
    eng.add_argument("--seed", type=int, default=1)
    eng.add_argument("--variant", action="append")
    args = parser.parse_args(argv)
    if args.what == "engine":
        result = engine.run(args.games, args.seed, args.variant)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
