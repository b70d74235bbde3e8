"""``uv.lock`` is the lock of this ``pyproject.toml``, and ``./truco`` installs from it.

``./truco`` runs ``uv sync --locked``, which refuses a lock that no longer matches the
project; this finds a forgotten ``uv lock`` in the test suite already, offline: every
requirement of the project and its test extra is in the lock as declared.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def declared() -> set[tuple[str, SpecifierSet, frozenset[str], str]]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = set()
    for extra, requirements in [("", project["dependencies"]),
                                *project["optional-dependencies"].items()]:
        for line in requirements:
            requirement = Requirement(line)
            found.add((canonicalize_name(requirement.name), requirement.specifier,
                       frozenset(requirement.extras), f"extra == '{extra}'" if extra else ""))
    return found


def locked() -> set[tuple[str, SpecifierSet, frozenset[str], str]]:
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    root: dict[str, Any] = next(p for p in lock["package"] if p["name"] == "truco-bot")
    return {(canonicalize_name(r["name"]), SpecifierSet(r.get("specifier", "")),
             frozenset(r.get("extras", ())), r.get("marker", ""))
            for r in root["metadata"]["requires-dist"]}


def test_the_lock_holds_every_declared_requirement() -> None:
    assert locked() == declared()


def test_the_lock_and_the_project_ask_the_same_python() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lock = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
    assert lock["requires-python"] == project["requires-python"]


def test_the_wrapper_installs_from_the_lock_with_a_pinned_uv() -> None:
    wrapper = (ROOT / "truco").read_text(encoding="utf-8")
    assert re.search(r"^UV_VERSION=\d+\.\d+\.\d+$", wrapper, flags=re.M)
    assert "sync --quiet --locked --extra test" in wrapper
