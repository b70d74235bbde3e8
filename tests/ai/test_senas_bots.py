"""Bots and señas: a bot tells its partner its strong cards (the aggressive style now and
then bluffs), and the search reads the señas it saw as usually honest, never certain."""

from __future__ import annotations

import random

from chatbot.ai.params import HARD
from chatbot.ai.senas import (
    bot_senas,
    false_weight,
    preview,
    prior,
    sena_belief,
    table_senas,
)
from chatbot.ai.worlds import sample_worlds
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.senas import Sena
from chatbot.rules.views import seat_view

ZAP = Card(4, "C")
HANDS = [[ZAP, Card(3, "H"), Card(5, "S")],  # seat 0: the zap and a three
         [Card(5, "C"), Card(6, "S"), Card(6, "H")],  # seat 1: nothing
         [Card(12, "C"), Card(11, "H"), Card(6, "D")],  # seat 2: nothing
         [Card(7, "H"), Card(11, "C"), Card(6, "C")]]  # seat 3: copas


def mineiro(**options: object):
    rules = rules_for("mineiro", dict(options))
    match = rules.new_match(4, 3)  # seat 0 is the mano
    rules.start_hand(match, HANDS)
    return rules, match


def told(rules, match, seat: int, level: str, seed: int = 0) -> list[str]:
    view = seat_view(rules, match, seat)
    return bot_senas(rules, view, rules.senas_available(match, seat), level,
                     random.Random(seed))


def test_a_bot_tells_its_best_cards_honestly_once_a_hand() -> None:
    rules, match = mineiro()
    assert told(rules, match, 0, "hard") == ["zap", "tres"]
    assert told(rules, match, 3, "normal") == ["copas"]
    assert told(rules, match, 1, "hard") == ["nada"]
    assert told(rules, match, 0, "easy") == []  # a beginner makes no señas
    rules.make_sena(match, 0, "zap", random.Random(0))
    assert told(rules, match, 0, "hard") == []  # once a hand
    rules, match = mineiro(senas="off")
    assert told(rules, match, 0, "hard") == []


def test_the_aggressive_style_bluffs_now_and_then() -> None:
    rules, match = mineiro()
    by = {s.name: s for s in rules.sena_list(match)}
    lies = 0
    runs = 400
    for seed in range(runs):
        names = told(rules, match, 1, "aggressive", seed)
        assert names
        lies += not all(rules.sena_fits(by[n], HANDS[1]) for n in names)
    assert 0.1 * runs < lies < 0.4 * runs  # about one hand in four
    assert all(rules.sena_fits(by[n], HANDS[1]) for seed in range(50)
               for n in told(rules, match, 1, "tight", seed))


def test_table_senas_go_round_from_the_mano_for_bots_only() -> None:
    rules, match = mineiro()
    made = table_senas(rules, match, {1: "hard", 2: "normal", 3: "hard"},
                       lambda seat: random.Random(seat))
    assert made == [(1, "nada"), (2, "nada"), (3, "copas")]
    shadow = preview(rules, match, made)
    assert match.hand is not None and match.hand.x.senas is None  # the match is untouched
    assert seat_view(rules, shadow, 0).senas == ((2, "nada"),)  # the partner's, uncaught
    assert seat_view(rules, shadow, 1).senas == ((1, "nada"), (3, "copas"))
    assert table_senas(rules, shadow, {1: "hard", 2: "normal", 3: "hard"},
                       lambda seat: random.Random(seat)) == []  # once a hand


def test_the_belief_makes_a_seña_true_nine_times_in_ten() -> None:
    unseen = frozenset(Card(r, s) for r in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13) for s in "CHSD")
    zap = Sena("zap", (ZAP,))
    before = prior(zap, 3, unseen)
    assert abs(before - 3 / 40) < 1e-9
    lie = false_weight(before)
    after = before / (before + lie * (1 - before))
    assert abs(after - HARD.sena_honest) < 1e-9
    nothing = Sena("nada", (ZAP, Card(7, "H")), absent=True)
    assert abs(prior(nothing, 3, unseen) - (38 * 37 * 36) / (40 * 39 * 38)) < 1e-9
    assert false_weight(0.0) == false_weight(1.0) == 1.0
    assert false_weight(0.95) == 1.0  # a seña never makes its own lie likelier


def _share_holding(rules, match, seat: int, owner: int, card: Card, seed: int) -> float:
    view = seat_view(rules, match, seat)
    worlds = sample_worlds(rules, view, random.Random(seed), 300, sena_belief(rules, view), 3)
    assert len(worlds) == 300
    return sum(card in w.hand.dealt[owner] for w in worlds) / len(worlds)


def test_the_search_reads_a_partners_sena_as_usually_true_never_certain() -> None:
    rules, match = mineiro(senas="on")
    # seat 3 holds the copas; its partner seat 1 reads its seña
    assert sena_belief(rules, seat_view(rules, match, 1)) is None  # nothing seen yet
    blind = _share_holding(rules, match, 1, 3, Card(7, "H"), 1)
    assert blind < 0.25  # three cards of 37 unseen: about one chance in twelve
    rules.make_sena(match, 3, "copas", random.Random(0))
    read = _share_holding(rules, match, 1, 3, Card(7, "H"), 1)
    assert 0.8 < read < 0.97  # about nine in ten: believed, never certain
    # an opponent who did not catch it learns nothing
    assert sena_belief(rules, seat_view(rules, match, 0)) is None


def test_an_opponent_who_caught_a_sena_reads_it_too() -> None:
    rules, match = mineiro(sena_catch=100)
    rules.make_sena(match, 3, "copas", random.Random(0))
    read = _share_holding(rules, match, 0, 3, Card(7, "H"), 2)
    assert 0.8 < read < 0.97
