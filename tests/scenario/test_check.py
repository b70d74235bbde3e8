"""``truco-bot check-scenarios``: the report and exit codes of the scenario checker.

The reference is the format's own checker: each file is the runner's input plus
"expect", every expected key must match, legal lists are compared as sets, one line
per failure and a closing ``N passed, N failed`` line, exit 1 when any failed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chatbot.scenario.check import REPOSITORY_SCENARIOS, main, mismatches

SPEC = REPOSITORY_SCENARIOS / "spec"
IN_PROGRESS = "argentino-32-first-turn-legal.json"  # expects a list of legal actions


def copy(names: list[str], into: Path) -> list[Path]:
    into.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(SPEC / name, into / name)) for name in names]


def edit(path: Path, change: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_with_no_argument_every_repository_scenario_passes(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    count = len(list(REPOSITORY_SCENARIOS.rglob("*.json")))
    assert capsys.readouterr().out == f"{count} passed, 0 failed\n"


def test_a_wrong_expectation_is_named_with_the_key_and_both_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = copy(["paulista-01-vira-7-queens-manilhas.json",
                      "paulista-02-vira-3-wraps-to-fours.json"], tmp_path)

    def wrong_score(doc: dict[str, Any]) -> None:
        doc["expect"]["score"] = [5, 5]

    edit(bad, wrong_score)
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"FAIL {bad.name} (")  # with the file's note
    assert out[1].strip().startswith("score: got [") and out[1].endswith("want [5, 5]")
    assert out[-1] == "1 passed, 1 failed"
    assert good.name not in "\n".join(out)


def test_legal_actions_are_compared_as_a_set(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    (path,) = copy([IN_PROGRESS], tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert len(doc["expect"]["legal"]) > 1
    edit(path, lambda doc: doc["expect"]["legal"].reverse())
    assert main([str(path)]) == 0
    edit(path, lambda doc: doc["expect"]["legal"].pop())
    assert main([str(path)]) == 1
    assert "legal: got " in capsys.readouterr().out


def test_folders_are_searched_with_their_subfolders(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    copy(["put-01-tie-leader-leads-again.json"], tmp_path / "put")
    copy(["le-truc-01-ranking.json"], tmp_path)
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out == "2 passed, 0 failed\n"


def test_a_file_the_runner_refuses_is_one_failure_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bisca.json").write_text('{"variant": "bisca", "expect": {}}')
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / "list.json").write_text("[]")
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("FAIL bisca.json: invalid scenario: ")
    assert out[1].startswith("FAIL broken.json: not JSON: ")
    assert out[2] == "FAIL list.json: not a scenario: the file holds no JSON object"
    assert out[3] == "0 passed, 3 failed"


@pytest.mark.parametrize("make", [lambda tmp: tmp / "nowhere", lambda tmp: tmp])
def test_nothing_to_check_is_a_usage_error(tmp_path: Path, make: Any,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(make(tmp_path))]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert captured.err.startswith("check-scenarios: no ")


def test_mismatches_reach_into_nested_objects() -> None:
    got = {"calls": {"envido": {"winner": 1, "points": 2}}, "ok": True}
    assert list(mismatches({"calls": {"envido": {"winner": 1}}}, got)) == []
    assert list(mismatches({"calls": {"envido": {"points": 3}}}, got)) == [
        "calls.envido.points: got 2, want 3"]
    assert list(mismatches({"tricks": [0]}, got)) == ["tricks: missing (want [0])"]


def test_the_command_line_entry(tmp_path: Path) -> None:
    """``truco-bot check-scenarios`` is the same checker (as ``python -m chatbot``)."""
    copy(["mineiro-01-fixed-manilhas.json"], tmp_path)
    done = subprocess.run([sys.executable, "-m", "chatbot", "check-scenarios", str(tmp_path)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode, done.stdout) == (0, "1 passed, 0 failed\n"), done.stderr
    usage = subprocess.run([sys.executable, "-m", "chatbot", "check-scenarios", "--help"],
                           capture_output=True, text=True, timeout=120, check=False)
    assert usage.returncode == 0
    assert usage.stdout.startswith("usage: truco-bot check-scenarios [DIR_OR_FILE ...]")
