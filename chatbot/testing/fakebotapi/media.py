"""Stickers and photos for the fake Bot API: uploaded files, sticker sets, media messages.

The limits are Telegram's (https://core.telegram.org/bots/api#stickers): a set's
name ends in ``_by_<bot username>``, holds at most 120 static stickers, and is
owned by a user who has started the bot; a static sticker is a PNG or WebP with
one side of exactly 512 px and the other at most 512, of at most 512 KB; a photo
is at most 10 MB, its width and height at most 10000 together and one at most 20
times the other, and its caption at most 1024 characters; an album
(sendMediaGroup) holds 2 to 10 photos and is refused whole for one bad item.
editMessageMedia may make a text message a photo; into an inline message only a
file the server holds goes (a file id: nothing is uploaded there). Every file
keeps its bytes, so a test can tell which picture a file id shows (``file_bytes``).
"""

from __future__ import annotations

import hashlib
import io
import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, UnidentifiedImageError

from .entities import render, utf16_len
from .errors import NOT_MODIFIED, ApiError
from .models import JSON, ApiCall, FakeMessage, clean_markup

if TYPE_CHECKING:
    from .server import FakeTelegramServer

MAX_STATIC_SET = 120
MAX_INITIAL_STICKERS = 50
MAX_STATIC_BYTES = 512 * 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_CAPTION = 1024
MAX_PHOTO_SIDES = 10_000  # width + height
MAX_PHOTO_RATIO = 20
_SET_NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")

WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
SET_INVALID = "Bad Request: STICKERSET_INVALID"
SET_NAME_INVALID = "Bad Request: invalid sticker set name is specified"
SET_NAME_OCCUPIED = "Bad Request: sticker set name is already occupied"
TOO_MANY = "Bad Request: STICKERS_TOO_MUCH"
PEER_INVALID = "Bad Request: PEER_ID_INVALID"
DIMENSIONS = "Bad Request: STICKER_PNG_DIMENSIONS"
NOT_PNG = "Bad Request: STICKER_PNG_NOPNG"
TOO_BIG = "Bad Request: file is too big"
CAPTION_TOO_LONG = "Bad Request: message caption is too long"
EMOJI_INVALID = "Bad Request: STICKER_EMOJI_INVALID"
NO_MEDIA = "Bad Request: there is no media in the message to edit"
NO_CAPTION = "Bad Request: there is no caption in the message to edit"
PHOTO_DIMENSIONS = "Bad Request: PHOTO_INVALID_DIMENSIONS"
GROUP_SIZE = "Bad Request: wrong number of media in the media group (must be 2-10)"
INLINE_UPLOAD = ("Bad Request: a new file can't be uploaded into an inline message: "
                 "send a file_id of a file Telegram has")
MIN_GROUP, MAX_GROUP = 2, 10


@dataclass(eq=False)
class FakeFile:
    """A file the server holds: its bytes and what Telegram says about it."""

    file_id: str
    file_unique_id: str
    data: bytes
    width: int
    height: int
    kind: str  # "sticker" or "photo"
    set_name: str | None = None
    emoji: str | None = None

    def to_file(self) -> JSON:
        return {"file_id": self.file_id, "file_unique_id": self.file_unique_id,
                "file_size": len(self.data)}

    def to_sticker(self) -> JSON:
        sticker: JSON = {
            "file_id": self.file_id, "file_unique_id": self.file_unique_id, "type": "regular",
            "width": self.width, "height": self.height, "is_animated": False,
            "is_video": False, "file_size": len(self.data),
        }
        if self.set_name:
            sticker["set_name"] = self.set_name
        if self.emoji:
            sticker["emoji"] = self.emoji
        return sticker

    def to_photo(self) -> list[JSON]:
        """Telegram answers a photo with its sizes; one size is enough here."""
        return [{"file_id": self.file_id, "file_unique_id": self.file_unique_id,
                 "width": self.width, "height": self.height, "file_size": len(self.data)}]


@dataclass(eq=False)
class FakeStickerSet:
    name: str
    title: str
    owner_id: int
    stickers: list[FakeFile] = field(default_factory=list)

    def to_dict(self) -> JSON:
        return {"name": self.name, "title": self.title, "sticker_type": "regular",
                "stickers": [s.to_sticker() for s in self.stickers]}


class Media:
    """The server's files and sticker sets, and the Bot API methods on them."""

    def __init__(self, server: FakeTelegramServer) -> None:
        self.server = server
        self.files: dict[str, FakeFile] = {}
        self.sticker_sets: dict[str, FakeStickerSet] = {}
        self._count = 0

    # ------------------------------------------------------------------ files

    def _new_file(self, data: bytes, kind: str, *, width: int, height: int) -> FakeFile:
        self._count += 1
        digest = hashlib.sha256(data).hexdigest()
        prefix = "CAACAgIAAx" if kind == "sticker" else "AgACAgIAAx"
        file = FakeFile(f"{prefix}{self._count:06d}{digest[:24]}", f"AQAD{digest[:12]}", data,
                        width, height, kind)
        self.files[file.file_id] = file
        return file

    def file_bytes(self, file_id: str) -> bytes:
        """The bytes behind a file id: which picture a sticker or photo shows."""
        return self.files[file_id].data

    def _upload(self, params: JSON, value: Any) -> bytes | None:
        """The bytes of an uploaded file (a form field or ``attach://name``), else None."""
        if isinstance(value, str) and value.startswith("attach://"):
            value = params.get(value.removeprefix("attach://"))
        if isinstance(value, dict) and "data" in value:
            return value["data"]
        return None

    @staticmethod
    def _image_size(data: bytes, *, sticker: bool) -> tuple[int, int]:
        try:
            with Image.open(io.BytesIO(data)) as image:
                if sticker and image.format not in ("PNG", "WEBP"):
                    raise ApiError(400, NOT_PNG)
                return image.size
        except UnidentifiedImageError:
            raise ApiError(400, NOT_PNG if sticker else "Bad Request: IMAGE_PROCESS_FAILED") \
                from None

    def _static_sticker(self, data: bytes) -> FakeFile:
        if len(data) > MAX_STATIC_BYTES:
            raise ApiError(400, TOO_BIG)
        width, height = self._image_size(data, sticker=True)
        if max(width, height) != 512 or min(width, height) > 512:
            raise ApiError(400, DIMENSIONS)
        return self._new_file(data, "sticker", width=width, height=height)

    def _sticker_file(self, params: JSON, value: Any) -> FakeFile:
        """A sticker given as an upload or as the id of a file already on the server."""
        data = self._upload(params, value)
        if data is not None:
            return self._static_sticker(data)
        file = self.files.get(str(value)) if isinstance(value, str) else None
        if file is None or file.kind != "sticker":
            raise ApiError(400, WRONG_FILE)
        return file

    def _owner(self, params: JSON) -> int:
        """The user a set belongs to, who must have started the bot."""
        try:
            # a missing user_id is None: int() raises TypeError, answered below
            user_id = int(params.get("user_id"))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ApiError(400, "Bad Request: invalid user_id specified") from None
        chat = self.server.chats.get(user_id)
        if user_id not in self.server.users or chat is None or not chat.started:
            raise ApiError(400, PEER_INVALID)
        return user_id

    # ------------------------------------------------------------------ sticker methods

    async def upload_sticker_file(self, params: JSON, call: ApiCall) -> JSON:
        self._owner(params)
        if params.get("sticker_format") not in ("static", None):
            raise ApiError(400, "Bad Request: only static stickers are modelled")
        data = self._upload(params, params.get("sticker"))
        if data is None:
            raise ApiError(400, "Bad Request: there is no sticker in the request")
        return self._static_sticker(data).to_file()

    def _input_sticker(self, params: JSON, raw: Any, set_name: str) -> FakeFile:
        if isinstance(raw, str):
            raw = json.loads(raw)
        if not isinstance(raw, dict) or raw.get("format", "static") != "static":
            raise ApiError(400, "Bad Request: can't parse InputSticker JSON object")
        emoji = raw.get("emoji_list") or []
        if not 1 <= len(emoji) <= 20:
            raise ApiError(400, EMOJI_INVALID)
        source = self._sticker_file(params, raw.get("sticker"))
        # A sticker in a set is a file of its own, as on Telegram.
        member = self._new_file(source.data, "sticker", width=source.width,
                                height=source.height)
        member.set_name, member.emoji = set_name, str(emoji[0])
        return member

    def _check_set_name(self, name: str) -> None:
        suffix = f"_by_{self.server.bot_user['username']}".lower()
        if (not _SET_NAME_RE.match(name) or "__" in name or not name.lower().endswith(suffix)
                or len(name) == len(suffix)):
            raise ApiError(400, SET_NAME_INVALID)

    async def create_new_sticker_set(self, params: JSON, call: ApiCall) -> bool:
        owner = self._owner(params)
        name = str(params.get("name", ""))
        self._check_set_name(name)
        if name.lower() in self.sticker_sets:
            raise ApiError(400, SET_NAME_OCCUPIED)
        title = str(params.get("title", ""))
        if not 1 <= len(title) <= 64:
            raise ApiError(400, "Bad Request: STICKERSET_TITLE_INVALID")
        if params.get("sticker_type", "regular") != "regular":
            raise ApiError(400, "Bad Request: only regular stickers are modelled")
        stickers = params.get("stickers")
        if isinstance(stickers, str):
            stickers = json.loads(stickers)
        if not isinstance(stickers, list) or not 1 <= len(stickers) <= MAX_INITIAL_STICKERS:
            raise ApiError(400, "Bad Request: STICKERS_EMPTY" if not stickers else TOO_MANY)
        members = [self._input_sticker(params, raw, name) for raw in stickers]
        self.sticker_sets[name.lower()] = FakeStickerSet(name, title, owner, members)
        self.server._bump()
        return True

    def _set(self, name: Any) -> FakeStickerSet:
        sticker_set = self.sticker_sets.get(str(name or "").lower())
        if sticker_set is None:
            raise ApiError(400, SET_INVALID)
        return sticker_set

    async def add_sticker_to_set(self, params: JSON, call: ApiCall) -> bool:
        owner = self._owner(params)
        sticker_set = self._set(params.get("name"))
        if sticker_set.owner_id != owner:
            raise ApiError(400, SET_INVALID)
        if len(sticker_set.stickers) >= MAX_STATIC_SET:
            raise ApiError(400, TOO_MANY)
        sticker_set.stickers.append(
            self._input_sticker(params, params.get("sticker"), sticker_set.name))
        self.server._bump()
        return True

    async def get_sticker_set(self, params: JSON, call: ApiCall) -> JSON:
        return self._set(params.get("name")).to_dict()

    async def delete_sticker_from_set(self, params: JSON, call: ApiCall) -> bool:
        file_id = str(params.get("sticker", ""))
        for sticker_set in self.sticker_sets.values():
            for sticker in sticker_set.stickers:
                if sticker.file_id == file_id:
                    sticker_set.stickers.remove(sticker)
                    self.server._bump()
                    return True
        raise ApiError(400, "Bad Request: STICKER_INVALID")

    async def delete_sticker_set(self, params: JSON, call: ApiCall) -> bool:
        sticker_set = self._set(params.get("name"))
        del self.sticker_sets[sticker_set.name.lower()]
        self.server._bump()
        return True

    def sticker(self, file_id: str) -> FakeFile:
        """A sticker by id, for inline results and sendSticker: unknown ids are refused."""
        file = self.files.get(file_id)
        if file is None or file.kind != "sticker":
            raise ApiError(400, WRONG_FILE)
        return file

    # ------------------------------------------------------------------ messages

    def _caption(self, params: JSON) -> tuple[str | None, list[JSON]]:
        caption = params.get("caption")
        if caption is None or caption == "":
            return None, []
        plain, entities = render(str(caption), params.get("parse_mode"),
                                 params.get("caption_entities"))
        if utf16_len(plain) > MAX_CAPTION:
            raise ApiError(400, CAPTION_TOO_LONG)
        return plain, entities

    def _photo_file(self, params: JSON, value: Any) -> FakeFile:
        data = self._upload(params, value)
        if data is None:
            file = self.files.get(str(value)) if isinstance(value, str) else None
            if file is None or file.kind != "photo":
                raise ApiError(400, WRONG_FILE)
            return file
        if len(data) > MAX_PHOTO_BYTES:
            raise ApiError(400, TOO_BIG)
        width, height = self._image_size(data, sticker=False)
        if width + height > MAX_PHOTO_SIDES or max(width, height) > MAX_PHOTO_RATIO * min(
                width, height):
            raise ApiError(400, PHOTO_DIMENSIONS)
        return self._new_file(data, "photo", width=width, height=height)

    def _post(self, params: JSON, *, sticker: FakeFile | None = None,
              photo: FakeFile | None = None) -> JSON:
        server = self.server
        chat = server._chat_for_sending(params)
        inline, keyboard = server._split_markup(params)
        reply_to = server._reply_target(chat, params)
        caption, entities = self._caption(params) if photo is not None else (None, [])
        message = server.add_message(chat, server.bot_user, from_bot=True, reply_markup=inline,
                                     reply_to=reply_to)
        message.keyboard = keyboard
        message.sticker = sticker.to_sticker() if sticker else None
        message.photo = photo.to_photo() if photo else None
        message.caption, message.caption_entities = caption, entities
        return message.to_dict()

    async def send_sticker(self, params: JSON, call: ApiCall) -> JSON:
        value = params.get("sticker")
        data = self._upload(params, value)
        file = self._static_sticker(data) if data is not None else self.sticker(str(value))
        return self._post(params, sticker=file)

    async def send_photo(self, params: JSON, call: ApiCall) -> JSON:
        return self._post(params, photo=self._photo_file(params, params.get("photo")))

    async def send_media_group(self, params: JSON, call: ApiCall) -> list[JSON]:
        """An album: 2-10 photos, each its own message; every item is checked before any
        is posted, as Telegram refuses the whole album for one bad item."""
        media = params.get("media")
        if isinstance(media, str):
            media = json.loads(media)
        if not isinstance(media, list) or not MIN_GROUP <= len(media) <= MAX_GROUP:
            raise ApiError(400, GROUP_SIZE)
        if any(not isinstance(item, dict) or item.get("type") != "photo" for item in media):
            raise ApiError(400, "Bad Request: only photo albums are modelled")
        for item in media:
            self._caption(item)
        photos = [self._photo_file(params, item.get("media")) for item in media]
        return [self._post({**params, "caption": item.get("caption"),
                            "parse_mode": item.get("parse_mode"),
                            "caption_entities": item.get("caption_entities")}, photo=photo)
                for item, photo in zip(media, photos, strict=True)]

    def _edit_result(self, message: FakeMessage) -> JSON | bool:
        message.edit_date = message.date + len(message.history)
        self.server._bump()
        return True if message.inline_message_id else message.to_dict()

    def _remember(self, message: FakeMessage) -> None:
        message.history.append((message.caption if message.photo else message.text,
                                message.caption_entities if message.photo else message.entities,
                                message.reply_markup))

    async def edit_message_caption(self, params: JSON, call: ApiCall) -> JSON | bool:
        message = self.server._message_for_edit(params)
        if message.photo is None:
            raise ApiError(400, NO_CAPTION)
        caption, entities = self._caption(params)
        inline, _ = self.server._split_markup(params)
        inline = clean_markup(inline)
        if (caption, entities, inline) == (message.caption, message.caption_entities,
                                           message.reply_markup):
            raise ApiError(400, NOT_MODIFIED)
        self._remember(message)
        message.caption, message.caption_entities, message.reply_markup = (
            caption, entities, inline)
        return self._edit_result(message)

    async def edit_message_media(self, params: JSON, call: ApiCall) -> JSON | bool:
        message = self.server._message_for_edit(params)
        if message.photo is None and message.sticker is None and not message.inline_message_id:
            raise ApiError(400, NO_MEDIA)
        media = params.get("media")
        if isinstance(media, str):
            media = json.loads(media)
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise ApiError(400, "Bad Request: only photo media are modelled")
        if message.inline_message_id and self._upload(params, media.get("media")) is not None:
            raise ApiError(400, INLINE_UPLOAD)
        photo = self._photo_file(params, media.get("media"))
        caption, entities = self._caption(media)
        inline, _ = self.server._split_markup(params)
        inline = clean_markup(inline)
        if (photo.data, caption, entities, inline) == (
                # a photo message always has its file id
                self.files[cast(str, message.file_id)].data if message.photo else None,
                message.caption,
                message.caption_entities, message.reply_markup):
            raise ApiError(400, NOT_MODIFIED)
        self._remember(message)
        message.photo, message.sticker = photo.to_photo(), None
        message.text, message.entities = None, []  # a text message becomes a photo
        message.caption, message.caption_entities, message.reply_markup = (
            caption, entities, inline)
        return self._edit_result(message)

    def methods(self) -> dict[str, Any]:
        return {
            "uploadStickerFile": self.upload_sticker_file,
            "createNewStickerSet": self.create_new_sticker_set,
            "addStickerToSet": self.add_sticker_to_set,
            "getStickerSet": self.get_sticker_set,
            "deleteStickerFromSet": self.delete_sticker_from_set,
            "deleteStickerSet": self.delete_sticker_set,
            "sendSticker": self.send_sticker,
            "sendPhoto": self.send_photo,
            "sendMediaGroup": self.send_media_group,
            "editMessageCaption": self.edit_message_caption,
            "editMessageMedia": self.edit_message_media,
        }
