"""The bots' reads of a table outlive a game: a series at one table keeps teaching them."""

from __future__ import annotations

import random

import pytest

from chatbot.handlers.service import GameService
from chatbot.storage.repository import Repository
from tests.dbfixtures import db_engine, migrated_db_url, repository

__all__ = ["db_engine", "migrated_db_url", "repository"]


@pytest.fixture(scope="session")
def db_backend() -> str:
    """SQLite is enough here: the reads live in the service's memory, not in the database."""
    return "sqlite"


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


async def test_reads_survive_into_the_next_game_of_a_series(repository: Repository) -> None:
    service = GameService(repository, rng=random.Random(5))
    opened = await service.open_table(chat_id=-100170, creator_id=1700, creator_name="Ana",
                                      variant="paulista", players=2)
    table_id = opened.record.id
    await service.act(table_id, "add_bot", 1, "Bot", "tight")
    assert service.reads(table_id) is not None
    assert all(read.hands == 0 for read in service.reads(table_id).seats)
    await service.act(table_id, "start")
    await advance(service, table_id, "finished")
    reads = service.reads(table_id)
    assert reads is not None
    first = [read.hands for read in reads.seats]
    assert first[0] == first[1] > 0  # every hand of the game was read, for both seats
    raised = reads.seats[0].raised_hands + reads.seats[1].raised_hands
    assert raised > 0

    await service.act(table_id, "rematch")
    await advance(service, table_id, "scoring")  # the first hand of the second game
    again = service.reads(table_id)
    assert again is reads  # the same record, still learning
    assert again.seats[0].hands == first[0] + 1
    assert again.seats[0].raised_hands + again.seats[1].raised_hands >= raised


async def test_a_new_player_in_a_seat_starts_from_the_prior(repository: Repository) -> None:
    service = GameService(repository, rng=random.Random(6))
    opened = await service.open_table(chat_id=-100171, creator_id=1701, creator_name="Bia",
                                      variant="paulista", players=2)
    table_id = opened.record.id
    await service.act(table_id, "add_bot", 1, "Bot", "aggressive")
    reads = service.reads(table_id)
    assert reads is not None
    reads.seats[0].hands = reads.seats[1].hands = 9  # as if a game had been read
    await service.act(table_id, "stand", 1701)
    assert reads.seats[0].hands == 0 and reads.seats[1].hands == 9
