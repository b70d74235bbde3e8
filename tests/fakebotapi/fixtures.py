"""Pytest fixtures for the fake Bot API; import them into a conftest.

    from tests.fakebotapi.fixtures import fake_telegram  # noqa: F401

(or ``pytest_plugins = ["tests.fakebotapi.fixtures"]`` in the root conftest).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from chatbot.testing.fakebotapi import FakeTelegramServer


@pytest_asyncio.fixture
async def fake_telegram() -> AsyncIterator[FakeTelegramServer]:
    """A started fake Bot API server, one per test, stopped afterwards.

    Fixtures that run a PTB Application against it must depend on this one, so
    that the application stops before the server does.
    """
    server = FakeTelegramServer()
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
    if server.internal_errors:
        raise AssertionError(f"the fake Bot API failed to answer: {server.internal_errors!r}")
