"""The fake Bot API, exercised through the real python-telegram-bot stack.

Every test waits for a condition (a recorded call, an answer) with a generous
timeout and then asserts: nothing here depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio
import json
import warnings
from collections.abc import AsyncIterator

import aiohttp
import pytest
import pytest_asyncio
from telegram import (
    Bot,
    ChatFullInfo,
    ChatMemberAdministrator,
    ChatMemberLeft,
    ChatMemberMember,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ChatAction, ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    RetryAfter,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from chatbot.testing.fakebotapi import (
    FakeChat,
    FakeTelegramServer,
    FakeUser,
    RateLimitPolicy,
    application_builder,
    polling,
)
from chatbot.testing.fakebotapi.errors import NOT_MODIFIED

pytestmark = pytest.mark.filterwarnings(
    "error",
    # PTB itself warns on every RetryAfter it builds (int -> timedelta migration).
    "ignore::telegram.warnings.PTBDeprecationWarning",
)


GUARD = 120.0  # seconds: only against a hang
LONG_POLL = 2 * int(GUARD)  # a long poll that ends in time ended for its update, not its timeout

INLINE_KEYBOARD = InlineKeyboardMarkup([[InlineKeyboardButton("ok", callback_data="inl")]])


class Recorder:
    """What the test bot's handlers saw, for the test to wait on."""

    def __init__(self) -> None:
        self.chosen: list[str] = []
        self.via_bot_texts: list[str] = []
        self.errors: list[Exception] = []


def echo_app(
    server: FakeTelegramServer, recorder: Recorder, *, limiter: bool = False
) -> Application:
    """A tiny bot: /echo, a button menu, an inline mode that offers the query back."""
    builder = application_builder(server)
    if limiter:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=2))
    app = builder.build()

    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None
        try:
            await update.effective_message.reply_text(" ".join(context.args or []))
        except Exception as exc:
            recorder.errors.append(exc)

    async def menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None
        keyboard = InlineKeyboardMarkup(
            [[InlineKeyboardButton("Play", callback_data="g1:7:play"),
              InlineKeyboardButton("My cards", switch_inline_query_current_chat="g1")]]
        )
        await update.effective_message.reply_text("Table <b>1</b>", parse_mode=ParseMode.HTML,
                                                  reply_markup=keyboard)

    async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None and query.data is not None
        if query.data.endswith(":play"):
            await query.answer("You played", show_alert=True)
            await query.edit_message_text("Table 1: played")
        else:
            await query.answer("Stale button")

    async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.inline_query
        assert query is not None
        await query.answer(
            [
                InlineQueryResultArticle("c1", f"Card for {query.query}",
                                         InputTextMessageContent(f"I play <i>{query.query}</i>",
                                                                 parse_mode=ParseMode.HTML)),
                InlineQueryResultArticle("c2", "Keyboard", InputTextMessageContent("with kb"),
                                         reply_markup=INLINE_KEYBOARD),
            ],
            is_personal=True,
            cache_time=0,
        )

    async def chosen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        result = update.chosen_inline_result
        assert result is not None
        recorder.chosen.append(result.result_id)
        if result.inline_message_id:
            await context.bot.edit_message_text(
                "edited inline", inline_message_id=result.inline_message_id,
                reply_markup=INLINE_KEYBOARD,
            )

    async def via_bot(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_message is not None
        recorder.via_bot_texts.append(update.effective_message.text or "")

    app.add_handler(CommandHandler("echo", echo))
    app.add_handler(CommandHandler("menu", menu))
    app.add_handler(CallbackQueryHandler(button))
    app.add_handler(InlineQueryHandler(inline))
    app.add_handler(ChosenInlineResultHandler(chosen))
    app.add_handler(MessageHandler(filters.ViaBot(username=server.bot_user["username"]), via_bot))
    return app


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest_asyncio.fixture
async def running(
    fake_telegram: FakeTelegramServer, recorder: Recorder
) -> AsyncIterator[Application]:
    async with polling(echo_app(fake_telegram, recorder)) as app:
        yield app


@pytest.fixture
def alice(fake_telegram: FakeTelegramServer) -> FakeUser:
    return FakeUser(fake_telegram, 1001, "Alice", "pt-BR", username="alice")


@pytest.fixture
def group(fake_telegram: FakeTelegramServer, alice: FakeUser) -> FakeChat:
    return fake_telegram.create_group("Truco night", members=[alice])


async def test_echo_command_round_trip(
    fake_telegram: FakeTelegramServer, running: Application, alice: FakeUser, group: FakeChat
) -> None:
    assert group.id < -(2**31)  # supergroup ids overflow 32 bits
    await alice.send(group, "/echo hi there")

    call = await fake_telegram.wait_for_call("sendMessage", chat_id=group.id)
    assert call.ok and call.params["text"] == "hi there"
    assert call.content_type == "application/x-www-form-urlencoded"
    assert call.params["reply_parameters"]["message_id"] == 1
    reply = group.last_bot_message()
    assert reply is not None and reply.text == "hi there" and reply.reply_to is not None
    assert [c.method for c in fake_telegram.calls[:2]] == ["getMe", "deleteWebhook"]


async def test_button_press_gets_answer_and_edit(
    fake_telegram: FakeTelegramServer, running: Application, alice: FakeUser, group: FakeChat
) -> None:
    await alice.send(group, "/menu")
    await fake_telegram.wait_for_call("sendMessage", chat_id=group.id)
    table = group.last_bot_message()
    assert table is not None
    assert table.text == "Table 1"
    assert table.entities == [{"type": "bold", "offset": 6, "length": 1}]
    assert table.callback_data == ["g1:7:play"]

    answer = await alice.press(table, "g1:7:play")
    assert answer.text == "You played" and answer.show_alert

    await fake_telegram.wait_until(lambda: table.edits == 1, what="the table edit")
    assert table.text == "Table 1: played"
    assert table.reply_markup is None  # an edit without reply_markup drops the keyboard

    with pytest.raises(AssertionError, match=r"(?i)no button"):
        alice.click(table, "g1:7:play")
    stale = await alice.press(table, "g1:6:play-old", check=False)
    assert stale.text == "Stale button" and not stale.show_alert


async def test_inline_query_and_chosen_result(
    fake_telegram: FakeTelegramServer,
    running: Application,
    recorder: Recorder,
    alice: FakeUser,
    group: FakeChat,
) -> None:
    await alice.send(group, "/menu")
    await fake_telegram.wait_for_call("sendMessage", chat_id=group.id)
    table = group.last_bot_message()
    assert table is not None

    answer = await alice.inline_query_from(table)
    assert answer.query == "g1"
    assert answer.is_personal is True and answer.cache_time == 0
    assert answer.ids == ["c1", "c2"]
    inline_call = fake_telegram.calls_to("answerInlineQuery")[0]
    assert inline_call.chat_id is None  # inline answers do not spend a chat's budget
    assert fake_telegram.counted_per_chat() == {group.id: 1}

    posted = await alice.choose_inline("c1")
    assert posted is not None and posted.via_bot is not None
    assert posted.text == "I play g1" and posted.entities[0]["type"] == "italic"
    await fake_telegram.wait_until(lambda: recorder.chosen == ["c1"])
    await fake_telegram.wait_until(lambda: recorder.via_bot_texts == ["I play g1"])

    # A result with a keyboard is posted with an inline_message_id the bot edits by.
    with_kb = await alice.choose_inline("c2")
    assert with_kb is not None and with_kb.inline_message_id
    await fake_telegram.wait_until(lambda: with_kb.text == "edited inline")
    edit = fake_telegram.calls_to("editMessageText")[-1]
    assert edit.result is True and edit.chat_id is None

    # Its buttons send callback queries that carry inline_message_id, not a message.
    inline_press = await alice.press(with_kb, "inl")
    assert inline_press.text == "Stale button"


async def test_retry_after_surfaces_as_retry_after(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    fake_telegram.fail_retry_after("sendMessage", 3, chat_id=group.id)
    async with application_builder(fake_telegram).build() as app:
        with pytest.raises(RetryAfter) as caught:
            await app.bot.send_message(group.id, "first")
        assert "Retry in 3 seconds" in str(caught.value)
        await app.bot.send_message(group.id, "second")  # the fault was used up
    failed, sent = fake_telegram.calls_to("sendMessage")
    assert (failed.ok, failed.error_code) == (False, 429)
    assert failed.description == "Too Many Requests: retry after 3"
    assert sent.ok and [m.text for m in group.bot_messages()] == ["second"]


async def test_rate_limiter_retries_after_429(
    fake_telegram: FakeTelegramServer, recorder: Recorder, alice: FakeUser, group: FakeChat
) -> None:
    fake_telegram.fail_retry_after("sendMessage", 1, chat_id=group.id)
    async with polling(echo_app(fake_telegram, recorder, limiter=True)):
        await alice.send(group, "/echo again")
        await fake_telegram.wait_for_call("sendMessage", chat_id=group.id,
                                          where=lambda c: c.ok)
    assert [c.error_code for c in fake_telegram.calls_to("sendMessage")] == [429, None]
    assert recorder.errors == []


async def test_not_modified_and_other_bad_requests(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    async with application_builder(fake_telegram).build() as app:
        bot = app.bot
        sent = await bot.send_message(group.id, "<b>score</b> 1", parse_mode=ParseMode.HTML)
        with pytest.raises(BadRequest) as caught:
            await bot.edit_message_text("<b>score</b> 1", chat_id=group.id,
                                        message_id=sent.message_id, parse_mode=ParseMode.HTML)
        # PTB drops Telegram's "Bad Request: " prefix; the server sent the real text.
        assert fake_telegram.calls_to("editMessageText")[-1].description == NOT_MODIFIED
        assert caught.value.message == "M" + NOT_MODIFIED.removeprefix("Bad Request: m")
        # Same text, other formatting: that is a modification on Telegram.
        await bot.edit_message_text("<i>score</i> 1", chat_id=group.id,
                                    message_id=sent.message_id, parse_mode=ParseMode.HTML)
        with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
            await bot.edit_message_reply_markup(chat_id=group.id, message_id=sent.message_id)

        too_long = InlineKeyboardMarkup([[InlineKeyboardButton("x", callback_data="x" * 65)]])
        with pytest.raises(BadRequest, match=r"(?i)BUTTON_DATA_INVALID"):
            await bot.send_message(group.id, "t", reply_markup=too_long)
        with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
            await bot.send_message(group.id, "<b>open", parse_mode=ParseMode.HTML)
        with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
            await bot.edit_message_text("x", chat_id=group.id, message_id=999)
        user_message = await alice.send(group, "/echo")
        with pytest.raises(BadRequest, match=r"(?i)message can't be edited"):
            await bot.edit_message_text("x", chat_id=group.id,
                                        message_id=user_message.message_id)
        with pytest.raises(BadRequest, match=r"(?i)chat not found"):
            await bot.send_message(-100999, "nobody")

        fake_telegram.fail_bad_request("deleteMessage")
        with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
            await bot.delete_message(group.id, sent.message_id)
        assert await bot.delete_message(group.id, sent.message_id)
        assert group.bot_messages() == []


async def test_forbidden(fake_telegram: FakeTelegramServer, alice: FakeUser) -> None:
    async with application_builder(fake_telegram).build() as app:
        with pytest.raises(Forbidden, match=r"(?i)bot can't initiate conversation with a user"):
            await app.bot.send_message(alice.id, "hello")
        await alice.start()
        await app.bot.send_message(alice.id, "hello")
        alice.block_bot()
        with pytest.raises(Forbidden, match=r"(?i)bot was blocked by the user"):
            await app.bot.send_message(alice.id, "still there?")
        await alice.start()
        fake_telegram.fail_forbidden("sendChatAction", chat_id=alice.id)
        with pytest.raises(Forbidden, match=r"(?i)bot was blocked by the user"):
            await app.bot.send_chat_action(alice.id, ChatAction.TYPING)
        assert await app.bot.send_chat_action(alice.id, ChatAction.TYPING)
    assert [m.text for m in alice.private.bot_messages()] == ["hello"]


async def test_a_group_upgraded_to_a_supergroup(
    fake_telegram: FakeTelegramServer, alice: FakeUser
) -> None:
    """Both service messages come, and every call naming the old id is refused with
    400 and the new id (PTB: ChatMigrated), as on Telegram."""
    old = fake_telegram.create_group("basic", type="group", members=[alice])
    async with application_builder(fake_telegram).build() as app:
        sent = await app.bot.send_message(old.id, "table")
        new = alice.upgrade_group(old)
        assert new.type == "supergroup" and new.id != old.id and alice.id in new.members
        for call in (app.bot.send_message(old.id, "again"),
                     app.bot.edit_message_text("edited", chat_id=old.id,
                                               message_id=sent.message_id),
                     app.bot.get_chat(old.id)):
            with pytest.raises(ChatMigrated) as refused:
                await call
            assert refused.value.new_chat_id == new.id
        assert (await app.bot.send_message(new.id, "here")).chat.id == new.id
        updates = await app.bot.get_updates(timeout=0)
        moves = [(u.message.migrate_to_chat_id, u.message.migrate_from_chat_id, u.message.chat.id)
                 for u in updates if u.message is not None]
        assert moves == [(new.id, None, old.id), (None, old.id, new.id)]
    with pytest.raises(ValueError):
        alice.upgrade_group(new)


async def test_a_bot_removed_from_a_group_and_added_back(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    async with application_builder(fake_telegram).build() as app:
        sent = await app.bot.send_message(group.id, "table")
        alice.remove_bot_from(group)
        with pytest.raises(Forbidden, match=r"bot was kicked from the supergroup chat"):
            await app.bot.send_message(group.id, "still here?")
        with pytest.raises(Forbidden, match=r"bot was kicked"):
            await app.bot.edit_message_text("edited", chat_id=group.id,
                                            message_id=sent.message_id)
        await alice.add_bot_to(group)
        assert await app.bot.edit_message_text("edited", chat_id=group.id,
                                               message_id=sent.message_id)
        alice.remove_bot_from(group, kicked=False)
        with pytest.raises(Forbidden, match=r"bot is not a member of the supergroup chat"):
            await app.bot.send_message(group.id, "and now?")
        alice.block_bot()  # a user's block: the private chat's my_chat_member
        await alice.start()
        updates = await app.bot.get_updates(timeout=0, allowed_updates=Update.ALL_TYPES)
        statuses = [(u.my_chat_member.chat.type, u.my_chat_member.old_chat_member.status,
                     u.my_chat_member.new_chat_member.status)
                    for u in updates if u.my_chat_member is not None]
        assert statuses == [("supergroup", "member", "kicked"), ("supergroup", "left", "member"),
                            ("supergroup", "member", "left"), ("private", "member", "kicked"),
                            ("private", "kicked", "member")]


async def test_faults_target_one_chat_only(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    other = fake_telegram.create_group("Other table")
    fault = fake_telegram.fail_next("sendMessage", times=2, chat_id=group.id,
                                    error_code=400, description="Bad Request: scripted")
    async with application_builder(fake_telegram).build() as app:
        await app.bot.send_message(other.id, "unaffected")
        for _ in range(2):
            with pytest.raises(BadRequest, match=r"(?i)scripted"):
                await app.bot.send_message(group.id, "fails")
        await app.bot.send_message(group.id, "works")
    assert fault.remaining == 0


async def test_rate_limit_accounting_and_enforcement(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    now = [1000.0]
    fake_telegram.clock = lambda: now[0]
    fake_telegram.rate_limits = RateLimitPolicy(enabled=True, chat_per_second=None)
    async with application_builder(fake_telegram).build() as app:
        first = await app.bot.send_message(group.id, "0")
        for i in range(1, 19):
            now[0] += 0.5
            await app.bot.send_message(group.id, str(i))
        await app.bot.edit_message_text("edited", chat_id=group.id,
                                        message_id=first.message_id)  # the 20th
        with pytest.raises(RetryAfter, match=r"(?i)Retry in 51 seconds"):
            await app.bot.send_message(group.id, "21st")
        now[0] += 51
        await app.bot.send_message(group.id, "after the wait")

        fake_telegram.rate_limits.chat_per_second = 1
        with pytest.raises(RetryAfter, match=r"(?i)Retry in 1 seconds"):
            await app.bot.send_message(group.id, "too fast")
    assert fake_telegram.counted_per_chat() == {group.id: 21}
    assert len(fake_telegram.counted_calls(group.id)) == 21


async def test_get_updates_semantics(fake_telegram: FakeTelegramServer, alice: FakeUser) -> None:
    group = fake_telegram.create_group("g", type="group")
    assert -(2**63) < group.id < 0
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        assert await bot.get_updates(timeout=0) == ()

        # the long poll outlasts the guard: only an answer to the update ends it in time
        waiting = asyncio.create_task(bot.get_updates(timeout=LONG_POLL))
        await fake_telegram.wait_until(lambda: fake_telegram.waiting_polls == 1)
        await alice.send(group, "/echo")  # the long poll returns at once
        updates = await asyncio.wait_for(waiting, GUARD)
        assert [u.message.text for u in updates if u.message] == ["/echo"]
        assert updates[0].message is not None
        assert updates[0].message.entities[0].type == "bot_command"

        # Not confirmed yet: fetched again; confirmed by a higher offset: gone.
        again = await bot.get_updates(timeout=0)
        assert [u.update_id for u in again] == [updates[0].update_id]
        assert await bot.get_updates(offset=updates[0].update_id + 1, timeout=0) == ()

        # allowed_updates drops what the bot did not ask for, and persists.
        await alice.send(group, "/echo 2")
        alice.ask_inline("q")
        only_inline = await bot.get_updates(timeout=0, allowed_updates=["inline_query"])
        assert [u.inline_query.query for u in only_inline if u.inline_query] == ["q"]
        await alice.send(group, "/echo 3")
        assert await bot.get_updates(offset=only_inline[0].update_id + 1, timeout=0) == ()

        # Privacy mode: ordinary group chatter never reaches the bot.
        await alice.send(group, "just chatting")
        assert fake_telegram.pending_updates == []

        await bot.set_webhook("https://example.invalid/hook")
        with pytest.raises(Conflict, match=r"(?i)webhook is active"):
            await bot.get_updates(timeout=0)
        assert (await bot.get_webhook_info()).url == "https://example.invalid/hook"
        await bot.delete_webhook()


async def test_second_poller_terminates_the_first(
    fake_telegram: FakeTelegramServer,
) -> None:
    async with (
        Bot(fake_telegram.token, base_url=fake_telegram.base_url) as first,
        Bot(fake_telegram.token, base_url=fake_telegram.base_url) as second,
    ):
        waiting = asyncio.create_task(first.get_updates(timeout=LONG_POLL))
        await fake_telegram.wait_until(lambda: fake_telegram.waiting_polls == 1)
        assert await second.get_updates(timeout=0) == ()
        with pytest.raises(Conflict, match=r"(?i)terminated by other getUpdates request"):
            await asyncio.wait_for(waiting, GUARD)


async def test_chat_queries_and_commands(
    fake_telegram: FakeTelegramServer, alice: FakeUser
) -> None:
    bob = FakeUser(fake_telegram, 1002, "Bob")
    group = fake_telegram.create_group("Admins", admins=[alice], members=[bob],
                                       bot_status="administrator")
    async with application_builder(fake_telegram).build() as app:
        bot = app.bot
        assert bot.username == "TrucoTestBot" and bot.id == 123456789
        info = await bot.get_chat(group.id)
        assert isinstance(info, ChatFullInfo) and info.title == "Admins"
        assert isinstance(await bot.get_chat_member(group.id, alice.id), ChatMemberAdministrator)
        assert isinstance(await bot.get_chat_member(group.id, bob.id), ChatMemberMember)
        stranger = FakeUser(fake_telegram, 1003, "Carol")
        assert isinstance(await bot.get_chat_member(group.id, stranger.id), ChatMemberLeft)
        admins = await bot.get_chat_administrators(group.id)
        assert {a.user.id for a in admins} == {alice.id, bot.id}
        assert await bot.get_chat_member_count(group.id) == 3

        await bot.set_my_commands([("new", "Start a game")], language_code="pt")
        assert [c.command for c in await bot.get_my_commands(language_code="pt")] == ["new"]
        assert await bot.get_my_commands() == ()
        await bot.delete_my_commands(language_code="pt")
        assert await bot.get_my_commands(language_code="pt") == ()

        # The bot is an administrator: it may delete users' messages.
        chatter = await alice.send(group, "hello")
        assert fake_telegram.pending_updates[-1]["message"]["text"] == "hello"
        assert await bot.delete_message(group.id, chatter.message_id)
        assert chatter.deleted

        assert await bot.do_api_request("setSomethingNew", api_kwargs={"x": 1}) is True
        assert [c.method for c in fake_telegram.unknown_calls] == ["setSomethingNew"]


async def test_callback_query_answered_once(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    async with application_builder(fake_telegram).build() as app:
        table = await app.bot.send_message(
            group.id, "t", reply_markup=InlineKeyboardMarkup(
                [[InlineKeyboardButton("a", callback_data="a")]]))
        message = group.message(table.message_id)
        query_id = alice.click(message, "a")
        query = fake_telegram.pending_updates[-1]["callback_query"]
        assert query["message"]["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "a"
        assert await app.bot.answer_callback_query(query_id, "ok")
        with pytest.raises(BadRequest, match=r"(?i)query is too old"):
            await app.bot.answer_callback_query(query_id, "twice")
    assert fake_telegram.callback_answers[query_id].text == "ok"


async def test_expired_queries_are_too_old_to_answer(
    fake_telegram: FakeTelegramServer, alice: FakeUser, group: FakeChat
) -> None:
    """After ``expire_queries`` (the bot was down past Telegram's answer window) the
    updates are still delivered, but answering them fails as on Telegram; a query
    opened afterwards is answered as usual."""
    async with application_builder(fake_telegram).build() as app:
        table = await app.bot.send_message(
            group.id, "t", reply_markup=InlineKeyboardMarkup(
                [[InlineKeyboardButton("a", callback_data="a")]]))
        message = group.message(table.message_id)
        press = alice.click(message, "a")
        inline = alice.ask_inline("x", chat=group)
        assert set(fake_telegram.expire_queries()) == {press, inline}
        assert fake_telegram.expired_queries == {press, inline}
        kinds = [next(k for k in u if k != "update_id") for u in fake_telegram.pending_updates]
        assert kinds[-2:] == ["callback_query", "inline_query"]
        with pytest.raises(BadRequest, match=r"(?i)query is too old"):
            await app.bot.answer_callback_query(press, "late")
        with pytest.raises(BadRequest, match=r"(?i)query is too old"):
            await app.bot.answer_inline_query(inline, [])
        fresh = alice.click(message, "a")
        assert await app.bot.answer_callback_query(fresh, "ok")
    assert press not in fake_telegram.callback_answers
    assert fake_telegram.callback_answers[fresh].text == "ok"
    failed = fake_telegram.calls_to("answerCallbackQuery", ok=False)
    assert [c.params["callback_query_id"] for c in failed] == [press]


async def test_wrong_token_is_rejected(fake_telegram: FakeTelegramServer) -> None:
    with pytest.raises(InvalidToken):
        async with Bot("42:wrong", base_url=fake_telegram.base_url):
            pass


async def test_clean_shutdown_leaves_nothing_running(recorder: Recorder) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.simplefilter("ignore", DeprecationWarning)
        async with FakeTelegramServer() as server:
            alice = FakeUser(server, 7, "Alice")
            group = server.create_group()
            async with polling(echo_app(server, recorder)):
                await alice.send(group, "/echo bye")
                await server.wait_for_call("sendMessage", chat_id=group.id)
            # PTB confirmed what it fetched with a last, non-blocking getUpdates.
            last_poll = server.calls_to("getUpdates")[-1]
            assert last_poll.ok and last_poll.params["timeout"] == 0
            assert server.pending_updates == []
        leftovers = [t for t in asyncio.all_tasks()
                     if t is not asyncio.current_task() and not t.done()]
        assert leftovers == []


async def test_raw_http_shapes(fake_telegram: FakeTelegramServer, alice: FakeUser) -> None:
    """The wire format itself: JSON and form bodies, ok/error envelopes, 429 parameters."""
    group = fake_telegram.create_group("raw")
    base = f"{fake_telegram.base_url}{fake_telegram.token}"
    markup = {"inline_keyboard": [[{"text": "b", "callback_data": "d"}]]}
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/sendMessage",
                                json={"chat_id": group.id, "text": "123",
                                      "reply_markup": markup}) as response:
            body = await response.json()
        assert response.status == 200 and body["ok"] is True
        assert body["result"]["text"] == "123"  # a string field is never JSON-decoded
        assert body["result"]["reply_markup"] == markup
        form = {"chat_id": str(group.id), "text": "true", "reply_markup": json.dumps(markup)}
        async with session.post(f"{base}/SENDMESSAGE", data=form) as response:
            body = await response.json()
        assert body["result"]["text"] == "true" and body["result"]["message_id"] == 2
        assert fake_telegram.calls[-1].method == "sendMessage"  # methods are case-insensitive

        fake_telegram.fail_retry_after("sendMessage", 7)
        async with session.post(f"{base}/sendMessage", data=form) as response:
            body = await response.json()
        assert response.status == 429
        assert body == {"ok": False, "error_code": 429,
                        "description": "Too Many Requests: retry after 7",
                        "parameters": {"retry_after": 7}}

        async with session.get(f"{base}/getChat", params={"chat_id": "-1"}) as response:
            body = await response.json()
        assert response.status == 400
        assert body == {"ok": False, "error_code": 400,
                        "description": "Bad Request: chat not found"}

        async with session.post(f"{fake_telegram.base_url}1:bad/getMe") as response:
            assert response.status == 401
            assert (await response.json())["description"] == "Unauthorized"


async def test_updates_parse_without_unknown_fields(
    fake_telegram: FakeTelegramServer, alice: FakeUser
) -> None:
    """Every update the scripted users cause is exactly a Bot API object: PTB would put any
    field it does not know into api_kwargs."""
    group = fake_telegram.create_group("shapes", bot_status="left")
    await alice.add_bot_to(group, as_admin=True)
    first = await alice.send(group, "/new@TrucoTestBot paulista")
    await alice.send(group, "reply", reply_to=first)
    await alice.start("join-g1")
    table = fake_telegram.add_message(
        group, fake_telegram.bot_user, from_bot=True, text="table",
        reply_markup={"inline_keyboard": [[{"text": "go", "callback_data": "go"}]]},
    )
    alice.click(table, "go")
    alice.ask_inline("g1", chat=group)
    async with Bot(fake_telegram.token, base_url=fake_telegram.base_url) as bot:
        updates = await bot.get_updates(timeout=0, allowed_updates=Update.ALL_TYPES)
        kinds = [next(k for k in u.to_dict() if k != "update_id") for u in updates]
        assert kinds == ["my_chat_member", "message", "message", "message", "message",
                         "callback_query", "inline_query"]
        for update in updates:
            assert update.api_kwargs == {}
            parts = [update.effective_message, update.effective_chat, update.effective_user,
                     update.callback_query, update.inline_query, update.my_chat_member]
            for part in parts:
                assert part is None or part.api_kwargs == {}, part
        assert updates[0].my_chat_member is not None
        assert updates[0].my_chat_member.new_chat_member.status == "administrator"
        assert updates[1].message is not None
        assert updates[1].message.new_chat_members[0].id == bot.id
        assert updates[2].message is not None and updates[2].message.text is not None
        command = updates[2].message.parse_entities(["bot_command"])
        assert list(command.values()) == ["/new@TrucoTestBot"]
        assert updates[3].message is not None and updates[3].message.reply_to_message is not None
        assert updates[4].effective_chat is not None and updates[4].effective_chat.type == "private"
        assert updates[6].inline_query is not None
        assert updates[6].inline_query.chat_type == "supergroup"
