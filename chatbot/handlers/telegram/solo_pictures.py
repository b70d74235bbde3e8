"""The solo chat's hand message as a picture: the player's cards, the text as its caption.

In a private chat where one person plays against bots, the table message is
also the hand message. With the card sticker sets (an operator, see
``stickers``) the presenter posts it as a photo of the player's hand (turned
card apart, manilhas starred, backs when the hand is played blind) composed
with Pillow, with the text it had before as the caption and the same buttons.

It costs what the text message cost: one post per hand, and one edit per
change, never two. An edit sends a new picture (``editMessageMedia``, caption
and buttons in the same call) only when the cards shown changed, otherwise
just the caption (``editMessageCaption``). A hand whose text outgrows
Telegram's 1024-character caption keeps its picture and loses its oldest lines
(``fit_caption``): the player reads the newest plays, the table, whose turn
and their cards, as before. When nothing is held any more (the hand's last
card played) the picture stays as it was and the caption says how it ended.

A process does not know which messages an earlier one posted as photos: after a
restart the presenter's first text edit of one is refused ("no text in the
message") and the picture is sent anew with its caption, one call more, once.

The PNG is drawn in a thread (a few tens of milliseconds), so the other tables
are not held up, and once per picture (``HandPicture.png`` is cached).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any, cast

from telegram import InlineKeyboardMarkup, InputMediaPhoto, Message
from telegram.ext import ExtBot

from chatbot.fsm.table import Table
from chatbot.handlers.telegram.card_pictures import HandPicture, fit_caption, hand_picture_of
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.storage import TableRecord

REMEMBERED = 20_000  # photo messages whose picture is remembered (oldest dropped first)


class SoloPictures:
    """Which solo hand messages are photos and what they show; sends and edits them."""

    def __init__(self, bot: Callable[[], ExtBot[Any]], book: StickerBook | None = None) -> None:
        self._bot = bot
        self.book = book  # the sticker sets, filled at start-up (none, or empty: no pictures)
        # (chat, message id) -> its picture (None: a photo found after a restart, unknown)
        self._shown: dict[Hashable, HandPicture | None] = {}

    def picture(self, record: TableRecord, table: Table) -> HandPicture | None:
        """The picture a solo table's message shows now, or None (a group, the lobby, no
        sticker sets, no cards)."""
        if record.chat_id <= 0 or table.match is None:
            return None
        seat = table.seat_of(record.chat_id)
        return None if seat is None else hand_picture_of(table, seat, self.book)

    def shows(self, key: Hashable) -> bool:
        """Whether the message is one of these photos (edited by caption or media)."""
        return key in self._shown

    async def send(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None,
                   picture: HandPicture) -> Message:
        photo = await asyncio.to_thread(picture.png)
        message = await self._bot().send_photo(chat_id, photo, caption=fit_caption(text),
                                               reply_markup=markup)
        self._shown[(chat_id, message.message_id)] = picture
        while len(self._shown) > REMEMBERED:
            self._shown.pop(next(iter(self._shown)))
        return message

    async def edit(self, key: Hashable, text: str, markup: InlineKeyboardMarkup | None,
                   picture: HandPicture | None) -> None:
        """One call: the new picture with its caption when the cards changed, else the
        caption alone (``rate_limit_args=0``: the debouncer retries with newer content).

        A photo this process did not post (the presenter found one after a restart) gets
        its picture anew: what it shows is not known."""
        chat_id, message_id = cast(tuple[int, int], key)  # the editor's keys: (chat, message)
        caption = fit_caption(text)
        if picture is None or picture == self._shown.get(key):
            await self._bot().edit_message_caption(
                chat_id=chat_id, message_id=message_id, caption=caption, reply_markup=markup,
                rate_limit_args=0)
            self._shown.setdefault(key, None)
            return
        photo = await asyncio.to_thread(picture.png)
        await self._bot().edit_message_media(
            InputMediaPhoto(photo, caption=caption), chat_id=chat_id, message_id=message_id,
            reply_markup=markup, rate_limit_args=0)
        self._shown[key] = picture

    def forget(self, key: Hashable) -> None:
        """The message is no longer the table's (a new hand posted a new one)."""
        self._shown.pop(key, None)
