"""``truco-bot backup FILE``: the database from TRUCO_DATABASE_URL, one line for each refusal.

Most cases call the command's ``main`` in this process with the environment a user
would have; one runs ``python -m chatbot backup`` as a subprocess, to see what a
terminal shows (no traceback, the exit status).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from chatbot.__main__ import main as truco_bot
from chatbot.handlers.cli_backup import main as backup_main
from chatbot.i18n.context import use_locale
from tests.storage.test_backup import truco_database

ROOT = Path(__file__).resolve().parents[2]
TRACEBACK = "Traceback (most recent call last)"


def env_of(database: Path | str) -> dict[str, str]:
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    return {"TRUCO_DATABASE_URL": url}


async def test_a_backup_is_made_and_said(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    database = await truco_database(tmp_path / "truco.db")
    target = tmp_path / "truco-backup.db"
    assert backup_main([str(target)], env_of(database)) == 0
    out, err = capsys.readouterr()
    assert out == f"Backed up {database} to {target}.\n" and err == ""
    assert target.read_bytes().startswith(b"SQLite format 3\0")


@pytest.mark.parametrize(("setup", "expected"), [
    ("missing", "There is no database at {db}: set TRUCO_DATABASE_URL to the one the bot uses."),
    ("exists", "{target} exists already: name a new file, or add --force to replace it."),
    ("no-folder", "Cannot write the backup {nested}: No such file or directory"),
    ("folder", "{tmp} is a folder: name a file for the backup."),
    ("itself", "{db} is the database itself: name another file for the backup."),
    ("garbage", "{db} is not a truco-bot database."),
])
async def test_each_refusal_is_one_line_and_exit_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], setup: str, expected: str) -> None:
    database = tmp_path / "truco.db"
    target = tmp_path / "backup.db"
    if setup == "garbage":
        database.write_text("not a database")
    elif setup != "missing":
        await truco_database(database)
    argument = {"exists": target, "no-folder": tmp_path / "nope" / "backup.db",
                "folder": tmp_path, "itself": database}.get(setup, target)
    if setup == "exists":
        target.write_text("yesterday's backup")
    assert backup_main([str(argument)], env_of(database)) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == expected.format(db=database, target=target, tmp=tmp_path,
                                  nested=tmp_path / "nope" / "backup.db") + "\n"
    if setup == "exists":
        assert target.read_text() == "yesterday's backup"
        assert backup_main([str(target), "--force"], env_of(database)) == 0


def test_a_postgresql_database_is_pointed_to_pg_dump(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql+asyncpg://truco:secret@db.example.org/truco?ssl=require"
    assert backup_main(["truco.dump"], env_of(url)) == 1
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "secret" not in err
    assert "pg_dump -Fc -f truco.dump postgresql://truco:***@db.example.org/truco" \
           "?sslmode=require" in err


def test_bad_usage_is_argparses_exit_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert backup_main([], env_of("sqlite:///x.db")) == 2
    assert "usage: truco-bot backup" in capsys.readouterr().err


def test_the_help_says_how_to_restore_and_the_top_help_lists_backup(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert truco_bot(["backup", "--help"]) == 0
    text = capsys.readouterr().out
    assert "usage: truco-bot backup [-h] [--force] FILE" in text
    assert "To restore a backup: stop the bot" in text and "pg_dump" in text
    assert truco_bot(["--help"]) == 0
    assert "  backup   copy the SQLite database" in capsys.readouterr().out
    assert truco_bot(["bakcup"]) == 2
    assert "Did you mean backup?" in capsys.readouterr().err


async def test_the_refusal_is_in_the_terminals_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with use_locale("pt_BR"):
        assert backup_main([str(tmp_path / "b.db")], env_of(tmp_path / "none.db")) == 1
    err = capsys.readouterr().err
    assert "none.db" in err and "There is no" not in err and err.count("\n") == 1


def test_a_terminal_sees_one_line_and_no_traceback(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "PYTHONPATH": str(ROOT), "HOME": str(tmp_path),
           "TRUCO_DATABASE_URL": f"sqlite:///{tmp_path / 'missing.db'}"}
    done = subprocess.run([sys.executable, "-m", "chatbot", "backup", "b.db"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stdout == "" and done.stderr.count("\n") == 1
    assert TRACEBACK not in done.stderr and "missing.db" in done.stderr
