"""A long outage: the moves people made in time win over the deadlines that passed.

The bot is stopped longer than the turn time; Alice plays a card while it is
down (the fake Bot API keeps the update, as Telegram does). At restart her card
is played, not the bot's choice for her, and nobody "ran out of time".
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.payload import user_scope
from chatbot.handlers.service import Timing
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import (
    cards_first,
    fresh_deal_for_alice,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot

PATIENT = Timing(turn=3600.0, bot=0.0, between_hands=0.0)


async def test_a_move_made_during_an_outage_beats_the_overdue_deadline(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    async with running_bot(fake_telegram, migrated_db_url, PATIENT) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        record = await fresh_deal_for_alice(game, deps_of(app))
        message = await game.table_message()
        answer = await alice.inline_query_from(message)  # she opens inline mode in time
        codec = deps_of(app).codec
    chosen = cards_first(answer.results)
    assert chosen is not None
    card = codec.decode(chosen["id"], user_scope(alice.id)).arg

    # the bot is down; Alice taps her card; the turn time passes
    stopped = await repo.get_table(game.table_id)
    assert stopped is not None and stopped.turn_seq == record.turn_seq
    await alice.choose_inline(chosen["id"], answer=answer)
    assert fake_telegram.pending_updates, "the fake keeps the move for the bot"
    overdue = replace(stopped, turn_deadline=datetime.now(UTC) - timedelta(minutes=5))
    await repo.save(overdue, stopped.version)
    logged = len(await repo.list_events(game.table_id))

    async with running_bot(fake_telegram, migrated_db_url, PATIENT):
        after = await game.moved_past(record.turn_seq)
        events = (await repo.list_events(game.table_id))[logged:]
        inputs = [e.payload for e in events if e.kind == "input"]
        assert inputs[0]["trigger"] == "move", inputs
        seat, action = inputs[0]["args"][:2]
        assert seat == 0 and card.endswith(action["card"]), (card, action)
        assert all(i["trigger"] != "time_out" for i in inputs), inputs
        assert not table_of(after).seats[0].away  # type: ignore[union-attr]
        await game.human_turn()
        table_text = (await game.table_message()).text or ""
        assert "ran out of time" not in table_text
        # and the game goes on from there
        final = await game.play_to_the_end(random.Random(3), prefer=cards_first)
        assert final.state == "finished"
