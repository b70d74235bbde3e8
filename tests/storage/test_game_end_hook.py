"""The game-end hook: storage counts nothing itself, it calls whoever the bot hands it
in the transaction of the save that logs a ``GameWon`` (chatbot/storage/game_end.py)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage.game_end import GameEndHook
from chatbot.storage.models import game_events
from chatbot.storage.records import TableRecord
from chatbot.storage.repository import Repository


@dataclass
class CallsSeen:
    """A hook that notes its calls, and how many log entries its transaction sees."""

    calls: list[tuple[object, ...]] = field(default_factory=list)
    fail: bool = False

    def lock(self, conn: Connection) -> None:
        self.calls.append(("lock",))

    def record(self, conn: Connection, table_id: int, after_seq: int) -> None:
        logged = conn.execute(select(func.count()).select_from(game_events)
                              .where(game_events.c.table_id == table_id)).scalar_one()
        self.calls.append(("record", table_id, after_seq, logged))
        if self.fail:
            raise RuntimeError("the records could not be written")


async def new_table(repo: Repository) -> TableRecord:
    return await repo.create_table(chat_id=-1001, creator_id=1, variant="put", state="lobby")


async def test_the_save_that_ends_a_game_calls_the_hook_in_its_transaction(
        db_engine: AsyncEngine) -> None:
    hook = CallsSeen()
    checked: GameEndHook = hook  # the fake keeps to the protocol
    repo = Repository(db_engine, checked)
    table = await new_table(repo)
    table = await repo.save_with_events(replace(table, state="playing"), table.version,
                                        [("HandStarted", {}), ("CardPlayed", {})])
    assert hook.calls == []  # no game ended yet
    await repo.save_with_events(replace(table, state="finished"), table.version,
                                [("HandWon", {}), ("GameWon", {"team": 0})])
    # locked before the save, then told what was logged before this save's entries,
    # while it sees this save's entries too: it runs inside the save's transaction
    assert hook.calls == [("lock",), ("record", table.id, 2, 4)]


async def test_a_hook_that_fails_undoes_the_save(db_engine: AsyncEngine) -> None:
    repo = Repository(db_engine, CallsSeen(fail=True))
    table = await new_table(repo)
    with pytest.raises(RuntimeError):
        await repo.save_with_events(replace(table, state="finished"), table.version,
                                    [("GameWon", {"team": 1})])
    assert await repo.get_table(table.id) == table
    assert await repo.list_events(table.id) == []


async def test_without_a_hook_a_game_end_is_logged_and_nothing_more(
        repository: Repository) -> None:
    table = await new_table(repository)
    saved = await repository.save_with_events(replace(table, state="finished"),
                                              table.version, [("GameWon", {"team": 0})])
    assert saved.state == "finished"
    assert [e.kind for e in await repository.list_events(table.id)] == ["GameWon"]
