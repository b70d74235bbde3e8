"""Seats: who sits where, written beside the game in the save that seats them."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import delete

from chatbot.storage.database import write
from chatbot.storage.errors import NotFound, SeatTaken, StaleVersion
from chatbot.storage.models import tables
from chatbot.storage.records import SeatRecord, TableRecord
from chatbot.storage.repository import Repository


async def new_table(repo: Repository) -> TableRecord:
    return await repo.create_table(chat_id=-100, creator_id=1, variant="paulista", state="lobby")


async def seat(repo: Repository, table: TableRecord, *seats: SeatRecord) -> TableRecord:
    """Save the table with these seats (its whole seating), as the service does."""
    return await repo.save_with_events(table, table.version, [("PlayerSat", {})], seats)


async def test_seats_come_back_in_order(repository: Repository) -> None:
    table = await new_table(repository)
    bot = SeatRecord(table.id, 2, "Bot", is_bot=True, bot_level="hard")
    ana = SeatRecord(table.id, 0, "Ana", user_id=10)
    await seat(repository, table, bot, ana)
    assert await repository.get_seats(table.id) == [ana, bot]


async def test_a_seat_and_a_user_are_taken_once(repository: Repository) -> None:
    table = await new_table(repository)
    ana = SeatRecord(table.id, 0, "Ana", user_id=10)
    with pytest.raises(SeatTaken):
        await seat(repository, table, ana, SeatRecord(table.id, 1, "Ana again", user_id=10))
    # Bots have no user id and may fill any number of seats.
    await seat(repository, table, ana, SeatRecord(table.id, 1, "Bot 1", is_bot=True),
               SeatRecord(table.id, 2, "Bot 2", is_bot=True))
    assert len(await repository.get_seats(table.id)) == 3


async def test_seats_need_their_table(repository: Repository) -> None:
    table = await new_table(repository)
    with pytest.raises(NotFound):
        await seat(repository, replace(table, id=table.id + 1000),
                   SeatRecord(table.id + 1000, 0, "Ana", user_id=10))
    with pytest.raises(ValueError):  # a seat of another table in this table's save
        await seat(repository, table, SeatRecord(table.id + 1, 0, "Ana", user_id=10))


async def test_a_save_with_seats_replaces_the_whole_seating(repository: Repository) -> None:
    table = await new_table(repository)
    table = await seat(repository, table, SeatRecord(table.id, 0, "Old", user_id=99))
    solo = [SeatRecord(table.id, 0, "Ana", user_id=10),
            *(SeatRecord(table.id, n, f"Bot {n}", is_bot=True) for n in (1, 2, 3))]
    table = await seat(repository, table, *solo)
    assert await repository.get_seats(table.id) == solo
    # a save without seats leaves them as they are
    await repository.save_with_events(table, table.version, [("CardPlayed", {})])
    assert await repository.get_seats(table.id) == solo


async def test_seats_go_with_their_table(repository: Repository) -> None:
    """The foreign key is enforced (SQLite needs PRAGMA foreign_keys for that)."""
    table = await new_table(repository)
    await seat(repository, table, SeatRecord(table.id, 0, "Ana", user_id=10))
    async with write(repository.engine) as conn:
        await conn.execute(delete(tables).where(tables.c.id == table.id))
    assert await repository.get_seats(table.id) == []
    assert await repository.list_events(table.id) == []


async def test_a_save_sets_the_seats_in_its_own_transaction(repository: Repository) -> None:
    """A join is one write: the table, its log and its seats, or nothing of them."""
    table = await new_table(repository)
    ana, bot = SeatRecord(table.id, 0, "Ana", user_id=10), SeatRecord(table.id, 1, "Bot",
                                                                       is_bot=True)
    saved = await repository.save_with_events(table, table.version, [("PlayerSat", {})],
                                              [ana, bot])
    assert saved.version == table.version + 1
    assert await repository.get_seats(table.id) == [ana, bot]
    with pytest.raises(StaleVersion):  # a stale save changes no seat either
        await repository.save_with_events(table, table.version, [], [ana])
    with pytest.raises(SeatTaken):  # one user in two seats: the whole save is refused
        await repository.save_with_events(saved, saved.version, [("PlayerSat", {})],
                                          [ana, replace(ana, seat=2)])
    assert await repository.get_seats(table.id) == [ana, bot]
    assert (await repository.get_table(table.id)).version == saved.version  # type: ignore[union-attr]
    assert len(await repository.list_events(table.id)) == 1
