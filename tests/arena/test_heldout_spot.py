"""How the held-out bots read a view: the cards' worth and the hand's chances."""

from __future__ import annotations

import random

import pytest

from arena.heldout.spot import Spot, hand_chance, hand_result
from chatbot.rules.cards import Card
from chatbot.rules.playout import Config
from tests.arena.tables import play


def first_view_spot(config: Config, seed: int = 1) -> Spot:
    decisions, _ = play(config, ["random", "random"], seed, hands=1)
    return Spot(config.rules, decisions[0].view, random.Random(0))


@pytest.mark.parametrize("config", [Config("paulista", 2), Config("mineiro", 4),
                                    Config("argentino", 4)], ids=lambda c: c.label())
def test_the_top_cards_are_the_manilhas_or_the_four_matas(config: Config) -> None:
    spot = first_view_spot(config)
    manilhas = set(config.rules.manilhas(spot.view.vira))
    expected = manilhas or {Card(1, "E"), Card(1, "B"), Card(7, "E"), Card(7, "O")}
    assert spot.top_cards == expected
    strongest = max(expected, key=spot.of)
    assert spot.power(strongest) == 1.0
    assert all(spot.power(c) > 0.9 for c in expected)


def test_the_power_of_a_card_is_the_share_of_the_deck_it_beats() -> None:
    spot = first_view_spot(Config("mineiro", 4))
    # 4 of hearts, spades, diamonds: the weakest, tied with each other (39 others)
    assert spot.power(Card(4, "H")) == pytest.approx(1 / 39)
    assert spot.power(Card(3, "S")) > spot.power(Card(2, "S")) > spot.power(Card(1, "H"))


def test_the_hand_is_read_as_c6_reads_it() -> None:
    assert hand_result(["W", "W"]) == "W"
    assert hand_result(["T", "L"]) == "L"
    assert hand_result(["W", "L", "T"]) == "W"
    assert hand_result(["W", "L"]) is None
    assert hand_chance(["W", "W"], []) == 1.0
    assert hand_chance(["L", "L"], []) == 0.0
    assert hand_chance([], [1.0, 1.0, 0.0]) == 1.0
    assert hand_chance(["L"], [0.5, 0.5]) == pytest.approx(0.25)
    assert hand_chance(["W"], [0.5, 0.5]) == pytest.approx(0.75)
    assert hand_chance(["T"], [0.6, 0.2]) == pytest.approx(0.6)
