"""``truco-bot check-scenarios [DIR_OR_FILE ...]``: scenario files against their expectations.

A scenario file (``scenarios/FORMAT.md``) is the input of ``python -m chatbot.scenario``
plus an ``"expect"`` object; every key of ``"expect"`` must equal the runner's output,
with lists of legal actions compared as sets (the engine may list them in any
order). The report is one line per failing scenario and a closing ``N passed, N
failed`` line; the exit status is 1 when any failed, so a script or CI can rely on it.

With no argument it checks every scenario of the repository's ``scenarios/`` folder
(the rule specification's in ``spec/`` and the project's own per variant); a folder
named on the command line is searched for ``*.json`` the same way, so any folder of
files in this format can be checked, a reference set kept elsewhere included.

The files are refereed in this process by the runner's own :func:`load_scenario` and
:func:`referee`, their result passed through JSON as the runner prints it: the same
answer as a ``python -m chatbot.scenario`` per file, without a Python start for each
of hundreds of files. The output is English, like the runner's, because tools and
CI read it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from chatbot.scenario.loader import ScenarioError, load_scenario
from chatbot.scenario.referee import referee

# The repository's scenarios: beside the chatbot package in a checkout (an installed
# wheel has none, and then a folder must be named).
REPOSITORY_SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"

USAGE = """\
usage: truco-bot check-scenarios [DIR_OR_FILE ...]

Referees every scenario file (scenarios/FORMAT.md: the runner's input plus "expect")
and compares the result with its "expect"; lists of legal actions are compared as
sets. A folder is searched for *.json, its subfolders included; with no argument,
the repository's scenarios/ folder. Prints one line per failing scenario and
"N passed, N failed"; exits 1 when any failed, 2 when there is nothing to check."""


@dataclass(frozen=True, slots=True)
class Found:
    """A scenario file and the name it is reported under (its path inside the folder
    it was found in, or the path as given)."""

    path: Path
    name: str


def scenario_files(roots: Sequence[Path]) -> Iterator[Found]:
    """The scenario files of each root: a folder's ``*.json`` (subfolders included, in
    name order), or the root itself when it is a file."""
    for root in roots:
        if root.is_dir():
            for path in sorted(root.rglob("*.json")):
                yield Found(path, path.relative_to(root).as_posix())
        else:
            yield Found(root, str(root))


def mismatches(expect: Any, got: Any, path: str = "") -> Iterator[str]:
    """Every key of ``expect`` (recursively for objects) whose value differs in ``got``;
    a ``legal`` list is compared as a set."""
    if isinstance(expect, dict) and isinstance(got, dict):
        for key, want in expect.items():
            if key not in got:
                yield f"{path}{key}: missing (want {json.dumps(want)})"
            elif key == "legal" and isinstance(want, list) and isinstance(got[key], list):
                if _as_set(want) != _as_set(got[key]):
                    yield f"{path}legal: got {json.dumps(got[key])}, want {json.dumps(want)}"
            else:
                yield from mismatches(want, got[key], f"{path}{key}.")
    elif expect != got:
        yield f"{path.rstrip('.')}: got {json.dumps(got)}, want {json.dumps(expect)}"


def _as_set(actions: list[Any]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


class Unrefereed(Exception):
    """A file that cannot be refereed (not JSON, not a scenario the runner accepts):
    one failure, its message saying why."""


def scenario_doc(text: str) -> dict[str, Any]:
    """A scenario file's JSON object, "expect" and "note" included."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise Unrefereed(f"not JSON: {error}") from None
    if not isinstance(doc, dict):
        raise Unrefereed("not a scenario: the file holds no JSON object")
    return doc


def problems(doc: dict[str, Any]) -> list[str]:
    """Every expected value the runner's result does not have (empty: the scenario
    passes); raises :class:`Unrefereed` when the runner refuses the scenario."""
    scenario = {key: value for key, value in doc.items() if key not in ("expect", "note")}
    try:
        result = referee(load_scenario(json.dumps(scenario)))
    except ScenarioError as error:
        raise Unrefereed(f"invalid scenario: {error}") from None
    except Exception as error:  # an engine bug: report it with the others, do not stop
        raise Unrefereed(f"the referee failed: {type(error).__name__}: {error}") from None
    printed = json.loads(json.dumps(result, ensure_ascii=False))  # what the runner prints
    return list(mismatches(doc.get("expect", {}), printed))


def check(roots: Sequence[Path], out: TextIO) -> tuple[int, int]:
    """Check every scenario of ``roots``, report the failures on ``out``, and return
    how many passed and failed."""
    passed = failed = 0
    for found in scenario_files(roots):
        try:
            doc = scenario_doc(found.path.read_text(encoding="utf-8"))
            found_problems = problems(doc)
        except OSError as error:
            failed += 1
            print(f"FAIL {found.name}: cannot read: {error.strerror or error}", file=out)
            continue
        except Unrefereed as refused:
            failed += 1
            print(f"FAIL {found.name}: {refused}", file=out)
            continue
        if not found_problems:
            passed += 1
            continue
        failed += 1
        note = doc.get("note")
        print(f"FAIL {found.name}" + (f" ({note})" if isinstance(note, str) else ""), file=out)
        for problem in found_problems:
            print(f"     {problem}", file=out)
    return passed, failed


def main(argv: Sequence[str]) -> int:
    """Entry for ``truco-bot check-scenarios``."""
    if any(arg in ("-h", "--help") for arg in argv):
        print(USAGE)
        return 0
    roots = [Path(arg) for arg in argv] or [REPOSITORY_SCENARIOS]
    missing = [root for root in roots if not root.exists()]
    if missing:
        for root in missing:
            print(f"check-scenarios: no such file or folder: {root}", file=sys.stderr)
        return 2
    if not any(True for _found in scenario_files(roots)):
        names = ", ".join(str(root) for root in roots)
        print(f"check-scenarios: no scenario files (*.json) in {names}", file=sys.stderr)
        return 2
    passed, failed = check(roots, sys.stdout)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
