"""Presses and inline queries too old to answer are normal (issue 14, finding 3).

The bot is down past Telegram's answer window while people press and type; at
restart it gets their updates, but every answer fails with "query is too old".
That is logged at DEBUG, never as an error with a traceback, and each press's
effect that is still valid is applied: the lobby's Start starts the game, the
/start menu's button opens the practice game.
"""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import ApiCall, FakeTelegramServer, FakeUser
from chatbot.testing.fakebotapi.errors import QUERY_TOO_OLD
from tests.handlers.group_helpers import eventually, open_group_table, table_of
from tests.handlers.telegram_harness import deps_of, running_bot


async def failed_answer(server: FakeTelegramServer, method: str, key: str,
                        query_id: str) -> ApiCall:
    call = await server.wait_for_call(method, where=lambda c: c.params.get(key) == query_id)
    assert not call.ok and call.description == QUERY_TOO_OLD
    return call


async def test_expired_presses_and_queries_apply_and_log_quietly(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        caplog: pytest.LogCaptureFixture) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    carol = FakeUser(server, 1003, "Carol")
    async with running_bot(server, migrated_db_url):
        game = await open_group_table(server, repo, alice, bob, start=False)
        mark = server.mark()
        await carol.start()
        await server.wait_for_call("sendMessage", chat_id=carol.id, since=mark)
        menu = carol.private.last_bot_message()
        assert menu is not None
        lobby = game.group.last_bot_message()
        assert lobby is not None and "Every seat is taken" in (lobby.text or "")

    # the bot is down; people press and type; Telegram's answer window passes
    start = alice.click(lobby, lobby.button("Start")["callback_data"])
    solo = carol.click(menu, menu.button("Truco Paulista: me against the bot")["callback_data"])
    inline = bob.ask_inline(f"{game.code} ", chat=game.group)
    assert set(server.expire_queries()) == {start, solo, inline}

    caplog.set_level(logging.DEBUG)
    async with running_bot(server, migrated_db_url) as app:
        await failed_answer(server, "answerCallbackQuery", "callback_query_id", start)
        await failed_answer(server, "answerCallbackQuery", "callback_query_id", solo)
        await failed_answer(server, "answerInlineQuery", "inline_query_id", inline)

        async def started() -> TableRecord | None:
            record = await game.record()
            return record if record.state.startswith("hand") else None
        await eventually(started, "the group's game started by the expired press")

        async def practising() -> TableRecord | None:  # and standing still, at her turn
            record = await repo.get_active_table(carol.id)
            if record is None or not record.state.startswith("hand_"):
                return None
            table = table_of(record)
            assert table.match is not None
            return record if table.rules.to_act(table.match) == 0 else None
        await eventually(practising, "Carol's practice game opened by the expired press")
        await game.table_message()
        await deps_of(app).presenter.editor.flush()

    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info
              or (r.levelno >= logging.WARNING and "too old" in r.getMessage())]
    assert errors == [], [r.getMessage() for r in errors]
    quiet = [r.getMessage() for r in caplog.records
             if r.name == "chatbot.handlers.telegram.answers" and r.levelno == logging.DEBUG]
    assert len(quiet) == 3, quiet
