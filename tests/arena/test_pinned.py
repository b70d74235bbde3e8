"""Pinned arena levels: an old commit's bot, played from that commit in a subprocess.

The trees are unpacked into a temporary cache (``git archive`` of one commit, about a
second). The baseline's tag has no ``uv.lock`` and runs on this python; HEAD has one,
and gets a venv of its locked packages from uv's cache when the pinned uv is here
(offline: a few seconds), else this python too. Nothing reaches the network. The
tests need the repository's history (a clone has it, tags included); from a bare
source tree they are skipped.
"""

from __future__ import annotations

import argparse
import random
import subprocess
from pathlib import Path

import pytest

from chatbot.bench import pinned as P
from chatbot.bench.arena import level_name, main, run
from chatbot.rules.playout import Config
from chatbot.rules.views import seat_view
from tests.ai.games import shuffled_hidden


def commit_of(rev: str) -> str | None:
    try:
        done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                              cwd=Path(__file__).parent, capture_output=True, text=True,
                              check=False)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


needs_history = pytest.mark.skipif(commit_of(P.BASELINE_COMMIT) is None,
                                   reason=f"no git history with the tag {P.BASELINE_TAG}")


def figures(doc: dict, renamed: dict[str, str]) -> dict:
    """A run's figures without its timings, its levels named as ``renamed`` says."""
    doc = {k: v for k, v in doc.items() if k not in ("seconds", "latency", "config")}
    doc["levels"] = {renamed.get(level, level): {k: v for k, v in f.items() if k != "latency"}
                     for level, f in doc["levels"].items()}
    return doc


@needs_history
def test_the_hard_bot_of_the_baseline_tag_plays_a_match(tmp_path: Path) -> None:
    out = run(Config("paulista", 2), "normal", f"hard@{P.BASELINE_TAG}", games=2, seed=3,
              cache=tmp_path)
    assert out["games"] == 2
    pinned = out["config"]["pinned"][f"hard@{P.BASELINE_TAG}"]
    assert pinned["commit"] == P.BASELINE_COMMIT  # by its tag, or by its hash without tags
    assert "no uv.lock" in pinned["python"]  # the tag predates the lock: this python runs it
    searched = out["levels"][f"hard@{P.BASELINE_TAG}"]
    assert searched["latency"]["decisions"] > 0 and searched["card_plays"] > 0
    tree = tmp_path / P.BASELINE_TAG
    assert (tree / "chatbot" / "ai" / "search.py").is_file()
    assert not (tree / "chatbot" / "ai" / "baseline").exists()  # the copy came later


@needs_history
def test_a_level_pinned_to_this_commit_plays_exactly_as_in_process(tmp_path: Path) -> None:
    """The rule bot at HEAD, through the driver and its pipe, makes every decision the
    in-process one makes on the same seeds: the same figures, game for game, over
    series whose reads the driver keeps (HEAD's bot reads tables, so events are sent).
    HEAD is the commit, not the working tree: run on a clean checkout, as CI does."""
    config = Config("paulista", 4)
    here = run(config, "normal", "aggressive", games=4, seed=5, series=2)
    there = run(config, "normal@HEAD", "aggressive", games=4, seed=5, series=2,
                cache=tmp_path)
    assert figures(there, {"normal@HEAD": "normal"}) == figures(here, {})
    assert there["config"]["pinned"]["normal@HEAD"]["commit"] == commit_of("HEAD")


@needs_history
def test_the_driver_sees_only_its_seat(tmp_path: Path) -> None:
    """Dealing the cards this seat cannot see differently changes nothing the old bot
    does: it decides from the seat's own view, built in its process."""
    rules = Config("mineiro", 4).rules
    rng = random.Random(4)
    match = rules.new_match(4, 0)
    rules.deal(match, rng)
    seat = rules.to_act(match)
    assert seat is not None
    view = seat_view(rules, match, seat)
    processes = P.Processes(P.prepare(["normal@HEAD"], tmp_path))
    try:
        chosen = set()
        for k in range(6):
            other = shuffled_hidden(match, seat, rules, random.Random(k)) if k else match
            bot = processes.seat("normal@HEAD", f"table-{k}", seat)
            chosen.add(bot.choose(other, view, "same-stream")[0])
        assert len(chosen) == 1 and chosen <= set(view.legal)
    finally:
        processes.close()


def test_pinned_level_names() -> None:
    assert P.split("baseline") == ("hard", P.BASELINE_TAG)
    assert P.split("normal@v1") == ("normal", "v1")
    assert level_name("hard@some-tag") == "hard@some-tag"  # looked up when the run starts
    for bad in ("hard@", "@tag"):
        with pytest.raises(argparse.ArgumentTypeError):
            level_name(bad)


@needs_history
def test_an_unknown_tag_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--b", "hard@no-such-tag-anywhere", "--games", "2"]) == 2
    assert "no-such-tag-anywhere" in capsys.readouterr().err
