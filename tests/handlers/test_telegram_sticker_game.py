"""A 2v2 group game played with card stickers, end to end against the fake Bot API.

The bot starts with an owner, so it makes its sticker sets; Alice and Bob then
play a whole Paulista game from inline mode, where their face-up cards are
stickers and their calls text; a card move that stands turns its post into the
photo of that same picture. Which card a sticker or photo shows is read from
the file's bytes (the shipped manifest), never from the bot's own bookkeeping.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.cards.catalog import shipped_manifest
from chatbot.handlers.telegram.card_pictures import manilhas
from chatbot.i18n.render import action_label
from chatbot.rules import actions as A
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.views import seat_view, slot_index
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    cards_in,
    decode_cards,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import running_bot

OWNER = 4242
PICTURE_BY_FILE_HASH = {entry["file"]: name
                        for name, entry in shipped_manifest()["images"].items()}


def picture_of(server: FakeTelegramServer, file_id: str) -> str:
    """The shipped picture a Telegram file shows, from its bytes."""
    return PICTURE_BY_FILE_HASH[hashlib.sha256(server.media.file_bytes(file_id)).hexdigest()]


def card_of(picture: str, family: Family = Family.FRENCH) -> Card | None:
    """``french/4C-manilha`` -> 4♣; the back -> None."""
    if picture == "back":
        return None
    return parse_card(picture.split("/", 1)[1].split("-", 1)[0], family)


def check_sticker_answer(server: FakeTelegramServer, results: list[dict[str, Any]],
                         record: Any, seat: int) -> None:
    """One result per legal move, in order: face-up cards as their own stickers (a
    manilha starred), blind picks as the back, everything else as text with its label."""
    table = table_of(record)
    assert table.match is not None and table.match.hand is not None
    rules, view = table.rules, seat_view(table.rules, table.match, seat)
    assert len(results) == len(view.legal)
    stars = manilhas(rules, table.match.hand.vira)
    for action, result in zip(view.legal, results, strict=True):
        if action.kind == A.PLAY and action.card is not None:
            assert result["type"] == "sticker", result
            picture = picture_of(server, result["sticker_file_id"])
            if slot_index(action.card) is not None:
                assert picture == "back"
            else:
                assert card_of(picture) == action.card
                assert picture.endswith("-manilha") == (action.card in stars), picture
        else:
            assert result["type"] == "article"
            assert result["title"] == action_label(action, view, rules, "en")
            assert not cards_in(result["input_message_content"]["message_text"])


async def play_one_sticker(game: GroupGame, rng: random.Random) -> int:
    """The person to act opens inline mode and picks a result; returns stickers offered."""
    record = await game.human_turn()
    if record.state in ("finished", "closed"):
        return 0
    seat, user = game.to_act(record)
    answer = await user.inline_query_from(await game.table_message())
    game.inline_answers.append((user, answer, record))
    assert answer.is_personal and answer.cache_time == 0
    check_sticker_answer(game.server, answer.results, record, seat)
    stickers = [r for r in answer.results if r["type"] == "sticker"]
    chosen = rng.choice(stickers) if stickers and rng.random() < 0.8 else rng.choice(
        answer.results)
    posted = await user.choose_inline(chosen["id"], answer=answer)
    assert posted is not None and posted.via_bot is not None
    # a sticker picked posts the player's name, not the sticker (inline_posts.py says why),
    # and the bot edits that into the card once played
    assert posted.sticker is None and not cards_in(posted.text)
    await game.moved_past(record.turn_seq)
    await game.server.wait_until(lambda: posted.edits > 0, what="the post settled")
    if chosen["type"] == "sticker":  # it stood: the post is the photo of that very picture
        picture = picture_of(game.server, chosen["sticker_file_id"])
        card = card_of(picture)
        assert posted.file_id is not None and posted.text is None, posted
        assert picture_of(game.server, posted.file_id) == picture
        assert cards_in(posted.caption) == ({card} if card is not None else set()), posted
    return len(stickers)


def card_posts(game: GroupGame) -> int:
    """The chosen results posted in the group that name a card (once settled)."""
    return sum(1 for m in game.group.all_messages() if m.via_bot is not None
               and cards_in(m.caption if m.photo else m.text))


async def rematch(game: GroupGame, user: FakeUser, finished: TableRecord) -> None:
    """Another game at the table: ``user`` presses Rematch on the game-over message."""
    message = game.group.message(finished.message_id)  # type: ignore[arg-type]
    await game.server.wait_until(
        lambda: any("Rematch" in b["text"] for b in message.buttons), what="Rematch")
    await user.press_button(message, "Rematch")
    await game.moved_past(finished.turn_seq)


async def test_a_group_game_played_with_card_stickers(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(16)
    offered = 0
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        game = await open_group_table(fake_telegram, repo, alice, bob)
        for _ in range(1800):
            record = await game.human_turn()
            if record.state == "finished" and offered > 20 and card_posts(game) > 10:
                break
            if record.state == "finished":  # a short game (a truco run to 12): another
                await rematch(game, alice, record)
                continue
            offered += await play_one_sticker(game, rng)
        assert (await game.record()).state == "finished"
    assert offered > 20
    # every card a post names was played face up there by its poster; no sticker posted
    played: dict[int, set[Card]] = {}
    table = table_of(await game.record())
    for event in await repo.list_events(game.table_id):
        audience = event.payload.get("audience") or ["public", None]
        if event.kind == "CardPlayed" and audience[0] == "public":
            seat_info = table.seats[event.payload["seat"]]
            if seat_info is not None and seat_info.user_id is not None:
                played.setdefault(seat_info.user_id, set()).update(
                    decode_cards(event.payload["card"]))
    assert not any(m.sticker for m in game.group.all_messages(include_deleted=True))
    posted = [m for m in game.group.all_messages() if m.via_bot is not None]
    assert card_posts(game) > 10
    for message in posted:
        assert cards_in(message.text) <= played.get(message.sender["id"], set()), message
