"""The whole suite's settings: hypothesis profiles, the bots' search without its clock,
and the tests that run one at a time.

``python -m pytest`` (``./truco test``) runs on every core with pytest-xdist
(``-n auto --dist loadgroup`` in pyproject.toml; ``-n 0`` runs in one process).
Each worker is a pytest session of its own, so it gets its own databases
(tests/dbfixtures.py), fake Bot API servers on free ports and Redis key prefixes.
What cannot share the machine is put in one group below, so that its tests run
one after another on a single worker while the rest of the suite goes on beside
them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from chatbot.ai import search
from tests.dbfixtures import migrated_databases

__all__ = ["migrated_databases"]  # one set of databases a session, whatever folder asks

# Tests whose files cannot run beside themselves, by file: the group's name says why.
SERIAL_FILES = {
    # ./truco creates and installs .venv on its first use: two at once would collide
    "tests/test_readme.py": "truco-wrapper",
    # each starts an ingress, several workers and a redis-server of its own; two such
    # tests at once would only starve each other's leases on a small machine
    "tests/cluster/test_cluster.py": "bot-processes",
    "tests/cluster/test_failover.py": "bot-processes",
}

# No property test reads the machine's speed: elsewhere than CI, the "dev" profile turns
# off hypothesis's per-example deadline and its too-slow health check, which a loaded
# machine fails. In CI (the CI variable) hypothesis loads its own "ci" profile: the same
# examples every run (a failure is the change's, not the draw's), no example database,
# no deadline; failing examples still shrink and print the blob that reproduces them.
# A test's own settings (max_examples) apply in both. HYPOTHESIS_PROFILE picks another.
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
elif settings.get_current_profile_name() != "ci":
    settings.load_profile("dev")


@pytest.fixture(scope="session", autouse=True)
def bots_search_by_steps_only() -> Iterator[None]:
    """The search's budget has a safety net in seconds (``Budget.seconds``): on a loaded
    machine it stops drawing worlds sooner, so the same seed could decide otherwise and a
    test of a bot's choice would depend on the machine's speed. In the tests its clock
    stands still: the worlds and steps of the budget alone decide, the same everywhere.
    (tests/ai/test_search.py moves this clock by hand to test the net itself.)"""
    still = SimpleNamespace(perf_counter=lambda: 0.0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "time", still)
        yield


@pytest.hookimpl(optionalhook=True)  # an xdist hook: absent under -p no:xdist
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for ``-n auto``: half as many again as the cores this process may use.
    The suite waits about as much as it computes (bots' think time, Telegram's
    "retry after", processes starting, pages loading): with one worker a core, 1.4 of
    2 cores were busy on average. The extra workers fill those waits; no test reads
    the machine's speed, so a busier core only makes it slower, not wrong."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else os.cpu_count() or 1
    return cores + max(1, cores // 2)


@pytest.hookimpl(optionalhook=True)  # an xdist hook: absent under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` with the groups of ``SERIAL_FILES``. xdist's own groups
    (``xdist_group`` marks) rename each test's node id, which pytest 9 no longer lets
    it do, so they would be ignored; the scheduler groups by file instead."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class SerialFilesScheduling(LoadGroupScheduling):
        """Every test a unit of work of its own, but one unit for each group of files;
        the biggest units are handed out first."""

        def _split_scope(self, nodeid: str) -> str:
            group = SERIAL_FILES.get(nodeid.split("::", 1)[0])
            return group if group is not None else super()._split_scope(nodeid)

    return SerialFilesScheduling(config, log)
