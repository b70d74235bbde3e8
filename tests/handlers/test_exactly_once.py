"""An update delivered twice changes the game once; two workers on one table take turns.

The service tests give each "worker" its own GameService (its own memory and
asyncio locks) on the same database, as two processes have; on PostgreSQL each
also has its own advisory locks (chatbot/storage/locks.py). The Telegram test
hands the real Application the same update a second time, as a worker does when
the previous owner of its partition died after saving but before acknowledging.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import text, update
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram import Update

from chatbot.fsm.errors import Refused
from chatbot.handlers import once
from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.repeats import Repeats
from chatbot.storage import AlreadyApplied, Repository, make_engine
from chatbot.storage.locks import NAMESPACE, TableLocks
from chatbot.storage.models import applied_updates
from chatbot.storage.sqltypes import utcnow
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import WAIT, eventually
from tests.handlers.telegram_harness import running_bot

KEY = (123456789, 555)


async def _workers(db_url: URL, count: int = 2) -> list[tuple[GameService, AsyncEngine]]:
    out = []
    for _ in range(count):
        engine = make_engine(db_url)
        out.append((GameService(Repository(engine), table_locks=TableLocks(engine)), engine))
    return out


async def _close(workers: list[tuple[GameService, AsyncEngine]]) -> None:
    for service, engine in workers:
        await service.table_locks.dispose()
        await engine.dispose()


async def test_one_update_on_two_workers_at_once_is_applied_once(
        db_engine: AsyncEngine, migrated_db_url: URL) -> None:
    workers = await _workers(migrated_db_url)
    try:
        first = workers[0][0]
        opened = await first.open_table(chat_id=-500, creator_id=1, creator_name="Ana",
                                        variant="paulista", players=4)

        async def deliver(service: GameService) -> Outcome | BaseException:
            once.deliver(KEY)  # both workers received update 555
            try:
                return await service.act(opened.record.id, "add_bot", 1, "Bot 1", "normal")
            except (Refused, AlreadyApplied) as refused:
                return refused

        results = await asyncio.gather(*(deliver(s) for s, _ in workers))
        assert sum(isinstance(r, Outcome) for r in results) == 1, results
        repo = Repository(db_engine)
        assert await repo.update_applied(KEY)
        seats = await repo.get_seats(opened.record.id)
        assert [s.seat for s in seats] == [0, 1]
        kinds = [e.payload.get("trigger") for e in await repo.list_events(opened.record.id)
                 if e.kind == "input"]
        assert kinds == ["open", "add_bot"]
    finally:
        await _close(workers)


async def test_two_workers_racing_on_one_table_both_act_in_turn(
        db_engine: AsyncEngine, migrated_db_url: URL) -> None:
    """Two different updates at once on two workers: both applied, one after the other,
    every save on the version the other left (none lost, the log in one order)."""
    workers = await _workers(migrated_db_url)
    try:
        opened = await workers[0][0].open_table(chat_id=-501, creator_id=1,
                                                creator_name="Ana", variant="paulista",
                                                players=4)

        async def add(service: GameService, seat: int) -> Outcome:
            once.deliver((KEY[0], 600 + seat))
            return await service.act(opened.record.id, "add_bot", seat, f"Bot {seat}",
                                     "normal")

        outcomes = await asyncio.gather(*(add(s, seat) for (s, _), seat in
                                          zip(workers, (1, 2), strict=True)))
        assert sorted(o.record.version for o in outcomes) == [3, 4]
        repo = Repository(db_engine)
        assert [s.seat for s in await repo.get_seats(opened.record.id)] == [0, 1, 2]
        for seat in (1, 2):
            assert await repo.update_applied((KEY[0], 600 + seat))
    finally:
        await _close(workers)


async def test_a_table_lock_holds_off_another_process_until_released(
        db_backend: str, migrated_db_url: URL) -> None:
    if db_backend != "postgresql":
        pytest.skip("advisory locks are PostgreSQL's; SQLite runs one process")
    engines = [make_engine(migrated_db_url) for _ in range(3)]
    holder, other = TableLocks(engines[0]), TableLocks(engines[1])
    entered = asyncio.Event()

    async def second() -> None:
        async with other.hold(4242):
            entered.set()

    async def waiting() -> int:
        async with engines[2].connect() as conn:
            return (await conn.execute(text(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                "AND classid = :ns AND objid = 4242"), {"ns": NAMESPACE})).scalar_one()

    try:
        assert holder.shared and other.shared
        async with holder.hold(4242):
            task = asyncio.create_task(second())
            await eventually(lambda: _positive(waiting()), "the second holder waiting")
            assert not entered.is_set()
        await asyncio.wait_for(task, WAIT)
        assert entered.is_set()
    finally:
        await holder.dispose()
        await other.dispose()
        for engine in engines:
            await engine.dispose()


async def _positive(count: object) -> bool | None:
    return (await count) > 0 or None  # type: ignore[misc,operator]


async def test_an_update_delivered_again_is_answered_without_acting(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    async with running_bot(server, migrated_db_url) as app:
        group = server.create_group("Truco", members=[alice])
        await alice.send(group, "/new paulista")
        new_id = max(server.sent_updates)
        await server.wait_until(lambda: group.last_bot_message(), what="the lobby")
        async def lobby_saved():  # the table with its lobby message's id
            found = await repo.get_active_table(group.id)
            return found if found is not None and found.message_id is not None else None

        record = await eventually(lobby_saved, "the table with its message")
        sent = len(server.calls_to("sendMessage", chat_id=group.id))
        events = len(await repo.list_events(record.id))

        # the same /new again (without the check it would ask to replace the game)
        await app.process_update(Update.de_json(server.sent_updates[new_id], app.bot))
        assert len(server.calls_to("sendMessage", chat_id=group.id)) == sent
        again = await repo.get_active_table(group.id)
        assert again is not None and again.version == record.version
        assert len(await repo.list_events(record.id)) == events
        assert await repo.update_applied((123456789, new_id))


async def test_records_no_repeat_can_need_are_forgotten(db_engine: AsyncEngine) -> None:
    repo = Repository(db_engine)
    table = await repo.create_table(chat_id=-7, creator_id=1, variant="paulista",
                                    state="lobby")
    saved = await repo.save_with_events(table, table.version, [], applied=(1, 5))
    await repo.save_with_events(saved, saved.version, [], applied=(1, 6))
    async with db_engine.begin() as conn:  # update 5 was recorded three days ago
        await conn.execute(update(applied_updates).where(applied_updates.c.update_id == 5)
                           .values(applied_at=utcnow() - timedelta(days=3)))
    await Repeats(repo, "1:x").forget_old()
    assert not await repo.update_applied((1, 5))
    assert await repo.update_applied((1, 6))
