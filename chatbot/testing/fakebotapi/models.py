"""State the fake Bot API keeps, shaped so a test can read "the chat as it is now".

Messages are mutable records: an edit by the bot changes the stored message in
place (keeping the previous versions in ``history``), so a test holding a
``FakeMessage`` always sees the table message as the players would.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

BUTTON_KINDS = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
)


def clean_markup(markup: JSON | None) -> JSON | None:
    """Normalise an inline keyboard so two equal keyboards compare equal.

    Telegram drops unset fields and treats an empty keyboard as no keyboard; the
    "not modified" check depends on that.
    """
    if not markup or not markup.get("inline_keyboard"):
        return None
    rows = [
        [{k: v for k, v in button.items() if v is not None} for button in row]
        for row in markup["inline_keyboard"]
    ]
    rows = [row for row in rows if row]
    return {"inline_keyboard": rows} if rows else None


@dataclass(eq=False)
class FakeMessage:
    """One message in a chat, from the bot or from a user, as it is now."""

    chat: FakeChat = field(repr=False)
    message_id: int
    sender: JSON
    date: int
    from_bot: bool
    text: str | None = None
    entities: list[JSON] = field(default_factory=list)
    reply_markup: JSON | None = None
    """Inline keyboard only: the one markup Telegram keeps on a message."""
    keyboard: JSON | None = None
    """A reply keyboard / ForceReply / ReplyKeyboardRemove sent with the message."""
    via_bot: JSON | None = None
    reply_to: FakeMessage | None = None
    edit_date: int | None = None
    deleted: bool = False
    inline_message_id: str | None = None
    source_text: str | None = None
    """The text as the bot sent it (HTML and all), before rendering."""
    parse_mode: str | None = None
    extra: JSON = field(default_factory=dict)
    sticker: JSON | None = None
    """The Bot API ``Sticker`` of a sticker message."""
    photo: list[JSON] | None = None
    """The ``PhotoSize`` list of a photo message."""
    caption: str | None = None
    caption_entities: list[JSON] = field(default_factory=list)
    history: list[tuple[str | None, list[JSON], JSON | None]] = field(
        default_factory=list, repr=False
    )
    """Earlier (text, entities, reply_markup) versions, oldest first."""

    @property
    def file_id(self) -> str | None:
        """The file a sticker or photo message shows (None for text)."""
        if self.sticker:
            return str(self.sticker["file_id"])
        if self.photo:
            return str(self.photo[-1]["file_id"])
        return None

    @property
    def edits(self) -> int:
        return len(self.history)

    @property
    def buttons(self) -> list[JSON]:
        """The inline keyboard's buttons, row by row, flattened."""
        if not self.reply_markup:
            return []
        return [button for row in self.reply_markup["inline_keyboard"] for button in row]

    @property
    def callback_data(self) -> list[str]:
        return [b["callback_data"] for b in self.buttons if "callback_data" in b]

    def button(self, text: str) -> JSON:
        """The first button whose label contains ``text``; AssertionError when absent."""
        for candidate in self.buttons:
            if text in candidate["text"]:
                return candidate
        labels = [b["text"] for b in self.buttons]
        raise AssertionError(f"no button containing {text!r} on message {self.message_id}: "
                             f"{labels}")

    def to_dict(self, *, with_reply: bool = True) -> JSON:
        """The Bot API ``Message`` object for this message."""
        data: JSON = {
            "message_id": self.message_id,
            "from": dict(self.sender),
            "chat": self.chat.to_dict(),
            "date": self.date,
        }
        if self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = [dict(e) for e in self.entities]
        if self.sticker:
            data["sticker"] = dict(self.sticker)
        if self.photo:
            data["photo"] = [dict(size) for size in self.photo]
        if self.caption is not None:
            data["caption"] = self.caption
            if self.caption_entities:
                data["caption_entities"] = [dict(e) for e in self.caption_entities]
        if self.via_bot:
            data["via_bot"] = dict(self.via_bot)
        if self.reply_to is not None and with_reply:
            data["reply_to_message"] = self.reply_to.to_dict(with_reply=False)
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.reply_markup:
            data["reply_markup"] = json.loads(json.dumps(self.reply_markup))
        data.update(json.loads(json.dumps(self.extra)))
        return data


@dataclass(eq=False)
class FakeChat:
    """A private chat, group or supergroup, with its members and messages."""

    id: int
    type: str
    title: str | None = None
    username: str | None = None
    user: JSON | None = None
    """For a private chat: the user on the other side."""
    members: dict[int, str] = field(default_factory=dict)
    """user id -> status ("creator", "administrator", "member")."""
    bot_status: str = "member"
    """The bot's own status: "member", "administrator", "left" or "kicked"."""
    started: bool = False
    """Private chats: the user has written to the bot, so the bot may write back."""
    blocked: bool = False
    """Private chats: the user blocked the bot."""
    migrated_to: int | None = None
    """A group upgraded to a supergroup: the supergroup's id (every call here is refused)."""
    messages: dict[int, FakeMessage] = field(default_factory=dict, repr=False)
    _last_message_id: int = field(default=0, repr=False)

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    @property
    def chat_instance(self) -> str:
        """The stable opaque id Telegram puts in callback queries from this chat."""
        return str((abs(self.id) * 2654435761) % 10**19)

    def next_message_id(self) -> int:
        self._last_message_id += 1
        return self._last_message_id

    def to_dict(self) -> JSON:
        """The Bot API ``Chat`` object."""
        data: JSON = {"id": self.id, "type": self.type}
        if self.type == "private" and self.user is not None:
            data["first_name"] = self.user["first_name"]
            for key in ("last_name", "username"):
                if self.user.get(key):
                    data[key] = self.user[key]
        else:
            data["title"] = self.title or ""
            if self.username:
                data["username"] = self.username
        return data

    def full_info(self) -> JSON:
        """The Bot API ``ChatFullInfo`` object (getChat)."""
        data = self.to_dict()
        data.update(
            accent_color_id=0,
            max_reaction_count=11,
            accepted_gift_types={
                "unlimited_gifts": True,
                "limited_gifts": True,
                "unique_gifts": True,
                "premium_subscription": True,
                "gifts_from_channels": True,
            },
        )
        return data

    def all_messages(self, *, include_deleted: bool = False) -> list[FakeMessage]:
        return [m for m in self.messages.values() if include_deleted or not m.deleted]

    def bot_messages(self, *, include_deleted: bool = False) -> list[FakeMessage]:
        return [m for m in self.all_messages(include_deleted=include_deleted) if m.from_bot]

    def last_bot_message(self) -> FakeMessage | None:
        sent = self.bot_messages()
        return sent[-1] if sent else None

    def message(self, message_id: int) -> FakeMessage:
        return self.messages[message_id]


@dataclass(eq=False)
class ApiCall:
    """One request the bot made, in arrival order, with what the fake answered."""

    seq: int
    method: str
    params: JSON
    chat_id: int | str | None
    http_method: str
    content_type: str
    at: float
    ok: bool = False
    result: Any = None
    error_code: int | None = None
    description: str | None = None

    def __repr__(self) -> str:
        if self.ok:
            outcome = "ok"
        elif self.error_code is None:
            outcome = self.description or "pending"
        else:
            outcome = f"{self.error_code} {self.description}"
        return f"<ApiCall #{self.seq} {self.method} chat={self.chat_id} {outcome}>"


@dataclass(eq=False)
class CallbackAnswer:
    """The bot's answerCallbackQuery for one button press."""

    query_id: str
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int
    params: JSON


@dataclass(eq=False)
class InlineAnswer:
    """The bot's answerInlineQuery for one inline query."""

    query_id: str
    query: str
    user_id: int
    results: list[JSON]
    is_personal: bool
    cache_time: int
    next_offset: str
    button: JSON | None
    params: JSON

    @property
    def ids(self) -> list[str]:
        return [r["id"] for r in self.results]

    def result(self, result_id: str) -> JSON:
        for candidate in self.results:
            if candidate["id"] == result_id:
                return candidate
        raise AssertionError(f"no inline result {result_id!r}; results are {self.ids}")


@dataclass(eq=False)
class Fault:
    """A scripted failure: the next ``remaining`` matching calls get this error."""

    method: str
    chat_id: int | str | None
    remaining: int
    error_code: int
    description: str
    retry_after: int | None = None

    def matches(self, method: str, chat_id: int | str | None) -> bool:
        if self.remaining <= 0 or self.method.lower() != method.lower():
            return False
        return self.chat_id is None or str(self.chat_id) == str(chat_id)


@dataclass
class RateLimitPolicy:
    """Telegram's published flood limits; enforced (with 429 answers) only when enabled.

    Any limit set to None is not enforced. Windows slide: a chat at 1 message per
    second gets a 429 for a second message within the same second.
    """

    enabled: bool = False
    chat_per_second: int | None = 1
    group_per_minute: int | None = 20
    bot_per_second: int | None = 30

