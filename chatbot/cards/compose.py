"""A hand as one picture: the shipped card pictures side by side on the table's felt.

Used for the hand message of private hands and the solo chat (a photo whose
caption is the text the message had before) and for the pictures in docs/. The
picture holds no words at all (the caption says everything in the reader's
language), only cards: the turned card apart on the left with its arrow badge,
then the hand, manilhas with their star, face-down or unseen cards as the back.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image

from chatbot.cards.catalog import load, picture_name
from chatbot.cards.draw import HEIGHT, WIDTH, Mark
from chatbot.rules.cards import Card, Family

SCALE = 0.625  # 220 x 320 a card: sharp on a phone, a small photo
CARD_W, CARD_H = round(WIDTH * SCALE), round(HEIGHT * SCALE)
GAP, MARGIN, APART = 14, 24, 44
FELT = (22, 92, 58, 255)


@dataclass(frozen=True, slots=True)
class Shown:
    """One card in a picture: its face (None: the back) and how it is marked."""

    card: Card | None
    mark: Mark = Mark.PLAIN


@cache
def _card(name: str) -> Image.Image:
    return load(name).resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def hand_picture(family: Family, hand: Sequence[Shown], *,
                 vira: Card | None = None) -> Image.Image:
    """The picture of a hand (and of the turned card, if any), RGB on felt."""
    count = len(hand) + (1 if vira is not None else 0)
    width = 2 * MARGIN + max(count, 1) * CARD_W + max(len(hand) - 1, 0) * GAP
    width += APART if vira is not None and hand else 0
    image = Image.new("RGBA", (width, CARD_H + 2 * MARGIN), FELT)
    x = MARGIN
    if vira is not None:
        image.alpha_composite(_card(picture_name(vira, family, Mark.VIRA)), (x, MARGIN))
        x += CARD_W + APART
    for shown in hand:
        name = picture_name(shown.card, family, shown.mark if shown.card else Mark.PLAIN)
        image.alpha_composite(_card(name), (x, MARGIN))
        x += CARD_W + GAP
    return image.convert("RGB")


def png_bytes(image: Image.Image) -> bytes:
    """The picture as PNG, for sendPhoto and editMessageMedia (a few tens of KB)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
