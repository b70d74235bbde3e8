"""A local fake of the Telegram Bot API, for end-to-end tests of the real PTB stack.

PTB builds every request as ``{base_url}{token}/{method}`` and posts the
parameters form-encoded, each complex value (reply_markup, results, ...) as a
JSON string. This aiohttp app answers those requests the way api.telegram.org
does (same JSON shapes, same HTTP status codes, same error descriptions) and
keeps the state a test needs to look at: chats, messages as they are now,
answers to callback and inline queries, and every call in order.

Everything runs on the test's event loop, and the handlers mutate state
synchronously, so there are no races between the bot's calls and the test's
assertions; ``wait_until`` / ``wait_for_call`` give tests a condition to wait on
instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import random
import re
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import aiohttp
from aiohttp import web

from . import errors
from .entities import bot_command_entities, render, utf16_len
from .errors import ApiError
from .media import Media
from .models import (
    BUTTON_KINDS,
    JSON,
    ApiCall,
    CallbackAnswer,
    FakeChat,
    FakeMessage,
    Fault,
    InlineAnswer,
    RateLimitPolicy,
    clean_markup,
)

DEFAULT_TOKEN = "123456789:AAFakeTokenForTheLocalBotApiServer0"
DEFAULT_TIMEOUT = 120.0  # a guard against a hang only: waits end when their condition holds
"""Generous: a wait only lasts this long when a test is about to fail anyway."""

COUNTED_METHODS = frozenset(
    name.lower()
    for name in (
        "sendMessage", "sendPhoto", "sendAudio", "sendDocument", "sendVideo", "sendAnimation",
        "sendVoice", "sendVideoNote", "sendPaidMedia", "sendMediaGroup", "sendLocation",
        "sendVenue", "sendContact", "sendPoll", "sendDice", "sendSticker", "sendInvoice",
        "sendGame", "forwardMessage", "forwardMessages", "copyMessage", "copyMessages",
        "editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup",
        "editMessageLiveLocation", "stopMessageLiveLocation", "stopPoll",
    )
)
"""Methods that spend a chat's flood budget (when called with a chat_id).

Callback and inline answers carry no chat and are not counted; edits are.
"""

DEFAULT_ALLOWED_UPDATES = frozenset(
    {
        "message", "edited_message", "channel_post", "edited_channel_post",
        "business_connection", "business_message", "edited_business_message",
        "deleted_business_messages", "inline_query", "chosen_inline_result",
        "callback_query", "shipping_query", "pre_checkout_query", "purchased_paid_media",
        "poll", "poll_answer", "my_chat_member", "chat_join_request", "chat_boost",
        "removed_chat_boost",
    }
)
"""What Telegram delivers when allowed_updates is empty or was never set."""

STRING_FIELDS = frozenset(
    {
        "text", "caption", "query", "callback_query_id", "inline_query_id",
        "inline_message_id", "next_offset", "parse_mode", "url", "description",
        "short_description", "name", "action", "language_code", "secret_token", "custom_title",
        "emoji", "title", "sticker", "photo", "document", "audio", "video", "animation",
        "voice", "video_note", "business_connection_id", "message_effect_id", "ip_address",
        "switch_pm_text", "switch_pm_parameter", "game_short_name", "payload", "currency",
        "provider_token", "start_parameter", "question", "explanation", "address",
        "first_name", "last_name", "phone_number",
    }
)
"""Parameters PTB sends as plain strings: never JSON-decode them ("123" stays text)."""

_COMMAND_RE = re.compile(r"^[a-z0-9_]{1,32}$")
_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")

Handler = Callable[[JSON, ApiCall], Awaitable[Any]]


def _decode_form_value(name: str, value: str) -> Any:
    """Undo PTB's encoding: strings as-is, everything else JSON."""
    if name in STRING_FIELDS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


def _as_int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ApiError(400, f"Bad Request: invalid {name} specified") from None


def _markup_param(value: Any) -> JSON | None:
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ApiError(
                400, "Bad Request: can't parse reply keyboard markup JSON object"
            ) from None
    if not isinstance(value, dict):
        raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
    return value


def _validate_inline_keyboard(markup: JSON) -> None:
    """Reject keyboards the way Telegram does; the 64-byte callback_data limit matters most."""
    rows = markup.get("inline_keyboard")
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise ApiError(400, "Bad Request: can't parse inline keyboard markup JSON object")
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or not button.get("text"):
                raise ApiError(400, "Bad Request: can't parse inline keyboard button: "
                               "Text buttons are unallowed in the inline keyboard")
            kinds = [k for k in BUTTON_KINDS if button.get(k) is not None]
            if len(kinds) != 1:
                raise ApiError(400, "Bad Request: can't parse inline keyboard button: "
                               "Text buttons are unallowed in the inline keyboard")
            if "callback_data" in kinds:
                size = len(str(button["callback_data"]).encode("utf-8"))
                if not 1 <= size <= 64:
                    raise ApiError(400, errors.BUTTON_DATA_INVALID)


class FakeTelegramServer:
    """The fake Bot API: an aiohttp app on 127.0.0.1 plus the state behind it.

    Point PTB at it with ``.base_url(server.base_url).base_file_url(server.base_file_url)``
    and the server's ``token``.
    """

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "TrucoTestBot",
        bot_name: str = "Truco Test Bot",
        privacy_mode: bool = True,
        rate_limits: RateLimitPolicy | None = None,
    ) -> None:
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.bot_user: JSON = {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": bot_name,
            "username": bot_username,
        }
        self.privacy_mode = privacy_mode
        """Telegram's default: in groups the bot sees commands, replies to it and
        messages via it, not ordinary chatter (unless it is an administrator)."""
        self.rate_limits = rate_limits or RateLimitPolicy()
        self.clock: Callable[[], float] = time.monotonic
        """Time source for rate limiting; replace it to test limits without sleeping."""

        self.chats: dict[int, FakeChat] = {}
        self.users: dict[int, JSON] = {}
        self.calls: list[ApiCall] = []
        self.unknown_calls: list[ApiCall] = []
        self.callback_answers: dict[str, CallbackAnswer] = {}
        self.expired_queries: set[str] = set()
        """Queries whose answer window passed (``expire_queries``): answers fail."""
        self.inline_answers: dict[str, InlineAnswer] = {}
        self.inline_messages: dict[str, FakeMessage] = {}
        self.commands: dict[tuple[str, str], list[JSON]] = {}
        # setChatMenuButton: per private chat id, None for the default of every chat
        self.menu_buttons: dict[int | None, JSON] = {}
        self.webhook_url = ""
        self.webhook_secret = ""
        self.webhook_deliveries: list[tuple[int, int | str]] = []
        """(update_id, HTTP status or error name) of every webhook POST, in order."""
        self._webhook_task: asyncio.Task[None] | None = None
        self.allowed_updates: list[str] = []
        self.faults: list[Fault] = []
        self.internal_errors: list[Exception] = []
        """Exceptions the fake raised while answering; the fixture fails the test on any."""

        self._open_callback_queries: dict[str, JSON] = {}
        self._open_inline_queries: dict[str, JSON] = {}
        self._updates: list[JSON] = []
        self.sent_updates: dict[int, JSON] = {}
        """Every update ever queued, by id: a test delivers one again, as Telegram may."""
        # Telegram numbers each bot's updates from an arbitrary start: so does the fake, so
        # that two servers' updates are never mistaken for one another's repeats
        self._last_update_id = random.randrange(100_000, 1_000_000_000)
        self._last_query_id = 4_000_000_000_000_000_000
        self._last_group_id = -1_001_000_000_000
        self._last_basic_group_id = -4_000_000_000
        self._poll_generation = 0
        self.waiting_polls = 0
        """getUpdates requests currently held open (long polls)."""
        self._sent_at: list[tuple[float, int | str]] = []
        self._changed = asyncio.Event()
        self._closing = False
        self._runner: web.AppRunner | None = None
        self._port: int | None = None
        self._handlers: dict[str, tuple[str, Handler]] = {}
        self.media = Media(self)
        """Uploaded files and sticker sets (stickers, photos: see media.py)."""
        self._register_methods()

    # ------------------------------------------------------------------ lifecycle

    @property
    def url(self) -> str:
        if self._port is None:
            raise RuntimeError("the fake Bot API server is not started")
        return f"http://127.0.0.1:{self._port}"

    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder.base_url``: PTB appends the token and the method."""
        return f"{self.url}/bot"

    @property
    def base_file_url(self) -> str:
        return f"{self.url}/file/bot"

    async def start(self, port: int | None = None) -> None:
        """Serve on a free port of 127.0.0.1 (the OS picks it, so parallel runs never clash);
        ``port`` serves again on the port of an earlier start (an outage that ends)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_route("*", "/file/bot{token}/{path:.*}", self._file)
        # handler_cancellation: a long poll whose client went away (PTB stopping) ends
        # at once instead of lingering until its timeout.
        self._runner = web.AppRunner(
            app, access_log=None, handler_cancellation=True, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port or 0))
        self._port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        self._closing = False
        await site.start()

    async def stop(self) -> None:
        """Release pending long polls, then close the server."""
        self._closing = True
        self._bump()
        await self._stop_webhook()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeTelegramServer:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ waiting

    def _bump(self) -> None:
        """Wake everyone waiting for a state change (long polls, ``wait_until``)."""
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def _wait_change(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._changed.wait(), timeout)

    async def wait_until(
        self, predicate: Callable[[], Any], timeout: float = DEFAULT_TIMEOUT, what: str = ""
    ) -> Any:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-checked on every server state change, and every 50 ms for predicates on
        state outside the server (the bot's database). Fails the test with the
        recent calls when the timeout passes, so a failure explains itself.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n  ".join(repr(c) for c in self.calls[-15:])
                raise AssertionError(
                    f"timed out after {timeout}s waiting for {what or predicate!r}; "
                    f"last calls:\n  {recent}"
                )
            await self._wait_change(min(remaining, 0.05))

    def mark(self) -> int:
        """A position in the call log, for ``since=``: only calls after it are looked at."""
        return len(self.calls)

    def calls_to(
        self,
        method: str,
        *,
        chat_id: int | str | None = None,
        since: int = 0,
        ok: bool | None = None,
    ) -> list[ApiCall]:
        """Recorded calls to ``method`` (case-insensitive), optionally for one chat."""
        return [
            call
            for call in self.calls[since:]
            if call.method.lower() == method.lower()
            and (chat_id is None or str(call.chat_id) == str(chat_id))
            and (ok is None or call.ok == ok)
        ]

    async def wait_for_call(
        self,
        method: str,
        *,
        chat_id: int | str | None = None,
        since: int = 0,
        where: Callable[[ApiCall], bool] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> ApiCall:
        """The first call to ``method`` after ``since`` (matching ``where``), once made."""

        def found() -> ApiCall | None:
            for call in self.calls_to(method, chat_id=chat_id, since=since):
                if where is None or where(call):
                    return call
            return None

        result: ApiCall = await self.wait_until(
            found, timeout, f"a {method} call (chat {chat_id}) after #{since}"
        )
        return result

    async def wait_callback_answer(
        self, query_id: str, timeout: float = DEFAULT_TIMEOUT
    ) -> CallbackAnswer:
        answer: CallbackAnswer = await self.wait_until(
            lambda: self.callback_answers.get(query_id), timeout,
            f"answerCallbackQuery for {query_id}",
        )
        return answer

    async def wait_inline_answer(
        self, query_id: str, timeout: float = DEFAULT_TIMEOUT
    ) -> InlineAnswer:
        answer: InlineAnswer = await self.wait_until(
            lambda: self.inline_answers.get(query_id), timeout,
            f"answerInlineQuery for {query_id}",
        )
        return answer

    async def wait_updates_delivered(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        """Wait until the bot has fetched and confirmed every queued update.

        PTB confirms an update when it has handed it to the application, not when a
        handler finished: pair this with a condition on the bot's answer.
        """
        await self.wait_until(lambda: not self._updates, timeout, "all updates confirmed")

    # ------------------------------------------------------------------ faults

    def fail_next(
        self,
        method: str,
        *,
        times: int = 1,
        chat_id: int | str | None = None,
        error_code: int = 400,
        description: str = "Bad Request: injected failure",
        retry_after: int | None = None,
    ) -> Fault:
        """Make the next ``times`` calls to ``method`` (in ``chat_id``, if given) fail."""
        fault = Fault(method, chat_id, times, error_code, description, retry_after)
        self.faults.append(fault)
        return fault

    def fail_retry_after(
        self, method: str, retry_after: int = 1, *, times: int = 1,
        chat_id: int | str | None = None,
    ) -> Fault:
        """A flood-control answer: 429 with ``parameters.retry_after``."""
        return self.fail_next(method, times=times, chat_id=chat_id, error_code=429,
                              description=errors.too_many_requests(retry_after),
                              retry_after=retry_after)

    def fail_bad_request(
        self, method: str, description: str = errors.NOT_MODIFIED, *, times: int = 1,
        chat_id: int | str | None = None,
    ) -> Fault:
        return self.fail_next(method, times=times, chat_id=chat_id, error_code=400,
                              description=description)

    def fail_forbidden(
        self, method: str, description: str = errors.BLOCKED, *, times: int = 1,
        chat_id: int | str | None = None,
    ) -> Fault:
        return self.fail_next(method, times=times, chat_id=chat_id, error_code=403,
                              description=description)

    def _take_fault(self, method: str, chat_id: int | str | None) -> ApiError | None:
        for fault in self.faults:
            if fault.matches(method, chat_id):
                fault.remaining -= 1
                params = {"retry_after": fault.retry_after} if fault.retry_after else None
                return ApiError(fault.error_code, fault.description, params)
        return None

    # ------------------------------------------------------------------ rate limits

    def counted_calls(self, chat_id: int | str | None = None, *, since: int = 0) -> list[ApiCall]:
        """Successful calls that spend a chat's flood budget, optionally for one chat."""
        return [
            call
            for call in self.calls[since:]
            if call.ok
            and call.chat_id is not None
            and call.method.lower() in COUNTED_METHODS
            and (chat_id is None or str(call.chat_id) == str(chat_id))
        ]

    def counted_per_message(self, chat_id: int | str, *,
                            since: int = 0) -> dict[int, list[ApiCall]]:
        """Budget-spending calls of each message the bot posted in a chat since ``since``,
        in posting order: its post, then its edits, whenever they came (a message's
        closing edit may come after the next message's post)."""
        per: dict[int, list[ApiCall]] = {}
        for call in self.counted_calls(chat_id, since=since):
            if call.method == "sendMessage":
                per[int(call.result["message_id"])] = [call]
            elif (message_id := call.params.get("message_id")) is not None \
                    and int(message_id) in per:
                per[int(message_id)].append(call)
        return per

    def counted_per_chat(self, *, since: int = 0) -> Counter[int | str]:
        """Budget-spending calls per chat id: the number to keep low per hand."""
        return Counter(call.chat_id for call in self.counted_calls(since=since)
                       if call.chat_id is not None)

    def _check_rate(self, method: str, chat_id: int | str | None) -> None:
        policy = self.rate_limits
        if not policy.enabled or chat_id is None or method not in COUNTED_METHODS:
            return
        now = self.clock()
        waits: list[float] = []

        def check(window: float, limit: int | None, times: list[float]) -> None:
            recent = [t for t in times if now - t < window]
            if limit is not None and len(recent) >= limit:
                waits.append(recent[-limit] + window - now)

        check(1.0, policy.bot_per_second, [t for t, _ in self._sent_at])
        in_chat = [t for t, c in self._sent_at if str(c) == str(chat_id)]
        check(1.0, policy.chat_per_second, in_chat)
        if isinstance(chat_id, int) and chat_id < 0:
            check(60.0, policy.group_per_minute, in_chat)
        if waits:
            raise ApiError.retry_after(max(1, math.ceil(max(waits))))

    # ------------------------------------------------------------------ chats and users

    def register_user(self, user: JSON) -> None:
        self.users[user["id"]] = user

    def private_chat(self, user_id: int) -> FakeChat:
        """The user's private chat with the bot (id = user id), created on first use."""
        chat = self.chats.get(user_id)
        if chat is None:
            chat = FakeChat(id=user_id, type="private", user=self.users.get(user_id))
            self.chats[user_id] = chat
        return chat

    def create_group(
        self,
        title: str = "Truco table",
        *,
        chat_id: int | None = None,
        type: str = "supergroup",
        username: str | None = None,
        members: Iterable[Any] = (),
        admins: Iterable[Any] = (),
        bot_status: str = "member",
    ) -> FakeChat:
        """A group the bot is in. Supergroup ids look like -100xxxxxxxxxx (beyond 32 bits)."""
        if chat_id is None and type == "supergroup":
            self._last_group_id -= 1
            chat_id = self._last_group_id
        elif chat_id is None:
            self._last_basic_group_id -= 1
            chat_id = self._last_basic_group_id
        chat = FakeChat(id=chat_id, type=type, title=title, username=username,
                        bot_status=bot_status)
        for member in members:
            chat.members[getattr(member, "id", member)] = "member"
        for admin in admins:
            chat.members[getattr(admin, "id", admin)] = "administrator"
        self.chats[chat_id] = chat
        return chat

    def upgrade_group(self, chat: FakeChat, by: JSON, *, notify: bool = True) -> FakeChat:
        """A group becomes a supergroup, as Telegram does it: a new chat (a new id, the
        same title, members and bot), and from then on every call naming the old id is
        refused with 400 "group chat was upgraded to a supergroup chat" and
        ``parameters.migrate_to_chat_id``. With ``notify`` the two service messages
        come, ``migrate_to_chat_id`` in the old chat and ``migrate_from_chat_id`` in the
        new one (``by`` sent them); without, the bot learns it only from a refusal."""
        if chat.type != "group" or chat.migrated_to is not None:
            raise ValueError("only a basic group, once, becomes a supergroup")
        new = self.create_group(chat.title or "", type="supergroup",
                                bot_status=chat.bot_status)
        new.members = dict(chat.members)
        chat.migrated_to = new.id
        if notify:
            self.post_user_message(by, chat, None, extra={"migrate_to_chat_id": new.id})
            self.post_user_message(by, new, None, extra={"migrate_from_chat_id": chat.id})
        return new

    def _check_chat_open(self, chat_id: int | str | None) -> None:
        """A call naming a group that moved, or one the bot is no longer in, is refused
        as Telegram refuses it, whatever the method."""
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is None or not chat.is_group:
            return
        if chat.migrated_to is not None:
            raise ApiError.migrated(chat.migrated_to)
        if chat.bot_status in ("left", "kicked"):
            kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
            if chat.bot_status == "kicked":
                raise ApiError(403, f"Forbidden: bot was kicked from the {kind}")
            raise ApiError(403, f"Forbidden: bot is not a member of the {kind}")

    def chat(self, chat_id: int | str) -> FakeChat:
        """A chat by id or @username; ApiError(400, chat not found) otherwise."""
        if isinstance(chat_id, str):
            if chat_id.startswith("@"):
                for known in self.chats.values():
                    if known.username and known.username.lower() == chat_id[1:].lower():
                        return known
                raise ApiError(400, errors.CHAT_NOT_FOUND)
            chat_id = _as_int(chat_id, "chat_id")
        chat = self.chats.get(int(chat_id))
        if chat is None and int(chat_id) in self.users:
            chat = self.private_chat(int(chat_id))  # a known user who never wrote to the bot
        if chat is None:
            raise ApiError(400, errors.CHAT_NOT_FOUND)
        return chat

    def message(self, chat_id: int, message_id: int) -> FakeMessage:
        return self.chats[chat_id].messages[message_id]

    # ------------------------------------------------------------------ updates

    def enqueue(self, update: JSON) -> int:
        """Queue an update (``{"message": {...}}`` etc.); returns its update_id."""
        self._last_update_id += 1
        self._updates.append({"update_id": self._last_update_id, **update})
        self.sent_updates[self._last_update_id] = self._updates[-1]
        self._bump()
        return self._last_update_id

    @property
    def pending_updates(self) -> list[JSON]:
        """Updates queued and not yet confirmed by the bot."""
        return list(self._updates)

    def _confirm(self, offset: int) -> None:
        if offset > 0:
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
        elif offset < 0:
            self._updates = self._updates[offset:]

    def _deliverable(self, limit: int) -> list[JSON]:
        allowed = set(self.allowed_updates) or DEFAULT_ALLOWED_UPDATES

        def kind(update: JSON) -> str:
            return next(k for k in update if k != "update_id")

        self._updates = [u for u in self._updates if kind(u) in allowed]
        return self._updates[:limit]

    def next_query_id(self) -> str:
        self._last_query_id += 7919
        return str(self._last_query_id)

    def add_message(
        self,
        chat: FakeChat,
        sender: JSON,
        *,
        from_bot: bool,
        text: str | None = None,
        entities: list[JSON] | None = None,
        reply_markup: JSON | None = None,
        via_bot: JSON | None = None,
        reply_to: FakeMessage | None = None,
        extra: JSON | None = None,
    ) -> FakeMessage:
        """Store a new message in ``chat`` (nothing is delivered to the bot)."""
        message = FakeMessage(
            chat=chat,
            message_id=chat.next_message_id(),
            sender=dict(sender),
            date=int(time.time()),
            from_bot=from_bot,
            text=text,
            entities=list(entities or []),
            reply_markup=clean_markup(reply_markup),
            via_bot=via_bot,
            reply_to=reply_to,
            extra=dict(extra or {}),
        )
        if "sticker" in message.extra:  # a sticker posted through an inline result
            message.sticker = message.extra.pop("sticker")
        chat.messages[message.message_id] = message
        self._bump()
        return message

    def bot_sees(self, message: FakeMessage) -> bool:
        """Whether Telegram would deliver this user message to the bot (privacy mode).

        Simplification: a general command (/start without @bot) is always delivered.
        """
        chat = message.chat
        if chat.type == "private":
            return True
        if chat.bot_status in ("left", "kicked"):
            return False
        if not self.privacy_mode or chat.bot_status == "administrator":
            return True
        if message.text is None:  # service messages, stickers via the bot, ...
            return bool(message.via_bot) or any(
                key in message.extra for key in ("new_chat_members", "left_chat_member",
                                                 "migrate_to_chat_id", "migrate_from_chat_id")
            )
        if message.via_bot and message.via_bot["id"] == self.bot_id:
            return True
        if message.reply_to is not None and message.reply_to.from_bot:
            return True
        if message.text.startswith("/"):
            command = message.text.split(maxsplit=1)[0]
            if "@" in command:
                return command.split("@", 1)[1].lower() == self.bot_user["username"].lower()
            return True
        return False

    def post_user_message(
        self,
        user: JSON,
        chat: FakeChat,
        text: str | None,
        *,
        reply_to: FakeMessage | None = None,
        via_bot: bool = False,
        entities: list[JSON] | None = None,
        reply_markup: JSON | None = None,
        extra: JSON | None = None,
    ) -> FakeMessage:
        """A user writes in a chat: store it and, if the bot would see it, queue the update."""
        if chat.type == "private":
            chat.started = True
            chat.blocked = False
        elif user["id"] not in chat.members:
            chat.members[user["id"]] = "member"
        if entities is None and text is not None:
            entities = bot_command_entities(text)
        message = self.add_message(
            chat, user, from_bot=False, text=text, entities=entities, reply_to=reply_to,
            via_bot=self.bot_user if via_bot else None, reply_markup=reply_markup, extra=extra,
        )
        if self.bot_sees(message):
            self.enqueue({"message": message.to_dict()})
        return message

    # ------------------------------------------------------------------ HTTP

    async def _file(self, request: web.Request) -> web.Response:
        return web.json_response(
            {"ok": False, "error_code": 404, "description": errors.NOT_FOUND}, status=404
        )

    async def _read_params(self, request: web.Request) -> JSON:
        params: JSON = {k: _decode_form_value(k, v) for k, v in request.query.items()}
        if not request.can_read_body:
            return params
        if request.content_type == "application/json":
            body = await request.json()
            if isinstance(body, dict):
                params.update(body)
            return params
        form = await request.post()
        for name, value in form.items():
            if isinstance(value, str):
                params[name] = _decode_form_value(name, value)
            else:  # an uploaded file
                assert isinstance(value, web.FileField)
                data = value.file.read()
                params[name] = {"filename": value.filename, "size": len(data), "data": data}
        return params

    def _call_chat_id(self, params: JSON) -> int | str | None:
        chat_id = params.get("chat_id")
        if chat_id is None:
            return None
        if isinstance(chat_id, str) and chat_id.startswith("@"):
            with contextlib.suppress(ApiError):
                return self.chat(chat_id).id
            return chat_id
        try:
            return int(chat_id)
        except (TypeError, ValueError):
            return str(chat_id)

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": errors.UNAUTHORIZED}, status=401
            )
        name = request.match_info["method"]
        params = await self._read_params(request)
        canonical, handler = self._handlers.get(name.lower(), (name, self._unknown))
        call = ApiCall(
            seq=-1,
            method=canonical,
            params=params,
            chat_id=self._call_chat_id(params),
            http_method=request.method,
            content_type=request.content_type,
            at=self.clock(),
        )
        status = 200
        try:
            fault = self._take_fault(canonical, call.chat_id)
            if fault is not None:
                raise fault
            self._check_chat_open(call.chat_id)
            self._check_rate(canonical.lower(), call.chat_id)
            call.result = await handler(params, call)
            call.ok = True
            if canonical.lower() in COUNTED_METHODS and call.chat_id is not None:
                self._sent_at.append((self.clock(), call.chat_id))
            body: JSON = {"ok": True, "result": call.result}
        except ApiError as exc:
            call.error_code, call.description = exc.error_code, exc.description
            status, body = exc.error_code, exc.payload()
        except asyncio.CancelledError:
            call.description = "cancelled: the client went away"
            self._record(call)
            raise
        except Exception as exc:  # a bug in the fake, or a request it cannot make sense of
            self.internal_errors.append(exc)
            call.error_code, call.description = 500, f"Internal Server Error: {exc!r}"
            status, body = 500, ApiError(500, call.description).payload()
        self._record(call)
        return web.json_response(body, status=status)

    def _record(self, call: ApiCall) -> None:
        call.seq = len(self.calls)
        self.calls.append(call)
        self._bump()

    # ------------------------------------------------------------------ methods

    def _register_methods(self) -> None:
        methods: dict[str, Handler] = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "logOut": self._true,
            "close": self._true,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "setChatMenuButton": self._set_chat_menu_button,
            "getChatMenuButton": self._get_chat_menu_button,
            "sendMessage": self._send_message,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "deleteMessages": self._delete_messages,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "getChatMemberCount": self._get_chat_member_count,
            "sendChatAction": self._send_chat_action,
            **self.media.methods(),
        }
        self._handlers = {name.lower(): (name, handler) for name, handler in methods.items()}

    async def _true(self, params: JSON, call: ApiCall) -> bool:
        return True

    async def _unknown(self, params: JSON, call: ApiCall) -> bool:
        """Methods the fake does not model: accepted and recorded for inspection."""
        self.unknown_calls.append(call)
        return True

    async def _get_me(self, params: JSON, call: ApiCall) -> JSON:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": True,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def _get_updates(self, params: JSON, call: ApiCall) -> list[JSON]:
        """Long polling: answer at once when updates are pending, else wait for one."""
        if self.webhook_url:
            raise ApiError(409, errors.WEBHOOK_ACTIVE)
        offset = _as_int(params.get("offset", 0), "offset")
        limit = min(max(_as_int(params.get("limit", 100), "limit"), 1), 100)
        timeout = max(float(params.get("timeout", 0) or 0), 0.0)
        if params.get("allowed_updates") is not None:
            self.allowed_updates = list(params["allowed_updates"])
        self._confirm(offset)
        self._poll_generation += 1
        generation = self._poll_generation
        self._bump()  # a newer poll terminates an older one, as on Telegram
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            batch = self._deliverable(limit)
            if batch or self._closing:
                return [json.loads(json.dumps(update)) for update in batch]
            if generation != self._poll_generation:
                raise ApiError(409, errors.POLL_CONFLICT)
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            self.waiting_polls += 1
            self._bump()
            try:
                await self._wait_change(remaining)
            finally:
                self.waiting_polls -= 1

    async def _set_webhook(self, params: JSON, call: ApiCall) -> bool:
        url = str(params.get("url", ""))
        if not url:
            return await self._delete_webhook(params, call)
        if not url.startswith(("https://", "http://127.0.0.1", "http://localhost")):
            raise ApiError(400, errors.WEBHOOK_BAD_URL)
        secret = str(params.get("secret_token") or "")
        if secret and not _SECRET_RE.match(secret):
            raise ApiError(400, errors.WEBHOOK_BAD_SECRET)
        self.webhook_url, self.webhook_secret = url, secret
        if params.get("drop_pending_updates"):
            self._updates.clear()
        if params.get("allowed_updates") is not None:
            self.allowed_updates = list(params["allowed_updates"])
        if self._webhook_task is None or self._webhook_task.done():
            self._webhook_task = asyncio.create_task(self._deliver_to_webhook())
        self._bump()
        return True

    async def _delete_webhook(self, params: JSON, call: ApiCall) -> bool:
        self.webhook_url = self.webhook_secret = ""
        if params.get("drop_pending_updates"):
            self._updates.clear()
        self._bump()
        return True

    async def _stop_webhook(self) -> None:
        task, self._webhook_task = self._webhook_task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _deliver_to_webhook(self) -> None:
        """Telegram's side of a webhook: POST each update, oldest first, one at a time,
        with the secret header; an update leaves the queue only on a 2xx answer, and a
        failed delivery is tried again after a pause that grows up to a second.

        Only addresses on this machine are served (setWebhook refuses others), so a
        test never sends traffic off it.
        """
        pause = 0.05
        async with aiohttp.ClientSession() as session:
            while self.webhook_url and not self._closing:
                batch = self._deliverable(1)
                if not batch:
                    await self._wait_change(1.0)
                    continue
                update = batch[0]
                headers = ({"X-Telegram-Bot-Api-Secret-Token": self.webhook_secret}
                           if self.webhook_secret else {})
                try:
                    async with session.post(self.webhook_url, json=update, headers=headers,
                                            timeout=aiohttp.ClientTimeout(total=10)) as answer:
                        status: int | str = answer.status
                except (aiohttp.ClientError, TimeoutError) as error:
                    status = type(error).__name__
                self.webhook_deliveries.append((update["update_id"], status))
                if isinstance(status, int) and 200 <= status < 300:
                    self._updates = [u for u in self._updates
                                     if u["update_id"] != update["update_id"]]
                    pause = 0.05
                    self._bump()
                    continue
                self._bump()
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)

    async def _get_webhook_info(self, params: JSON, call: ApiCall) -> JSON:
        info: JSON = {
            "url": self.webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": len(self._updates),
        }
        if self.allowed_updates:
            info["allowed_updates"] = list(self.allowed_updates)
        return info

    @staticmethod
    def _commands_key(params: JSON) -> tuple[str, str]:
        scope = params.get("scope") or {"type": "default"}
        return json.dumps(scope, sort_keys=True), str(params.get("language_code") or "")

    async def _set_my_commands(self, params: JSON, call: ApiCall) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list) or len(commands) > 100:
            raise ApiError(400, "Bad Request: can't parse commands JSON object")
        for command in commands:
            if not _COMMAND_RE.match(str(command.get("command", ""))):
                raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(str(command.get("description", ""))) <= 256:
                raise ApiError(400, "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        self.commands[self._commands_key(params)] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        return True

    async def _get_my_commands(self, params: JSON, call: ApiCall) -> list[JSON]:
        return list(self.commands.get(self._commands_key(params), []))

    async def _delete_my_commands(self, params: JSON, call: ApiCall) -> bool:
        self.commands.pop(self._commands_key(params), None)
        return True

    def _menu_chat(self, params: JSON) -> int | None:
        """The private chat a menu button is for (None: the default); a group has none."""
        if params.get("chat_id") in (None, ""):
            return None
        chat = self.chat(params["chat_id"])
        if chat.type != "private":
            raise ApiError(400, "Bad Request: chat_id must be a private chat")
        return chat.id

    async def _set_chat_menu_button(self, params: JSON, call: ApiCall) -> bool:
        chat_id = self._menu_chat(params)
        button = params.get("menu_button") or {"type": "default"}
        if isinstance(button, str):
            button = json.loads(button)
        kind = button.get("type")
        if kind not in ("commands", "web_app", "default"):
            raise ApiError(400, "Bad Request: unsupported menu button type")
        if kind == "web_app":
            url = str((button.get("web_app") or {}).get("url", ""))
            if not url.startswith("https://"):
                raise ApiError(400, "Bad Request: BUTTON_URL_INVALID")
            if not 1 <= len(str(button.get("text", ""))) <= 64:
                raise ApiError(400, "Bad Request: BUTTON_TEXT_INVALID")
        if kind == "default":
            self.menu_buttons.pop(chat_id, None)
        else:
            self.menu_buttons[chat_id] = dict(button)
        return True

    async def _get_chat_menu_button(self, params: JSON, call: ApiCall) -> JSON:
        chat_id = self._menu_chat(params)
        found = self.menu_buttons.get(chat_id)
        if found is None and chat_id is not None:
            found = self.menu_buttons.get(None)
        return dict(found) if found is not None else {"type": "commands"}

    def _chat_for_sending(self, params: JSON) -> FakeChat:
        if params.get("chat_id") is None:
            raise ApiError(400, "Bad Request: chat_id is empty")
        chat = self.chat(params["chat_id"])
        if chat.type == "private":
            if chat.blocked:
                raise ApiError(403, errors.BLOCKED)
            if not chat.started:
                raise ApiError(403, errors.CANT_INITIATE)
        elif chat.bot_status in ("left", "kicked"):
            kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
            if chat.bot_status == "kicked":
                raise ApiError(403, f"Forbidden: bot was kicked from the {kind}")
            raise ApiError(403, f"Forbidden: bot is not a member of the {kind}")
        return chat

    def _render_text(self, params: JSON) -> tuple[str, list[JSON]]:
        text = params.get("text")
        if text is None or str(text).strip() == "":
            raise ApiError(400, errors.TEXT_EMPTY)
        plain, entities = render(str(text), params.get("parse_mode"), params.get("entities"))
        if not plain.strip():
            raise ApiError(400, errors.TEXT_EMPTY)
        if utf16_len(plain) > 4096:
            raise ApiError(400, errors.TEXT_TOO_LONG)
        return plain, entities

    @staticmethod
    def _split_markup(params: JSON) -> tuple[JSON | None, JSON | None]:
        """(inline keyboard, other keyboard) from the reply_markup parameter."""
        markup = _markup_param(params.get("reply_markup"))
        if markup is None:
            return None, None
        if "inline_keyboard" in markup:
            _validate_inline_keyboard(markup)
            return markup, None
        return None, markup

    def _reply_target(self, chat: FakeChat, params: JSON) -> FakeMessage | None:
        reply = params.get("reply_parameters")
        if isinstance(reply, str):
            reply = json.loads(reply)
        if reply is None and params.get("reply_to_message_id") is not None:
            reply = {"message_id": params["reply_to_message_id"]}
        if not reply:
            return None
        target_chat = self.chat(reply["chat_id"]) if reply.get("chat_id") else chat
        target = target_chat.messages.get(_as_int(reply.get("message_id"), "message_id"))
        if target is None or target.deleted:
            if reply.get("allow_sending_without_reply"):
                return None
            raise ApiError(400, errors.REPLY_NOT_FOUND)
        return target

    async def _send_message(self, params: JSON, call: ApiCall) -> JSON:
        chat = self._chat_for_sending(params)
        text, entities = self._render_text(params)
        inline, keyboard = self._split_markup(params)
        reply_to = self._reply_target(chat, params)
        message = self.add_message(chat, self.bot_user, from_bot=True, text=text,
                                   entities=entities, reply_markup=inline, reply_to=reply_to)
        message.keyboard = keyboard
        message.source_text = str(params["text"])
        message.parse_mode = params.get("parse_mode")
        return message.to_dict()

    def _message_for_edit(self, params: JSON) -> FakeMessage:
        inline_id = params.get("inline_message_id")
        if inline_id:
            message = self.inline_messages.get(str(inline_id))
            if message is None or message.deleted:
                raise ApiError(400, "Bad Request: MESSAGE_ID_INVALID")
            return message
        if params.get("chat_id") is None:
            raise ApiError(400, "Bad Request: chat_id is empty")
        chat = self.chat(params["chat_id"])
        if params.get("message_id") is None:
            raise ApiError(400, "Bad Request: message identifier is not specified")
        message = chat.messages.get(_as_int(params["message_id"], "message_id"))
        if message is None or message.deleted:
            raise ApiError(400, errors.MESSAGE_TO_EDIT_NOT_FOUND)
        if not message.from_bot:
            raise ApiError(400, errors.MESSAGE_CANT_BE_EDITED)
        return message

    def _apply_edit(
        self, message: FakeMessage, text: str | None, entities: list[JSON], markup: JSON | None
    ) -> JSON | bool:
        markup = clean_markup(markup)
        if (text, entities, markup) == (message.text, message.entities, message.reply_markup):
            raise ApiError(400, errors.NOT_MODIFIED)
        message.history.append((message.text, message.entities, message.reply_markup))
        message.text, message.entities, message.reply_markup = text, entities, markup
        message.edit_date = int(time.time())
        self._bump()
        return True if message.inline_message_id else message.to_dict()

    async def _edit_message_text(self, params: JSON, call: ApiCall) -> JSON | bool:
        message = self._message_for_edit(params)
        if message.text is None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        text, entities = self._render_text(params)
        # Telegram removes the inline keyboard when an edit does not resend it.
        inline, _ = self._split_markup(params)
        result = self._apply_edit(message, text, entities, inline)
        message.source_text = str(params["text"])
        message.parse_mode = params.get("parse_mode")
        return result

    async def _edit_message_reply_markup(self, params: JSON, call: ApiCall) -> JSON | bool:
        message = self._message_for_edit(params)
        inline, _ = self._split_markup(params)
        return self._apply_edit(message, message.text, message.entities, inline)

    def _check_deletable(self, message: FakeMessage) -> None:
        chat = message.chat
        if message.from_bot or chat.type == "private":
            return
        if chat.bot_status != "administrator":
            raise ApiError(400, errors.MESSAGE_CANT_BE_DELETED)

    async def _delete_message(self, params: JSON, call: ApiCall) -> bool:
        chat = self.chat(params.get("chat_id", ""))
        message = chat.messages.get(_as_int(params.get("message_id"), "message_id"))
        if message is None or message.deleted:
            raise ApiError(400, errors.MESSAGE_TO_DELETE_NOT_FOUND)
        self._check_deletable(message)
        message.deleted = True
        self._bump()
        return True

    async def _delete_messages(self, params: JSON, call: ApiCall) -> bool:
        chat = self.chat(params.get("chat_id", ""))
        for message_id in params.get("message_ids") or []:
            message = chat.messages.get(int(message_id))
            if message is not None and not message.deleted:
                self._check_deletable(message)
                message.deleted = True
        self._bump()
        return True

    async def _answer_callback_query(self, params: JSON, call: ApiCall) -> bool:
        query_id = str(params.get("callback_query_id", ""))
        if query_id not in self._open_callback_queries:
            raise ApiError(400, errors.QUERY_TOO_OLD)
        del self._open_callback_queries[query_id]
        self.callback_answers[query_id] = CallbackAnswer(
            query_id=query_id,
            text=params.get("text"),
            show_alert=bool(params.get("show_alert", False)),
            url=params.get("url"),
            cache_time=int(params.get("cache_time", 0) or 0),
            params=params,
        )
        self._bump()
        return True

    async def _answer_inline_query(self, params: JSON, call: ApiCall) -> bool:
        query_id = str(params.get("inline_query_id", ""))
        query = self._open_inline_queries.get(query_id)
        if query is None:
            raise ApiError(400, errors.QUERY_TOO_OLD)
        results = params.get("results")
        if isinstance(results, str):
            results = json.loads(results)
        if not isinstance(results, list):
            raise ApiError(400, "Bad Request: can't parse inline query results JSON object")
        if len(results) > 50:
            raise ApiError(400, "Bad Request: RESULTS_TOO_MUCH")
        ids = [str(r.get("id", "")) for r in results]
        if len(set(ids)) != len(ids):
            raise ApiError(400, "Bad Request: RESULT_ID_DUPLICATE")
        for result in results:
            if not 1 <= len(str(result.get("id", "")).encode("utf-8")) <= 64:
                raise ApiError(400, "Bad Request: RESULT_ID_INVALID")
            if result.get("reply_markup"):
                _validate_inline_keyboard(result["reply_markup"])
            if result.get("type") == "sticker":  # a cached sticker must be one the server has
                self.media.sticker(str(result.get("sticker_file_id", "")))
        del self._open_inline_queries[query_id]
        self.inline_answers[query_id] = InlineAnswer(
            query_id=query_id,
            query=query["query"],
            user_id=query["from"]["id"],
            results=results,
            is_personal=bool(params.get("is_personal", False)),
            cache_time=int(params.get("cache_time", 300)),
            next_offset=str(params.get("next_offset", "") or ""),
            button=params.get("button"),
            params=params,
        )
        self._bump()
        return True

    def open_callback_query(self, query: JSON) -> str:
        """Queue a callback_query update; the bot may answer it exactly once."""
        query_id = self.next_query_id()
        query = {"id": query_id, **query}
        self._open_callback_queries[query_id] = query
        self.enqueue({"callback_query": query})
        return query_id

    def callback_update(self, query: JSON) -> JSON:
        """A callback_query update the bot may answer once, not queued for getUpdates
        or the webhook: for handing the same press to the bot another way (straight onto
        the streams of several workers at once, as a double click from two clients)."""
        query_id = self.next_query_id()
        query = {"id": query_id, **query}
        self._open_callback_queries[query_id] = query
        self._last_update_id += 1
        update = {"update_id": self._last_update_id, "callback_query": query}
        self.sent_updates[self._last_update_id] = update
        return update

    def expire_queries(self) -> list[str]:
        """Telegram's answer window passes for every open query (as it does for a bot
        that was down or far behind): answering any of them now fails with "query is too
        old", as on Telegram. Their updates stay queued. Returns the expired ids."""
        expired = [*self._open_callback_queries, *self._open_inline_queries]
        self._open_callback_queries.clear()
        self._open_inline_queries.clear()
        self.expired_queries.update(expired)
        return expired

    def open_inline_query(self, query: JSON) -> str:
        query_id = self.next_query_id()
        query = {"id": query_id, **query}
        self._open_inline_queries[query_id] = query
        self.enqueue({"inline_query": query})
        return query_id

    async def _get_chat(self, params: JSON, call: ApiCall) -> JSON:
        return self.chat(params.get("chat_id", "")).full_info()

    def member_info(self, chat: FakeChat, user_id: int) -> JSON:
        if user_id == self.bot_id:
            status = "member" if chat.type == "private" else chat.bot_status
            user = self.bot_user
        else:
            known = self.users.get(user_id)
            if known is None:
                raise ApiError(400, errors.USER_NOT_FOUND)
            user = known
            status = chat.members.get(user_id, "left")
            if chat.type == "private":
                status = "member" if chat.id == user_id else "left"
        member: JSON = {"status": status, "user": dict(user)}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(
                can_be_edited=False, is_anonymous=False, can_manage_chat=True,
                can_delete_messages=True, can_manage_video_chats=True,
                can_restrict_members=True, can_promote_members=False, can_change_info=True,
                can_invite_users=True, can_post_stories=True, can_edit_stories=True,
                can_delete_stories=True, can_pin_messages=True,
            )
        elif status == "kicked":
            member["until_date"] = 0
        return member

    async def _get_chat_member(self, params: JSON, call: ApiCall) -> JSON:
        chat = self.chat(params.get("chat_id", ""))
        return self.member_info(chat, _as_int(params.get("user_id"), "user_id"))

    async def _get_chat_administrators(self, params: JSON, call: ApiCall) -> list[JSON]:
        chat = self.chat(params.get("chat_id", ""))
        if chat.type == "private":
            raise ApiError(400, "Bad Request: there are no administrators in the private chat")
        admins = [self.member_info(chat, uid) for uid, status in chat.members.items()
                  if status in ("creator", "administrator")]
        if chat.bot_status == "administrator":
            admins.append(self.member_info(chat, self.bot_id))
        return admins

    async def _get_chat_member_count(self, params: JSON, call: ApiCall) -> int:
        chat = self.chat(params.get("chat_id", ""))
        if chat.type == "private":
            return 2
        return len(chat.members) + (chat.bot_status in ("member", "administrator"))

    async def _send_chat_action(self, params: JSON, call: ApiCall) -> bool:
        self._chat_for_sending(params)
        return True
