"""The card sticker sets: made at start-up in the operator's name, kept in step with the drawing.

Telegram only lets a bot make sticker sets in the name of a user who has started
it, so the sets belong to the operator (``TRUCO_OWNER_ID``). One set per deck
family, named after the drawing's version in the shipped manifest
(``truco_french_<version>_by_<bot>``): a new drawing is a new set, built once,
and the old one is deleted. A start that finds its set complete does one
``getStickerSet`` per deck; one that was interrupted half-way adds what is
missing. The file ids go to the database (``card_stickers``) and to a
:class:`StickerBook` the handlers ask "which sticker shows this card?".

Without an owner, or when Telegram refuses, the bot says so once in the log and
keeps showing cards as text: stickers are a nicety, never a reason not to start.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

from telegram import Bot, InputSticker, StickerSet
from telegram.constants import StickerFormat
from telegram.error import BadRequest, TelegramError

from chatbot.cards.catalog import BACK, IMAGES, Picture, picture_name, pictures, shipped_manifest
from chatbot.cards.draw import Mark
from chatbot.rules.cards import Card, Family
from chatbot.storage import Repository, StickerDeckRecord

log = logging.getLogger(__name__)

FIRST_BATCH = 50  # createNewStickerSet takes at most 50 stickers; the rest are added
TITLES = {Family.FRENCH: "Truco: French cards", Family.SPANISH: "Truco: Spanish cards"}
SUIT_EMOJI = {
    Family.FRENCH: {"C": "♣️", "H": "♥️", "S": "♠️", "D": "♦️"},
    Family.SPANISH: {"O": "🪙", "C": "🏆", "E": "⚔️", "B": "🪵"},
}


def deck_pictures(family: Family) -> list[Picture]:
    """What a family's set holds, in order: the plain faces, the manilhas, the back.

    The turned-card variants are not stickers: the turned card is never in a hand.
    """
    return [p for p in pictures()
            if (p.family is family and p.mark is not Mark.VIRA) or p.name == BACK]


def emoji_of(picture: Picture) -> list[str]:
    if picture.card is None or picture.family is None:
        return ["🂠"]
    emoji = [SUIT_EMOJI[picture.family][picture.card.suit]]
    return [*emoji, "⭐"] if picture.mark is Mark.MANILHA else emoji


def set_name(family: Family, bot_username: str) -> str:
    return f"truco_{family.value}_{shipped_manifest()['decks'][family.value]}_by_{bot_username}"


@dataclass
class StickerBook:
    """The sticker of every card picture, per deck; empty when there are no sticker sets."""

    decks: dict[Family, StickerDeckRecord] = field(default_factory=dict)

    def has(self, family: Family) -> bool:
        return family in self.decks

    def file_id(self, family: Family, card: Card | None, mark: Mark = Mark.PLAIN) -> str | None:
        """The sticker of a card (None: the back, for a face-down or unseen card)."""
        deck = self.decks.get(family)
        if deck is None:
            return None
        return deck.file_ids.get(picture_name(card, family, mark))

    def take(self, made: StickerBook) -> None:
        """The decks made at start-up, in this book: the parts built with it (the
        private hands, the solo pictures, inline results) show cards as pictures now."""
        self.decks.clear()
        self.decks.update(made.decks)

    def picture_of(self, file_id: str) -> str | None:
        """Which picture a sticker shows: the privacy audit reads stickers back with it."""
        for deck in self.decks.values():
            for picture, known in deck.file_ids.items():
                if known == file_id:
                    return picture
        return None


class OwnerCannotOwn(Exception):
    """Telegram refused the owner (unknown, or has not started the bot)."""


async def prepare_stickers(bot: Bot, repo: Repository, owner_id: int | None) -> StickerBook:
    """Every deck's sticker set, made or brought up to date; an empty book on failure."""
    if owner_id is None:
        log.info("TRUCO_OWNER_ID is not set: cards are shown as text (set it to your Telegram "
                 "user id, and start a chat with the bot, to have card stickers)")
        return StickerBook()
    book = StickerBook()
    for family in Family:
        try:
            book.decks[family] = await ensure_deck(bot, repo, owner_id, family)
        except OwnerCannotOwn as error:
            log.warning("cannot make card stickers in the name of user %s (%s): has that user "
                        "started a chat with the bot? Cards are shown as text", owner_id, error)
            return StickerBook()
        except TelegramError as error:
            log.warning("could not make the %s card stickers (%s): those cards are shown "
                        "as text", family.value, error)
    return book


async def _get_set(bot: Bot, name: str) -> StickerSet | None:
    try:
        return await bot.get_sticker_set(name)
    except BadRequest as error:
        if "stickerset_invalid" in error.message.lower():
            return None
        raise


async def ensure_deck(bot: Bot, repo: Repository, owner_id: int,
                      family: Family) -> StickerDeckRecord:
    """The family's set as Telegram has it, completed if needed, and stored."""
    name = set_name(family, bot.username)
    version = shipped_manifest()["decks"][family.value]
    wanted = deck_pictures(family)
    stored = await repo.get_sticker_deck(family.value)
    existing = await _get_set(bot, name)
    have = list(existing.stickers) if existing is not None else []
    if len(have) > len(wanted):  # not a set this code made: start it again
        await bot.delete_sticker_set(name)
        existing, have = None, []
    if (stored is not None and stored.set_name == name and len(have) == len(wanted)
            and list(stored.file_ids.values()) == [s.file_id for s in have]):
        return stored
    if len(have) < len(wanted):
        await _upload(bot, owner_id, family, name, wanted[len(have):], create=existing is None)
        final = await _get_set(bot, name)
        have = list(final.stickers) if final is not None else []
    if len(have) != len(wanted):
        raise BadRequest(f"the set {name} holds {len(have)} stickers, not {len(wanted)}")
    record = await repo.replace_sticker_deck(
        family.value, name, version,
        [(p.name, s.file_id, s.file_unique_id) for p, s in zip(wanted, have, strict=True)])
    if stored is not None and stored.set_name != name:
        try:
            await bot.delete_sticker_set(stored.set_name)
        except TelegramError as error:  # already gone, or never ours: nothing to undo
            log.info("could not delete the old sticker set %s: %s", stored.set_name, error)
    log.info("card stickers: set %s holds the %d %s pictures", name, len(have), family.value)
    return record


async def _upload(bot: Bot, owner_id: int, family: Family, name: str,
                  missing: Sequence[Picture], *, create: bool) -> None:
    """Upload the missing pictures and put them in the set, in order."""
    inputs: list[InputSticker] = []
    for picture in missing:
        data = (IMAGES / f"{picture.name}.webp").read_bytes()
        try:
            uploaded = await bot.upload_sticker_file(owner_id, data, StickerFormat.STATIC)
        except BadRequest as error:
            if "peer_id_invalid" in error.message.lower() or "user" in error.message.lower():
                raise OwnerCannotOwn(error.message) from error
            raise
        inputs.append(InputSticker(uploaded.file_id, emoji_of(picture), StickerFormat.STATIC))
    if create:
        await bot.create_new_sticker_set(owner_id, name, TITLES[family], inputs[:FIRST_BATCH])
        inputs = inputs[FIRST_BATCH:]
    for sticker in inputs:
        await bot.add_sticker_to_set(owner_id, name, sticker)
