"""Every scenario file, shared and our own, refereed in-process against its expectation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chatbot.rules.registry import available_variants
from chatbot.scenario import load_scenario, referee

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "scenarios"
OWN = ROOT / "scenarios"


def scenario_files() -> list[Path]:
    files = sorted(SHARED.glob("*.json")) + sorted(OWN.rglob("*.json"))
    variants = set(available_variants())
    return [f for f in files if json.loads(f.read_text())["variant"] in variants]


def mismatches(expect: Any, got: Any, path: str = "") -> list[str]:
    """Keys of ``expect`` whose values differ in ``got`` (legal lists compared as sets)."""
    if isinstance(expect, dict) and isinstance(got, dict):
        found = []
        for key, want in expect.items():
            if key not in got:
                found.append(f"{path}{key}: missing")
            elif key == "legal":
                if sorted(map(json.dumps, want)) != sorted(map(json.dumps, got[key])):
                    found.append(f"{path}legal: got {got[key]}, want {want}")
            else:
                found.extend(mismatches(want, got[key], f"{path}{key}."))
        return found
    return [] if expect == got else [f"{path.rstrip('.')}: got {got!r}, want {expect!r}"]


def test_shared_scenarios_are_there() -> None:
    assert len(list(SHARED.glob("*.json"))) > 100, f"no shared scenarios in {SHARED}"


@pytest.mark.parametrize("path", scenario_files(), ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    doc = json.loads(path.read_text())
    expect = doc.pop("expect")
    doc.pop("note", None)
    result = referee(load_scenario(json.dumps(doc)))
    assert mismatches(expect, result) == []
