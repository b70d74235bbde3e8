"""Privacy audit with pictures: no sticker shows a card its viewer may not see.

The text audit (test_privacy_audit.py) reads card faces out of every text; with
stickers a card can also travel as a picture. Here the bot runs with an owner,
so its inline answers offer card stickers, and every sticker is read back to
its card from the file's bytes (the shipped manifest names each file by hash),
never from the bot's own bookkeeping:

- a sticker in an inline answer is seen by the asker alone: it must be one of
  their own cards (or the back);
- no sticker is ever posted in the group: a chosen sticker posts the player's
  name, which the bot edits into the move (the text audit reads those edits),
  because a posted sticker of a card the bot then refuses could not be taken back;
- a hand photo (a player's private hand message) is read back from its pixels
  (``picture_reader``): never in the group, and only its reader's own cards
  beside the turned card; its caption is audited with the texts;
- a settled post the bot made a card photo (a move that stood) shows exactly the
  card its caption names as played (the back for a covered card), read from the
  photo's bytes, and that card is public by then: a refused move stays text.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.cards.catalog import shipped_manifest
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers import test_privacy_audit as text_audit
from tests.handlers.group_helpers import cards_in, open_group_table, table_of
from tests.handlers.picture_reader import audit_photos, post_photos
from tests.handlers.telegram_harness import running_bot
from tests.handlers.test_telegram_sticker_game import card_of, play_one_sticker, rematch

OWNER = 4242
PICTURE_BY_FILE_HASH = {entry["file"]: name
                        for name, entry in shipped_manifest()["images"].items()}
SYMBOL = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_of_file(server: FakeTelegramServer, file_id: str) -> Card | None:
    """The card a sticker shows, from its bytes alone (None: the back)."""
    picture = PICTURE_BY_FILE_HASH[hashlib.sha256(server.media.file_bytes(file_id)).hexdigest()]
    if picture == "back":
        return None
    return parse_card(picture.split("/", 1)[1].split("-", 1)[0], Family.FRENCH)


def written(card: Card) -> str:
    """A card as the text audit reads faces (``7♥``)."""
    return f"{RANK.get(card.rank, str(card.rank))}{SYMBOL[card.suit]}"


@dataclass
class Posted:
    at: float
    message: FakeMessage


class PictureRecorder(text_audit.Recorder):
    """The text recorder, plus every sticker offered inline and posted in a chat."""

    def __init__(self, server: FakeTelegramServer) -> None:
        super().__init__(server)
        self.posted: list[Posted] = []
        original = server.post_user_message

        def post_user_message(*args: Any, **kwargs: Any) -> FakeMessage:
            message = original(*args, **kwargs)
            if message.sticker is not None:
                self.posted.append(Posted(time.time(), message))
            return message

        server.post_user_message = post_user_message  # type: ignore[method-assign]

    def offered_stickers(self) -> list[text_audit.Shown]:
        shown = []
        for call in self.server.calls:
            if not call.ok or call.method.lower() != "answerinlinequery":
                continue
            answer = self.server.inline_answers[str(call.params["inline_query_id"])]
            for result in answer.results:
                if result.get("type") != "sticker":
                    continue
                card = card_of_file(self.server, result["sticker_file_id"])
                if card is not None:
                    shown.append(text_audit.Shown(written(card), answer.user_id, call.at,
                                                  "inline sticker"))
        return shown


async def test_no_sticker_shows_a_card_its_viewer_may_not_see(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    recorder = PictureRecorder(fake_telegram)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    rng = random.Random(1616)
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        for person in (alice, bob):  # both read their hands privately too
            mark = fake_telegram.mark()
            await person.start()
            await fake_telegram.wait_for_call("sendMessage", chat_id=person.id, since=mark)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        carol.join(game.group)
        for _ in range(1800):
            record = await game.human_turn()
            if record.state == "finished" and len(recorder.offered_stickers()) > 40:
                break
            if record.state == "finished":  # a short game (a truco run to 12): another
                await rematch(game, alice, record)
                continue
            if rng.random() < 0.3:  # somebody peeks out of turn, an outsider too
                message = await game.table_message()
                await rng.choice([alice, bob, carol]).inline_query_from(message)
            if rng.random() < 0.2:  # a sticker or call from an earlier turn's list: refused
                await game.stale_pick(rng)
            await play_one_sticker(game, rng)
        assert (await game.record()).state == "finished"
    hands = text_audit.hands_from_log(await repo.list_events(game.table_id))
    table = table_of(await game.record())
    seat_of = {alice.id: table.seat_of(alice.id), bob.id: table.seat_of(bob.id)}

    offered = recorder.offered_stickers()
    assert {s.viewer for s in offered} == {alice.id, bob.id}
    assert text_audit.audit(offered, hands, seat_of) > 30  # type: ignore[arg-type]
    # and the texts, as in the text audit, with stickers in the game
    assert text_audit.audit(recorder.texts(), hands, seat_of) > 50  # type: ignore[arg-type]

    assert not recorder.posted, "a sticker was posted in a chat"
    assert any(s.what == "inline post edit" and cards_in(s.text) for s in recorder.texts())
    assert not any(cards_in(s.text) for s in offered if s.viewer == carol.id)
    # and the hand photos of Alice's and Bob's private chats, read from their pixels
    assert audit_photos(fake_telegram, hands, seat_of) > 10
    # and the settled posts made card photos, read from their bytes: each shows the
    # card its caption says was played (the back for a covered one), public by then
    photos = post_photos(fake_telegram)
    assert len(photos) > 10 and all(p.chat_id == game.group.id for p in photos)
    faces = []
    for photo in photos:
        card = card_of(photo.picture)
        assert cards_in(photo.caption) == (set() if card is None else {card}), photo
        if card is not None:
            faces.append(text_audit.Shown(written(card), None, photo.at, "inline post photo"))
    assert text_audit.audit(faces, hands, seat_of) == len(faces) > 10
