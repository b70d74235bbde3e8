"""Arena levels pinned to a git tag: an old bot played from its own commit, not a copy.

``LEVEL@TAG`` (``hard@baseline-2026-12-01``) seats the level ``LEVEL`` of the commit
``TAG`` names; ``baseline`` alone is :data:`BASELINE`, the hard bot of 2026-12-01,
the yardstick later work on ``hard`` is measured against. Before a run the arena
makes the tag's tree (:func:`prepare`): ``git archive`` of the tag unpacked under
``.arena-cache/<tag>`` at the repository's root (a plain snapshot: nothing is
registered in the repository, so nothing is left to prune; kept for later runs)
and an environment to run it in (:func:`environment`). Each pinned level then
gets one subprocess per arena worker, kept for the whole run, running
``arena/pinned_driver.py`` with that tree first on ``PYTHONPATH``: the old
commit's own ``seat_view`` and ``decide`` (see the driver for the protocol). The
bot of a table keeps its reads in that process across the games of a series.

Nothing here reaches the network: the tree comes from the local repository, and an
environment is built from uv's cache only (``--offline``) or not at all.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from chatbot.rules.actions import Action
from chatbot.rules.cards import Card, Family
from chatbot.rules.events import Event
from chatbot.rules.registry import rules_class
from chatbot.rules.serialize import event_to_dict, match_to_dict
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView

BASELINE_TAG = "baseline-2026-12-01"  # the commit whose hard bot chatbot/ai/baseline copied
# the same commit by its hash: a clone made without tags still finds the baseline
BASELINE_COMMIT = "749a2d077708f2436cf68ad73d299753f3ba225a"
BASELINE = f"hard@{BASELINE_TAG}"  # what the level name "baseline" stands for
DRIVER = "arena.pinned_driver"  # outside the product; found by name, as the held-out bots
CACHE = ".arena-cache"  # at the repository's root, ignored by git
STAMP = ".arena-commit"  # in a tree: the commit it was unpacked from


class PinnedError(RuntimeError):
    """A pinned level cannot be played: no such tag, no git, or the driver failed."""


def is_pinned(level: str) -> bool:
    return level == "baseline" or "@" in level


def split(level: str) -> tuple[str, str]:
    """``LEVEL@TAG`` as (level, tag); ``baseline`` is :data:`BASELINE`."""
    name, _, tag = (BASELINE if level == "baseline" else level).partition("@")
    if not name or not tag:
        raise ValueError(f"a pinned level is LEVEL@TAG, not {level!r}")
    return name, tag


def git(*args: str, cwd: Path) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                              check=False)
    except OSError as exc:
        raise PinnedError(f"git is needed for a pinned level: {exc}") from None
    if done.returncode != 0:
        raise PinnedError(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def repository() -> Path:
    """The root of the repository this code runs from (where the tags are)."""
    return Path(git("rev-parse", "--show-toplevel", cwd=Path(__file__).resolve().parent))


@dataclass(frozen=True, slots=True)
class Environment:
    """Where a pinned commit runs: its tree, the python to run it with, and why that one."""

    tree: Path
    python: str
    how: str

    @property
    def commit(self) -> str:
        """The commit the tree was unpacked from (as :func:`checkout` recorded it)."""
        return (self.tree / STAMP).read_text().strip()


def checkout(tag: str, cache: Path) -> Path:
    """The tag's tree under ``cache``, unpacked on first use (a snapshot, never edited).

    A commit file records what was unpacked, so a tag that moved is unpacked again;
    the tree is made beside and renamed into place, so two arenas at once cannot
    see half of one."""
    root = repository()
    known = {BASELINE_TAG: BASELINE_COMMIT}
    try:
        commit = git("rev-parse", "--verify", "--quiet", f"{tag}^{{commit}}", cwd=root)
    except PinnedError:
        if tag not in known:
            raise
        commit = git("rev-parse", "--verify", "--quiet", f"{known[tag]}^{{commit}}", cwd=root)
    tree = cache / re.sub(r"[^\w.-]", "_", tag)
    stamp = tree / STAMP
    if stamp.is_file() and stamp.read_text().strip() == commit:
        return tree
    cache.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(prefix=f".{tree.name}-", dir=cache))
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=root,
                             capture_output=True, check=False)
    if archive.returncode != 0:
        raise PinnedError(f"git archive {tag}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(fresh)], input=archive.stdout, check=True)
    (fresh / STAMP).write_text(commit + "\n")
    if tree.exists():
        shutil.rmtree(tree)
    try:
        fresh.rename(tree)
    except OSError:  # another arena put the same commit there first
        shutil.rmtree(fresh, ignore_errors=True)
    return tree


def pinned_uv(tree: Path) -> str | None:
    """A uv of the version the tree's ``truco`` pins, already on this machine, or None
    (installing one would reach the network)."""
    script = tree / "truco"
    found = re.search(r"^UV_VERSION=(\S+)", script.read_text(), re.M) if script.is_file() \
        else None
    if found is None:
        return None
    here = Path(sys.prefix) / ".uv" / "bin" / "uv"  # where ./truco installs it
    for uv in (shutil.which("uv"), str(here) if here.is_file() else None):
        if uv is None:
            continue
        version = subprocess.run([uv, "--version"], capture_output=True, text=True,
                                 check=False).stdout.split()
        if version[1:2] == [found.group(1)]:
            return uv
    return None


def environment(tree: Path) -> Environment:
    """The python to run the tree's bot with.

    A tree with a ``uv.lock`` gets a venv of its own, of exactly the locked versions,
    made by the uv version it pins from uv's cache alone (``--offline``); if that uv is
    not here or the cache lacks a package, or the tree has no lock (the baseline's
    commit predates uv.lock), it runs on this arena's python. That is safe for the
    bots: ``chatbot.rules`` and ``chatbot.ai`` import the standard library only, so
    the old code runs the same on today's packages."""
    def ours(why: str) -> Environment:
        return Environment(tree, sys.executable, f"this arena's python ({why})")

    if not (tree / "uv.lock").is_file():
        return ours("the tag has no uv.lock")
    venv = tree / ".venv"
    python = venv / "bin" / "python"
    if python.is_file():
        return Environment(tree, str(python), "the tag's uv.lock")
    uv = pinned_uv(tree)
    if uv is None:
        return ours("the tag's pinned uv is not installed")
    env = {**os.environ, "UV_PROJECT_ENVIRONMENT": str(venv), "UV_OFFLINE": "1",
           "UV_PYTHON_DOWNLOADS": "never"}
    made = subprocess.run([uv, "sync", "--quiet", "--locked", "--offline",
                           "--no-install-project", "--python", sys.executable],
                          cwd=tree, env=env, capture_output=True, text=True, check=False)
    if made.returncode != 0 or not python.is_file():
        shutil.rmtree(venv, ignore_errors=True)
        return ours("the tag's locked packages are not all in uv's cache, and the arena "
                    "stays offline")
    return Environment(tree, str(python), "the tag's uv.lock")


def driver_path() -> str:
    """The driver script, found by name beside the product (run from the repository)."""
    spec = importlib.util.find_spec(DRIVER)
    if spec is None or spec.origin is None:
        raise PinnedError(f"{DRIVER} is not on the path: run from the repository root")
    return spec.origin


def prepare(levels: list[str], cache: Path | None = None) -> dict[str, Environment]:
    """The environment of each pinned level among ``levels`` (made now, before any game)."""
    cache = cache or repository() / CACHE
    made: dict[str, Environment] = {}
    for level in levels:
        if is_pinned(level):
            made[level] = environment(checkout(split(level)[1], cache))
    return made


class Process:
    """One pinned level's driver process: asked for a decision a line at a time."""

    def __init__(self, env: Environment) -> None:
        self.env = env
        self.proc = subprocess.Popen(
            [env.python, driver_path()], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, cwd=env.tree,
            env={**os.environ, "PYTHONPATH": str(env.tree)})
        self.reads = bool(self.receive()["reads"])

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request) + "\n")
            stdin.flush()
        except BrokenPipeError:
            pass  # the reply's read says the driver is gone
        return self.receive()

    def receive(self) -> dict[str, Any]:
        stdout: IO[str] | None = self.proc.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise PinnedError(f"the driver of {self.env.tree.name} stopped "
                              f"(exit status {self.proc.wait()})")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()


class PinnedSeat:
    """A pinned level's seat at one arena table: it sends the table's public events
    since its last request with each one, so the old bot's reads learn as ours do."""

    def __init__(self, process: Process, level: str, table: str, seat: int) -> None:
        self.process = process
        self.level = split(level)[0]
        self.table = table
        self.seat = seat
        self.unsent: list[dict[str, Any]] = []

    def saw(self, events: list[Event], family: Family) -> None:
        """Keep the table's public events for the next request (hidden ones never leave)."""
        if self.process.reads:
            self.unsent.extend(event_to_dict(e, family) for e in events
                               if e.audience.kind == "public")

    def request(self, op: str, match: Match[Any], rng: str) -> dict[str, Any]:
        events, self.unsent = self.unsent, []
        specs = rules_class(match.variant).option_specs
        chosen = sorted(k for k, v in match.options.items()
                        if k not in specs or specs[k].default_value != v)
        reply = self.process.ask({"op": op, "table": self.table, "seat": self.seat,
                                  "level": self.level, "rng": rng, "chosen": chosen,
                                  "match": match_to_dict(match), "events": events})
        if "error" in reply:
            raise PinnedError(f"{self.level} of {self.process.env.tree.name}: {reply['error']}")
        return reply

    def choose(self, match: Match[Any], view: SeatView, rng: str
               ) -> tuple[Action, float | None, float]:
        """The old bot's action (one of ``view.legal``), its estimate and its CPU seconds."""
        reply = self.request("decide", match, rng)
        kind, card = reply["action"]
        wanted = None if card is None else Card(card[0], card[1])
        for action in view.legal:
            if action.kind == kind and action.card == wanted:
                return action, reply["estimate"], float(reply["cpu"])
        raise PinnedError(f"{self.level} of {self.process.env.tree.name} chose "
                          f"{kind} {card}, which is not legal here")

    def fresh(self, match: Match[Any], rng: str) -> float | None:
        chance: float | None = self.request("fresh", match, rng)["chance"]
        return chance


class Processes:
    """The driver processes of one arena worker, one per pinned level, started on first
    use and kept for the run."""

    def __init__(self, envs: dict[str, Environment]) -> None:
        self.envs = envs
        self.running: dict[str, Process] = {}

    def seat(self, level: str, table: str, seat: int) -> PinnedSeat:
        process = self.running.get(level)
        if process is None:
            process = self.running[level] = Process(self.envs[level])
        return PinnedSeat(process, level, table, seat)

    def close(self) -> None:
        for process in self.running.values():
            process.close()
        self.running.clear()
