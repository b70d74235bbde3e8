"""The arena seats held-out bots by name and prints them apart, on tiny runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chatbot.bench import arena
from chatbot.bench.arena import main, play_pairs, series_split
from chatbot.rules.playout import Config
from tests.test_layers import imported_modules

PACKAGE = Path(__file__).resolve().parents[2] / "chatbot"


def printed(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_a_heldout_bot_is_seated_by_level_name(capsys: pytest.CaptureFixture[str]) -> None:
    out = printed(capsys, ["--variant", "argentino", "--players", "4", "--a", "easy",
                           "--b", "heldout:bluffer", "--games", "2", "--seed", "3"])
    assert out["config"]["b"] == "heldout:bluffer" and out["games"] == 2
    assert set(out["levels"]) == {"easy", "heldout:bluffer"}
    assert out["levels"]["heldout:bluffer"]["latency"]["decisions"] > 0
    split = out["series_split"]
    assert split["game_1"]["games"] == 2 and split["games_2_5"]["games"] == 0
    assert split["games_6_20"]["a_win_rate"] is None


def test_the_json_of_product_levels_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    out = printed(capsys, ["--a", "easy", "--b", "normal", "--games", "2"])
    assert "series_split" not in out and out["config"]["series"] == 1


def test_an_unknown_heldout_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--b", "heldout:grandmaster", "--games", "2"])
    assert exit_.value.code == 2
    assert "heldout:bluffer" in capsys.readouterr().err
    assert main(["--heldout", "--bots", "grandmaster", "--games", "2"]) == 2
    assert "unknown held-out bots" in capsys.readouterr().err


def test_a_series_keeps_one_bot_object_per_seat_and_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three series of two games: each orientation of a series is one table, so four
    tables (not twelve games' worth of bots), and each game knows its place."""
    built: list[dict[int, Any]] = []
    original = arena.table_bots

    def counting(levels: list[str]) -> dict[int, Any]:
        bots = original(levels)
        built.append(bots)
        return bots

    monkeypatch.setattr(arena, "table_bots", counting)
    results = play_pairs(Config("paulista", 2), "easy", "heldout:counter", seed=1,
                         indices=range(4), series=2)
    assert len(built) == 4 and all(len(bots) == 1 for bots in built)
    assert [r.series_game for r in results] == [1, 1, 2, 2, 1, 1, 2, 2]
    # the bots kept their counts across both games of their series
    for bots in built:
        (bot,) = bots.values()
        assert bot.decisions > 0


def test_the_series_split_counts_games_by_their_place() -> None:
    results = play_pairs(Config("paulista", 2), "easy", "heldout:rock", seed=2,
                         indices=range(7), series=7)
    split = series_split(results)
    assert [split[k]["games"] for k in ("game_1", "games_2_5", "games_6_20")] == [2, 8, 4]
    assert sum(split[k]["a_wins"] for k in split) == sum(r.a_won for r in results)


def test_heldout_runs_level_a_against_every_bot_in_each_format(
        capsys: pytest.CaptureFixture[str]) -> None:
    out = printed(capsys, ["--heldout", "--a", "easy", "--games", "4", "--seed", "5",
                           "--series", "3"])
    assert out["benchmark"] == "arena-heldout" and out["series"] == 3
    names = list(out["heldout"])
    assert names[:6] == ["heldout:bluffer", "heldout:rock", "heldout:counter",
                         "heldout:early-caller", "heldout:club-player", "heldout:random"]
    for figures in out["heldout"].values():
        assert set(figures["formats"]) == {"paulista/4", "mineiro/4", "paulista/2",
                                           "argentino/4"}
        assert figures["all"]["games"] == 16  # 4 formats x 2 deals x 2 orientations
        assert figures["all"]["series_split"]["game_1"]["games"] == 8
        assert figures["all"]["series_split"]["games_2_5"]["games"] == 8
    assert len(out["runs"]) == 4 * len(names)
    assert {r["config"]["a"] for r in out["runs"]} == {"easy"}


def test_heldout_meets_the_hard_bot_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = printed(capsys, ["--heldout", "--bots", "counter", "--formats", "paulista/2",
                           "--games", "2"])
    assert out["a"] == "hard" and out["series"] == 20
    (run,) = out["runs"]
    assert set(run["levels"]) == {"hard", "heldout:counter"}
    assert out["heldout"]["heldout:counter"]["formats"]["paulista/2"]["games"] == 2


def test_the_product_never_imports_the_heldout_bots() -> None:
    """Only the arena names the package, and only as a string imported at run time."""
    files = sorted(PACKAGE.rglob("*.py"))
    importers = {str(p.relative_to(PACKAGE)) for p in files
                 if any(name == "arena" or name.startswith("arena.")
                        for name in imported_modules(p))}
    assert importers == set()
    naming = {str(p.relative_to(PACKAGE)) for p in files
              if "arena.heldout" in p.read_text(encoding="utf-8")}
    assert naming == {"bench/arena.py"}


def test_without_the_package_the_arena_says_so(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An installed bot has no ``arena`` package: one line, exit 2, no traceback."""
    monkeypatch.setattr(arena, "HELDOUT_PACKAGE", "arena.not_here")
    assert main(["--heldout", "--games", "2"]) == 2
    assert "held-out bots are not available" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--b", "heldout:rock"])
    assert "run from the repository root" in capsys.readouterr().err
