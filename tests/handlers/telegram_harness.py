"""Run the real bot (build_application) against the fake Bot API on a test database."""

from __future__ import annotations

import os
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from weakref import WeakKeyDictionary

from sqlalchemy.engine import URL
from telegram.ext import Application

from chatbot.handlers.service import Timing
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.handlers.telegram.lifecycle import running
from chatbot.testing.fakebotapi import FakeTelegramServer
from chatbot.testing.virtual_clock import VirtualClock, peak_in_window

GROUP_LIMIT = 20  # sends and edits a group may get in any 60 s

# People never run out of time in the end-to-end tests unless a test asks for it: on a
# busy machine a step can take seconds, and a deadline firing mid-test would change the game.
FAST = Timing(turn=3600.0, bot=0.0, between_hands=0.0)
LOBBY_DEFAULT_TURN = Timing(turn=30.0, bot=0.0, between_hands=0.0)


def settings_for(server: FakeTelegramServer, db_url: URL, timing: Timing = FAST,
                 owner_id: int | None = None) -> Settings:
    return Settings(token=server.token, database_url=db_url.render_as_string(hide_password=False),
                    api_root=server.url,
                    timing=timing, edit_delay=0.0, owner_id=owner_id)


_CLOCKS: WeakKeyDictionary[FakeTelegramServer, VirtualClock] = WeakKeyDictionary()


def virtual_clock(server: FakeTelegramServer) -> VirtualClock | None:
    """The server's virtual clock (one per server, kept across restarts), unless the test
    gave the server a clock of its own (then the group's minute is not kept)."""
    clock = _CLOCKS.get(server)
    if clock is None and server.clock is time.monotonic:
        clock = _CLOCKS[server] = VirtualClock()
        server.clock = clock.now
    return clock


def group_peaks(server: FakeTelegramServer, since: int = 0) -> dict[int | str, int]:
    """The most sends and edits each group received within any 60 s (the fake's times)."""
    times: dict[int | str, list[float]] = {}
    for call in server.counted_calls(since=since):
        if isinstance(call.chat_id, int) and call.chat_id < 0:
            times.setdefault(call.chat_id, []).append(call.at)
    return {chat: peak_in_window(at, 60.0) for chat, at in times.items()}


@asynccontextmanager
async def running_bot(server: FakeTelegramServer, db_url: URL,
                      timing: Timing = FAST, *,
                      owner_id: int | None = None) -> AsyncIterator[Application]:
    """The bot as ``truco-bot run`` runs it: the same start-up and shut-down steps
    (chatbot.handlers.telegram.lifecycle.running), database migration, post_init
    (timers re-armed, sticker sets made for ``owner_id``), post_stop (timers cancelled,
    edits flushed) and post_shutdown included.

    The bot keeps each group's minute in virtual time (the fake records its calls on
    the same clock), so a fast game costs no real waiting, and on the way out every
    test checks that no group got more than 20 sends and edits in any 60 s.
    The deals are seeded by the test's name (``seeded_deals``): a failure deals the same
    cards when it is run again, and no test passes or fails by the luck of a deal.
    """
    clock = virtual_clock(server)
    minute = (GroupMinute(clock=clock.now, sleep=clock.sleep) if clock is not None
              else GroupMinute(limit=1_000_000))
    mark = server.mark()
    settings = settings_for(server, db_url, timing, owner_id)
    app = build_application(settings, rate_limiter=False, group_minute=minute,
                            deals=seeded_deals())
    async with running(app, settings):
        yield app
    if clock is not None:  # (not when the test failed: its own error says more)
        peaks = group_peaks(server, since=mark)
        assert all(p <= GROUP_LIMIT for p in peaks.values()), peaks


def seeded_deals() -> random.Random:
    """The deals of the running test: seeded by its name, the same every run."""
    test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" ", 1)[0]  # less " (call)"
    return random.Random(test)


def deps_of(app: Application) -> Deps:
    return app.bot_data["deps"]
