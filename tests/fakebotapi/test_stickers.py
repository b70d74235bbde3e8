"""The fake Bot API's stickers and photos, through the real python-telegram-bot Bot.

Sticker sets with Telegram's limits (name suffix, 120 static stickers, 512 px,
512 KB, an owner who started the bot), sticker and photo messages, media and
caption edits, photo albums and their deletion in a private chat, an inline text
post made a photo (from a file id only), and cached stickers in inline answers
posted ``via_bot``.
"""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from PIL import Image
from telegram import (
    Bot,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultCachedSticker,
    InputMediaPhoto,
    InputSticker,
    InputTextMessageContent,
    Update,
)
from telegram.constants import StickerFormat
from telegram.error import BadRequest
from telegram.ext import Application, ContextTypes, InlineQueryHandler, MessageHandler, filters

from chatbot.cards.catalog import IMAGES
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser, application_builder, polling

CARD = (IMAGES / "french" / "7H.webp").read_bytes()
OTHER = (IMAGES / "spanish" / "1E.webp").read_bytes()
SET = "french_by_TrucoTestBot"


def picture(width: int, height: int, *, noise: bool = False) -> bytes:
    image = Image.new("RGB", (width, height), (200, 10, 10))
    if noise:  # incompressible pixels, to make a file larger than 512 KB
        image = Image.frombytes("RGB", (width, height),
                                random.Random(0).randbytes(width * height * 3))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


@pytest_asyncio.fixture
async def bot(fake_telegram: FakeTelegramServer) -> AsyncIterator[Bot]:
    app = application_builder(fake_telegram).build()
    async with app:
        yield app.bot


@pytest_asyncio.fixture
async def owner(fake_telegram: FakeTelegramServer) -> FakeUser:
    user = FakeUser(fake_telegram, 777, "Operator")
    await user.start()
    return user


async def test_a_sticker_set_is_created_grown_read_and_trimmed(
    fake_telegram: FakeTelegramServer, bot: Bot, owner: FakeUser
) -> None:
    uploaded = await bot.upload_sticker_file(owner.id, CARD, StickerFormat.STATIC)
    assert fake_telegram.media.file_bytes(uploaded.file_id) == CARD
    assert await bot.create_new_sticker_set(
        owner.id, SET, "Truco: French cards",
        [InputSticker(uploaded.file_id, ["♥"], StickerFormat.STATIC)])
    # addStickerToSet also takes a file in the same request
    assert await bot.add_sticker_to_set(
        owner.id, SET, InputSticker(OTHER, ["⚔"], StickerFormat.STATIC))
    found = await bot.get_sticker_set(SET)
    assert found.title == "Truco: French cards"
    assert [s.emoji for s in found.stickers] == ["♥", "⚔"]
    assert [(s.width, s.height) for s in found.stickers] == [(352, 512), (352, 512)]
    assert [fake_telegram.media.file_bytes(s.file_id) for s in found.stickers] == [CARD, OTHER]
    assert all(s.set_name == SET for s in found.stickers)

    assert await bot.delete_sticker_from_set(found.stickers[0].file_id)
    assert [s.emoji for s in (await bot.get_sticker_set(SET)).stickers] == ["⚔"]
    with pytest.raises(BadRequest, match=r"(?i)STICKERSET_INVALID"):
        await bot.get_sticker_set("spanish_by_TrucoTestBot")
    with pytest.raises(BadRequest, match=r"(?i)already occupied"):
        await bot.create_new_sticker_set(owner.id, SET, "again",
                                         [InputSticker(CARD, ["♥"], StickerFormat.STATIC)])


@pytest.mark.parametrize("name", ["french", "french_by_OtherBot", "_by_TrucoTestBot",
                                  "1french_by_TrucoTestBot", "fr__ench_by_TrucoTestBot"])
async def test_a_set_name_must_end_with_the_bots_username(
    bot: Bot, owner: FakeUser, name: str
) -> None:
    with pytest.raises(BadRequest, match=r"(?i)invalid sticker set name"):
        await bot.create_new_sticker_set(owner.id, name, "Cards",
                                         [InputSticker(CARD, ["♥"], StickerFormat.STATIC)])


async def test_the_owner_must_have_started_the_bot(
    fake_telegram: FakeTelegramServer, bot: Bot
) -> None:
    stranger = FakeUser(fake_telegram, 778, "Stranger")
    with pytest.raises(BadRequest, match=r"(?i)PEER_ID_INVALID"):
        await bot.upload_sticker_file(stranger.id, CARD, StickerFormat.STATIC)
    with pytest.raises(BadRequest, match=r"(?i)PEER_ID_INVALID"):
        await bot.create_new_sticker_set(stranger.id, SET, "Cards",
                                         [InputSticker(CARD, ["♥"], StickerFormat.STATIC)])
    await stranger.start()
    assert await bot.upload_sticker_file(stranger.id, CARD, StickerFormat.STATIC)


@pytest.mark.parametrize(("data", "error"), [
    (picture(512, 600), r"(?i)STICKER_PNG_DIMENSIONS"),
    (picture(300, 300), r"(?i)STICKER_PNG_DIMENSIONS"),
    (picture(512, 512, noise=True), r"(?i)file is too big"),
    (b"GIF89a not a picture", r"(?i)STICKER_PNG_NOPNG"),
])
async def test_a_static_sticker_is_a_512_px_png_or_webp_under_512_kb(
    bot: Bot, owner: FakeUser, data: bytes, error: str
) -> None:
    with pytest.raises(BadRequest, match=error):
        await bot.upload_sticker_file(owner.id, data, StickerFormat.STATIC)


async def test_a_set_holds_at_most_120_static_stickers(bot: Bot, owner: FakeUser) -> None:
    file_id = (await bot.upload_sticker_file(owner.id, CARD, StickerFormat.STATIC)).file_id
    first = [InputSticker(file_id, ["♥"], StickerFormat.STATIC)] * 50
    with pytest.raises(BadRequest, match=r"(?i)STICKERS_TOO_MUCH"):
        await bot.create_new_sticker_set(owner.id, SET, "Cards", [*first, first[0]])
    await bot.create_new_sticker_set(owner.id, SET, "Cards", first)
    for _ in range(70):
        await bot.add_sticker_to_set(owner.id, SET, first[0])
    assert len((await bot.get_sticker_set(SET)).stickers) == 120
    with pytest.raises(BadRequest, match=r"(?i)STICKERS_TOO_MUCH"):
        await bot.add_sticker_to_set(owner.id, SET, first[0])


async def test_sticker_and_photo_messages_and_their_edits(
    fake_telegram: FakeTelegramServer, bot: Bot, owner: FakeUser
) -> None:
    chat = owner.private
    file_id = (await bot.upload_sticker_file(owner.id, CARD, StickerFormat.STATIC)).file_id
    sent = await bot.send_sticker(chat.id, file_id)
    assert sent.sticker is not None and sent.sticker.file_id == file_id
    assert chat.message(sent.message_id).file_id == file_id
    with pytest.raises(BadRequest, match=r"(?i)wrong file identifier"):
        await bot.send_sticker(chat.id, "CAACnot-a-file")

    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Play", callback_data="p")]])
    photo = await bot.send_photo(chat.id, picture(700, 512), caption="<b>Your hand</b>",
                                 parse_mode="HTML", reply_markup=keyboard)
    stored = chat.message(photo.message_id)
    assert photo.caption == "Your hand" and photo.photo[-1].width == 700
    assert stored.caption_entities[0]["type"] == "bold" and stored.buttons
    first_photo = stored.file_id

    edited = await bot.edit_message_media(
        InputMediaPhoto(picture(600, 512), caption="Your hand, one card played"),
        chat_id=chat.id, message_id=photo.message_id, reply_markup=keyboard)
    assert edited.caption == "Your hand, one card played"
    assert stored.file_id != first_photo and stored.edits == 1 and stored.buttons
    assert fake_telegram.media.file_bytes(stored.file_id) == picture(600, 512)

    await bot.edit_message_caption(chat_id=chat.id, message_id=photo.message_id,
                                   caption="Your turn", reply_markup=keyboard)
    assert stored.caption == "Your turn" and stored.edits == 2
    with pytest.raises(BadRequest, match=r"(?i)not modified"):
        await bot.edit_message_caption(chat_id=chat.id, message_id=photo.message_id,
                                       caption="Your turn", reply_markup=keyboard)
    with pytest.raises(BadRequest, match=r"(?i)caption is too long"):
        await bot.edit_message_caption(chat_id=chat.id, message_id=photo.message_id,
                                       caption="x" * 1025)
    text = await bot.send_message(chat.id, "plain")
    with pytest.raises(BadRequest, match=r"(?i)no caption"):
        await bot.edit_message_caption(chat_id=chat.id, message_id=text.message_id,
                                       caption="x")
    # photos and stickers spend the chat's budget like texts do
    assert fake_telegram.counted_per_chat()[chat.id] == 5


async def test_a_photo_has_telegrams_dimensions(fake_telegram: FakeTelegramServer,
                                                bot: Bot, owner: FakeUser) -> None:
    """Width and height at most 10000 together, one at most 20 times the other."""
    chat = owner.private
    for width, height in ((9000, 1001), (2100, 100), (100, 2001)):
        with pytest.raises(BadRequest, match=r"(?i)PHOTO_INVALID_DIMENSIONS"):
            await bot.send_photo(chat.id, picture(width, height))
    sent = await bot.send_photo(chat.id, picture(9000, 1000), caption="x" * 1024)
    assert sent.photo[-1].width == 9000 and chat.message(sent.message_id).caption == "x" * 1024
    with pytest.raises(BadRequest, match=r"(?i)PHOTO_INVALID_DIMENSIONS"):
        await bot.edit_message_media(InputMediaPhoto(picture(2100, 100)), chat_id=chat.id,
                                     message_id=sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)caption is too long"):
        await bot.send_photo(chat.id, picture(100, 100), caption="x" * 1025)


async def test_cached_stickers_in_inline_answers_are_posted_via_the_bot(
    fake_telegram: FakeTelegramServer, owner: FakeUser
) -> None:
    seen: list[str] = []
    holder: dict[str, str] = {}

    async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.inline_query is not None
        results = [InlineQueryResultCachedSticker("card-7H", holder["file_id"]),
                   InlineQueryResultArticle("truco", "Truco!", InputTextMessageContent("Truco!"))]
        if update.inline_query.query == "bad":
            results = [InlineQueryResultCachedSticker("card-x", "CAACnot-a-file")]
        try:
            await update.inline_query.answer(results, is_personal=True, cache_time=0)
        except BadRequest as error:
            seen.append(f"refused: {error.message}")

    async def via_bot(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.effective_message
        assert message is not None and message.sticker is not None
        seen.append(message.sticker.file_id)

    app: Application = application_builder(fake_telegram).build()  # type: ignore[type-arg]
    app.add_handler(InlineQueryHandler(inline))
    app.add_handler(MessageHandler(
        filters.Sticker.ALL & filters.ViaBot(username=fake_telegram.bot_user["username"]),
        via_bot))
    group = fake_telegram.create_group("Truco night", members=[owner])
    async with polling(app):
        holder["file_id"] = (await app.bot.upload_sticker_file(
            owner.id, CARD, StickerFormat.STATIC)).file_id
        answer = await owner.inline_query("g1", chat=group)
        assert answer.ids == ["card-7H", "truco"] and answer.is_personal
        posted = await owner.choose_inline("card-7H")
        assert posted is not None and posted.via_bot is not None
        assert posted.file_id == holder["file_id"] and posted.text is None
        assert posted.sticker is not None and posted.sticker["width"] == 352
        await fake_telegram.wait_until(lambda: seen == [holder["file_id"]])
        owner.ask_inline("bad", chat=group)
        await fake_telegram.wait_until(lambda: len(seen) == 2)
        assert seen[1] == "refused: Wrong file identifier/http url specified"


async def test_an_album_holds_2_to_10_photos_and_the_bot_may_delete_them_in_private(
    fake_telegram: FakeTelegramServer, bot: Bot, owner: FakeUser
) -> None:
    chat = owner.private
    for count in (1, 11):
        with pytest.raises(BadRequest, match=r"(?i)2-10"):
            await bot.send_media_group(chat.id, [InputMediaPhoto(CARD)] * count)
    with pytest.raises(BadRequest, match=r"(?i)wrong file identifier"):  # all or nothing
        await bot.send_media_group(chat.id, [InputMediaPhoto(CARD), InputMediaPhoto("AgACno")])
    assert not chat.bot_messages()
    sent = await bot.send_media_group(chat.id, [InputMediaPhoto(CARD), InputMediaPhoto(OTHER)])
    assert [fake_telegram.media.file_bytes(m.photo[-1].file_id) for m in sent] == [CARD, OTHER]
    assert len(chat.bot_messages()) == 2
    assert await bot.delete_messages(chat.id, [m.message_id for m in sent])
    assert not chat.bot_messages()
    # the photos stay on the server under their ids: a message may show them again
    again = await bot.send_photo(chat.id, sent[0].photo[-1].file_id)
    assert fake_telegram.media.file_bytes(again.photo[-1].file_id) == CARD


async def test_an_inline_text_post_becomes_a_photo_of_a_file_already_held(
    fake_telegram: FakeTelegramServer, owner: FakeUser
) -> None:
    """editMessageMedia adds a photo to an inline text message; it takes a file id only
    (nothing is uploaded into an inline message) and a caption of at most 1024."""
    keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Play", switch_inline_query="")]])

    async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.inline_query is not None
        await update.inline_query.answer([InlineQueryResultArticle(
            "move", "7♥", InputTextMessageContent("Alice: …"), reply_markup=keyboard)],
            is_personal=True, cache_time=0)

    app: Application = application_builder(fake_telegram).build()  # type: ignore[type-arg]
    app.add_handler(InlineQueryHandler(inline))
    group = fake_telegram.create_group("Truco night", members=[owner])
    async with polling(app):
        photo = (await app.bot.send_photo(owner.private.id, CARD)).photo[-1].file_id
        await owner.inline_query("g1", chat=group)
        posted = await owner.choose_inline("move")
        assert posted is not None and posted.inline_message_id and posted.text == "Alice: …"
        inline_id = posted.inline_message_id
        with pytest.raises(BadRequest, match=r"(?i)can't be uploaded"):
            await app.bot.edit_message_media(InputMediaPhoto(OTHER), inline_message_id=inline_id)
        with pytest.raises(BadRequest, match=r"(?i)caption is too long"):
            await app.bot.edit_message_media(InputMediaPhoto(photo, caption="x" * 1025),
                                             inline_message_id=inline_id)
        assert posted.text == "Alice: …" and posted.photo is None
        assert await app.bot.edit_message_media(InputMediaPhoto(photo, caption="Alice plays 7♥"),
                                                inline_message_id=inline_id) is True
        assert posted.text is None and posted.caption == "Alice plays 7♥"
        assert posted.file_id is not None
        assert fake_telegram.media.file_bytes(posted.file_id) == CARD
        assert not posted.buttons and posted.history[0][0] == "Alice: …"
