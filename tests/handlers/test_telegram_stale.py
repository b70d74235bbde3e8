"""No message keeps a button that could only answer "stale".

When the game starts, the lobby shows its final seats and no buttons. A hand's
message that rests (its budget spent) keeps only inline play and "my cards",
which stay valid; so does every hand's message once the next hand took over.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.payload import chat_scope
from chatbot.handlers.telegram import presenter
from chatbot.i18n.table_text import paused_line
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import cards_first, eventually, open_group_table, table_of
from tests.handlers.telegram_harness import deps_of, running_bot

STARTED = "The game has started"


def dead_buttons(app: Any, message: FakeMessage) -> list[str]:
    """Labels of the message's buttons bound to one moment of the game (all but inline
    play and "my cards")."""
    codec = deps_of(app).codec
    return [b["text"] for b in message.buttons if "callback_data" in b
            and codec.decode(b["callback_data"], chat_scope(message.chat.id)).action != "cards"]


def truco_now_and_then(results: list[dict[str, Any]], rng: random.Random,
                       stake: int) -> dict[str, Any] | None:
    """Calls truco now and then, and runs from any higher raise, so a hand gives at most
    3 points and the game lasts the four hands the test needs (a bot's raise to 12,
    accepted, would end it in the first)."""
    run = [r for r in results if r["title"].startswith("Run")]
    if run and stake >= 3:
        return run[0]
    truco = [r for r in results if r["title"] == "Truco!"]
    return truco[0] if truco and rng.random() < 0.5 else cards_first(results)


async def test_the_lobby_shows_its_final_state_when_the_game_starts(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1201, "Alice")
    bob = FakeUser(fake_telegram, 1202, "Bob")
    async with running_bot(fake_telegram, migrated_db_url):
        game = await open_group_table(fake_telegram, repo, alice, bob, start=False)
        lobby = game.group.last_bot_message()
        assert lobby is not None and lobby.buttons
        await alice.press_button(lobby, "Start")
        await game.table_message()
        await fake_telegram.wait_until(lambda: STARTED in (lobby.text or ""),
                                       what="the lobby's final state")
        text = lobby.text or ""
        assert "Alice" in text and "Bob" in text and "Bot 2" in text and "Bot 3" in text
        assert "free" not in text and "empty seat" not in text
        assert lobby.buttons == []


async def test_resting_and_finished_hand_messages_keep_no_dead_buttons(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(presenter, "HAND_EDITS", 2)  # so that hands rest
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1211, "Alice")
    bob = FakeUser(fake_telegram, 1212, "Bob")
    paused = paused_line("en")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        rng = random.Random(3)

        for _ in range(400):  # four hands, the people raising whenever they may
            record = await game.human_turn()
            match = table_of(record).match
            if record.state in ("finished", "closed") or (match and match.hand_no >= 5):
                break
            assert match is not None and match.hand is not None
            stake = match.hand.stake
            await game.play_one(rng, prefer=lambda r, s=stake: truco_now_and_then(r, rng, s))
        await deps_of(app).presenter.editor.flush()

        async def newest_saved() -> int | None:
            """The table's message once the last hand's post is saved as it (the loop may
            have seen the new hand in the database before its message was posted)."""
            saved = (await game.record()).message_id
            newest = max(m.message_id for m in game.group.bot_messages())
            return saved if saved == newest else None

        current = await eventually(newest_saved, "the newest hand message saved as the table's")
        messages = game.group.bot_messages()
        lobby = min(m.message_id for m in messages)
        old_hands = [m for m in messages if m.message_id not in (lobby, current)]
        assert old_hands, "\n---\n".join(f"{m.message_id}: {m.text}" for m in messages)
        rested = [m for m in game.group.bot_messages() if paused in (m.text or "")]
        assert rested, "raising people should spend a hand's budget"
        # a superseded message loses its buttons in the background (the group's minute may
        # make that edit wait): wait for it, then check each message
        await fake_telegram.wait_until(
            lambda: all(dead_buttons(app, m) == [] for m in rested + old_hands),
            what="the dead buttons of rested and old hands' messages to go")
        for message in rested + old_hands:
            assert dead_buttons(app, message) == [], (message.text, message.buttons)
            assert any("switch_inline_query_current_chat" in b for b in message.buttons)
