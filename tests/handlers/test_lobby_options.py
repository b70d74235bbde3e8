"""The lobby's option buttons: what each game offers, how a press cycles, what a new game keeps."""

from __future__ import annotations

import pytest

from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import TURN_SECONDS_RANGE, fire
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import (
    TURN,
    TURN_SECONDS,
    carry_over,
    configure_args,
    following,
    offered,
    rule_options,
    settings,
)
from chatbot.rules.registry import available_variants, rules_class


@pytest.mark.parametrize("variant", available_variants())
def test_offered_values_are_valid_and_include_the_default(variant: str) -> None:
    specs = rules_class(variant).option_specs
    for name, values in rule_options(variant).items():
        assert len(set(values)) == len(values) >= 2
        for value in values:
            assert specs[name].check(name, value) == value
        assert specs[name].default_value in values
    assert list(offered(variant))[-1] == TURN
    assert len(offered(variant)) <= 5  # the lobby stays readable (two buttons a row)


def test_turn_times_are_allowed_by_the_machine() -> None:
    low, high = TURN_SECONDS_RANGE
    assert all(low <= s <= high for s in TURN_SECONDS)


def test_what_each_game_offers() -> None:
    assert list(offered("paulista")) == ["deck", "senas", TURN]
    assert list(offered("argentino")) == ["target", "flor", "envido_immediate", "senas", TURN]
    assert list(offered("le-truc")) == ["target", TURN]


def test_following_cycles_and_places_outsiders() -> None:
    assert following((30, 15), 30) == 15
    assert following((30, 15), 15) == 30
    assert following(TURN_SECONDS, 45) == 60  # a default outside the cycle: the next one up
    assert following(TURN_SECONDS, 500) == 30
    assert following(("dirty", "clean"), "odd") == "dirty"


def test_settings_show_the_values_in_force() -> None:
    table = Table("argentino", 2, {"flor": "basic"})
    shown = {s.name: s.value for s in settings(table, 60.0)}
    assert shown == {"target": 30, "flor": "basic", "envido_immediate": False, TURN: 60}
    table.turn_seconds = 90
    assert {s.name: s.value for s in settings(table, 60.0)}[TURN] == 90


def test_senas_are_offered_only_where_there_are_partners() -> None:
    """Señas are signals to a partner: a table for two has no button for them."""
    for variant in ("paulista", "mineiro", "argentino"):
        assert "senas" not in {s.name for s in settings(Table(variant, 2, {}), 60.0)}
        shown = {s.name: s.value for s in settings(Table(variant, 4, {"senas": "off"}), 60.0)}
        assert shown["senas"] == "off"
    assert "senas" not in {s.name for s in settings(Table("le-truc", 4, {}), 60.0)}


def test_a_press_gives_configure_the_next_value() -> None:
    table = Table("argentino", 2, {"flor": "basic"}, turn_seconds=90)
    assert configure_args(table, "target", "30", 60.0) == (
        "argentino", 2, {"flor": "basic", "target": 15}, None)
    assert configure_args(table, TURN, "90", 60.0) == ("argentino", 2, {"flor": "basic"}, 120)
    # back to the default: not stored, so the table is as if never changed
    table = Table("argentino", 2, {"target": 15})
    assert configure_args(table, "target", "15", 60.0) == ("argentino", 2, {}, None)


def test_the_presses_cycle_through_a_real_table() -> None:
    table = Table("paulista", 2)
    seen = []
    for _ in range(3):
        shown = str({s.name: s.value for s in settings(table, 60.0)}["deck"])
        seen.append(shown)
        fire(table, "configure", *configure_args(table, "deck", shown, 60.0))
    assert seen == ["dirty", "clean", "dirty"]
    assert table.rules.options["deck"] == "clean"


@pytest.mark.parametrize(("name", "shown"), [
    ("target", "15"),  # drawn before somebody else's press: stale
    ("deck", "dirty"),  # drawn for another game
    ("covered_card", "False"),  # not a lobby option
])
def test_a_stale_or_unknown_button_is_refused(name: str, shown: str) -> None:
    table = Table("argentino", 2)
    with pytest.raises(Refused) as info:
        configure_args(table, name, shown, 60.0)
    assert info.value.reason == "stale"


def test_a_new_game_keeps_only_what_means_the_same_there() -> None:
    assert carry_over({"deck": "clean", "covered_card": True}, "mineiro") == {
        "deck": "clean", "covered_card": True}
    assert carry_over({"deck": "clean", "covered_card": True}, "argentino") == {}
    # an Argentine 15-point game does not make a 15-point Le Truc; 7 is one of its targets
    assert carry_over({"target": 15, "flor": "basic"}, "le-truc") == {}
    assert carry_over({"target": 7}, "le-truc") == {"target": 7}
    assert carry_over({"target": 7}, "argentino") == {}


@pytest.mark.parametrize("variant", available_variants())
def test_every_offered_value_has_words(variant: str) -> None:
    """The rules declare the values, chatbot/i18n words them: none is left as a raw value."""
    from chatbot.i18n.table_text import OPTION_TEXTS

    for name, values in rule_options(variant).items():
        if name != "target":
            assert all((name, value) in OPTION_TEXTS for value in values), name
