"""Read a hand photo back to the cards it shows, from its pixels alone.

The privacy audits must not trust the bot's own bookkeeping of which picture it
sent: a photo's bytes are decoded (PNG is lossless) and cut where the layout of
``chatbot.cards.compose`` puts each card; every cut is matched against the
shipped card pictures laid on the felt the same way. A photo that is not such a
layout, or a cut that is no shipped card, fails the test.
"""

from __future__ import annotations

import bisect
import hashlib
import io
import json
from dataclasses import dataclass
from functools import cache

from PIL import Image

from chatbot.cards.catalog import load, pictures
from chatbot.cards.compose import APART, CARD_H, CARD_W, FELT, GAP, MARGIN
from chatbot.cards.draw import Mark
from chatbot.rules.cards import Card
from chatbot.testing.fakebotapi import FakeTelegramServer
from tests.handlers.test_privacy_audit import HandLog
from tests.handlers.test_telegram_sticker_game import picture_of


@dataclass(frozen=True)
class Read:
    """What a hand photo shows: the turned card, and the hand (None: a back)."""

    vira: Card | None
    cards: tuple[Card | None, ...]

    @property
    def faces(self) -> set[Card]:
        return {c for c in self.cards if c is not None}


def _digest(image: Image.Image) -> str:
    return hashlib.sha256(image.convert("RGB").tobytes()).hexdigest()


@cache
def _on_felt() -> dict[str, tuple[Card | None, Mark]]:
    """Every shipped picture as it looks on the felt, at the photo's size, by digest."""
    known = {}
    for picture in pictures():
        card = load(picture.name).resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)
        felt = Image.new("RGBA", (CARD_W, CARD_H), FELT)
        felt.alpha_composite(card)
        known[_digest(felt)] = (picture.card, picture.mark)
    return known


def read_hand_photo(data: bytes) -> Read:
    """The cards a hand photo shows, read from its bytes."""
    known = _on_felt()
    with Image.open(io.BytesIO(data)) as opened:
        image = opened.convert("RGB")
    assert image.height == CARD_H + 2 * MARGIN, image.size
    vira: Card | None = None
    cards: list[Card | None] = []
    x = MARGIN
    while x + CARD_W + MARGIN <= image.width:
        cut = image.crop((x, MARGIN, x + CARD_W, MARGIN + CARD_H))
        found = known.get(_digest(cut))
        assert found is not None, f"no shipped card at x={x} of a {image.size} photo"
        card, mark = found
        if mark is Mark.VIRA:
            assert x == MARGIN and vira is None, "a turned card inside the hand"
            vira = card
            x += CARD_W + APART
            continue
        cards.append(card)
        x += CARD_W + GAP
    return Read(vira, tuple(cards))


@dataclass(frozen=True)
class PostPhoto:
    """A chosen result's post the bot made a photo: when, which shipped picture its
    bytes are, the caption, and the chat that reads it."""

    at: float
    picture: str
    caption: str
    chat_id: int


def post_photos(server: FakeTelegramServer) -> list[PostPhoto]:
    """Every inline post edited into a photo, read back from the photo's bytes."""
    found = []
    for call in server.calls:
        if not call.ok or call.method != "editMessageMedia" \
                or not call.params.get("inline_message_id"):
            continue
        media = call.params["media"]
        media = json.loads(media) if isinstance(media, str) else media
        chat = server.inline_messages[str(call.params["inline_message_id"])].chat
        found.append(PostPhoto(call.at, picture_of(server, str(media["media"])),
                               str(media.get("caption") or ""), chat.id))
    return found


def audit_photos(server: FakeTelegramServer, hands: list[HandLog],
                 seat_of: dict[int, int]) -> int:
    """Every hand photo the bot sent or put in a message: never in a group, and in a
    player's private chat only their own cards of one hand beside that hand's turned
    card. Private hands are drawn in the background while bots that never wait play
    on, so a photo may arrive any number of deals late on a busy machine: a photo that
    shows a turned card may be of any hand dealt before it arrived with that turned card
    (the card pins the hand, and only the reader's own cards of it pass); one without
    (Argentine cards) is of the hand dealt when it arrived or one of the two before, as
    in the text audit. Returns how many were read."""
    starts = [hand.start for hand in hands]
    checked = 0
    for call in server.calls:
        if not call.ok or call.method not in ("sendPhoto", "editMessageMedia"):
            continue
        if call.params.get("inline_message_id"):
            continue  # a settled inline post: one card as played (see post_photos)
        assert call.chat_id is not None and int(call.chat_id) > 0, f"a photo in {call}"
        seat = seat_of.get(int(call.chat_id))
        if seat is None:
            continue  # not a player of the audited table (the tests' other pictures)
        shown = read_hand_photo(server.media.file_bytes(call.result["photo"][-1]["file_id"]))
        current = bisect.bisect_right(starts, call.at) - 1
        assert current >= 0, f"a hand photo before any deal: {call}"
        dealt_by_then = hands[:current + 1] if shown.vira else hands[max(0, current - 2):
                                                                      current + 1]
        assert any(({shown.vira} if shown.vira else set()) == hand.vira
                   and shown.faces <= hand.dealt.get(seat, set())
                   for hand in dealt_by_then), \
            f"{call.method} to {call.chat_id} shows {shown}, not the reader's own hand"
        checked += 1
    return checked
