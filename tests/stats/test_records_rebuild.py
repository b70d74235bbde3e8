"""Records written live at each game's end equal a rebuild from the event log."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService
from chatbot.stats.player_records import PlayerRecords
from chatbot.stats.ratings import new_rating
from chatbot.stats.records import RECORD_TABLES
from chatbot.storage.runner import runner_for
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game

GROUP = -1001
ANA, BIA, CAIO, DUDA = 11, 12, 13, 14


async def snapshot(engine: AsyncEngine) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every records table, in a stable order."""
    def read(conn: Any) -> dict[str, list[tuple[Any, ...]]]:
        return {table.name: sorted(tuple(row) for row in conn.execute(select(table)))
                for table in RECORD_TABLES}
    return await runner_for(engine).read(read)


async def play_series(service: GameService) -> None:
    """Four people in 2v2 with every partner in turn, a 1v1, a game with a bot, and
    a game stopped before its end."""
    pairings = [[ANA, BIA, CAIO, DUDA], [ANA, CAIO, BIA, DUDA], [ANA, BIA, DUDA, CAIO]]
    for seed, seats in enumerate(pairings * 2):
        await play_game(service, GROUP, "paulista", list(seats), seed=seed)
    await play_game(service, GROUP, "argentino", [ANA, BIA], seed=10)
    await play_game(service, GROUP, "paulista", [ANA, "hard"], seed=11)
    await play_game(service, GROUP, "paulista", [BIA, CAIO], seed=12, stop=True)


async def test_a_rebuild_gives_what_was_recorded_live(db_engine: AsyncEngine) -> None:
    service = GameService(recording_repository(db_engine))
    await play_series(service)
    records = PlayerRecords(db_engine)
    live = await snapshot(db_engine)

    ana = await records.stats(ANA)
    assert ana.total("games", opponents="people") == 7
    assert ana.total("games", opponents="bots") == 1
    assert ana.total("vs_bot_hard_games") == 1
    assert set(ana.ratings) == {"brazilian", "argentino"}
    assert ana.ratings["brazilian"].games == 6  # the game with a bot moved it not
    assert ana.ratings["brazilian"].sigma < new_rating().sigma
    assert set(ana.bot_table_ratings) == {"brazilian"}  # it counts apart
    assert ana.bot_table_ratings["brazilian"].games == 1
    assert live["bot_table_ratings"] and all(row[0] == ANA for row in live["bot_table_ratings"])
    bia = await records.stats(BIA)
    assert bia.total("games") == 7  # the stopped game counts for nobody
    everyone = [await records.stats(who) for who in (ANA, BIA, CAIO, DUDA)]
    wins = sum(stats.total("wins", opponents="people") for stats in everyone)
    assert wins == 6 * 2 + 1  # two winners a 2v2 game, one in the 1v1

    assert await records.rebuild() == 8
    assert await snapshot(db_engine) == live


async def test_games_of_the_same_people_ending_together_rebuild_alike(
        db_engine: AsyncEngine) -> None:
    """Tables played at once by overlapping people (two workers' worth of saves): the
    records lock orders their ends, and the rebuild counts them in that order."""
    services = [GameService(recording_repository(db_engine)) for _ in range(2)]
    pairs = [[ANA, BIA], [CAIO, ANA], [BIA, CAIO], [DUDA, ANA]]
    await asyncio.gather(*(play_game(services[n % 2], GROUP - n, "paulista", pair, seed=20 + n)
                           for n, pair in enumerate(pairs)))
    live = await snapshot(db_engine)
    assert (await PlayerRecords(db_engine).stats(ANA)).ratings["brazilian"].games == 3
    await PlayerRecords(db_engine).rebuild()
    assert await snapshot(db_engine) == live
