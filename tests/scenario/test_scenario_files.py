"""Every scenario file of the repository, the specification's and our own, refereed
in-process against its expectation by the checker's own comparison."""

from __future__ import annotations

from pathlib import Path

import pytest

from chatbot.scenario.check import (
    REPOSITORY_SCENARIOS,
    Found,
    problems,
    scenario_doc,
    scenario_files,
)

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "scenarios" / "spec"
ALL = list(scenario_files([REPOSITORY_SCENARIOS]))


def test_the_checker_reads_this_repository() -> None:
    assert REPOSITORY_SCENARIOS == ROOT / "scenarios"


def test_the_specification_scenarios_are_there() -> None:
    """The rule specification's acceptance set (131 files, every variant) is part of
    the repository, beside the project's own per variant."""
    spec = list(SPEC.glob("*.json"))
    assert len(spec) == 131
    assert {path.name.split("-")[0] for path in spec} == {
        "paulista", "mineiro", "argentino", "le", "put"}
    assert len(ALL) > len(spec)


@pytest.mark.parametrize("found", ALL, ids=lambda found: found.name)
def test_scenario(found: Found) -> None:
    assert problems(scenario_doc(found.path.read_text(encoding="utf-8"))) == []
