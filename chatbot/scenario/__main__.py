"""``python -m chatbot.scenario FILE.json`` (or the JSON on standard input).

Exit 0 with the result on stdout, also for an illegal action (that is a result);
exit 2 with one line on stderr when the input is not a valid scenario.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from chatbot.scenario.loader import ScenarioError, load_scenario
from chatbot.scenario.referee import referee


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        text = Path(args[0]).read_text(encoding="utf-8") if args else sys.stdin.read()
    except OSError as exc:
        print(f"cannot read scenario: {exc}", file=sys.stderr)
        return 2
    try:
        result = referee(load_scenario(text))
    except ScenarioError as exc:
        print(f"invalid scenario: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
