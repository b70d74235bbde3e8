"""Each test gets the database of its own backend, whatever ran before it on its worker.

A folder or module may pin the backend (``sqlite_only``, a conftest's
``db_backend``) while the rest of the suite runs every test on both; a worker
runs modules of both kinds one after another. The two orders are played in a
pytest session of their own, as a worker would play them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent

# as a folder's conftest.py shares them: one fixture for every module below it
CONFTEST = """
from tests.dbfixtures import db_backend, migrated_databases, migrated_db_url  # noqa: F401
"""

PINNED = """
from tests.dbfixtures import sqlite_only  # noqa: F401

def test_pinned(migrated_db_url):
    assert migrated_db_url.get_backend_name() == "sqlite"
"""

BOTH = """
def test_both(db_backend, migrated_db_url):
    assert migrated_db_url.get_backend_name() == db_backend
"""


@pytest.mark.parametrize("order", [("pinned", "both"), ("both", "pinned")])
def test_a_pinned_backend_never_reaches_another_module(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
        order: tuple[str, str]) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_1=PINNED if order[0] == "pinned" else BOTH,
                        test_2=PINNED if order[1] == "pinned" else BOTH)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p))
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-n", "0",
                                           "test_1.py", "test_2.py")
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0 and outcomes.get("errors", 0) == 0, result.stdout.str()
    # three tests: the pinned one and both backends of the other (PostgreSQL's may skip
    # away from CI when no server answers; in CI it fails instead)
    assert outcomes.get("passed", 0) + outcomes.get("skipped", 0) == 3, result.stdout.str()
    assert outcomes.get("passed", 0) >= 2, result.stdout.str()
