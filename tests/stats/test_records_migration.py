"""Migration 0009 back-fills the records of the games a database already holds, from
before the records (0007) or with the records of 0008 and no ratings with bots."""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from chatbot.handlers.service import GameService
from chatbot.storage.database import make_engine
from chatbot.storage.migrate import downgrade_to, upgrade_to_head
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game
from tests.stats.test_records_rebuild import ANA, BIA, CAIO, DUDA, GROUP, snapshot


async def test_upgrading_a_database_with_games_back_fills_their_records(
        empty_db_url: URL) -> None:
    await upgrade_to_head(empty_db_url)
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        service = GameService(recording_repository(engine))
        await play_game(service, GROUP, "paulista", [ANA, BIA, CAIO, DUDA], seed=1)
        await play_game(service, GROUP, "le-truc", [ANA, "easy"], seed=2)
        await play_game(service, GROUP, "put", [BIA, CAIO], seed=3)
        recorded = await snapshot(engine)
        assert recorded["player_ratings"] and recorded["player_stats"]

        assert recorded["bot_table_ratings"]  # the le-truc game against the easy bot

        # the database as it was before the records: the games' logs, no records
        await downgrade_to(empty_db_url, "0007")
        await upgrade_to_head(empty_db_url)
        assert await snapshot(engine) == recorded

        # a database with the records of 0008, before the ratings with bots at the table
        await downgrade_to(empty_db_url, "0008")
        await upgrade_to_head(empty_db_url)
        assert await snapshot(engine) == recorded
    finally:
        await engine.dispose()
