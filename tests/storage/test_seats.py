"""Seats: who sits where, bots, and the time-out streaks."""

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


async def test_add_and_list_seats_in_order(repository: Repository) -> None:
    table = await new_table(repository)
    bot = await repository.add_seat(SeatRecord(table.id, 2, "Bot", is_bot=True, bot_level="hard"))
    ana = await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    assert bot == SeatRecord(table.id, 2, "Bot", None, True, "hard", 0)
    assert await repository.get_seats(table.id) == [ana, bot]


async def test_a_seat_and_a_user_are_taken_once(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    with pytest.raises(SeatTaken):
        await repository.add_seat(SeatRecord(table.id, 0, "Bia", user_id=11))
    with pytest.raises(SeatTaken):
        await repository.add_seat(SeatRecord(table.id, 1, "Ana again", user_id=10))
    # Bots have no user id and may fill any number of seats.
    await repository.add_seat(SeatRecord(table.id, 1, "Bot 1", is_bot=True))
    await repository.add_seat(SeatRecord(table.id, 2, "Bot 2", is_bot=True))
    assert len(await repository.get_seats(table.id)) == 3


async def test_seats_need_a_table(repository: Repository) -> None:
    with pytest.raises(NotFound):
        await repository.add_seat(SeatRecord(12345, 0, "Ana", user_id=10))


async def test_update_and_remove_seats(repository: Repository) -> None:
    table = await new_table(repository)
    ana = await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    taken_over = replace(ana, user_id=None, is_bot=True, bot_level="easy", name="Bot")
    assert await repository.update_seat(taken_over) == taken_over
    assert await repository.get_seats(table.id) == [taken_over]
    with pytest.raises(NotFound):
        await repository.update_seat(replace(ana, seat=3))
    assert await repository.remove_seat(table.id, 0)
    assert not await repository.remove_seat(table.id, 0)
    assert await repository.get_seats(table.id) == []


async def test_update_cannot_seat_a_user_twice(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    bia = await repository.add_seat(SeatRecord(table.id, 1, "Bia", user_id=11))
    with pytest.raises(SeatTaken):
        await repository.update_seat(replace(bia, user_id=10))


async def test_replace_seats_sets_the_whole_table(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.add_seat(SeatRecord(table.id, 0, "Old", user_id=99))
    solo = [
        SeatRecord(table.id, 0, "Ana", user_id=10),
        SeatRecord(table.id, 1, "Bot 1", is_bot=True),
        SeatRecord(table.id, 2, "Bot 2", is_bot=True),
        SeatRecord(table.id, 3, "Bot 3", is_bot=True),
    ]
    assert await repository.replace_seats(table.id, solo) == solo
    with pytest.raises(SeatTaken):
        await repository.replace_seats(table.id, [solo[0], replace(solo[0], seat=1)])
    assert await repository.get_seats(table.id) == solo  # refused as a whole
    with pytest.raises(ValueError):
        await repository.replace_seats(table.id, [replace(solo[0], table_id=table.id + 1)])


async def test_timeout_streaks(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    assert await repository.record_timeout(table.id, 0) == 1
    assert await repository.record_timeout(table.id, 0) == 2
    await repository.reset_timeouts(table.id, 0)
    assert (await repository.get_seats(table.id))[0].timeouts == 0
    with pytest.raises(NotFound):
        await repository.record_timeout(table.id, 1)


async def test_seats_go_with_their_table(repository: Repository) -> None:
    """The foreign key is enforced (SQLite needs PRAGMA foreign_keys for that)."""
    table = await new_table(repository)
    await repository.add_seat(SeatRecord(table.id, 0, "Ana", user_id=10))
    await repository.append_events(table.id, [("X", {})])
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
