"""The card pictures as Telegram photos: what a stood inline move's post becomes.

A chosen inline result's post can be edited into a photo (editMessageMedia adds
media to a text message) but only from a file Telegram already holds: nothing
can be uploaded into an inline message. The sticker ids are no photos, so at
start-up the pictures of each deck (the same ones its sticker set holds) are
sent once as photos to the operator's private chat (``TRUCO_OWNER_ID``), in
albums of ten; each photo's file id is kept (``card_photos``, with the deck's
version in the shipped manifest) and those messages are deleted at once, so
the operator's chat is not left full of cards. A start that finds every id of
the current drawing stored sends nothing.

Without an owner, or when Telegram refuses, the book is empty and a stood move's
post stays text: the photos are a nicety, never a reason not to start.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

from telegram import Bot, InputMediaPhoto, Message
from telegram.error import TelegramError

from chatbot.cards.catalog import Picture, picture_name, shipped_manifest
from chatbot.cards.draw import Mark
from chatbot.handlers.telegram.stickers import deck_pictures
from chatbot.rules.cards import Card, Family
from chatbot.storage import Repository

log = logging.getLogger(__name__)

ALBUM = 10  # sendMediaGroup takes 2 to 10 photos


@dataclass
class PhotoBook:
    """The photo of every card picture, per deck; empty when there are none."""

    decks: dict[Family, dict[str, str]] = field(default_factory=dict)

    def has(self, family: Family) -> bool:
        return family in self.decks

    def file_id(self, family: Family, card: Card | None, mark: Mark = Mark.PLAIN) -> str | None:
        """The photo of a card (None: the back, for a face-down or blind card)."""
        return self.decks.get(family, {}).get(picture_name(card, family, mark))

    def take(self, made: PhotoBook) -> None:
        """The photos uploaded at start-up, in this book (the one inline moves read)."""
        self.decks.clear()
        self.decks.update(made.decks)


async def prepare_photos(bot: Bot, repo: Repository, owner_id: int | None) -> PhotoBook:
    """Every deck's photos, uploaded if missing or of an older drawing; empty on failure."""
    book = PhotoBook()
    if owner_id is None:  # prepare_stickers has said that cards are text then
        return book
    for family in Family:
        try:
            book.decks[family] = await ensure_photos(bot, repo, owner_id, family)
        except TelegramError as error:
            log.warning("could not upload the %s card photos to user %s (%s): has that user "
                        "started a chat with the bot? Moves of those cards stay text",
                        family.value, owner_id, error)
    return book


async def ensure_photos(bot: Bot, repo: Repository, owner_id: int,
                        family: Family) -> dict[str, str]:
    """The family's photo ids: the stored ones when complete and current, else new."""
    version = shipped_manifest()["decks"][family.value]
    wanted = deck_pictures(family)
    stored = await repo.get_photo_deck(family.value)
    if (stored is not None and stored.version == version
            and set(stored.file_ids) == {p.name for p in wanted}):
        log.info("card photos: the %d %s pictures are on Telegram already", len(wanted),
                 family.value)
        return stored.file_ids
    sent: list[tuple[Picture, Message]] = []
    try:
        for start in range(0, len(wanted), ALBUM):
            album = wanted[start:start + ALBUM]
            sent.extend(zip(album, await _send(bot, owner_id, album), strict=True))
    finally:
        await _clean_up(bot, owner_id, [message for _, message in sent])
    photos = []
    for picture, message in sent:
        largest = max(message.photo, key=lambda size: size.width * size.height)
        photos.append((picture.name, largest.file_id, largest.file_unique_id))
    record = await repo.replace_photo_deck(family.value, version, photos)
    log.info("card photos: uploaded the %d %s pictures to the owner's chat, kept their "
             "file ids and deleted those %d messages", len(photos), family.value, len(sent))
    return record.file_ids


async def _send(bot: Bot, owner_id: int, album: Sequence[Picture]) -> Sequence[Message]:
    """One album of photos in the owner's chat, silently (one photo alone: sendPhoto)."""
    if len(album) == 1:
        return [await bot.send_photo(owner_id, album[0].path.read_bytes(),
                                     disable_notification=True)]
    media = [InputMediaPhoto(p.path.read_bytes(), filename=f"{p.name.replace('/', '_')}.webp")
             for p in album]
    return await bot.send_media_group(owner_id, media, disable_notification=True)


async def _clean_up(bot: Bot, owner_id: int, messages: Sequence[Message]) -> None:
    """Delete the upload messages (a bot may delete its own messages in a private chat);
    the photos stay on Telegram's side under their file ids."""
    ids = [m.message_id for m in messages]
    for start in range(0, len(ids), 100):  # deleteMessages takes at most 100
        try:
            await bot.delete_messages(owner_id, ids[start:start + 100])
        except TelegramError as error:  # left in the owner's chat: untidy, not harmful
            log.info("could not delete the card photo uploads in the owner's chat: %s", error)
