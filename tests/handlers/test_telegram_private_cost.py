"""Every private message earns its send: Alice's hand message is edited when she must
act, when her own cards change and when a trick or the hand ends, not for each card
the others play (the group's message and inline mode show those).

No debounce in the tests (edit delay 0), so nothing is merged by luck: the bound is
what the rule allows, two edits per move of hers (her turn, her play), two per
call her team must answer, one per trick and one per seña she must read (her
partner's, or one she caught), where editing for every card played
would cost one more per card of others.
"""

from __future__ import annotations

import random

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import open_group_table
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_private_hands import play_hands, private_hands, started


async def test_a_private_hand_is_edited_only_when_its_reader_must_read_it(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1501, "Alice")
    bob = FakeUser(fake_telegram, 1502, "Bob")
    rng = random.Random(6)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        deps = deps_of(app)
        await started(fake_telegram, alice)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        record = await play_hands(game, deps.codec, alice, rng, until_hand=4)
        assert deps.private_hands is not None
        await deps.private_hands.flush()
    played = record.state == "finished"
    log = await repo.list_events(game.table_id)
    hands: list[dict[str, int]] = []
    for event in log:
        if event.kind == "HandStarted":
            hands.append({"hers": 0, "others": 0, "tricks": 0, "raised": 0, "signals": 0})
        elif hands and event.kind == "input" and event.payload["trigger"] in (
                "move", "time_out"):
            hands[-1]["hers" if event.payload["args"][0] == 0 else "others"] += 1
        elif hands and event.kind in ("SenaMade", "SenaCaught") and (
                event.payload["audience"] in (["team", 0], ["seat", 0])
                and event.payload["seat"] != 0):
            hands[-1]["signals"] += 1  # a seña she must read: her partner's, or one she caught
        elif hands and event.kind == "TrickWon":
            hands[-1]["tricks"] += 1
        elif hands and event.kind == "CallMade" and event.payload["seat"] % 2 == 1:
            hands[-1]["raised"] += 1  # her team may answer: her buttons come and go
    messages = private_hands(alice)
    finished = hands if played else hands[:-1]  # the hand in play is not over yet
    assert finished and len(messages) >= len(finished)
    for hand, message in zip(finished, messages, strict=False):
        # her turns and plays, the answers her team owed, the tricks, the señas she
        # read, the end
        allowed = (2 * hand["hers"] + 2 * hand["raised"] + hand["tricks"] + hand["signals"]
                   + 1)
        assert message.edits <= allowed, (hand, message.edits, message.text)
    # the others' cards were many, and none of them cost an edit of its own
    assert sum(h["others"] for h in finished) > sum(h["hers"] for h in finished)
