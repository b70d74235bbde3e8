"""The search's expected runs from its raises beside the real answers
(chatbot/bench/raise_runs.py, chatbot.ai.search.ran_from)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from chatbot.ai.rulebot import NORMAL, Style
from chatbot.ai.search import Outcome, ran_from, rollout
from chatbot.ai.strength import ranking
from chatbot.bench.arena import main
from chatbot.bench.raise_runs import RaiseAnswer, figures
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.views import seat_view
from tests.arena.test_hand_ends import MINEIRO, hand_of, mineiro

RUNNER = replace(NORMAL, accept_margin=2.0, counter_at=2.0)  # runs from every raise
CALLER = replace(NORMAL, accept_margin=-2.0, counter_at=2.0)  # accepts every raise, never more


def rolled(style_of_seat_1: Style, action: Action, truco_first: bool = False) -> bool:
    """Seat 0 makes ``action`` (after seat 1's truco with ``truco_first``); seat 1 answers
    as ``style_of_seat_1``; whether the rollout says seat 1 ran from it at once."""
    match = mineiro()
    if truco_first:
        MINEIRO.apply(match, 0, Action(A.PLAY, hand_of(match).cards[0][0]))
        MINEIRO.apply(match, 1, Action(A.TRUCO))
    seat = MINEIRO.to_act(match)
    assert seat == 0
    view = seat_view(MINEIRO, match, 0)
    rank = ranking(MINEIRO, view.vira)
    end = rollout(MINEIRO, match, 0, action, random.Random(1), rank, [NORMAL, style_of_seat_1])
    return ran_from(end, view, action)


def test_a_truco_run_from_counts_and_an_accepted_one_does_not() -> None:
    assert rolled(RUNNER, Action(A.TRUCO)) is True
    assert rolled(CALLER, Action(A.TRUCO)) is False


def test_a_counter_raise_run_from_counts_one_level_up() -> None:
    """Answering a truco with the seis accepts the truco: a run from the seis leaves the
    hand at the truco's level, one above the level the answer was given at."""
    assert rolled(RUNNER, Action(A.RAISE), truco_first=True) is True
    assert rolled(CALLER, Action(A.RAISE), truco_first=True) is False


def test_a_card_is_never_a_raise_run_from() -> None:
    match = mineiro()
    view = seat_view(MINEIRO, match, 0)
    play = Action(A.PLAY, hand_of(match).cards[0][0])
    end = rollout(MINEIRO, match, 0, play, random.Random(1), ranking(MINEIRO, None),
                  [NORMAL, RUNNER])
    assert not ran_from(end, view, play)
    assert Outcome(play).run_rate == 0.0


def test_figures_put_expected_and_real_runs_side_by_side() -> None:
    raises = [RaiseAnswer("hard", 1, 0, 0.5, ran=True), RaiseAnswer("hard", 1, 0, 0.3),
              RaiseAnswer("hard", 2, 1, 0.0, ran=True)]
    out = figures(raises)
    assert out["all"] == {"raises": 3, "expected_run": pytest.approx(0.2667, abs=1e-4),
                          "run": pytest.approx(0.6667, abs=1e-4)}
    assert out["1/trick_1"] == {"raises": 2, "expected_run": 0.4, "run": 0.5}
    assert out["2/trick_2"] == {"raises": 1, "expected_run": 0.0, "run": 1.0}
    assert figures([]) == {}


def test_the_arena_checks_every_answered_searched_raise(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """Hard against the cautious style, which runs from many raises: its searched raises
    are each answered once, and a rule bot (which does not search) has no such figure."""
    assert main(["--variant", "mineiro", "--players", "4", "--a", "hard", "--b",
                 "cautious", "--games", "2", "--seed", "5", "--series", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    hard = out["levels"]["hard"]["raise_runs"]
    assert hard["all"]["raises"] > 0
    assert 0.0 <= hard["all"]["expected_run"] <= 1.0
    assert sum(row["raises"] for key, row in hard.items() if key != "all") == \
        hard["all"]["raises"]
    assert out["levels"]["cautious"]["raise_runs"] == {}
