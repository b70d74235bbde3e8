"""``truco-bot rebuild-stats``: every player's records counted again from the game logs.

The records (statistics, streaks, ratings, who plays in which group) are written at
each game's end; this recounts them from the event logs with the very same code
(``chatbot/stats/records.py``), after a fix to how something is counted, or
to check that nothing drifted. It runs in one transaction on the database of
``TRUCO_DATABASE_URL`` (migrated first, as a start would), so the bot may keep
running: a game that ends meanwhile waits for it and is then counted once.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping, Sequence

from sqlalchemy.exc import SQLAlchemyError

from chatbot.handlers.cli_help import Parser, say
from chatbot.handlers.telegram.config import database_url
from chatbot.i18n.translation import _, ngettext
from chatbot.stats.player_records import PlayerRecords
from chatbot.storage import make_engine, upgrade_to_head


def rebuild_parser() -> Parser:
    return Parser(
        prog="truco-bot rebuild-stats",
        description=_("Count every player's statistics and ratings again from the game "
                      "logs of the database of TRUCO_DATABASE_URL (as for truco-bot run). "
                      "The bot may keep running."))


def main(argv: Sequence[str], env: Mapping[str, str] | None = None) -> int:
    """0 when the records were rebuilt, 1 when the database could not be used."""
    try:
        rebuild_parser().parse_args(list(argv))
    except SystemExit as done:
        return int(done.code or 0)
    url = database_url(os.environ if env is None else env)
    try:
        games = asyncio.run(_rebuild(url))
    except (OSError, SQLAlchemyError) as error:
        say(_("Cannot use the database {url}: {reason}", url=url,
              reason=str(error).splitlines()[0]), error=True)
        return 1
    say(ngettext("Rebuilt the players' records from {n} finished game.",
                 "Rebuilt the players' records from {n} finished games.", games))
    return 0


async def _rebuild(url: str) -> int:
    engine = make_engine(url)
    try:
        await upgrade_to_head(engine)
        return await PlayerRecords(engine).rebuild()
    finally:
        await engine.dispose()
