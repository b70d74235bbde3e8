"""GameService.perform against a real database shared by two services (two workers).

Each service keeps the record it saved last and judges on it; the version
check of the save is what catches another worker having saved meanwhile. These
tests make that race happen for real, with two services on one database.
"""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.service import SAVE_TRIES, GameService, Step
from chatbot.storage import Repository, StaleVersion, TableRecord


async def two_workers(db_engine: AsyncEngine) -> tuple[GameService, GameService, int]:
    repo = Repository(db_engine)
    first, second = GameService(repo), GameService(repo)
    opened = await first.open_table(chat_id=-100, creator_id=1, creator_name="Ana",
                                    variant="paulista", players=4)
    await second.load(opened.record.id)  # both remember the lobby
    return first, second, opened.record.id


def names(table: Table) -> list[str | None]:
    return [s.name if s is not None else None for s in table.seats]


async def test_a_save_behind_another_workers_is_judged_again(db_engine: AsyncEngine) -> None:
    first, second, table_id = await two_workers(db_engine)
    await second.act(table_id, "sit", 1, 2, "Bia")
    # first's copy still shows seat 1 free: its save loses the race to second's,
    # so it reads the table and judges again; the bot sits and Bia keeps her seat.
    outcome = await first.act(table_id, "add_bot", 2, "Bot", "easy")
    assert names(outcome.table) == ["Ana", "Bia", "Bot", None]
    stored = await first.repo.get_table(table_id)
    assert stored is not None and stored.version == outcome.record.version


async def test_a_refusal_judged_on_a_copy_is_judged_on_the_stored_table(
        db_engine: AsyncEngine) -> None:
    first, second, table_id = await two_workers(db_engine)
    await second.act(table_id, "sit", 1, 2, "Bia")
    # On first's copy Bia is not seated, so standing up is refused there; the
    # stored table has her seated, and that is what answers.
    outcome = await first.act(table_id, "stand", 2)
    assert names(outcome.table) == ["Ana", None, None, None]


async def test_nothing_to_do_on_a_copy_is_asked_of_the_stored_table(
        db_engine: AsyncEngine) -> None:
    first, second, table_id = await two_workers(db_engine)
    await second.act(table_id, "sit", 1, 2, "Bia")
    seen: list[int] = []

    async def plan(record: TableRecord, table: Table) -> list[Step] | None:
        seen.append(record.version)
        if table.seats[1] is None:
            return None  # on the copy: nothing to do yet
        return [("add_bot", (2, "Bot", "easy"), {})]

    outcome = await first.perform(table_id, plan)
    assert outcome is not None and names(outcome.table) == ["Ana", "Bia", "Bot", None]
    assert len(seen) == 2 and seen[0] < seen[1]


async def test_nothing_to_do_saves_nothing(db_engine: AsyncEngine) -> None:
    first, _, table_id = await two_workers(db_engine)
    before = await first.repo.get_table(table_id)

    async def plan(record: TableRecord, table: Table) -> list[Step] | None:
        return None

    assert await first.perform(table_id, plan) is None
    assert await first.repo.get_table(table_id) == before


async def test_a_refusal_on_the_stored_table_reaches_the_caller(db_engine: AsyncEngine) -> None:
    first, _, table_id = await two_workers(db_engine)
    first.forget(table_id)
    with pytest.raises(Refused) as refused:
        await first.act(table_id, "sit", 0, 9, "Dani")
    assert refused.value.reason == "seat-taken"
    with pytest.raises(Refused) as gone:
        await first.act(table_id + 1000, "stop")
    assert gone.value.reason == "no-table"


async def test_a_save_that_keeps_losing_the_race_gives_up(db_engine: AsyncEngine) -> None:
    first, second, table_id = await two_workers(db_engine)
    tries = 0

    async def plan(record: TableRecord, table: Table) -> list[Step]:
        nonlocal tries
        tries += 1
        # another worker saves between this read and the save, every time
        await second.set_language(table_id, "en" if tries % 2 else "pt_BR")
        return [("add_bot", (1, "Bot", "easy"), {})]

    with pytest.raises(StaleVersion):
        await first.perform(table_id, plan)
    assert tries == SAVE_TRIES
    stored = await first.repo.get_table(table_id)
    assert stored is not None and Table.from_dict(stored.game).seats[1] is None
