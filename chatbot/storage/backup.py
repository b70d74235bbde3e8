"""A consistent copy of a live SQLite database, with SQLite's online backup API.

Copying ``truco.db`` with ``cp`` while the bot runs may catch a page half
written and misses the commits still in ``truco.db-wal``.
``sqlite3.Connection.backup`` copies every page inside one read transaction
(in WAL mode the bot goes on writing meanwhile), so the copy is the database
as it stood at one commit, WAL included. The copy is written to a hidden file
beside the target and renamed into place only once it is complete and checked,
so a failed backup leaves no half file and never replaces an earlier backup.

Only SQLite files are copied here; a PostgreSQL database is backed up with its
own tool, ``pg_dump``. Problems a person can fix raise :class:`BackupRefused`
with a :class:`Problem`; the command line words it (``chatbot.handlers.cli_backup``).
"""

from __future__ import annotations

import contextlib
import enum
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import URL

from chatbot.storage.database import async_url

BUSY_SECONDS = 10.0  # how long to wait for a lock (a rollback-journal database being written)
# The table every database of this bot has from its first migration on.
MARKER_TABLE = "alembic_version"


class Problem(enum.Enum):
    """Why a backup was not made: each is one sentence for the person who asked."""

    BAD_URL = "bad-url"  # TRUCO_DATABASE_URL is not a database URL
    POSTGRESQL = "postgresql"  # a server database: pg_dump backs it up
    IN_MEMORY = "in-memory"  # nothing on disk to copy
    NO_DATABASE = "no-database"  # no such file
    CANNOT_READ = "cannot-read"  # a file this user may not read, a database kept locked
    NOT_OURS = "not-ours"  # a file that is not this bot's SQLite database
    SAME_FILE = "same-file"  # the target is the database itself
    TARGET_EXISTS = "target-exists"  # refused unless forced
    TARGET_IS_FOLDER = "target-is-folder"
    CANNOT_WRITE = "cannot-write"  # the target's folder is missing, read-only or full


class BackupRefused(Exception):
    """A backup that was not made; ``path`` is the file the problem is about."""

    def __init__(self, problem: Problem, path: str, detail: str = "") -> None:
        super().__init__(f"{problem.value}: {path} {detail}".strip())
        self.problem = problem
        self.path = path
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup that was made: where from, where to, and its size in bytes."""

    source: Path
    target: Path
    size: int


def sqlite_file(url: str | URL) -> Path:
    """The SQLite file a database URL names (relative to the working directory, as the
    bot opens it); refuses a PostgreSQL URL, an in-memory database and a non-URL."""
    try:
        parsed = async_url(url)
    except Exception as error:  # SQLAlchemy's ArgumentError, our ValueError
        raise BackupRefused(Problem.BAD_URL, str(url), str(error)) from error
    if parsed.get_backend_name() == "postgresql":
        raise BackupRefused(Problem.POSTGRESQL, parsed.render_as_string(hide_password=True))
    database = parsed.database or ""
    if database in ("", ":memory:") or parsed.query.get("mode") == "memory":
        raise BackupRefused(Problem.IN_MEMORY, str(url))
    return Path(database)


def backup(source: Path, target: Path, *, force: bool = False) -> Backup:
    """Copy the live SQLite database ``source`` to ``target`` consistently.

    ``target`` must not exist unless ``force``; the copy is self-contained (rollback
    journal mode, no ``-wal`` file beside it) and passes SQLite's quick check.
    """
    if not source.is_file():
        raise BackupRefused(Problem.NO_DATABASE, str(source))
    if target.is_dir():
        raise BackupRefused(Problem.TARGET_IS_FOLDER, str(target))
    if target.exists():
        if _same_file(source, target):
            raise BackupRefused(Problem.SAME_FILE, str(target))
        if not force:
            raise BackupRefused(Problem.TARGET_EXISTS, str(target))
    with contextlib.closing(_open_source(source)) as reader:
        part = _part_file(target)
        try:
            _copy(reader, part)
            os.replace(part, target)
        except OSError as error:
            raise BackupRefused(Problem.CANNOT_WRITE, str(target),
                                error.strerror or str(error)) from error
        except sqlite3.Error as error:  # the disk filled up, the folder went read-only
            raise BackupRefused(Problem.CANNOT_WRITE, str(target), str(error)) from error
        finally:
            for leftover in (part, Path(f"{part}-journal"), Path(f"{part}-wal")):
                leftover.unlink(missing_ok=True)
    return Backup(source=source, target=target, size=target.stat().st_size)


def _same_file(source: Path, target: Path) -> bool:
    try:
        return source.samefile(target)
    except OSError:
        return False


def _open_source(source: Path) -> sqlite3.Connection:
    """A read-only connection to the bot's database, checked to be one.

    Read-only (``mode=ro``) so that a mistyped path is never created as an empty
    database and nothing of the bot's file changes.
    """
    uri = source.resolve().as_uri() + "?mode=ro"
    try:
        reader = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
    except sqlite3.Error as error:
        raise BackupRefused(Problem.CANNOT_READ, str(source), str(error)) from error
    try:
        found = reader.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                               (MARKER_TABLE,)).fetchone()
    except sqlite3.OperationalError as error:  # "unable to open", "database is locked"
        reader.close()
        raise BackupRefused(Problem.CANNOT_READ, str(source), str(error)) from error
    except sqlite3.DatabaseError as error:  # "file is not a database"
        reader.close()
        raise BackupRefused(Problem.NOT_OURS, str(source), str(error)) from error
    if found is None:
        reader.close()
        raise BackupRefused(Problem.NOT_OURS, str(source))
    return reader


def _part_file(target: Path) -> Path:
    """A new hidden file beside ``target`` (same file system, so the rename is atomic).

    ``mkstemp`` makes it readable by its owner only, as a copy of players' data should be.
    """
    try:
        handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                        dir=target.parent)
    except OSError as error:
        raise BackupRefused(Problem.CANNOT_WRITE, str(target),
                            error.strerror or str(error)) from error
    os.close(handle)
    return Path(name)


def _copy(reader: sqlite3.Connection, part: Path) -> None:
    with contextlib.closing(sqlite3.connect(part, isolation_level=None)) as copy:
        # pages=-1: every page in one step, inside one read transaction of the source,
        # so a commit of the running bot cannot make the copy restart or mix two states
        reader.backup(copy, pages=-1)
        # the copy takes the source's WAL flag from its header; a backup is one file
        copy.execute("PRAGMA journal_mode=DELETE")
        (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"the copy failed SQLite's check: {verdict}")
