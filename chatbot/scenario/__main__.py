"""``python -m chatbot.scenario FILE.json`` (or the JSON on standard input).

Exit 0 with the result on stdout, also for an illegal action (that is a result);
exit 2 with one line on stderr when the input is not a valid scenario. With no
file and a terminal on standard input (a person who typed the bare command, not
a tool piping a scenario in) it prints its usage instead of waiting silently.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from chatbot.scenario.loader import ScenarioError, load_scenario
from chatbot.scenario.referee import referee

USAGE = """\
usage: python -m chatbot.scenario FILE.json
       python -m chatbot.scenario < FILE.json

Referees one hand in the scenario format of scenarios/FORMAT.md and prints the
result as JSON (exit 0, also for an illegal action); a file that is not a valid
scenario gets one line on stderr and exit 2.
Check every scenario against its expected result: truco-bot check-scenarios"""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    if not args and sys.stdin.isatty():
        print(USAGE, file=sys.stderr)
        return 2
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
