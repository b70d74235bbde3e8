"""The runner as a program: exit codes and output exactly as FORMAT.md says."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

BASE = {
    "variant": "paulista", "players": 2, "dealer": 1, "score": [0, 0],
    "hands": [["4C", "7H", "AS"], ["3D", "2S", "KH"]], "vira": "7D", "actions": [],
}


def run(doc: object) -> subprocess.CompletedProcess[str]:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "chatbot.scenario"], input=text,
                          capture_output=True, text=True, timeout=60, check=False)


def test_valid_scenario_prints_json_and_exits_zero() -> None:
    done = run(BASE)
    assert done.returncode == 0
    result = json.loads(done.stdout)
    assert result["ok"] is True and result["to_act"] == 0


def test_illegal_action_is_a_result() -> None:
    done = run(BASE | {"actions": [{"seat": 1, "action": "play", "card": "3D"}]})
    assert done.returncode == 0
    error = json.loads(done.stdout)["error"]
    assert error["index"] == 0 and error["code"] == "illegal-action"
    assert "seat 1" in error["message"] and "seat 0" in error["message"]


@pytest.mark.parametrize(
    "change",
    [
        {"variant": "bisca"},
        {"hands": [["4C", "7H", "AS"], ["4C", "2S", "KH"]]},  # a card dealt twice
        {"hands": [["4C", "7H", "8S"], ["3D", "2S", "KH"]]},  # no 8 in the dirty deck
        {"hands": [["4C", "7H"], ["3D", "2S", "KH"]]},  # wrong number of cards
        {"vira": "3D"},  # the vira is in a hand
        {"score": [12, 0]},  # at or above the target
        {"options": {"colour": "red"}},
        {"actions": [{"seat": 0, "action": "dance"}]},
        {"actions": [{"seat": 0, "action": "truco", "card": "4C"}]},
        {"actions": [{"seat": 0, "action": "play"}]},
    ],
)
def test_invalid_input_exits_two_with_one_line(change: dict[str, object]) -> None:
    done = run(BASE | change)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1


def test_bad_json_exits_two() -> None:
    assert run("{not json").returncode == 2


def test_vira_outside_paulista_is_an_input_error() -> None:
    doc = BASE | {"variant": "mineiro"}
    assert run(doc).returncode == 2
    doc.pop("vira")
    assert run(doc).returncode == 0


def test_redeal_without_enough_stock_is_an_input_error() -> None:
    doc = {
        "variant": "le-truc", "players": 2, "dealer": 1, "score": [0, 0],
        "hands": [["7C", "8H", "AS"], ["KD", "QS", "JH"]],
        "stock": ["9C", "9H"],
        "actions": [{"seat": 0, "action": "redeal-propose"},
                    {"seat": 1, "action": "redeal-accept"}],
    }
    assert run(doc).returncode == 2


def test_no_file_at_a_terminal_prints_the_usage_instead_of_waiting() -> None:
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "chatbot.scenario"], stdin=follower,
                              capture_output=True, text=True, timeout=60, check=False)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stderr.startswith("usage: python -m chatbot.scenario FILE.json")
    assert done.stdout == ""


def test_help_prints_the_usage() -> None:
    done = subprocess.run([sys.executable, "-m", "chatbot.scenario", "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0
    assert "scenarios/FORMAT.md" in done.stdout
    assert "truco-bot check-scenarios" in done.stdout
