"""Señas (issue 12): who may signal, when, what each seña names, and who hears of it."""

from __future__ import annotations

import random

import pytest

from chatbot.rules import events as E
from chatbot.rules.cards import Card
from chatbot.rules.errors import IllegalAction
from chatbot.rules.registry import rules_class, rules_for
from chatbot.rules.senas import MAX_PER_HAND, Sena
from chatbot.rules.serialize import match_from_dict, match_to_dict
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view

TEAM_VARIANTS = ("paulista", "mineiro", "argentino")


def dealt(variant: str, players: int = 4, seed: int = 1, **options: object):
    rules = rules_for(variant, dict(options))
    match = rules.new_match(players, 0)
    rules.deal(match, random.Random(seed))
    return rules, match


def refusal(rules, match: Match, seat: int, name: str) -> str | None:
    error = rules.check_sena(match, seat, name)
    return None if error is None else error.reason


def test_paulista_senas_follow_the_vira() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(4, 0)
    rules.start_hand(match, [[Card(1, "H"), Card(2, "S"), Card(4, "D")]] * 4, Card(7, "C"))
    names = {s.name: s.cards for s in rules.sena_list(match)}
    assert names["zap"] == (Card(12, "C"),)  # vira 7: the queens are manilhas
    assert names["copas"] == (Card(12, "H"),)
    assert names["espadilha"] == (Card(12, "S"),)
    assert names["picafumo"] == (Card(12, "D"),)
    assert set(names["tres"]) == {Card(3, s) for s in "CHSD"}
    assert set(names["nada"]) == {*names["tres"], *(Card(12, s) for s in "CHSD")}
    # a vira of 2 makes the threes the manilhas: no separate seña for a three then
    rules.start_hand(match, [[Card(1, "H"), Card(2, "S"), Card(4, "D")]] * 4, Card(2, "C"))
    assert [s.name for s in rules.sena_list(match)] == [
        "zap", "copas", "espadilha", "picafumo", "nada"]


def test_mineiro_senas_are_fixed() -> None:
    rules, match = dealt("mineiro")
    names = {s.name: s.cards for s in rules.sena_list(match)}
    assert names["zap"] == (Card(4, "C"),) and names["copas"] == (Card(7, "H"),)
    assert names["espadilha"] == (Card(1, "S"),) and names["picafumo"] == (Card(7, "D"),)


def test_argentine_senas_and_flor() -> None:
    rules, match = dealt("argentino")
    names = [s.name for s in rules.sena_list(match)]
    assert names[:4] == ["ancho_espada", "ancho_basto", "siete_espada", "siete_oro"]
    assert "flor" not in names
    flor_rules, flor_match = dealt("argentino", flor="basic")
    assert "flor" in [s.name for s in flor_rules.sena_list(flor_match)]
    flor = Sena("flor", ())
    assert flor_rules.sena_fits(flor, [Card(7, "O"), Card(6, "O"), Card(1, "O")])
    assert not flor_rules.sena_fits(flor, [Card(7, "O"), Card(6, "O"), Card(1, "E")])
    assert all(len(s.name) <= 12 and s.name.isascii() for s in flor_rules.sena_list(flor_match))


def test_fits_and_nothing() -> None:
    rules, match = dealt("mineiro")
    by = {s.name: s for s in rules.sena_list(match)}
    assert rules.sena_fits(by["zap"], [Card(4, "C"), Card(5, "H"), Card(6, "S")])
    assert not rules.sena_fits(by["zap"], [Card(7, "H"), Card(5, "H"), Card(6, "S")])
    assert rules.sena_fits(by["nada"], [Card(4, "H"), Card(5, "H"), Card(6, "S")])
    assert not rules.sena_fits(by["nada"], [Card(3, "H"), Card(5, "H"), Card(6, "S")])


@pytest.mark.parametrize("variant", TEAM_VARIANTS)
def test_only_team_games_and_only_when_on(variant: str) -> None:
    """``sena_list`` is the variant's list (the rules pages show it); whether a seña may
    be made is ``senas_mode`` and ``check_sena``."""
    name = rules_for(variant).sena_list(dealt(variant)[1])[0].name
    rules, match = dealt(variant, players=2)
    assert rules.senas_mode(match) == "off" and rules.senas_available(match, 0) == ()
    assert refusal(rules, match, 0, name) == "senas-off"
    rules, match = dealt(variant, players=6)
    assert rules.senas_mode(match) == "catch" and rules.senas_available(match, 5)
    rules, match = dealt(variant, senas="off")
    assert rules.senas_available(match, 0) == ()
    assert refusal(rules, match, 0, rules_for(variant).sena_list(dealt(variant)[1])[0].name
                   ) == "senas-off"


@pytest.mark.parametrize("variant", ["le-truc", "put"])
def test_variants_without_senas(variant: str) -> None:
    cls = rules_class(variant)
    players = 4 if 4 in cls.seat_counts else cls.seat_counts[-1]
    rules = cls()
    match = rules.new_match(players, 0)
    rules.deal(match, random.Random(2))
    assert rules.sena_list(match) == ()
    assert refusal(rules, match, 0, "zap") == "senas-off"


@pytest.mark.parametrize("variant", TEAM_VARIANTS)
def test_any_seat_any_moment_at_most_three_each_once(variant: str) -> None:
    rules, match = dealt(variant)
    names = [s.name for s in rules.sena_list(match)]
    turn = rules.to_act(match)
    other = (turn + 1) % 4
    before = match.copy()
    assert refusal(rules, match, other, names[0]) is None  # not its turn: still fine
    rules.make_sena(match, other, names[0], random.Random(0))
    assert rules.to_act(match) == turn  # the turn does not move
    assert rules.legal(match, turn) == rules.legal(before, turn)
    assert refusal(rules, match, other, names[0]) == "sena-repeated"
    assert refusal(rules, match, other, "bogus") == "sena-unknown"
    for name in names[1:MAX_PER_HAND]:
        rules.make_sena(match, other, name, random.Random(0))
    assert refusal(rules, match, other, names[MAX_PER_HAND]) == "sena-limit"
    assert rules.senas_available(match, other) == ()
    assert len(rules.senas_available(match, turn)) == len(names)
    kept = match.copy()
    with pytest.raises(IllegalAction) as err:
        rules.make_sena(match, other, names[MAX_PER_HAND], random.Random(0))
    assert err.value.reason == "sena-limit" and match == kept


def test_a_seat_with_no_card_left_and_a_hand_over() -> None:
    rules, match = dealt("mineiro", senas="on")
    assert match.hand is not None
    match.hand.cards[3] = []
    assert refusal(rules, match, 3, "zap") == "sena-no-cards"
    match.hand.phase = "over"
    assert refusal(rules, match, 0, "zap") == "sena-hand-over"
    assert rules.senas_available(match, 0) == ()


def _events_for(rules, match: Match, seat: int, name: str, seed: int = 0) -> list[E.Event]:
    return rules.make_sena(match, seat, name, random.Random(seed))


@pytest.mark.parametrize("variant", TEAM_VARIANTS)
def test_audiences(variant: str) -> None:
    rules, match = dealt(variant, senas="on")
    first = rules.sena_list(match)[0]
    events = _events_for(rules, match, 0, first.name)
    assert events == [E.SenaMade(0, first.name, first.cards, audience=E.to_team(0))]
    rules, match = dealt(variant, sena_catch=100)
    events = _events_for(rules, match, 1, first.name)
    made, *caught = events
    assert made.audience == E.to_team(1)
    assert {e.catcher for e in caught} == {0, 2}
    assert all(isinstance(e, E.SenaCaught) and e.audience == E.to_seat(e.catcher)
               for e in caught)
    view = seat_view(rules, match, 0)
    assert view.senas == ((1, first.name),)
    assert seat_view(rules, match, 3).senas == ((1, first.name),)
    assert seat_view(rules, match, 0).senas == ((1, first.name),)
    rules, match = dealt(variant, sena_catch=0)
    _events_for(rules, match, 1, first.name)
    assert seat_view(rules, match, 0).senas == () and seat_view(rules, match, 2).senas == ()


def test_catches_replay_from_the_games_stream() -> None:
    """The same game (the same random stream) gives the same catches."""
    outcomes = []
    for _ in range(2):
        rules, match = dealt("mineiro", players=6, seed=9, sena_catch=50)
        stream = random.Random(77)
        caught = []
        for seat in range(6):
            for s in rules.sena_list(match)[:3]:
                caught.append([e.catcher for e in rules.make_sena(match, seat, s.name, stream)
                               if isinstance(e, E.SenaCaught)])
        outcomes.append(caught)
    assert outcomes[0] == outcomes[1]
    flat = [c for cs in outcomes[0] for c in cs]
    assert 0 < len(flat) < 18 * 3  # at 50% some are caught and some are not


def test_senas_survive_a_save() -> None:
    rules, match = dealt("argentino", flor="basic", sena_catch=100)
    _events_for(rules, match, 2, "ancho_espada")
    restored = match_from_dict(match_to_dict(match))
    assert restored == match
    assert rules.senas_seen(restored, 1) == rules.senas_seen(match, 1) == ((2, "ancho_espada"),)
    assert refusal(rules, restored, 2, "ancho_espada") == "sena-repeated"
