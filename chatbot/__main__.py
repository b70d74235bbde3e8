"""``truco-bot``: the console script.

``truco-bot play ...`` plays offline in the terminal; ``truco-bot`` (or
``truco-bot run``) starts the Telegram bot, or explains how to get a token
when there is none; ``truco-bot run --check`` reads the configuration and
opens the database exactly as a start does, without calling Telegram;
``truco-bot backup FILE`` copies the SQLite database while the bot runs;
``truco-bot rebuild-stats`` counts the players' records again from the game logs. Every
text goes through chatbot.i18n like the game's own, in the terminal's language
(``TRUCO_LANG``, else ``LANG``).

A failure a person can fix (no network, a rejected token, another copy of the
bot polling, a database that cannot be opened, a bad setting) is one line on
stderr and exit status 1; the cause is in the log at DEBUG. A start without a
token explains on stderr and exits 78 (see NO_TOKEN). The console script enters
through :mod:`chatbot.console_script`, which makes a Ctrl-C while these modules
load end like one in a game: one line, exit 130.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from chatbot.handlers.cli_choices import closest, pick_locale
from chatbot.handlers.cli_help import Parser, say
from chatbot.i18n.context import use_locale
from chatbot.i18n.translation import _

if TYPE_CHECKING:
    from chatbot.handlers.telegram.config import Settings

# The Telegram and database modules (python-telegram-bot, SQLAlchemy, Alembic) are
# imported by the commands that use them, not here: `truco-bot play` is offline and
# starts without them (tests/handlers/test_console_start.py).

COMMANDS = ("run", "play", "ingress", "worker", "backup", "rebuild-stats", "check-scenarios")
# A start without a token: nothing can happen until one is set, so a supervisor
# (systemd, Docker) should see a failure it need not retry; 78 is sysexits.h's
# EX_CONFIG, "configuration error", distinct from 1 (a start that failed).
NO_TOKEN = 78


def _locale_from_env() -> str:
    """The terminal's language (LANG=pt_BR.UTF-8 -> pt_BR), English when unknown."""
    raw = os.environ.get("TRUCO_LANG") or os.environ.get("LANG") or "en"
    return pick_locale(raw) or "en"


def no_token_help() -> str:
    """Step by step: how to get a token from @BotFather, start with it, or play offline."""
    from chatbot.handlers.telegram.config import TOKEN_VAR

    lines = [
        _("No Telegram token found (environment variable {var}).", var=TOKEN_VAR),
        _("To get one:"),
        _("  1. In Telegram, open a chat with @BotFather and send /newbot."),
        _("  2. Choose a name and a username for your bot; copy the token it gives you."),
        _("  3. Send /setinline, pick your bot and type a placeholder: this enables inline "
          "mode, which keeps each player's cards private in groups."),
        _("  4. Send /setinlinefeedback, pick your bot and choose Enabled, so the bot "
          "learns which card was played."),
        _("Then start the bot with it:"),
        f"  {TOKEN_VAR}=... ./truco run",
        _("Or play offline in the terminal against bots:"),
        "  ./truco play paulista",
    ]
    return "\n".join(lines)


def environment_help() -> str:
    """Every environment variable the bot reads, with its default and meaning, and what
    the exit status of a start means."""
    from chatbot.handlers.telegram.config import VARIABLES

    lines = [_("Environment variables:")]
    for variable in VARIABLES:
        default = _(variable.shown_default) if variable.shown_default else variable.default
        lines.append(f"  {variable.name}")
        lines.append("      " + _("{meaning} (default: {default})", meaning=_(variable.meaning),
                                  default=default))
    lines.append(_("Exit status: 0 after a clean stop (Ctrl-C or SIGTERM); 1 when the bot "
                   "cannot start, said in one line on stderr; {code} when no token is set "
                   "(how to get one is said on stderr).", code=str(NO_TOKEN)))
    return "\n".join(lines)


def top_parser() -> Parser:
    parser = Parser(
        prog="truco-bot",
        description=_("Truco on Telegram: Paulista, Mineiro, Argentine, Le Truc and Put."),
        epilog="\n".join([
            _("Commands:"),
            "  run      " + _("start the Telegram bot (the default); run --help lists its "
                              "settings"),
            "  play     " + _("play a game in the terminal against bots; play --help lists "
                              "the games and options"),
            "  ingress  " + _("several processes: receive the updates and queue them in "
                              "Redis for the workers"),
            "  worker   " + _("several processes: play the games of the queued updates "
                              "(start any number, on any machine)"),
            "  backup   " + _("copy the SQLite database to a file while the bot runs; "
                              "backup --help says how to restore it"),
            "  rebuild-stats  " + _("count every player's statistics and ratings again "
                                    "from the game logs"),
            "  check-scenarios  " + _("check the rule scenarios against their expected "
                                      "results (default: those under scenarios/)"),
            _("In the project's folder, ./truco test runs the test suite."),
        ]))
    parser.add_argument("command", nargs="?", default="run", metavar=_("COMMAND"),
                        help=_("run or play (default: run)"))
    return parser


def run_parser() -> Parser:
    parser = Parser(
        prog="truco-bot run",
        description=_("Start the Telegram bot. Its settings come from the environment; "
                      "without a token it explains how to get one."),
        epilog=environment_help())
    parser.add_argument("--check", action="store_true",
                        help=_("read the settings and open the database as a start would, "
                               "print them, and exit without calling Telegram"))
    return parser


def cluster_parser(command: str) -> Parser:
    descriptions = {
        "ingress": _("Receive the bot's updates (polling, or the webhook when "
                     "TRUCO_WEBHOOK_URL is set) and queue each in Redis, in order per chat, "
                     "for truco-bot worker. Run one per token. See docs/deploy.md."),
        "worker": _("Play the games of the updates queued by truco-bot ingress: start any "
                    "number on any machine, on one PostgreSQL database and one Redis. "
                    "See docs/deploy.md."),
    }
    return Parser(prog=f"truco-bot {command}", description=descriptions[command],
                  epilog=environment_help())


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    with use_locale(_locale_from_env()):
        return _dispatch(args)


def _dispatch(args: list[str]) -> int:
    if args and args[0] == "play":
        from chatbot.handlers.console import main as play_main

        return play_main(args[1:])
    if args and args[0] == "backup":
        from chatbot.handlers.cli_backup import main as backup_main

        return backup_main(args[1:])
    if args and args[0] == "rebuild-stats":
        from chatbot.handlers.cli_rebuild import main as rebuild_main

        return rebuild_main(args[1:])
    if args and args[0] == "check-scenarios":
        from chatbot.scenario.check import main as check_scenarios

        return check_scenarios(args[1:])
    if args and args[0] in ("-h", "--help", "help"):
        top_parser().print_help()
        return 0
    if args and args[0] in ("ingress", "worker"):
        try:
            cluster_parser(args[0]).parse_args(args[1:])
        except SystemExit as done:
            return int(done.code or 0)
        return _run(check=False, role=args[0])
    if args and args[0] != "run":
        near = closest(args[0], COMMANDS)
        hint = (_("Did you mean {names}?", names=" / ".join(near)) if near
                else _("Choose one of: {names}.", names=", ".join(COMMANDS)))
        say(_("Unknown command {name}.", name=args[0]) + " " + hint, error=True)
        say(_("See truco-bot --help."), error=True)
        return 2
    try:
        options = run_parser().parse_args(args[1:])
    except SystemExit as done:
        return int(done.code or 0)
    return _run(check=options.check)


def _run(*, check: bool, role: str = "run") -> int:
    from chatbot.handlers.telegram.config import ConfigError, Settings
    from chatbot.handlers.telegram.lifecycle import StartFailure
    from chatbot.handlers.telegram.lifecycle import check as check_settings
    from chatbot.logs import configure as configure_logs

    try:
        settings = Settings.from_env()
    except ConfigError as error:
        say(str(error), error=True)
        return 1
    if settings is None:
        say(no_token_help(), error=True)
        return NO_TOKEN
    configure_logs(settings.log_level, settings.log_format, role)
    if settings.log_level != "DEBUG":
        # Alembic says "Context impl SQLiteImpl" at INFO on every start: noise for an
        # operator, who reads the bot's own start-up line (database, schema) instead.
        logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        if check:
            for line in asyncio.run(check_settings(settings)):
                say(line)
            return 0
        _serve(settings, role)
    except StartFailure as failure:
        say(str(failure), error=True)
        return 1
    except KeyboardInterrupt:  # Ctrl-C before the signal handlers were in place
        return 0
    return 0


def _serve(settings: Settings, role: str = "run") -> None:
    if role == "run":
        from chatbot.handlers.telegram.lifecycle import serve

        _freeze_start_up()
        asyncio.run(serve(settings))
        return
    from chatbot.handlers.cluster.run import serve_ingress, serve_worker

    _freeze_start_up()
    asyncio.run(serve_ingress(settings) if role == "ingress" else serve_worker(settings))


def _freeze_start_up() -> None:
    """Exempt what start-up imported (about 150,000 objects, kept until the end) from
    the garbage collector's passes: the collections while serving skip them, and so
    does the one at exit, which otherwise walks them all once more after a clean stop
    (half a second of CPU, a stop delayed by seconds on a busy machine). Nothing is
    lost: what start-up built (modules, classes, catalogs) lives as long as the process."""
    gc.freeze()


if __name__ == "__main__":
    sys.exit(main())
