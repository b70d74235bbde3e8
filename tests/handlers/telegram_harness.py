"""Run the real bot (build_application) against the fake Bot API on a test database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy.engine import URL
from telegram.ext import Application

from chatbot.handlers.service import Timing
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.handlers import TrucoHandlers
from chatbot.testing.fakebotapi import FakeTelegramServer

FAST = Timing(turn=30.0, bot=0.0, between_hands=0.0)


def settings_for(server: FakeTelegramServer, db_url: URL, timing: Timing = FAST) -> Settings:
    return Settings(token=server.token, database_url=db_url.render_as_string(hide_password=False),
                    api_base_url=server.base_url, api_file_url=server.base_file_url,
                    timing=timing, edit_delay=0.0)


@asynccontextmanager
async def running_bot(server: FakeTelegramServer, db_url: URL,
                      timing: Timing = FAST) -> AsyncIterator[Application]:
    """The bot as ``run_polling`` runs it, post_init and post_shutdown included.

    Those two hooks are where the bot migrates, re-arms stored timers and, on the
    way out, cancels them and flushes pending edits: a restart test needs both.
    """
    app = build_application(settings_for(server, db_url, timing), rate_limiter=False)
    async with app:
        if app.post_init is not None:
            await app.post_init(app)
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(poll_interval=0, timeout=10)
        try:
            yield app
        finally:
            if app.updater.running:
                await app.updater.stop()
            if app.running:
                await app.stop()
    if app.post_shutdown is not None:
        await app.post_shutdown(app)


def handlers_of(app: Application) -> TrucoHandlers:
    return app.bot_data["handlers"]
