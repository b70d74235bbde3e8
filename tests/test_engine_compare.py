"""``python -m chatbot.bench engine_compare``: two checkouts' engines in one run.

Figures are never asserted (a benchmark is not a test); what is: both sides are
measured for every configuration they share, the report pairs them, and a
directory that is no checkout is refused in one line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chatbot.bench import engine_compare

ROOT = Path(__file__).resolve().parents[1]


def test_both_sides_are_measured_for_each_configuration_and_paired() -> None:
    report = engine_compare.compare(ROOT, ROOT, games=3, seed=1, repeats=2,
                                    variants=["paulista"])
    configs = [row["config"] for row in report["results"]]
    assert configs and all(config.startswith("paulista/") for config in configs)
    for row in report["results"]:
        assert len(row["old_runs"]) == len(row["new_runs"]) == 2
        assert row["old_us_per_action"] > 0 and row["new_us_per_action"] > 0
        assert row["ratio"] == round(row["new_us_per_action"] / row["old_us_per_action"], 3)
    table = engine_compare.table(report)
    assert table.splitlines()[0].startswith("| configuration | old µs/action")
    assert len(table.splitlines()) == 2 + len(configs)


def test_a_directory_that_is_no_checkout_is_refused(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert engine_compare.main(["--old", str(tmp_path)]) == 2
    assert "is not a checkout with chatbot/bench/engine.py" in capsys.readouterr().err
