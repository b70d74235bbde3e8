"""The arena's filing of hands by how they ended (chatbot/bench/hand_ends.py)."""

from __future__ import annotations

import json

import pytest

from chatbot.bench.arena import main
from chatbot.bench.hand_ends import Ends, ending, figures, file_hand, net_points
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Hand, Match

MINEIRO = rules_for("mineiro")
# seat 0 (the mano) holds a 2, the 7 of hearts (a manilha) and a 3; seat 1 the zap
DEAL = [[Card(2, "H"), Card(7, "H"), Card(3, "C")], [Card(4, "C"), Card(3, "D"), Card(4, "D")]]


def mineiro(score: list[int] | None = None) -> Match:
    match = MINEIRO.new_match(2, 1, score)
    MINEIRO.start_hand(match, DEAL)
    return match


def hand_of(match: Match) -> Hand:
    assert match.hand is not None
    return match.hand


def play_out(match: Match) -> None:
    """Both seats play their cards in the order dealt until the hand ends."""
    while match.hand is not None and not match.hand.over:
        seat = MINEIRO.to_act(match)
        assert seat is not None
        MINEIRO.apply(match, seat, Action(A.PLAY, match.hand.cards[seat][0]))


def test_a_raise_run_from_belongs_to_the_raiser_s_side() -> None:
    match = mineiro()
    MINEIRO.apply(match, 0, Action(A.PLAY, Card(2, "H")))
    MINEIRO.apply(match, 1, Action(A.TRUCO))
    MINEIRO.apply(match, 0, Action(A.RUN))
    assert ending(match, team_a=1) == "a_raise_1_run_from"
    assert ending(match, team_a=0) == "b_raise_1_run_from"
    assert net_points(hand_of(match), 1) == 2 and net_points(hand_of(match), 0) == -2


def test_a_counter_raise_run_from_is_filed_at_its_own_level() -> None:
    match = mineiro()
    MINEIRO.apply(match, 0, Action(A.TRUCO))
    MINEIRO.apply(match, 1, Action(A.RAISE))  # seis: accepts the truco and goes higher
    MINEIRO.apply(match, 0, Action(A.RUN))
    assert ending(match, team_a=1) == "a_raise_2_run_from"
    assert net_points(hand_of(match), 1) == 4


def test_an_accepted_raise_played_out_is_filed_by_the_last_raiser() -> None:
    match = mineiro()
    MINEIRO.apply(match, 0, Action(A.TRUCO))
    MINEIRO.apply(match, 1, Action(A.ACCEPT))
    play_out(match)
    hand = match.hand
    assert hand is not None and hand.stake == 4
    assert ending(match, team_a=0) == "a_raise_1_accepted"
    assert ending(match, team_a=1) == "b_raise_1_accepted"
    assert abs(net_points(hand, 0)) == 4


def test_a_hand_played_with_no_raise_is_quiet() -> None:
    match = mineiro()
    play_out(match)
    assert ending(match, team_a=0) == "quiet"


def test_a_hand_of_ten_is_filed_by_the_side_that_held_it() -> None:
    match = mineiro([10, 4])
    assert match.hand is not None and match.hand.special is not None
    seat = MINEIRO.to_act(match)
    assert seat == 0
    MINEIRO.apply(match, 0, Action(A.ELEVEN_RUN))
    assert ending(match, team_a=0) == "eleven_a_ran"
    assert ending(match, team_a=1) == "eleven_b_ran"
    assert net_points(hand_of(match), 0) == -2


def test_figures_put_the_costliest_ending_first() -> None:
    one = {"quiet": Ends(2, 2.0, 2), "b_raise_1_accepted": Ends(1, -4.0, 0)}
    two = {"quiet": Ends(1, -2.0, 0)}
    out = figures([one, two], 2)
    assert list(out) == ["b_raise_1_accepted", "quiet"]
    assert out["quiet"] == {"hands": 3, "hands_per_game": 1.5, "a_net_points_per_game": 0.0,
                            "a_net_points_per_hand": 0.0, "a_won": round(2 / 3, 4)}
    assert out["b_raise_1_accepted"]["a_net_points_per_game"] == -2.0
    assert figures([], 0) == {}


def test_file_hand_adds_to_the_ending_s_count() -> None:
    ends: dict[str, Ends] = {}
    for _ in range(2):
        match = mineiro()
        play_out(match)
        file_hand(ends, match, 0)
    assert list(ends) == ["quiet"] and ends["quiet"].hands == 2


def test_the_arena_s_endings_account_for_every_point(capsys: pytest.CaptureFixture[str]) -> None:
    """Each game's hands are filed, and A's net points over the endings make up the
    point difference the run prints."""
    assert main(["--variant", "paulista", "--players", "2", "--a", "aggressive", "--b",
                 "cautious", "--games", "6", "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    ends = out["hand_ends"]
    assert ends and any(name.startswith("a_raise_") for name in ends)
    total = sum(row["a_net_points_per_game"] for row in ends.values())
    assert total == pytest.approx(out["avg_point_diff"], abs=0.01 * len(ends))
    nets = [row["a_net_points_per_game"] for row in ends.values()]
    assert nets == sorted(nets)
