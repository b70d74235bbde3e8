"""Which picture stands for a card: the sticker of an inline result, the hand picture.

Rules of the pictures, so that no picture shows more than the text would:

- a card played face up is its own sticker, a manilha with its star: the player
  picks it by its picture (choosing it posts the player's name, which the bot
  edits into the card once played: inline_posts.py says why no sticker is posted);
- a blind pick (an iron hand: nobody sees their cards) is the back, in the
  hand's order: the player picks a position, as the text result says;
- a card played face down stays a text result ("7♥ face down", told in the chat
  as "Alice plays a card face down."): its picture would either show the face to
  the whole group or, as a back, not tell the player which card they cover;
- calls, answers and everything else stay text results beside the stickers;
- once a card move stands, its post becomes a photo of the card as it went on
  the table (inline_posts.py): the face for a face-up play, the back for a card
  covered or picked blind, as the post's text says. A refused move, a call, and
  a card passed or discarded (Put) stay text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from chatbot.cards.compose import Shown, hand_picture, png_bytes
from chatbot.cards.draw import Mark
from chatbot.fsm.table import Table
from chatbot.handlers.telegram.card_photos import PhotoBook
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card, Family
from chatbot.rules.views import seat_view, slot_index


def manilhas(rules: TrickRules, vira: Card | None) -> frozenset[Card]:
    """The hand's manilhas, as the rules name them (the rank above the turned card in
    Paulista, four fixed cards in Mineiro, none in the other games)."""
    return frozenset(rules.manilhas(vira))


def mark_of(rules: TrickRules, vira: Card | None, card: Card) -> Mark:
    return Mark.MANILHA if card in manilhas(rules, vira) else Mark.PLAIN


def move_sticker(book: StickerBook, rules: TrickRules, vira: Card | None,
                 action: Action) -> str | None:
    """The sticker a move is offered as, or None when it stays a text result."""
    if action.card is None or action.kind != A.PLAY or not book.has(rules.family):
        return None
    if slot_index(action.card) is not None:
        return book.file_id(rules.family, None)
    return book.file_id(rules.family, action.card, mark_of(rules, vira, action.card))


def move_photo(photos: PhotoBook, table: Table, seat: int, action: Action) -> str | None:
    """The photo a stood move's post shows, judged on the table before the move, or None
    (the post stays text). Never more than the post's text tells (``inline_said``)."""
    rules, match = table.rules, table.match
    if (action.card is None or action.kind not in (A.PLAY, A.PLAY_HIDDEN) or match is None
            or match.hand is None or not photos.has(rules.family)):
        return None
    view = seat_view(rules, match, seat)
    if action.kind == A.PLAY_HIDDEN or slot_index(action.card) is not None or view.hand is None:
        return photos.file_id(rules.family, None)
    return photos.file_id(rules.family, action.card, mark_of(rules, view.vira, action.card))


@dataclass(frozen=True, slots=True)
class HandPicture:
    """What a seat's hand picture shows: enough to compare two (no edit when equal)
    and to draw it. Only what the seat may see: its own cards (backs when blind) and
    the turned card."""

    family: Family
    vira: Card | None
    cards: tuple[Shown, ...]

    def png(self) -> bytes:
        return _png(self)


def hand_picture_of(table: Table, seat: int, book: StickerBook | None) -> HandPicture | None:
    """The seat's hand as a picture, or None (no hand, or this deck's pictures off)."""
    match = table.match
    if match is None or match.hand is None or book is None or not book.has(table.rules.family):
        return None
    rules = table.rules
    view = seat_view(rules, match, seat)
    if view.hand is None:
        cards = tuple(Shown(None) for _ in range(view.hand_size))
    else:
        stars = manilhas(rules, view.vira)
        cards = tuple(Shown(c, Mark.MANILHA if c in stars else Mark.PLAIN) for c in view.hand)
    if not cards:
        return None
    return HandPicture(rules.family, view.vira, cards)


CAPTION_LIMIT = 1024  # Telegram's caption, counted here in UTF-16 units (never fewer)
SHORTENED = "…"  # stands for the older lines a caption leaves out


def caption_length(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def fit_caption(text: str, limit: int = CAPTION_LIMIT) -> str:
    """A hand's text as its picture's caption: whole when it fits, else its first line
    (the game) and its newest lines, the oldest lines between them left out for "…".

    The hand's text grows with its events (a long name said in every line, in a
    right-to-left script with its marks, can pass 1024); the lines kept are the ones
    the reader acts on: the last plays, the table, the stake, whose turn, the cards
    held and the series. Whole lines go, so no card name or bidi mark is cut in two.
    """
    if caption_length(text) <= limit:
        return text
    head, *tail = text.split("\n")
    while tail and caption_length("\n".join([head, SHORTENED, *tail])) > limit:
        tail.pop(0)
    caption = "\n".join([head, SHORTENED, *tail])
    if caption_length(caption) <= limit:
        return caption
    units = text.encode("utf-16-le")[:2 * (limit - 1)]  # one line alone is too long
    return units.decode("utf-16-le", errors="ignore") + SHORTENED


@lru_cache(maxsize=256)
def _png(picture: HandPicture) -> bytes:
    return png_bytes(hand_picture(picture.family, picture.cards, vira=picture.vira))
