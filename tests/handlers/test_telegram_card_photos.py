"""Card photos end to end: uploaded once through the owner's chat, shown by stood moves.

A chosen inline result's post can become a photo only of a file Telegram holds,
so at start-up the bot sends the card pictures to the owner's private chat in
albums, keeps each photo's file id and deletes those messages. Which picture a
stored id shows is read back from the file's bytes (the shipped manifest), never
from the bot's bookkeeping. A restart finds the ids and uploads nothing; a new
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
drawing is uploaded again. In a game a card covered shows the back, never its face.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.cards.catalog import shipped_manifest
from chatbot.fsm.table import Table
from chatbot.handlers.telegram.stickers import deck_pictures
from chatbot.rules.cards import Family
from chatbot.rules.events import Event
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import (
    GroupGame,
    cards_in,
    open_group_table,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_sticker_game import OWNER, card_of, picture_of

UPLOADS = ("sendMediaGroup", "sendPhoto")


def uploads(server: FakeTelegramServer, since: int = 0) -> list[Any]:
    return [c for c in server.calls[since:] if c.ok and c.method in UPLOADS]


async def test_the_card_photos_are_uploaded_once_through_the_owners_chat(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        caplog: pytest.LogCaptureFixture) -> None:
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    caplog.set_level(logging.INFO, logger="chatbot.handlers.telegram.card_photos")
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        assert all(app.bot_data["photos"].has(family) for family in Family)
    sent = uploads(fake_telegram)
    assert sent and all(int(c.chat_id) == OWNER for c in sent)
    for call in sent:
        if call.method == "sendMediaGroup":
            media = call.params["media"]
            assert 2 <= len(json.loads(media) if isinstance(media, str) else media) <= 10
    photos = [m for m in owner.private.bot_messages(include_deleted=True) if m.photo]
    assert photos and all(m.deleted for m in photos), "the owner's chat is left clean"
    for family in Family:
        stored = await repo.get_photo_deck(family.value)
        assert stored is not None
        assert stored.version == shipped_manifest()["decks"][family.value]
        assert set(stored.file_ids) == {p.name for p in deck_pictures(family)}
        for name, file_id in stored.file_ids.items():
            assert picture_of(fake_telegram, file_id) == name
    assert len(photos) == sum(len(deck_pictures(f)) for f in Family)
    assert "card photos: uploaded the" in caplog.text and "deleted those" in caplog.text

    mark = fake_telegram.mark()  # a restart: every id is there, nothing is sent
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        assert app.bot_data["photos"].has(Family.SPANISH)
    assert not uploads(fake_telegram, mark)

    old = await repo.get_photo_deck("french")  # as a drawing older than the shipped one
    assert old is not None
    await repo.replace_photo_deck("french", "0ld", [(p, f, "u") for p, f in
                                                     old.file_ids.items()])
    mark = fake_telegram.mark()
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        pass
    again = uploads(fake_telegram, mark)
    assert sum(len(json.loads(c.params["media"]) if isinstance(c.params["media"], str)
                   else c.params["media"]) if c.method == "sendMediaGroup" else 1
               for c in again) == len(deck_pictures(Family.FRENCH))
    french = await repo.get_photo_deck("french")
    assert french is not None and french.version == shipped_manifest()["decks"]["french"]


async def test_without_an_owner_nothing_is_uploaded_and_posts_stay_text(
        fake_telegram: FakeTelegramServer, migrated_db_url: URL) -> None:
    async with running_bot(fake_telegram, migrated_db_url) as app:
        assert not app.bot_data["photos"].has(Family.FRENCH)
    assert not uploads(fake_telegram)


def covering_first(results: list[dict[str, Any]]) -> dict[str, Any]:
    """A player who covers a card whenever the rules let them, else plays a card's sticker
    (or accepts a raise, or plays the hand of eleven), never calls."""
    covered = [r for r in results if "face down" in r.get("title", "")]
    stickers = [r for r in results if r["type"] == "sticker"]
    calm = [r for r in results if r.get("title", "").startswith(("Accept", "Play this hand"))]
    return (covered or stickers or calm or results)[0]


async def play_covering(game: GroupGame) -> TableRecord:
    """The person to act picks ``covering_first`` from inline mode; the table moves on."""
    record = await game.human_turn()
    if record.state in ("finished", "closed"):
        return record
    table = table_of(record)
    assert table.match is not None
    seat = table.rules.to_act(table.match)
    info = None if seat is None else table.seats[seat]
    assert info is not None and info.user_id is not None
    user = game.people[info.user_id]
    answer = await user.inline_query_from(await game.table_message())
    await user.choose_inline(covering_first(answer.results)["id"], answer=answer)
    return await game.moved_past(record.turn_seq)


async def test_a_covered_card_shows_the_back_and_a_face_up_card_its_face(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")

    def posts() -> list[FakeMessage]:
        return [m for m in game.group.all_messages() if m.via_bot is not None and m.photo]

    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await game.human_turn()
        deal = special_hand([0, 0], 3, 16)

        def covering(table: Table) -> list[Event]:  # Paulista with its covered card (1.5)
            table.options["covered_card"] = True
            return deal(table)

        deps = deps_of(app)
        await deps.stage.after(await deps.service.amend(game.table_id, covering))
        for _ in range(80):
            record = await play_covering(game)
            pictures = {picture_of(fake_telegram, p.file_id or "") for p in posts()}
            if ("back" in pictures and len(pictures) > 1) or record.state == "finished":
                break
    shown = [(picture_of(fake_telegram, p.file_id or ""), p.caption or "") for p in posts()]
    backs = [caption for picture, caption in shown if picture == "back"]
    faces = [(picture, caption) for picture, caption in shown if picture != "back"]
    assert backs and faces, shown
    assert all(caption.endswith("plays a card face down.") for caption in backs), backs
    for picture, caption in faces:  # "french/7H" or "french/7H-manilha" for "Alice plays 7♥"
        assert cards_in(caption) == {card_of(picture)}, (picture, caption)
