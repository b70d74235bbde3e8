"""Migration 0009 back-fills the records of the games a database already holds, from
before the records (0007) or with the records of 0008 and no ratings with bots."""

from __future__ import annotations

from sqlalchemy import inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.pool import NullPool

from chatbot.handlers.service import GameService
from chatbot.stats.player_records import PlayerRecords
from chatbot.storage.database import make_engine
from chatbot.storage.migrate import downgrade_to, upgrade_to_head
from chatbot.storage.models import metadata
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game
from tests.stats.test_records_rebuild import ANA, BIA, CAIO, DUDA, GROUP, snapshot
from tests.storage.test_migrations import schema_diff


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


async def test_0010_drops_the_old_counters_and_gives_them_back_from_the_records(
        empty_db_url: URL) -> None:
    """The users' own counters are gone: the records are the one count. Down to 0009 the
    columns come back holding what the records count, up again they go."""
    await upgrade_to_head(empty_db_url)
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        repo = recording_repository(engine)
        for who in (ANA, BIA, CAIO):
            await repo.get_or_create_user(who, f"P{who}")
        service = GameService(repo)
        await play_game(service, GROUP, "paulista", [ANA, BIA], seed=1)
        await play_game(service, GROUP, "put", [ANA, "hard"], seed=2)
        records = PlayerRecords(engine)
        ana = await records.stats(ANA)
        assert not {"games_played", "games_won", "hands_won"} & await user_columns(engine)

        await downgrade_to(empty_db_url, "0009")
        async with engine.connect() as conn:
            rows = {row.id: tuple(row)[1:] for row in await conn.execute(text(
                "SELECT id, games_played, games_won, hands_won FROM users"))}
        assert rows[ANA] == (2, ana.total("wins"), ana.total("hands_won"))
        assert rows[CAIO] == (0, 0, 0)

        await upgrade_to_head(empty_db_url)
        assert await schema_diff(empty_db_url, metadata) == []
        assert await repo.get_user(ANA) is not None
        assert (await records.stats(ANA)).counters == ana.counters
    finally:
        await engine.dispose()


async def user_columns(engine: AsyncEngine) -> set[str]:
    async with engine.connect() as conn:
        return set(await conn.run_sync(
            lambda c: [col["name"] for col in inspect(c).get_columns("users")]))
