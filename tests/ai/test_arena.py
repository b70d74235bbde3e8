"""The arena benchmark: paired deals, Wilson intervals and its JSON, on a tiny run."""

from __future__ import annotations

import json

import pytest

from chatbot.bench.arena import main, play_game, wasted, wilson
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.playout import Config
from tests.ai.test_no_waste import POSITIONS, facing


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_swapped_games_share_the_deal() -> None:
    config = Config("paulista", 2)
    first = play_game(config, "normal", "normal", seed=3, index=0, swap=False)
    second = play_game(config, "normal", "normal", seed=3, index=0, swap=True)
    # the same level on both sides with the same cards: the swap mirrors the game
    assert first.a_won != second.a_won and first.point_diff == -second.point_diff


def test_arena_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--variant", "put", "--players", "2", "--a", "normal", "--b", "random",
                 "--games", "4", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4
    assert 0 <= out["a_win_rate_wilson95"][0] <= out["a_win_rate"] <= \
        out["a_win_rate_wilson95"][1] <= 1
    assert set(out["latency"]) == {"normal", "random"}
    assert out["config"]["variant"] == "put"


def test_arena_refuses_a_bad_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--variant", "le-truc", "--players", "3"]) == 2
    assert main(["--variant", "put", "--option", "scoring=ledger"]) == 2


def test_arena_reports_raises_waste_and_calibration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--variant", "paulista", "--players", "2", "--a", "cautious", "--b",
                 "aggressive", "--games", "6", "--seed", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["levels"]) == {"cautious", "aggressive"}
    assert out["points_per_game"]["a"] >= 0 and out["points_per_game"]["b"] >= 0
    for figures in out["levels"].values():
        assert 0 <= figures["wasted_cards"] <= figures["card_plays"]
        assert figures["calibration"] is None  # rule bots make no estimate
        for row in figures["accepted_raises"].values():
            assert 0 <= row["won"] <= row["accepted"] and 0 <= row["mean_break_even"] <= 1
    accepted = sum(row["accepted"] for f in out["levels"].values()
                   for row in f["accepted_raises"].values())
    assert accepted > 0  # the aggressive bot raises, so raises are answered


def test_suite_runs_hard_against_each_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--suite", "--opponents", "tight,normal", "--formats", "paulista/2",
                 "--games", "2", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["config"]["b"] for r in out["runs"]] == ["tight", "normal"]
    for r in out["runs"]:
        assert r["config"]["a"] == "hard" and r["games"] == 2
        assert {"hard", r["config"]["b"]} == set(r["levels"])
        assert r["levels"]["hard"]["latency"]["decisions"] > 0
    assert main(["--suite", "--opponents", "grandmaster"]) == 2


def test_a_card_under_a_better_one_is_counted_as_wasted() -> None:
    ours, led, rest, vira, lowest = POSITIONS["3H-over-3S"]
    view = facing(2, ours, led, rest, vira)
    rules = Config("paulista", 2).rules
    assert wasted(rules, view, Action(A.PLAY, Card(3, "S")))
    assert wasted(rules, view, Action(A.PLAY, Card(12, "S")))
    assert not wasted(rules, view, Action(A.PLAY, lowest))


def test_a_series_keeps_the_reads_and_does_not_depend_on_the_workers(
        capsys: pytest.CaptureFixture[str]) -> None:
    """--series K: the reads of a table go on from game to game; --jobs changes nothing."""
    from chatbot.ai import TableReads
    from chatbot.bench.arena import run

    config = Config("paulista", 2)
    reads = TableReads(2)
    play_game(config, "tight", "aggressive", seed=5, index=0, swap=False, reads=reads)
    first = reads.seats[1].hands
    assert first > 0 and reads.seats[1].raised_hands > 0
    play_game(config, "tight", "aggressive", seed=5, index=1, swap=False, reads=reads)
    assert reads.seats[1].hands > first  # the second game of the series adds to the first
    one = run(config, "tight", "aggressive", 8, seed=5, jobs=1, series=2)
    two = run(config, "tight", "aggressive", 8, seed=5, jobs=2, series=2)
    assert one["config"]["series"] == 2
    assert (one["a_wins"], one["avg_point_diff"]) == (two["a_wins"], two["avg_point_diff"])


def test_signal_lets_one_side_make_senas_on_the_same_deals() -> None:
    """``--signal a``: only side A's bots signal (about one or two señas a bot a hand),
    catches come from a stream of their own, and both games of a pair are still dealt
    alike (the mirror of a game without señas is unchanged by them)."""
    config = Config("mineiro", 4, (("sena_catch", 100),))
    quiet = play_game(config, "normal", "normal", seed=5, index=0, swap=False)
    assert quiet.senas == 0 and quiet.caught == 0
    loud = play_game(config, "normal", "normal", seed=5, index=0, swap=False, signal="a")
    assert loud.senas > 0 and loud.caught == 2 * loud.senas  # both opponents catch all
    both = play_game(config, "normal", "normal", seed=5, index=0, swap=False, signal="both")
    assert both.senas > loud.senas
    # normal bots do not read señas (only the search does): the game is the same one
    assert (loud.a_won, loud.point_diff) == (quiet.a_won, quiet.point_diff)


def test_arena_signal_option_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--variant", "paulista", "--players", "4", "--a", "normal", "--b",
                 "normal", "--games", "2", "--seed", "3", "--signal", "a",
                 "--option", "senas=on"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["config"]["signal"] == "a"
    assert out["senas"]["made_per_game"] > 0 and out["senas"]["caught_per_game"] == 0


def test_calibration_is_printed_for_raises_and_counter_raises_apart() -> None:
    """The gap of raises made on turn and of raises made in answer to ours, each on its own
    hands (they go wrong in opposite ways at different table sizes, docs/ai.md)."""
    from chatbot.bench.arena import Accepted, calibration

    entries = [Accepted("hard", 1, 0.33, 0.6, 0, counter=False, won=True),
               Accepted("hard", 1, 0.33, 0.4, 0, counter=False, won=False),
               Accepted("hard", 2, 0.2, 0.5, 0, counter=True, won=True),
               Accepted("hard", 2, 0.2, None, 0, counter=True, won=False)]  # not searched
    out = calibration(entries)
    assert out is not None and out["hands"] == 3
    assert out["raises"] == {"hands": 2, "mean_estimate": 0.5, "won_rate": 0.5, "gap": 0.0}
    assert out["counters"] == {"hands": 1, "mean_estimate": 0.5, "won_rate": 1.0, "gap": -0.5}
    assert "counters" not in calibration(entries[:2])  # type: ignore[operator]


def test_the_calibration_gap_is_also_printed_on_worlds_drawn_anew() -> None:
    """An estimate searched again on new worlds, apart from the one the answer chose on:
    its gap is the model's own, without the winner's curse of accepting on a lucky draw."""
    from chatbot.bench.arena import Accepted, calibration

    entries = [Accepted("hard", 1, 0.33, 0.7, 0, won=True, fresh=0.6),
               Accepted("hard", 1, 0.33, 0.5, 0, won=False, fresh=0.2),
               Accepted("hard", 1, 0.33, 0.4, 0, won=False)]  # not searched again
    out = calibration(entries)
    assert out is not None and out["raises"]["hands"] == 3
    assert out["raises"]["fresh_hands"] == 2
    assert out["raises"]["fresh_estimate"] == 0.4 and out["raises"]["fresh_gap"] == -0.1


def test_hard_s_accepted_raises_are_searched_again(capsys: pytest.CaptureFixture[str]) -> None:
    """In a real arena game each raise hard accepts gets a second estimate beside the first."""
    assert main(["--variant", "paulista", "--players", "2", "--a", "hard", "--b",
                 "aggressive", "--games", "4", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    gap = out["levels"]["hard"]["calibration"]
    assert gap is not None and gap["fresh_hands"] == gap["hands"] > 0
    assert 0.0 <= gap["fresh_estimate"] <= 1.0
    # and each level's accepts are split by what made them, the parts adding up
    for row in out["levels"]["hard"]["accepted_raises"].values():
        parts = row["by_cause"]
        assert set(parts) <= {"search", "floor", "sure", "rule"}
        assert sum(part["accepted"] for part in parts.values()) == row["accepted"]
    assert all("by_cause" not in row
               for row in out["levels"]["aggressive"]["accepted_raises"].values())
