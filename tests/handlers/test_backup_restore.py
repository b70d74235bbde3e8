"""A backup taken mid-game, while the game goes on, restores into a game that plays to its end.

The game runs through ``GameService`` on an SQLite file, as ``truco-bot run`` keeps
it; the backup is taken in a thread while the service keeps saving moves. The
restored copy is then opened as a restarted bot opens its database (migrations,
the stored deadlines), and its game is played on to the final score.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.storage.backup import backup
from chatbot.storage.database import make_engine
from chatbot.storage.migrate import upgrade_to_head
from chatbot.storage.repository import Repository

MOVES = 5000  # only against a game that never ends


async def turn(service: GameService, table_id: int) -> str:
    """Do what the table's deadline says is due (a bot's move, a time-out, the next deal)."""
    record = await service.load(table_id)
    assert record is not None
    if record.state != "finished":
        outcome = await service.run_timer(table_id, record.turn_seq)
        assert outcome is not None, f"nothing due in state {record.state}"
    return record.state


async def play_on(service: GameService, table_id: int, *, until_hands: int | None = None) -> None:
    """Play until the game ends, or until ``until_hands`` hands have been dealt."""
    for _ in range(MOVES):
        record = await service.load(table_id)
        assert record is not None
        table = Table.from_dict(record.game)
        if record.state == "finished" or (
                until_hands is not None and table.match is not None
                and table.match.hand_no >= until_hands):
            return
        await turn(service, table_id)
    raise AssertionError("the game never ended")


async def open_game(service: GameService) -> int:
    opened = await service.open_table(chat_id=-100320, creator_id=3200, creator_name="Ana",
                                      variant="paulista", players=2)
    table_id = opened.record.id
    await service.act(table_id, "add_bot", 1, "Bot", "easy")
    await service.act(table_id, "start")
    return table_id


async def test_a_backup_taken_mid_game_restores_and_plays_to_the_end(tmp_path: Path) -> None:
    live = tmp_path / "live" / "truco.db"
    engine = make_engine(f"sqlite+aiosqlite:///{live}")
    await upgrade_to_head(engine)
    service = GameService(Repository(engine), rng=random.Random(32))
    try:
        table_id = await open_game(service)
        await play_on(service, table_id, until_hands=2)
        before = await service.repo.get_table(table_id)
        assert before is not None and before.state != "finished"

        # the backup runs in a thread while the game goes on saving moves
        copy = tmp_path / "truco-backup.db"
        taking = asyncio.create_task(asyncio.to_thread(backup, live, copy))
        while not taking.done():
            await turn(service, table_id)
        await taking
        after = await service.repo.get_table(table_id)
        assert after is not None
        live_log = await service.repo.list_events(table_id)
    finally:
        await engine.dispose()

    # restore: the backup copied into place where a stopped bot's database would be
    restored = tmp_path / "restored" / "truco.db"
    restored.parent.mkdir()
    shutil.copyfile(copy, restored)
    engine = make_engine(f"sqlite+aiosqlite:///{restored}")
    try:
        await upgrade_to_head(engine)  # as a start does: nothing to migrate
        repo = Repository(engine)
        record = await repo.get_table(table_id)
        assert record is not None
        # one committed state between the last save before the backup and the first after
        assert before.version <= record.version <= after.version
        assert record.state != "finished"
        log = await repo.list_events(table_id)
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        assert [(e.seq, e.kind, e.payload) for e in log] == \
               [(e.seq, e.kind, e.payload) for e in live_log[:len(log)]]
        # a restarted bot finds the game's deadline and goes on from it
        assert table_id in {d.table_id for d in await repo.pending_deadlines()}

        restarted = GameService(repo, rng=random.Random(33))
        await play_on(restarted, table_id)
        final = await repo.get_table(table_id)
        assert final is not None and final.state == "finished"
        table = Table.from_dict(final.game)
        assert table.match is not None
        assert table.match.winner is not None
        assert max(table.match.score) >= table.rules.target_score()
        at_backup = Table.from_dict(record.game).match
        assert at_backup is not None and table.match.hand_no > at_backup.hand_no
    finally:
        await engine.dispose()
