"""Input errors of the runner for Paulista and Mineiro: exit 2, one line on stderr.

FORMAT.md: "It exits 2 with a one-line message on standard error when the input is
not a valid scenario"; rules.md 7.1.19 lists the cases. Each case runs the
program's ``main`` in this process, the scenario on its standard input: a Python
start per case would cost far more than the case. The program itself, started as
``python -m chatbot.scenario``, is run for each exit path in tests/scenario/test_cli.py.
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from typing import Any, NamedTuple
from unittest import mock

import pytest

from chatbot.scenario.__main__ import main

PAULISTA: dict[str, Any] = {
    "variant": "paulista", "options": {}, "players": 2, "dealer": 1, "score": [0, 0],
    "hands": [["3C", "KH", "QD"], ["2S", "JH", "AD"]], "vira": "KS", "actions": [],
}
MINEIRO: dict[str, Any] = {
    "variant": "mineiro", "options": {}, "players": 2, "dealer": 1, "score": [0, 0],
    "hands": [["4C", "KH", "QD"], ["7H", "JH", "AD"]], "actions": [],
}
FOUR_HANDS = [["3C", "KH", "QD"], ["2S", "JH", "AD"], ["AC", "JS", "2D"], ["3H", "KC", "QS"]]


class Done(NamedTuple):
    """What the program did: its exit code and what it wrote."""

    returncode: int
    stdout: str
    stderr: str


def run(doc: Any) -> Done:
    """``python -m chatbot.scenario < doc``, in this process."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    out, err = io.StringIO(), io.StringIO()
    with mock.patch.object(sys, "stdin", io.StringIO(text)), redirect_stdout(out), \
            redirect_stderr(err):
        code = main([])
    return Done(code, out.getvalue(), err.getvalue())


def assert_input_error(doc: Any) -> None:
    done = run(doc)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0], done.stderr


def test_the_bases_are_valid() -> None:
    # clean Paulista with these cards and Mineiro clean with its three extra cards are fine
    for doc in (PAULISTA, MINEIRO, PAULISTA | {"options": {"deck": "clean"}},
                MINEIRO | {"options": {"deck": "clean"}}):
        done = run(doc)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["ok"] is True


CASES: dict[str, dict[str, Any]] = {
    # a card outside the deck
    "paulista 8": PAULISTA | {"hands": [["3C", "KH", "8D"], ["2S", "JH", "AD"]]},
    "paulista ten": PAULISTA | {"hands": [["3C", "KH", "TD"], ["2S", "JH", "AD"]]},
    "paulista clean 4 in hand": PAULISTA | {
        "options": {"deck": "clean"}, "hands": [["3C", "KH", "4D"], ["2S", "JH", "AD"]]},
    "paulista clean 7 as vira": PAULISTA | {"options": {"deck": "clean"}, "vira": "7S"},
    "paulista clean 5 in action": PAULISTA | {
        "options": {"deck": "clean"}, "actions": [{"seat": 0, "action": "play", "card": "5C"}]},
    "mineiro clean 7C": MINEIRO | {
        "options": {"deck": "clean"}, "hands": [["4C", "KH", "7C"], ["7H", "JH", "AD"]]},
    "mineiro clean 7S": MINEIRO | {
        "options": {"deck": "clean"}, "hands": [["4C", "KH", "7S"], ["7H", "JH", "AD"]]},
    "mineiro clean 4H": MINEIRO | {
        "options": {"deck": "clean"}, "hands": [["4H", "KH", "QD"], ["7H", "JH", "AD"]]},
    "mineiro clean 6D": MINEIRO | {
        "options": {"deck": "clean"}, "hands": [["4C", "6D", "QD"], ["7H", "JH", "AD"]]},
    "mineiro clean 5S": MINEIRO | {
        "options": {"deck": "clean"}, "hands": [["4C", "KH", "QD"], ["7H", "5S", "AD"]]},
    "mineiro 9": MINEIRO | {"hands": [["4C", "KH", "9D"], ["7H", "JH", "AD"]]},
    "spanish card": PAULISTA | {"hands": [["3C", "KH", "1E"], ["2S", "JH", "AD"]]},
    "lower-case card": PAULISTA | {"hands": [["3c", "KH", "QD"], ["2S", "JH", "AD"]]},
    # a card twice
    "twice across hands": PAULISTA | {"hands": [["3C", "KH", "QD"], ["3C", "JH", "AD"]]},
    "twice in one hand": MINEIRO | {"hands": [["4C", "4C", "QD"], ["7H", "JH", "AD"]]},
    "vira in a hand": PAULISTA | {"vira": "QD"},
    # vira rules
    "vira for mineiro": MINEIRO | {"vira": "KS"},
    "no vira for paulista": {k: v for k, v in PAULISTA.items() if k != "vira"},
    # wrong card count
    "two cards": PAULISTA | {"hands": [["3C", "KH"], ["2S", "JH", "AD"]]},
    "four cards": MINEIRO | {"hands": [["4C", "KH", "QD", "3S"], ["7H", "JH", "AD"]]},
    "hands for three seats": PAULISTA | {"hands": [*PAULISTA["hands"], ["AC", "JS", "2D"]]},
    "four players two hands": PAULISTA | {"players": 4, "dealer": 3},
    # unknown options and values out of range
    "unknown option": PAULISTA | {"options": {"flor": "basic"}},
    "unknown option mineiro": MINEIRO | {"options": {"covered": True}},
    "target 15": PAULISTA | {"options": {"target": 15}},
    "target 30 mineiro": MINEIRO | {"options": {"target": 30}},
    "all_tied mano": PAULISTA | {"options": {"all_tied": "mano"}},
    "deck clean27": MINEIRO | {"options": {"deck": "clean27"}},
    "lead_after_tie bad": PAULISTA | {"options": {"lead_after_tie": "winner"}},
    "answer_by bad": MINEIRO | {"options": {"answer_by": "partner"}},
    "deal_rotation bad": PAULISTA | {"options": {"deal_rotation": "clockwise"}},
    "covered_card string": PAULISTA | {"options": {"covered_card": "yes"}},
    "pointless string": MINEIRO | {"options": {"forbid_pointless_raise": "on"}},
    "options not an object": PAULISTA | {"options": ["deck", "clean"]},
    # table and score
    "three players": PAULISTA | {"players": 3, "hands": [*PAULISTA["hands"], ["AC", "JS", "2D"]]},
    "dealer not a seat": PAULISTA | {"dealer": 2},
    "score at target": PAULISTA | {"score": [12, 0]},
    "mineiro score above target": MINEIRO | {"score": [0, 14]},
    "negative score": MINEIRO | {"score": [-2, 0]},
    "score for three teams": PAULISTA | {"score": [0, 0, 0]},
    # actions
    "unknown action": PAULISTA | {"actions": [{"seat": 0, "action": "envite"}]},
    "card on truco": PAULISTA | {"actions": [{"seat": 0, "action": "truco", "card": "3C"}]},
    "play without card": MINEIRO | {"actions": [{"seat": 0, "action": "play"}]},
    "seat out of range": PAULISTA | {"actions": [{"seat": 2, "action": "truco"}]},
    "unknown card in action": MINEIRO | {"actions": [{"seat": 0, "action": "play", "card": "8C"}]},
}


@pytest.mark.parametrize("doc", CASES.values(), ids=CASES.keys())
def test_input_error(doc: dict[str, Any]) -> None:
    assert_input_error(doc)


def test_four_player_seat_and_hands_ok_then_bad() -> None:
    doc = PAULISTA | {"players": 4, "dealer": 3, "hands": FOUR_HANDS, "vira": "KS"}
    assert run(doc).returncode == 0
    assert_input_error(doc | {"actions": [{"seat": 4, "action": "truco"}]})


def test_bad_json() -> None:
    assert_input_error("{not json")
    assert_input_error("[]")


def test_illegal_action_is_not_an_input_error() -> None:
    # playing the vira or a card someone else holds is a refereeing result, exit 0
    for card in ("KS", "2S"):
        done = run(PAULISTA | {"actions": [{"seat": 0, "action": "play", "card": card}]})
        assert done.returncode == 0
        assert json.loads(done.stdout)["error"]["code"] == "illegal-action"
