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
from chatbot.handlers.telegram.lifecycle import running
from chatbot.testing.fakebotapi import FakeTelegramServer

# People never run out of time in the end-to-end tests unless a test asks for it: on a
# busy machine a step can take seconds, and a deadline firing mid-test would change the game.
FAST = Timing(turn=3600.0, bot=0.0, between_hands=0.0)
LOBBY_DEFAULT_TURN = Timing(turn=30.0, bot=0.0, between_hands=0.0)


def settings_for(server: FakeTelegramServer, db_url: URL, timing: Timing = FAST) -> Settings:
    return Settings(token=server.token, database_url=db_url.render_as_string(hide_password=False),
                    api_root=server.url,
                    timing=timing, edit_delay=0.0)


@asynccontextmanager
async def running_bot(server: FakeTelegramServer, db_url: URL,
                      timing: Timing = FAST) -> AsyncIterator[Application]:
    """The bot as ``truco-bot run`` runs it: the same start-up and shut-down steps
    (chatbot.handlers.telegram.lifecycle.running), database migration, post_init
    (timers re-armed), post_stop (timers cancelled, edits flushed) and post_shutdown
    included."""
    settings = settings_for(server, db_url, timing)
    app = build_application(settings, rate_limiter=False)
    async with running(app, settings):
        yield app


def handlers_of(app: Application) -> TrucoHandlers:
    return app.bot_data["handlers"]
