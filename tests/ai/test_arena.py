"""The arena benchmark: paired deals, Wilson intervals and its JSON, on a tiny run."""

from __future__ import annotations

import json

import pytest

from chatbot.bench.arena import main, play_game, wilson
from chatbot.rules.playout import Config


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
