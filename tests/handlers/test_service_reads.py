"""The bots' reads of a table outlive a game, a restart and a change of worker: they are
a fold over the table's public log, which keeps the whole series."""

from __future__ import annotations

import random

import pytest

from chatbot.ai.reads import TableReads
from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.storage.repository import Repository
from tests.dbfixtures import db_engine, migrated_db_url, repository

__all__ = ["db_engine", "migrated_db_url", "repository"]


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def db_backend(request: pytest.FixtureRequest) -> str:
    """Both databases: the reads are read back from the table's log."""
    return request.param


async def advance(service: GameService, table_id: int, until: str) -> None:
    """Run the table's timers until it reaches state ``until`` (the person's turns time out)."""
    for _ in range(5000):
        record = await service.load(table_id)
        assert record is not None
        if record.state == until:
            return
        outcome = await service.run_timer(table_id, record.turn_seq)
        assert outcome is not None, f"nothing due in state {record.state}"
    raise AssertionError(f"the table never reached {until}")


async def caught_up(service: GameService, table_id: int) -> TableReads:
    record = await service.repo.get_table(table_id)
    assert record is not None
    reads = await service.reads_for(record, Table.from_dict(record.game))
    assert reads is not None
    return reads


def figures(reads: TableReads) -> list[tuple[object, ...]]:
    return [(r.hands, r.raised_hands, r.raises, r.accepts, r.runs, tuple(r.shown))
            for r in reads.seats]


async def test_reads_survive_into_the_next_game_of_a_series(repository: Repository) -> None:
    service = GameService(repository, rng=random.Random(5))
    opened = await service.open_table(chat_id=-100170, creator_id=1700, creator_name="Ana",
                                      variant="paulista", players=2)
    table_id = opened.record.id
    await service.act(table_id, "add_bot", 1, "Bot", "tight")
    assert all(read.hands == 0 for read in (await caught_up(service, table_id)).seats)
    await service.act(table_id, "start")
    await advance(service, table_id, "finished")
    reads = await caught_up(service, table_id)
    first = [read.hands for read in reads.seats]
    assert first[0] == first[1] > 0  # every hand of the game was read, for both seats
    raised = reads.seats[0].raised_hands + reads.seats[1].raised_hands
    assert raised > 0

    await service.act(table_id, "rematch")
    await advance(service, table_id, "scoring")  # the first hand of the second game
    again = await caught_up(service, table_id)
    assert again is reads  # the same record, still learning
    assert again.seats[0].hands == first[0] + 1
    assert again.seats[0].raised_hands + again.seats[1].raised_hands >= raised

    # a restart (or another worker) reads the same from the log as this process learnt
    fresh = GameService(repository, rng=random.Random(7))
    assert fresh.reads(table_id) is None
    assert figures(await caught_up(fresh, table_id)) == figures(again)
    # ... and both keep up when the other one saves
    await advance(fresh, table_id, "finished")
    assert figures(await caught_up(service, table_id)) == \
        figures(await caught_up(fresh, table_id))
    assert (await caught_up(service, table_id)).seats[0].hands > first[0] + 1


async def test_a_new_player_in_a_seat_starts_from_the_prior(repository: Repository) -> None:
    service = GameService(repository, rng=random.Random(6))
    opened = await service.open_table(chat_id=-100171, creator_id=1701, creator_name="Bia",
                                      variant="paulista", players=2)
    table_id = opened.record.id
    await service.act(table_id, "add_bot", 1, "Bot", "aggressive")
    reads = await caught_up(service, table_id)
    reads.seats[0].hands = reads.seats[1].hands = 9  # as if a game had been read
    await service.act(table_id, "stand", 1701)
    assert service.reads(table_id) is reads  # this process fed its own save
    assert reads.seats[0].hands == 0 and reads.seats[1].hands == 9
    fresh = await caught_up(GameService(repository, rng=random.Random(8)), table_id)
    assert [r.hands for r in fresh.seats] == [0, 0]  # the log holds no hand yet
