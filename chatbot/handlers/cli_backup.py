"""``truco-bot backup FILE``: a consistent copy of the bot's SQLite database, in words.

The copying is ``chatbot.storage.backup``; this module reads the database from
``TRUCO_DATABASE_URL`` as ``truco-bot run`` does, and turns each refusal into one
line in the terminal's language (exit status 1), so that nothing an operator can
mistype ends in a traceback. A PostgreSQL database is refused with the
``pg_dump`` command that backs it up: its own tool knows its server's version
and options better than a copy by this bot would.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from sqlalchemy.engine import make_url

from chatbot.handlers.cli_help import Parser, say
from chatbot.handlers.telegram.config import database_url
from chatbot.i18n.translation import N_, _
from chatbot.storage.backup import Backup, BackupRefused, Problem, backup, sqlite_file

# One sentence per problem; {path} is the file it is about, {reason} what the system said.
PROBLEM_TEXTS: dict[Problem, str] = {
    Problem.BAD_URL: N_("TRUCO_DATABASE_URL is not a database address: {path}"),
    Problem.POSTGRESQL: N_("TRUCO_DATABASE_URL names a PostgreSQL database: back it up with "
                           "pg_dump (for example: pg_dump -Fc -f truco.dump {path}); "
                           "truco-bot backup copies SQLite databases."),
    Problem.IN_MEMORY: N_("TRUCO_DATABASE_URL names a database in memory: there is no file "
                          "to back up."),
    Problem.NO_DATABASE: N_("There is no database at {path}: set TRUCO_DATABASE_URL to the "
                            "one the bot uses."),
    Problem.CANNOT_READ: N_("Cannot read the database {path}: {reason}"),
    Problem.NOT_OURS: N_("{path} is not a truco-bot database."),
    Problem.SAME_FILE: N_("{path} is the database itself: name another file for the backup."),
    Problem.TARGET_EXISTS: N_("{path} exists already: name a new file, or add --force to "
                              "replace it."),
    Problem.TARGET_IS_FOLDER: N_("{path} is a folder: name a file for the backup."),
    Problem.CANNOT_WRITE: N_("Cannot write the backup {path}: {reason}"),
}


def backup_parser() -> Parser:
    parser = Parser(
        prog="truco-bot backup",
        description="\n".join([
            _("Copy the bot's SQLite database (TRUCO_DATABASE_URL, as for truco-bot run) to "
              "FILE. The bot may keep running and playing: the copy is the database as it "
              "stood at one moment."),
            _("To restore a backup: stop the bot, delete the database's -wal and -shm files "
              "if they are there, copy the backup over the database, and start the bot."),
            _("A PostgreSQL database is backed up with pg_dump instead."),
        ]))
    parser.add_argument("file", metavar=_("FILE"), help=_("the new file to write the backup to"))
    parser.add_argument("--force", action="store_true",
                        help=_("replace FILE if it exists"))
    return parser


def main(argv: Sequence[str], env: Mapping[str, str] | None = None) -> int:
    """Run ``truco-bot backup``: 0 when the backup was made, 1 when refused, 2 for bad usage."""
    try:
        options = backup_parser().parse_args(list(argv))
    except SystemExit as done:
        return int(done.code or 0)
    url = database_url(os.environ if env is None else env)
    try:
        made = backup(sqlite_file(url), Path(options.file), force=options.force)
    except BackupRefused as refused:
        say(refusal_text(refused), error=True)
        return 1
    say(done_text(made))
    return 0


def refusal_text(refused: BackupRefused) -> str:
    """The one line that says why no backup was made."""
    path = refused.path
    if refused.problem is Problem.POSTGRESQL:
        path = _libpq_url(path)
    return _(PROBLEM_TEXTS[refused.problem], path=path, reason=refused.detail)


def done_text(made: Backup) -> str:
    return _("Backed up {source} to {target}.", source=str(made.source), target=str(made.target))


def _libpq_url(url: str) -> str:
    """The URL as pg_dump reads it: without SQLAlchemy's driver name (``+asyncpg``) and
    libpq's ``sslmode`` back in place of asyncpg's ``ssl``."""
    parsed = make_url(url)
    query = dict(parsed.query)
    if "ssl" in query:
        query["sslmode"] = query.pop("ssl")
    plain = parsed.set(drivername=parsed.get_backend_name(), query=query)
    return plain.render_as_string(hide_password=True)
