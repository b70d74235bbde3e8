"""Wiring the real python-telegram-bot stack to the fake server.

Kept apart from the server so a bot test can build its own Application (with the
project's handlers) and only borrow the URL wiring and a clean start/stop.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from telegram.ext import Application, ApplicationBuilder

from .server import FakeTelegramServer


def application_builder(server: FakeTelegramServer) -> ApplicationBuilder:
    """An ApplicationBuilder whose Bot talks to ``server`` (``{base_url}{token}/{method}``)."""
    return (
        Application.builder()
        .token(server.token)
        .base_url(server.base_url)
        .base_file_url(server.base_file_url)
    )


@asynccontextmanager
async def polling(
    app: Application[Any, Any, Any, Any, Any, Any],
    *,
    timeout: int = 10,
    allowed_updates: Sequence[str] | None = None,
    drop_pending_updates: bool | None = None,
) -> AsyncIterator[Application[Any, Any, Any, Any, Any, Any]]:
    """Run ``app`` with long polling for the duration of the block, then stop it cleanly.

    ``poll_interval=0`` so updates are fetched the moment they are queued; the long
    poll ``timeout`` never slows a test down (the fake answers as soon as an update
    arrives, and stopping cancels the pending poll).
    """
    async with app:
        await app.start()
        try:
            assert app.updater is not None, "build the Application with an Updater"
            await app.updater.start_polling(
                poll_interval=0,
                timeout=timeout,
                allowed_updates=allowed_updates,
                drop_pending_updates=drop_pending_updates,
            )
            try:
                yield app
            finally:
                if app.updater.running:
                    await app.updater.stop()
        finally:
            if app.running:
                await app.stop()
