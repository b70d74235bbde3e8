"""/forget in storage: a person gone from everything but the anonymous log."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService
from chatbot.stats.player_records import PlayerRecords
from chatbot.storage import Repository
from chatbot.storage.forgetting import ANONYMOUS
from chatbot.storage.models import game_events, seats, series, tables
from chatbot.storage.runner import runner_for
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game
from tests.stats.test_records_rebuild import ANA, BIA, CAIO, DUDA, GROUP, play_series, snapshot


async def everything_stored(engine: AsyncEngine) -> str:
    """The log, seats, tables and series as one text, to look for a person in."""
    def read(conn: Any) -> str:
        rows = [tuple(row) for table in (game_events, seats, tables, series)
                for row in conn.execute(select(table))]
        return json.dumps(rows, default=str)
    return await runner_for(engine).read(read)


async def test_a_forgotten_player_is_gone_but_their_games_still_count(
        db_engine: AsyncEngine, recording_repo: Repository) -> None:
    repo = recording_repo
    service = GameService(repo)
    for who in (ANA, BIA, CAIO, DUDA):
        await repo.get_or_create_user(who, f"P{who}")
    await play_series(service)
    records = PlayerRecords(db_engine)
    before = {who: await records.stats(who) for who in (ANA, CAIO)}

    assert await records.forget(BIA)
    gone = await records.stats(BIA)
    assert gone.counters == {} and gone.ratings == {}
    assert await repo.get_user(BIA) is None
    stored = await everything_stored(db_engine)
    at = stored.find(f"P{BIA}")
    assert at < 0, stored[at - 300:at + 100]
    assert ANONYMOUS in stored
    assert await repo.tables_of_user(BIA, active_only=False) == []
    for table in await repo.tables_of_user(ANA, active_only=False):
        assert table.creator_id != BIA
        for entry in await repo.list_events(table.id):
            if entry.kind == "input" and entry.payload["trigger"] in ("open", "sit"):
                assert BIA not in entry.payload["args"]
    # the others keep what they earned against her
    assert (await records.stats(ANA)).ratings == before[ANA].ratings
    assert (await records.stats(CAIO)).counters == before[CAIO].counters

    after_forgetting = await snapshot(db_engine)
    await records.rebuild()
    assert await snapshot(db_engine) == after_forgetting


async def test_forgetting_removes_the_rating_with_bots_too(db_engine: AsyncEngine) -> None:
    service = GameService(recording_repository(db_engine))
    await play_game(service, GROUP, "put", [ANA, "hard"], seed=8)
    records = PlayerRecords(db_engine)
    assert (await records.stats(ANA)).bot_table_ratings["put"].games == 1
    assert await records.forget(ANA)
    assert (await records.stats(ANA)).bot_table_ratings == {}
    assert (await snapshot(db_engine))["bot_table_ratings"] == []
    await records.rebuild()  # the pseudonym's games count for nobody
    assert (await snapshot(db_engine))["bot_table_ratings"] == []


async def test_a_player_at_an_open_table_is_not_forgotten_yet(db_engine: AsyncEngine) -> None:
    service = GameService(recording_repository(db_engine))
    await play_game(service, GROUP, "paulista", [ANA, BIA], seed=3)
    opened = await service.open_table(chat_id=GROUP, creator_id=BIA, creator_name="Bia",
                                      variant="paulista", players=2)
    records = PlayerRecords(db_engine)
    assert not await records.forget(BIA)
    assert (await records.stats(BIA)).counters
    await service.act(opened.record.id, "stop")
    assert await records.forget(BIA)


async def test_who_blocked_the_bot_for_30_days_is_forgotten(db_engine: AsyncEngine,
                                                           recording_repo: Repository) -> None:
    repo = recording_repo
    service = GameService(repo)
    await play_game(service, GROUP, "paulista", [ANA, BIA], seed=4)
    records = PlayerRecords(db_engine)
    now = datetime.now(UTC)
    await records.set_blocked(ANA, now - timedelta(days=31))
    await records.set_blocked(ANA, now)  # blocked again: the first time counts
    await records.set_blocked(BIA, now - timedelta(days=31))
    await records.set_blocked(BIA, None)  # she unblocked it
    await records.set_blocked(CAIO, now - timedelta(days=2))
    assert await records.forget_blocked(now - timedelta(days=30)) == [ANA]
    assert (await records.stats(ANA)).counters == {}
    assert (await records.stats(BIA)).counters
    assert await repo.tables_of_user(ANA, active_only=False) == []
