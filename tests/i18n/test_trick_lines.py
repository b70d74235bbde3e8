"""The trick in play says which card takes it so far, and the hand the tricks each side won,
on the seat's screen and the group's table message (issue 36)."""

from __future__ import annotations

import random

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.i18n.render import Viewer, leading_line, tricks_line
from chatbot.i18n.table_text import table_text
from chatbot.rules.actions import PLAY, Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_class
from tests.i18n.test_recorded_games import NAMES


def _viewer(players: int, seat: int | None, vira: Card | None) -> Viewer:
    return Viewer(rules_class("paulista")({}), players, NAMES[:players], seat, vira)


def test_the_strongest_card_so_far_is_named_with_its_player() -> None:
    viewer = _viewer(2, None, Card(6, "D"))  # the sevens are manilhas
    assert leading_line(viewer, [(0, Card(3, "H")), (1, Card(7, "S"))]) == (
        f"Winning so far: 7♠ ({NAMES[1]})")
    mine = _viewer(2, 0, Card(6, "D"))
    assert leading_line(mine, [(0, Card(7, "C"))]) == "Winning so far: 7♣ (yours)"


def test_equal_cards_of_both_sides_tie_and_partners_do_not() -> None:
    viewer = _viewer(4, None, Card(6, "D"))
    assert leading_line(viewer, [(0, Card(3, "H")), (1, Card(3, "S"))]) == (
        "Tied so far: 3♥ 3♠")
    partners = leading_line(viewer, [(0, Card(3, "H")), (2, Card(3, "S"))])
    assert partners == f"Winning so far: 3♥ ({NAMES[0]})"
    assert leading_line(viewer, [(0, None)]) is None  # a face-down card takes nothing


def test_the_tricks_won_count_each_side_and_the_ties() -> None:
    viewer = _viewer(2, None, None)
    assert tricks_line(viewer, [], 2) is None
    assert tricks_line(viewer, [1], 2) == f"Tricks won: {NAMES[0]}: 0 · {NAMES[1]}: 1"
    assert tricks_line(viewer, [None, 0], 2) == (
        f"Tricks won: {NAMES[0]}: 1 · {NAMES[1]}: 0 · tied: 1")


@pytest.mark.parametrize("locale", ["en", "pt_BR", "fa", "ur", "bn"])
def test_the_group_table_shows_them_in_every_language(locale: str) -> None:
    table = Table("paulista", 2)
    for seat in range(2):
        fire(table, "add_bot", seat, NAMES[seat])
    fire(table, "start", rng=random.Random(4))
    match = table.match
    assert match is not None
    rules = table.rules
    for _play in range(3):  # trick 1, then the lead of trick 2
        seat = rules.to_act(match)
        assert seat is not None
        card = next(a for a in rules.legal(match, seat) if a.kind == PLAY).card
        fire(table, "move", seat, Action(PLAY, card))
    english = table_text(table, [], "en").splitlines()
    assert any(line.startswith("Winning so far: ") for line in english)
    assert any(line.startswith("Tricks won: ") for line in english)
    text = table_text(table, [], locale)
    assert len(text.splitlines()) == len(english)
