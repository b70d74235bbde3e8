"""Private hands as pictures: with sticker sets, a player's hand message is a photo of
their cards, its caption the hand's text, its buttons the same, edited as often as before.

Every picture is read back from its pixels (``picture_reader``) and checked against
the event log: only cards its reader was dealt in that hand, beside the turned card,
so no picture shows a card its reader may not see.
"""

from __future__ import annotations

import random
import time

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers import test_privacy_audit as text_audit
from tests.handlers.group_helpers import cards_in, open_group_table
from tests.handlers.picture_reader import audit_photos
from tests.handlers.telegram_harness import running_bot
from tests.handlers.test_telegram_sticker_game import play_one_sticker

OWNER = 4242


async def test_private_hands_are_pictures_of_the_readers_own_cards(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    fake_telegram.clock = time.time  # the same clock as the event log's timestamps
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(7)
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        mark = fake_telegram.mark()
        await alice.start()
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=mark)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        for _ in range(12):
            record = await game.human_turn()
            if record.state == "finished":
                break
            await play_one_sticker(game, rng)
        await app.bot_data["deps"].private_hands.flush()
    hands = text_audit.hands_from_log(await repo.list_events(game.table_id))
    seat = 0  # Alice
    photos = [m for m in alice.private.bot_messages() if m.photo]
    # a photo per hand, its text as the caption; the bots may end the game in one
    # hand (a truco raised to twelve and accepted), so two only where two were dealt
    assert hands and len(photos) >= min(2, len(hands))
    seen = set().union(*(h.visible(seat, float("inf")) for h in hands))
    named = {hand.manilhas for hand in hands if hand.manilhas}  # all four, from the vira
    for message in photos:
        caption = message.caption or ""
        for listed in named:  # the exact public list is exempt, never a manilha alone
            caption = caption.replace(listed, "")
        assert message.caption and not cards_in(caption) - seen, message.caption
    sent = [c for c in fake_telegram.calls if c.ok and str(c.chat_id) == str(alice.id)
            and c.method in ("sendPhoto", "editMessageMedia")]
    assert sent and any(c.method == "editMessageMedia" for c in sent)
    for call in sent:
        assert alice.private.message(int(call.result["message_id"])).buttons  # as before
    # every picture read back from its pixels: Alice's own cards of that hand
    assert audit_photos(fake_telegram, hands, {alice.id: seat}) == len(sent)
