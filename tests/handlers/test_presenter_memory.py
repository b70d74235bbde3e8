"""The presenter forgets a table when its game ends: a finished table nobody stops
costs no memory, and what comes next (a rematch, /stop) works as before."""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import special_hand
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_solo import open_practice, play_private_game


async def test_a_finished_game_leaves_nothing_in_the_presenters_memory(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    ana = FakeUser(fake_telegram, 5101, "Ana")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        deps = deps_of(app)
        presenter = deps.presenter
        await open_practice(fake_telegram, ana)
        record = await repo.get_active_table(ana.id)
        assert record is not None
        # both sides at 11: the iron hand dealt now decides the game
        outcome = await deps.service.amend(record.id, special_hand([11, 11], 1, 5))
        await deps.stage.after(outcome)
        assert presenter.screen(record.id) is not None  # a game in play is remembered
        final = await play_private_game(fake_telegram, ana)
        assert "Game over" in final
        await presenter.editor.flush()
        assert presenter.screen(record.id) is None
        game_over = ana.private.last_bot_message()
        assert not presenter.editor.holds((ana.id, game_over.message_id))

        # The rematch starts afresh; the old message gives up its Rematch button.
        await ana.press_button(game_over, "Rematch")
        await fake_telegram.wait_until(
            lambda: ana.private.last_bot_message().message_id != game_over.message_id
            and not game_over.buttons, what="the new game's message, the old one retired")
        assert "Game over" in (game_over.text or "")
        assert presenter.screen(record.id) is not None
