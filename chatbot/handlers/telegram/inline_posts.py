"""What a move chosen in inline mode posts in the group, and how the bot settles that post.

Telegram posts a chosen inline result's message itself, in the player's name, the
moment it is tapped, and only then tells the bot (``chosen_inline_result``). A
move can still be refused then: the hand moved on, a timer played for the seat,
another of the player's moves came first, or the list the client showed was an
old one. A post that named the card would then show the group a card that was
never played, a card still in the player's hand. Deleting that post is no cure:
it is the player's message, which a bot may delete only as an administrator of
the group, and everybody has read it (or its notification) by then.

So the post names nothing that needs the move to stand. Every move result posts
``inline_pending`` ("Alice: …") with a one-button keyboard (the inline-play
button, useful by itself): a message with an inline keyboard is the only kind
whose ``inline_message_id`` Telegram gives the bot, and with that id the bot may
edit the message with no rights in the group. Once the move is judged the bot
edits it into the move as the table hears it ("Alice plays 7♥", ``inline_said``)
or into why it does not count ("Too late", "It is Bia's turn", "not at this table":
inline_refusals.py), and takes the button off.

A card offered as its sticker posts that same text (the sticker result's
``input_message_content``): a sticker message cannot be edited into anything, so
a posted sticker of a refused card could never be taken back. The picture comes
once the move stands: with card photos on Telegram (card_photos.py, made at
start-up when an owner is set) the bot edits the post into the photo of the card
as played, the settled text its caption (editMessageMedia may add a photo to a
text message, from a file id only). A card played face up shows its face, a card
covered or picked blind shows the back; a refused move, a call or a card passed
in secret stays text, and a photo edit Telegram refuses falls back to the text.
So the group sees the game as card pictures, and never a card that was not played.
"""

from __future__ import annotations

import logging

from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    InputTextMessageContent,
)
from telegram.error import BadRequest, TelegramError

from chatbot.fsm.table import Table
from chatbot.handlers.telegram.card_pictures import fit_caption
from chatbot.i18n.table_text import button, inline_pending, inline_refused, inline_said
from chatbot.rules.actions import Action

log = logging.getLogger(__name__)


def pending_content(table: Table, seat: int, locale: str) -> InputTextMessageContent:
    """The message every move result posts, whatever the move."""
    return InputTextMessageContent(inline_pending(table, seat, locale))


def pending_keyboard(code: str, locale: str) -> InlineKeyboardMarkup:
    """The post's keyboard: Telegram reports an inline message's id only when it has
    one. Its button opens inline play at this table, as the table message's does."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        button("inline", locale), switch_inline_query_current_chat=f"{code} ")]])


def settled_text(judged: Table | None, seat: int | None, action: Action | None,
                 locale: str) -> str:
    """What the post becomes: the move as judged on the table it was played on, or, for
    a refused move (no such table), "too late"."""
    if judged is None or seat is None or action is None:
        return inline_refused(locale)
    return inline_said(judged, seat, action, locale)


async def settle(bot: Bot, inline_message_id: str | None, text: str,
                 photo: str | None = None) -> None:
    """Edit the post into ``text``, without its button: into the ``photo`` (a file id,
    see card_photos.py) captioned ``text`` when there is one. A post Telegram gave no id
    for (a client that sent no keyboard) is left as it is: it names nothing. A photo
    edit refused falls back to the text; a failed text edit is logged and dropped: the
    table message tells the move all the same."""
    if not inline_message_id:
        return
    if photo is not None:
        try:
            await bot.edit_message_media(InputMediaPhoto(photo, caption=fit_caption(text)),
                                         inline_message_id=inline_message_id)
            return
        except BadRequest as exc:
            log.info("inline post %s not made a photo (%s): settled as text",
                     inline_message_id, exc)
        except TelegramError as exc:
            log.info("inline post %s not settled: %s", inline_message_id, exc)
            return
    try:
        await bot.edit_message_text(text, inline_message_id=inline_message_id)
    except TelegramError as exc:
        log.info("inline post %s not settled: %s", inline_message_id, exc)
