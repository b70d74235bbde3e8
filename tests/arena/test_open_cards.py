"""Answers judged with every card open (chatbot/bench/open_cards.py)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chatbot.bench.arena import main
from chatbot.bench.open_cards import Answer, figures, open_win
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from tests.arena.test_hand_ends import MINEIRO, mineiro


def test_the_side_with_the_zap_and_a_tie_wins_the_open_hand() -> None:
    """Seat 0 holds the 7 of hearts, a 3 and a 2; seat 1 the zap, a 3 and a 4. Whatever
    seat 0 leads, seat 1 wins: the zap takes one trick and its 3 ties seat 0's."""
    match = mineiro()
    assert open_win(MINEIRO, match, 1) is True
    assert open_win(MINEIRO, match, 0) is False


def test_the_side_to_act_wins_only_with_the_right_card() -> None:
    """After seat 0 leads its 2, only the 3 keeps the hand for seat 1: the zap spent
    on a 2 leaves the 3s to tie and the 7 of hearts to win; the 4 loses the trick."""
    match = mineiro()
    MINEIRO.apply(match, 0, Action(A.PLAY, Card(2, "H")))
    assert open_win(MINEIRO, match, 1) is True
    outcome = {}
    for card in (Card(4, "C"), Card(3, "D"), Card(4, "D")):
        after = match.copy()
        MINEIRO.apply(after, 1, Action(A.PLAY, card))
        outcome[card] = open_win(MINEIRO, after, 1)
    assert outcome == {Card(4, "C"): False, Card(3, "D"): True, Card(4, "D"): False}


def test_a_hand_too_big_for_the_budget_is_left_unjudged() -> None:
    assert open_win(MINEIRO, mineiro(), 1, nodes=1) is None


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), variant=st.sampled_from(["mineiro", "paulista"]),
       players=st.sampled_from([2, 4]))
def test_at_most_one_side_wins_an_open_hand(seed: int, variant: str, players: int) -> None:
    """With every card open the hand is a game of perfect information: if one side can
    force a win, the other cannot."""
    rules = rules_for(variant)
    match = rules.new_match(players, 0)
    rules.deal(match, random.Random(seed))
    wins = [open_win(rules, match, team) for team in (0, 1)]
    assert None not in wins
    assert not all(wins)


def test_figures_group_answers_by_kind_level_and_trick() -> None:
    answers = [Answer("hard", A.RUN, 1, 0, 0.26, True), Answer("hard", A.RUN, 1, 0, 0.24, False),
               Answer("hard", A.RUN, 1, 0, 0.25, None), Answer("hard", A.ACCEPT, 2, 1, 0.2, True)]
    out = figures(answers)
    assert out[A.RUN]["1"]["trick_1"] == {"answers": 3, "open_win": 0.5,
                                          "mean_break_even": 0.25, "unjudged": 1}
    assert out[A.ACCEPT]["2"]["trick_2"]["open_win"] == 1.0


def test_the_arena_judges_every_answer_of_the_levels_it_measures(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every accept the arena counts is judged too, and the runs beside them; a held-out
    bot is not measured."""
    assert main(["--variant", "mineiro", "--players", "4", "--a", "cautious", "--b",
                 "aggressive", "--games", "4", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    for figures_ in out["levels"].values():
        judged = figures_["answers_open"]
        accepts = sum(row["answers"] for by_trick in judged.get(A.ACCEPT, {}).values()
                      for row in by_trick.values())
        assert accepts == sum(row["accepted"] for row in figures_["accepted_raises"].values())
    runs = sum(row["answers"] for by_trick in out["levels"]["cautious"]["answers_open"]
               .get(A.RUN, {}).values() for row in by_trick.values())
    assert runs > 0  # the aggressive bot raises a lot, the cautious one runs from some
    assert main(["--variant", "mineiro", "--players", "4", "--a", "cautious", "--b",
                 "heldout:counter", "--games", "2", "--seed", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["levels"]["heldout:counter"]["answers_open"] == {}
