"""The group's minute, whatever the pace: never more than 20 sends and edits in 60 s.

Two people who answer at once and bots that never wait play a whole game: hands
follow each other in a moment, far faster than a group's 20 messages a minute.
The bot keeps the minute itself (in the fake's virtual time, so the test takes
no real minutes, and its check holds however slow the machine is): edits wait,
newest content winning, and the hands still get their messages.
"""

from __future__ import annotations

import random

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.telegram.presenter import HAND_CALLS
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import cards_first, open_group_table, table_of
from tests.handlers.telegram_harness import GROUP_LIMIT, group_peaks, running_bot


async def test_a_fast_game_keeps_the_groups_minute(fake_telegram: FakeTelegramServer,
                                                   db_engine: AsyncEngine,
                                                   migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1301, "Alice")
    bob = FakeUser(fake_telegram, 1302, "Bob")
    rng = random.Random(9)
    mark = fake_telegram.mark()
    games: list[TableRecord] = []
    async with running_bot(fake_telegram, migrated_db_url):
        game = await open_group_table(fake_telegram, repo, alice, bob)
        for _ in range(6):  # games in a row, until they needed more than two minutes' calls
            final = await game.play_to_the_end(rng, prefer=lambda r: (
                cards_first(r) if rng.random() < 0.8 else None))
            assert final.state == "finished"
            games.append(final)
            message = game.group.message(final.message_id)  # type: ignore[arg-type]
            await fake_telegram.wait_until(lambda m=message: "Game over" in (m.text or ""),
                                           what="the game over, the last word of the game")
            if len(fake_telegram.counted_calls(game.group.id, since=mark)) > 2 * GROUP_LIMIT:
                break
            await alice.press_button(message, "Rematch")
            await game.moved_past(final.turn_seq)
    counted = fake_telegram.counted_calls(game.group.id, since=mark)
    assert len(counted) > 2 * GROUP_LIMIT, "the games should need more than a minute's calls"
    spread = counted[-1].at - counted[0].at
    assert spread >= 60.0, spread  # so the group's minute was what paced it
    assert group_peaks(fake_telegram, since=mark)[game.group.id] <= GROUP_LIMIT
    # and each hand still within its own budget, every hand with its message
    final = games[0]
    counted = fake_telegram.counted_calls(game.group.id, since=game.started_at)
    end = next(c.seq for c in counted if "Game over" in str(c.params.get("text")))
    # each message of the first game with all its calls (an old hand's closing edit may
    # come after the next hand's post, when the group's minute makes it wait)
    hands = [calls for calls in fake_telegram.counted_per_message(
        game.group.id, since=game.started_at).values() if calls[0].seq <= end]
    assert len(hands) == table_of(final).match.hand_no  # type: ignore[union-attr]
    assert max(len(h) for h in hands) <= HAND_CALLS
