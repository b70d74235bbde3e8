"""``chatbot.storage.backup``: a consistent copy of a live SQLite database, and refusals.

The copy is taken while another connection keeps committing in WAL mode, as the
running bot does; each copy must be one committed state (every transaction here
writes two rows, so a torn copy would hold an odd count) and include the commits
still in the ``-wal`` file. Waits are on rows committed, never on time.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chatbot.storage.backup import BackupRefused, Problem, backup, sqlite_file
from chatbot.storage.database import make_engine
from chatbot.storage.migrate import upgrade_to_head

GUARD = 120.0  # seconds: only against a hang


async def truco_database(path: Path) -> Path:
    """A database of this bot at the newest schema, as `truco-bot run` leaves it."""
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    try:
        await upgrade_to_head(engine)
    finally:
        await engine.dispose()
    return path


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    return await truco_database(tmp_path / "truco.db")


def pair_count(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        (count,) = conn.execute("SELECT count(*) FROM pairs").fetchone()
        return int(count)


class PairWriter:
    """Another connection committing two rows a transaction, in WAL mode, until stopped."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA wal_autocheckpoint=0")  # the commits stay in the -wal file
        self.conn.execute("CREATE TABLE IF NOT EXISTS pairs (n INTEGER)")
        self.committed = 0
        self.progress = threading.Condition()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stopping.is_set():
            self.conn.execute("BEGIN IMMEDIATE")
            self.conn.execute("INSERT INTO pairs VALUES (?)", (self.committed,))
            self.conn.execute("INSERT INTO pairs VALUES (?)", (self.committed,))
            self.conn.execute("COMMIT")
            with self.progress:
                self.committed += 1
                self.progress.notify_all()

    def wait_past(self, count: int) -> None:
        with self.progress:
            assert self.progress.wait_for(lambda: self.committed > count, timeout=GUARD)


@pytest.fixture
def writer(database: Path) -> Iterator[PairWriter]:
    live = PairWriter(database)
    live.thread.start()
    try:
        yield live
    finally:
        live.stopping.set()
        live.thread.join(GUARD)
        live.conn.close()


def test_a_backup_taken_while_another_connection_writes_is_one_committed_state(
        database: Path, writer: PairWriter, tmp_path: Path) -> None:
    counts = []
    for round_ in range(5):
        writer.wait_past(writer.committed)  # the writer commits between the backups
        made = backup(database, tmp_path / f"copy-{round_}.db")
        assert made.size == made.target.stat().st_size > 0
        with contextlib.closing(sqlite3.connect(made.target)) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
            (count,) = copy.execute("SELECT count(*) FROM pairs").fetchone()
            assert copy.execute("SELECT version_num FROM alembic_version").fetchone()
        counts.append(count)
        assert not Path(f"{made.target}-wal").exists()
    assert all(count % 2 == 0 for count in counts), counts  # no copy holds half a commit
    assert counts == sorted(counts) and counts[0] < counts[-1]
    # nothing but the backups was left behind: no hidden part files
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_the_commits_still_in_the_wal_file_are_in_the_backup(database: Path,
                                                                tmp_path: Path) -> None:
    live = PairWriter(database)  # autocheckpoint off: its commits stay in truco.db-wal
    try:
        for n in range(10):
            live.conn.execute("INSERT INTO pairs VALUES (?)", (n,))
        assert Path(f"{database}-wal").stat().st_size > 0
        made = backup(database, tmp_path / "copy.db")
        assert pair_count(made.target) == 10
    finally:
        live.conn.close()


def test_an_existing_target_is_kept_unless_forced(database: Path, tmp_path: Path) -> None:
    target = tmp_path / "backup.db"
    target.write_bytes(b"an older backup")
    with pytest.raises(BackupRefused) as refused:
        backup(database, target)
    assert refused.value.problem is Problem.TARGET_EXISTS
    assert target.read_bytes() == b"an older backup"
    backup(database, target, force=True)
    assert target.read_bytes().startswith(b"SQLite format 3\0")


def test_a_failed_write_leaves_the_target_and_no_part_file(database: Path,
                                                          tmp_path: Path) -> None:
    with pytest.raises(BackupRefused) as missing_folder:
        backup(database, tmp_path / "no-such-folder" / "backup.db")
    assert missing_folder.value.problem is Problem.CANNOT_WRITE
    assert missing_folder.value.detail  # the system's reason, for the one line


@pytest.mark.parametrize("problem", [Problem.NO_DATABASE, Problem.NOT_OURS])
def test_a_source_that_is_not_this_bots_database_is_refused(
        tmp_path: Path, problem: Problem) -> None:
    source = tmp_path / "truco.db"
    if problem is Problem.NOT_OURS:
        source.write_bytes(b"not a database at all" * 100)
    with pytest.raises(BackupRefused) as refused:
        backup(source, tmp_path / "backup.db")
    assert refused.value.problem is problem
    assert not (tmp_path / "backup.db").exists()
    if problem is Problem.NO_DATABASE:
        assert not source.exists()  # a mistyped path is never created


def test_an_sqlite_file_of_something_else_is_not_ours(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    with contextlib.closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(BackupRefused) as refused:
        backup(other, tmp_path / "backup.db")
    assert refused.value.problem is Problem.NOT_OURS


def test_the_database_itself_or_a_folder_is_no_target(database: Path, tmp_path: Path) -> None:
    with pytest.raises(BackupRefused) as itself:
        backup(database, tmp_path / "." / "truco.db", force=True)
    assert itself.value.problem is Problem.SAME_FILE
    with pytest.raises(BackupRefused) as folder:
        backup(database, tmp_path)
    assert folder.value.problem is Problem.TARGET_IS_FOLDER


@pytest.mark.parametrize(("url", "path"), [
    ("sqlite+aiosqlite:///truco.db", Path("truco.db")),
    ("sqlite:////var/lib/truco-bot/truco.db", Path("/var/lib/truco-bot/truco.db")),
    ("sqlite:///data/truco.db", Path("data/truco.db")),
])
def test_the_file_of_an_sqlite_url(url: str, path: Path) -> None:
    assert sqlite_file(url) == path


@pytest.mark.parametrize(("url", "problem"), [
    ("postgresql://truco:secret@db/truco", Problem.POSTGRESQL),
    ("postgres://truco@db/truco", Problem.POSTGRESQL),
    ("sqlite://", Problem.IN_MEMORY),
    ("sqlite:///:memory:", Problem.IN_MEMORY),
    ("mysql://x@y/z", Problem.BAD_URL),
    ("truco.db", Problem.BAD_URL),
])
def test_urls_that_name_no_sqlite_file(url: str, problem: Problem) -> None:
    with pytest.raises(BackupRefused) as refused:
        sqlite_file(url)
    assert refused.value.problem is problem
    assert "secret" not in refused.value.path
