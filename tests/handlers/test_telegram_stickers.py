"""The card sticker sets, made at start-up in the owner's name, against the fake Bot API.

Each test starts the real bot (``running_bot``: the path ``truco-bot run`` takes)
and looks at what Telegram holds afterwards: the sets, the stickers' bytes, the
rows in the database, and the log line for an operator who must act.
"""

from __future__ import annotations

import hashlib
import logging

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.cards.catalog import shipped_manifest
from chatbot.cards.draw import Mark
from chatbot.handlers.telegram.stickers import StickerBook, deck_pictures, set_name
from chatbot.rules.cards import Card, Family
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from chatbot.testing.fakebotapi.media import FakeStickerSet
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.telegram_harness import running_bot

OWNER = 4242
PICTURE_BY_FILE_HASH = {entry["file"]: name
                        for name, entry in shipped_manifest()["images"].items()}


def picture_shown(server: FakeTelegramServer, file_id: str) -> str:
    """Which shipped picture a Telegram file shows, read from its bytes alone."""
    return PICTURE_BY_FILE_HASH[hashlib.sha256(server.media.file_bytes(file_id)).hexdigest()]


@pytest.fixture
async def owner(fake_telegram: FakeTelegramServer) -> FakeUser:
    user = FakeUser(fake_telegram, OWNER, "Operator")
    await user.start()
    return user


async def test_start_up_makes_a_set_per_deck_and_stores_every_file_id(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        owner: FakeUser) -> None:
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        book: StickerBook = app.bot_data["stickers"]
    for family, size in ((Family.FRENCH, 52 + 40 + 1), (Family.SPANISH, 40 + 1)):
        name = set_name(family, "TrucoTestBot")
        sticker_set = fake_telegram.media.sticker_sets[name.lower()]
        assert sticker_set.owner_id == OWNER and len(sticker_set.stickers) == size
        wanted = [p.name for p in deck_pictures(family)]
        # every sticker shows, pixel for pixel, the picture the book says it does
        assert [picture_shown(fake_telegram, s.file_id) for s in sticker_set.stickers] == wanted
        assert [book.picture_of(s.file_id) for s in sticker_set.stickers] == wanted
        stored = await Repository(db_engine).get_sticker_deck(family.value)
        assert stored is not None and list(stored.file_ids) == wanted
        assert stored.version == shipped_manifest()["decks"][family.value]
    seven = book.file_id(Family.FRENCH, Card(7, "H"))
    assert seven is not None and picture_shown(fake_telegram, seven) == "french/7H"
    manilha = book.file_id(Family.FRENCH, Card(4, "C"), Mark.MANILHA)
    assert manilha is not None and picture_shown(fake_telegram, manilha) == "french/4C-manilha"
    back = book.file_id(Family.SPANISH, None)
    assert back is not None and picture_shown(fake_telegram, back) == "back"
    assert book.file_id(Family.SPANISH, Card(1, "E")) != book.file_id(Family.SPANISH, Card(1, "B"))


async def test_a_second_start_checks_the_sets_and_uploads_nothing(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        owner: FakeUser) -> None:
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        first = app.bot_data["stickers"].decks
    mark = fake_telegram.mark()
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        assert app.bot_data["stickers"].decks == first
    assert fake_telegram.calls_to("uploadStickerFile", since=mark) == []
    assert fake_telegram.calls_to("addStickerToSet", since=mark) == []
    assert len(fake_telegram.calls_to("getStickerSet", since=mark)) == 2


async def test_a_build_cut_short_is_completed_at_the_next_start(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        owner: FakeUser, caplog: pytest.LogCaptureFixture) -> None:
    fake_telegram.fail_next("addStickerToSet", description="Bad Request: injected failure")
    with caplog.at_level(logging.WARNING):
        async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
            assert not app.bot_data["stickers"].has(Family.FRENCH)  # French cards stay text
            assert app.bot_data["stickers"].has(Family.SPANISH)
    assert "could not make the french card stickers" in caplog.text
    french = fake_telegram.media.sticker_sets[set_name(Family.FRENCH, "TrucoTestBot").lower()]
    assert len(french.stickers) == 50  # the first batch, made by createNewStickerSet
    mark = fake_telegram.mark()
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        assert app.bot_data["stickers"].has(Family.FRENCH)
    assert len(fake_telegram.calls_to("uploadStickerFile", since=mark)) == 93 - 50
    assert [picture_shown(fake_telegram, s.file_id) for s in french.stickers] == [
        p.name for p in deck_pictures(Family.FRENCH)]


async def test_a_set_of_an_older_drawing_is_replaced_and_deleted(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        owner: FakeUser) -> None:
    old = "truco_spanish_0123456789ab_by_TrucoTestBot"
    fake_telegram.media.sticker_sets[old.lower()] = FakeStickerSet(old, "old", OWNER)
    await Repository(db_engine).replace_sticker_deck("spanish", old, "0123456789ab",
                                                     [("spanish/1E", "CAAC-old", "u-old")])
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        book: StickerBook = app.bot_data["stickers"]
    assert old.lower() not in fake_telegram.media.sticker_sets
    stored = await Repository(db_engine).get_sticker_deck("spanish")
    assert stored is not None and stored.set_name == set_name(Family.SPANISH, "TrucoTestBot")
    assert book.decks[Family.SPANISH] == stored and "CAAC-old" not in stored.file_ids.values()


async def test_without_an_owner_the_bot_says_so_once_and_keeps_text(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        async with running_bot(fake_telegram, migrated_db_url) as app:
            assert app.bot_data["stickers"].decks == {}
    assert caplog.text.count("TRUCO_OWNER_ID is not set: cards are shown as text") == 1
    assert not fake_telegram.media.sticker_sets
    assert fake_telegram.calls_to("getStickerSet") == []


async def test_an_owner_who_never_started_the_bot_is_told_once_and_the_bot_runs(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        caplog: pytest.LogCaptureFixture) -> None:
    FakeUser(fake_telegram, OWNER, "Operator")  # known to Telegram, never wrote to the bot
    with caplog.at_level(logging.WARNING):
        async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
            assert app.bot_data["stickers"].decks == {}
            alice = FakeUser(fake_telegram, 5001, "Alice")
            await alice.start()
            await fake_telegram.wait_until(lambda: alice.private.last_bot_message(),
                                           what="the welcome")
    assert caplog.text.count("cannot make card stickers in the name of user 4242") == 1
    assert len(fake_telegram.calls_to("uploadStickerFile")) == 1
