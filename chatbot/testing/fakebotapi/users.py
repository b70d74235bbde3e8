"""Scripted Telegram users: they type, press buttons and use inline mode.

Each action queues the update a real client would cause, shaped as Telegram
shapes it, so the bot's PTB handlers match it exactly as in production. The
actions that expect an answer (a button press, an inline query) wait for the
bot's answer and return it.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from .entities import render
from .models import JSON, CallbackAnswer, FakeChat, FakeMessage, InlineAnswer
from .server import DEFAULT_TIMEOUT, FakeTelegramServer


class FakeUser:
    """A person using Telegram, registered with the fake server under ``user_id``."""

    def __init__(
        self,
        server: FakeTelegramServer,
        user_id: int,
        first_name: str,
        language_code: str | None = "en",
        *,
        last_name: str | None = None,
        username: str | None = None,
    ) -> None:
        self.server = server
        self.id = user_id
        self.first_name = first_name
        self.last_name = last_name
        self.username = username
        self.language_code = language_code
        self.last_inline_answer: InlineAnswer | None = None
        self._last_inline_chat: FakeChat | None = None
        server.register_user(self.to_dict())

    def __repr__(self) -> str:
        return f"<FakeUser {self.id} {self.first_name}>"

    def to_dict(self) -> JSON:
        """The Bot API ``User`` object, as in ``message.from``."""
        user: JSON = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.last_name:
            user["last_name"] = self.last_name
        if self.username:
            user["username"] = self.username
        if self.language_code:
            user["language_code"] = self.language_code
        return user

    @property
    def private(self) -> FakeChat:
        """This user's private chat with the bot (the bot may only write once started)."""
        chat = self.server.private_chat(self.id)
        chat.user = self.to_dict()
        return chat

    # ------------------------------------------------------------------ messages

    async def send(
        self, chat: FakeChat, text: str, *, reply_to: FakeMessage | None = None
    ) -> FakeMessage:
        """Write ``text`` in ``chat``; a leading /command gets its bot_command entity.

        In a group under privacy mode (the default) the bot only receives commands,
        replies to its messages and messages via it: other text is stored but never
        delivered, as on Telegram.
        """
        return self.server.post_user_message(self.to_dict(), chat, text, reply_to=reply_to)

    async def start(self, payload: str | None = None) -> FakeMessage:
        """Open the private chat with /start (deep-link payload optional); unblocks the bot
        (Telegram then tells the bot it is a member of the private chat again)."""
        if self.private.blocked:
            self._private_status("kicked", "member")
        text = "/start" if payload is None else f"/start {payload}"
        return await self.send(self.private, text)

    def block_bot(self) -> None:
        """From now on the bot's messages to this user fail with 403 (until /start); the
        bot gets the my_chat_member update of its private chat, as on Telegram."""
        if not self.private.blocked:
            self._private_status("member", "kicked")
        self.private.blocked = True

    def _private_status(self, old: str, new: str) -> None:
        def member(status: str) -> JSON:
            banned = {"until_date": 0} if status == "kicked" else {}
            return {"status": status, "user": dict(self.server.bot_user), **banned}

        self.server.enqueue({"my_chat_member": {
            "chat": self.private.to_dict(),
            "from": self.to_dict(),
            "date": int(time.time()),
            "old_chat_member": member(old),
            "new_chat_member": member(new),
        }})

    def join(self, chat: FakeChat, status: str = "member") -> None:
        chat.members[self.id] = status

    async def add_bot_to(self, chat: FakeChat, *, as_admin: bool = False) -> FakeMessage:
        """Add the bot to a group: the my_chat_member and new_chat_members updates."""
        old_status = chat.bot_status
        chat.bot_status = "administrator" if as_admin else "member"
        self.join(chat, chat.members.get(self.id, "member"))
        member = self.server.member_info(chat, self.server.bot_id)
        old = {"status": "left" if old_status == "kicked" else old_status,
               "user": dict(self.server.bot_user)}
        if old["status"] == "administrator":
            old["status"] = "member"
        self.server.enqueue({"my_chat_member": {
            "chat": chat.to_dict(),
            "from": self.to_dict(),
            "date": int(time.time()),
            "old_chat_member": old,
            "new_chat_member": member,
        }})
        return self.server.post_user_message(
            self.to_dict(), chat, None,
            extra={"new_chat_members": [dict(self.server.bot_user)]},
        )

    def remove_bot_from(self, chat: FakeChat, *, kicked: bool = True) -> None:
        """Remove the bot from a group (kicked, or it left): the my_chat_member update,
        and from then on 403 on every call to the chat until the bot is added back."""
        old = self.server.member_info(chat, self.server.bot_id)
        chat.bot_status = "kicked" if kicked else "left"
        self.server.enqueue({"my_chat_member": {
            "chat": chat.to_dict(),
            "from": self.to_dict(),
            "date": int(time.time()),
            "old_chat_member": old,
            "new_chat_member": self.server.member_info(chat, self.server.bot_id),
        }})

    def upgrade_group(self, chat: FakeChat, *, notify: bool = True) -> FakeChat:
        """Turn a group into a supergroup (see ``FakeTelegramServer.upgrade_group``)."""
        return self.server.upgrade_group(chat, self.to_dict(), notify=notify)

    # ------------------------------------------------------------------ buttons

    def click(self, message: FakeMessage, callback_data: str, *, check: bool = True) -> str:
        """Press a callback button without waiting; returns the callback query id.

        With ``check`` the data must be on the message's current keyboard (as in a
        client); pass ``check=False`` to replay a stale button or forge one.
        """
        if check and callback_data not in message.callback_data:
            raise AssertionError(
                f"message {message.message_id} has no button {callback_data!r} now; "
                f"its buttons: {message.callback_data} (pass check=False for stale presses)"
            )
        query: JSON = {
            "from": self.to_dict(),
            "chat_instance": message.chat.chat_instance,
            "data": callback_data,
        }
        if message.inline_message_id:
            query["inline_message_id"] = message.inline_message_id
        else:
            query["message"] = message.to_dict()
        return self.server.open_callback_query(query)

    async def press(
        self,
        message: FakeMessage,
        callback_data: str,
        *,
        check: bool = True,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> CallbackAnswer:
        """Press a callback button and return the bot's answerCallbackQuery."""
        query_id = self.click(message, callback_data, check=check)
        return await self.server.wait_callback_answer(query_id, timeout)

    async def press_button(
        self, message: FakeMessage, label: str, *, timeout: float = DEFAULT_TIMEOUT
    ) -> CallbackAnswer:
        """Press the callback button whose label contains ``label``."""
        button = message.button(label)
        if "callback_data" not in button:
            raise AssertionError(f"button {button['text']!r} is not a callback button")
        return await self.press(message, button["callback_data"], timeout=timeout)

    # ------------------------------------------------------------------ inline mode

    def ask_inline(self, query: str, *, chat: FakeChat | None = None, offset: str = "") -> str:
        """Type ``@bot query`` without waiting; returns the inline query id."""
        payload: JSON = {"from": self.to_dict(), "query": query, "offset": offset}
        if chat is not None:
            if chat.type == "private":
                payload["chat_type"] = "sender" if chat.id == self.id else "private"
            else:
                payload["chat_type"] = chat.type
        self._last_inline_chat = chat
        return self.server.open_inline_query(payload)

    async def inline_query(
        self,
        query: str,
        *,
        chat: FakeChat | None = None,
        offset: str = "",
        timeout: float = DEFAULT_TIMEOUT,
    ) -> InlineAnswer:
        """Type ``@bot query`` in ``chat`` and return the bot's answerInlineQuery."""
        query_id = self.ask_inline(query, chat=chat, offset=offset)
        answer = await self.server.wait_inline_answer(query_id, timeout)
        self.last_inline_answer = answer
        return answer

    async def inline_query_from(
        self, message: FakeMessage, label: str | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> InlineAnswer:
        """Press a switch_inline_query_current_chat button: the client types its query."""
        candidates = [b for b in message.buttons if "switch_inline_query_current_chat" in b]
        if label is not None:
            candidates = [b for b in candidates if label in b["text"]]
        if not candidates:
            raise AssertionError(f"message {message.message_id} has no inline-query button"
                                 f"{'' if label is None else f' labelled {label!r}'}")
        query = candidates[0]["switch_inline_query_current_chat"]
        return await self.inline_query(query, chat=message.chat, timeout=timeout)

    async def choose_inline(
        self,
        result_id: str,
        query: str | None = None,
        *,
        answer: InlineAnswer | None = None,
        chat: FakeChat | None = None,
        result_first: bool = False,
    ) -> FakeMessage | None:
        """Tap an inline result: Telegram posts it in the chat and reports the choice.

        The user's message appears in ``chat`` (default: where the inline query was
        typed) with ``via_bot`` set; then comes the chosen_inline_result update
        (``result_first`` reverses the order, which Telegram does not guarantee).
        Returns the posted message, or None when there is no chat to post in.
        """
        answer = answer or self.last_inline_answer
        if answer is None:
            raise AssertionError("choose_inline needs an inline answer: call inline_query first")
        result = answer.result(result_id)
        chat = chat or self._last_inline_chat
        chosen: JSON = {
            "result_id": result_id,
            "from": self.to_dict(),
            "query": answer.query if query is None else query,
        }
        inline_message_id = secrets.token_urlsafe(18) if result.get("reply_markup") else None
        if inline_message_id:
            chosen["inline_message_id"] = inline_message_id
        if result_first:
            self.server.enqueue({"chosen_inline_result": chosen})
        posted = None
        if chat is not None:
            posted = self._post_result(chat, result, inline_message_id)
        if not result_first:
            self.server.enqueue({"chosen_inline_result": chosen})
        return posted

    def _post_result(
        self, chat: FakeChat, result: JSON, inline_message_id: str | None
    ) -> FakeMessage:
        text, entities, extra = _result_content(result)
        known = self.server.media.files.get(str(extra.get("sticker", {}).get("file_id")))
        if known is not None:  # the sticker as Telegram describes it: its size, its set
            extra["sticker"] = known.to_sticker()
        message = self.server.post_user_message(
            self.to_dict(), chat, text, via_bot=True, entities=entities,
            reply_markup=result.get("reply_markup"), extra=extra,
        )
        if inline_message_id:
            message.inline_message_id = inline_message_id
            self.server.inline_messages[inline_message_id] = message
        return message


def _result_content(result: JSON) -> tuple[str | None, list[JSON], JSON]:
    """What a chosen inline result looks like once posted: text, entities, other fields."""
    content: Any = result.get("input_message_content")
    if content and "message_text" in content:
        text, entities = render(
            content["message_text"], content.get("parse_mode"), content.get("entities")
        )
        return text, entities, {}
    if result.get("type") == "sticker" and "sticker_file_id" in result:
        file_id = result["sticker_file_id"]
        sticker = {
            "file_id": file_id,
            "file_unique_id": file_id[-16:],
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
        }
        return None, [], {"sticker": sticker}
    raise NotImplementedError(
        f"posting inline results of type {result.get('type')!r} without text content"
    )
