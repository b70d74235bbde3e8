"""Update callbacks: parse, find the table, act through the service, present.

Each callback is a few lines that delegate; every game change goes through
``GameService.act`` and every message through the presenter, so a press, an
inline choice, a timer and a bot all take the same path.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from telegram import (
    CallbackQuery,
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultCachedSticker,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from chatbot.ai import LEVELS, next_level
from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_presses
from chatbot.handlers.lobby_options import settings
from chatbot.handlers.lobby_presses import LobbyPress, repeated
from chatbot.handlers.payload import (
    NO_TABLE,
    BadPayload,
    Payload,
    PayloadCodec,
    chat_scope,
    user_scope,
)
from chatbot.handlers.refusal import refusal_text
from chatbot.handlers.service import GameService, Outcome, Step
from chatbot.handlers.telegram.answers import answer_inline, answer_query
from chatbot.handlers.telegram.binding import on_keyboard, on_redrawn_lobby
from chatbot.handlers.telegram.buttons import DONE, Press, dispatch, lobby_press
from chatbot.handlers.telegram.card_photos import PhotoBook
from chatbot.handlers.telegram.card_pictures import move_photo, move_sticker
from chatbot.handlers.telegram.inline_posts import (
    pending_content,
    pending_keyboard,
    settle,
    settled_text,
)
from chatbot.handlers.telegram.inline_refusals import (
    refused_post,
    unsigned_fields,
    unsigned_post,
)
from chatbot.handlers.telegram.keyboards import (
    LOBBY_ACTIONS,
    SOLO_DEFAULT_LEVEL,
    Content,
    Keyboards,
    action_arg,
    parse_action_arg,
)
from chatbot.handlers.telegram.language_command import LanguageCommand
from chatbot.handlers.telegram.new_command import (
    NewUsage,
    parse_new_args,
    replace_question,
    same_game,
)
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.handlers.telegram.rules_command import RulesCommand
from chatbot.handlers.telegram.stickers import StickerBook
from chatbot.handlers.telegram.timers import TimerBoard
from chatbot.handlers.telegram.web_menu import WebMenu
from chatbot.i18n.cards import card_label
from chatbot.i18n.levels import level_description
from chatbot.i18n.locales import resolve_locale
from chatbot.i18n.private_text import private_help
from chatbot.i18n.records_text import RECORDS_HELP
from chatbot.i18n.render import action_label
from chatbot.i18n.senas_text import senas_prompt
from chatbot.i18n.table_text import alert, button, inline_context
from chatbot.i18n.translation import N_, translate
from chatbot.rules.actions import Action
from chatbot.rules.cards import CardCodeError
from chatbot.rules.registry import available_variants, rules_class
from chatbot.rules.views import seat_view
from chatbot.storage import ActiveTableExists, Repository, TableRecord

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
SENAS_START = "senas-"  # /start senas-CODE: the inline results' way to a table's señas
MEMORY = 50_000  # users remembered by a process (oldest dropped first)
USER_TTL = 60.0  # seconds a remembered user's stored language is trusted
PAUSED_HOW = N_("Add the bot back to the group within a day and the game goes on; "
                "after that the table closes with its score.")


class TrucoHandlers:
    def __init__(self, repo: Repository, service: GameService, codec: PayloadCodec,
                 presenter: Presenter, timers: TimerBoard,
                 private_hands: PrivateHands | None = None) -> None:
        self.repo = repo
        self.service = service
        self.codec = codec
        self.presenter = presenter
        self.keyboards: Keyboards = presenter.keyboards
        self.timers = timers
        self.private_hands = private_hands
        # user id -> ((name, Telegram language), stored language, when read)
        self._users: dict[int, tuple[tuple[str, str | None], str | None, float]] = {}
        self._chat_locks: dict[int, asyncio.Lock] = {}
        # chat -> (the menu button that opened its game, or None; that game's table id)
        self._origins: dict[int, tuple[tuple[int, str] | None, int]] = {}
        # /rules and /language: their buttons come through on_button (set by app.py)
        self.rules: RulesCommand | None = None
        self.language: LanguageCommand | None = None
        # the menu button that opens the web table (TRUCO_WEBAPP_URL; set by app.py)
        self.web_menu: WebMenu | None = None
        # told of every outcome presented here (the web table's open pages, set by app.py)
        self.observers: list[Callable[[Outcome], None]] = []

    # ------------------------------------------------------------- helpers
    async def user_locale(self, update: Update) -> str:
        """The user's language; every update also registers (or refreshes) its user.

        A user seen by this process in the last minute with the same name and
        Telegram language costs no query: most updates are moves, and each query
        is a round trip to the database's thread. Whoever changes a stored user
        calls :meth:`forget_user`; the minute is the backstop.
        """
        user = update.effective_user
        if user is None:
            return "en"
        seen = (user.full_name, user.language_code)
        now = time.monotonic()
        known = self._users.get(user.id)
        if known is None or known[0] != seen or now - known[2] > USER_TTL:
            stored = await self.repo.get_or_create_user(user.id, user.full_name,
                                                        user.language_code)
            self._users.pop(user.id, None)
            if len(self._users) >= MEMORY:
                self._users.pop(next(iter(self._users)))
            known = self._users[user.id] = (seen, stored.language, now)
        return resolve_locale(known[1], user.language_code)

    def forget_user(self, user_id: int) -> None:
        """Call after changing a stored user (their language): the next update reloads it."""
        self._users.pop(user_id, None)

    async def after(self, outcome: Outcome) -> None:
        """Present an outcome and arm the table's timer for whatever is due next."""
        if self.private_hands is not None:  # first: outcomes reach it in the service's order
            self.private_hands.follow(outcome)
        for observer in self.observers:
            observer(outcome)
        record = outcome.record
        try:
            record = await self.presenter.show(outcome)
        finally:  # whatever befell the message, the game's next step stays due (or, for
            # a table paused meanwhile, its closing)
            record = self.service.newest(record)
            self.timers.schedule(record.id, record.turn_seq, record.turn_deadline)

    async def on_timer(self, table_id: int, seq: int) -> None:
        outcome = await self.service.run_timer(table_id, seq)
        if outcome is not None:
            await self.after(outcome)

    async def resume(self) -> int:
        """At start-up: re-arm every stored deadline (bot moves, time-outs, next deals)."""
        deadlines = await self.repo.pending_deadlines()
        for d in deadlines:
            self.timers.schedule(d.table_id, d.turn_seq, d.deadline)
        return len(deadlines)

    # ------------------------------------------------------------ commands
    async def usage(self, update: Update, context: Context, locale: str) -> bool:
        """A command that takes no arguments got some: say so (True), do nothing else."""
        if not context.args or update.message is None:
            return False
        command = (update.message.text or "/").split()[0].split("@")[0]
        await update.message.reply_text(translate(
            "{command} takes no arguments: send just {command}.", locale, command=command))
        return True

    async def cmd_start(self, update: Update, context: Context) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None or message is None:
            return
        locale = await self.user_locale(update)
        if chat.type == ChatType.PRIVATE:
            await self.repo.set_started_private(user.id)
            if self.web_menu is not None:  # the menu opens the web table, in their words
                await self.web_menu.set_for(context.bot, chat.id, locale)
            wanted = (context.args or [""])[0]
            if wanted.startswith(SENAS_START) and await self.senas_here(
                    message, chat.id, user.id, wanted.removeprefix(SENAS_START), locale):
                return
            await message.reply_text(
                translate("Welcome to truco-bot! Choose a game to practise against the bot, "
                          "or add me to a group and send /new there.", locale),
                reply_markup=self.keyboards.solo_menu(chat.id, available_variants(), locale))
        else:
            await message.reply_text(translate("Send /new to open a table here.", locale))

    async def senas_here(self, message: Message, chat_id: int, user_id: int, code: str,
                         locale: str) -> bool:
        """The señas of a group table, in the player's private chat (from the inline
        results' button); False when there are none to make now (the usual welcome)."""
        record = await self.service.by_code(code)
        if record is None or not record.active:
            return False
        table = Table.from_dict(record.game)
        seat = table.seat_of(user_id)
        menu = None if seat is None else self.keyboards.senas_menu(chat_id, table, code, seat,
                                                                   locale)
        if menu is None:
            return False
        await message.reply_text(senas_prompt(table, locale), reply_markup=menu)
        return True

    async def cmd_help(self, update: Update, context: Context) -> None:
        if update.message is None:
            return
        locale = await self.user_locale(update)
        if await self.usage(update, context, locale):
            return
        await update.message.reply_text(translate(
            "/new [game] [players]: open a table in a group\n/join, /leave: take or leave a "
            "seat\n/score: the score\n/stop: close the table\n/rules [game]: how to play\n"
            "/play: practise alone in a private chat", locale) + "\n\n" + private_help(locale)
            + "\n\n" + translate(RECORDS_HELP, locale))

    async def cmd_new(self, update: Update, context: Context) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None or message is None:
            return
        locale = await self.user_locale(update)
        if chat.type == ChatType.PRIVATE:
            await self.cmd_start(update, context)
            return
        wanted = parse_new_args(context.args or [])
        if isinstance(wanted, NewUsage):
            await message.reply_text(wanted.text(locale))
            return
        variant, players = wanted
        reply = await self.request_game(chat.id, user.id, user.first_name,
                                        f"{variant}:{players}", locale, context)
        if reply is not None:
            text, markup = reply
            await message.reply_text(text, reply_markup=markup)

    async def cmd_join(self, update: Update, context: Context) -> None:
        await self._seat_command(update, context, "join")

    async def cmd_leave(self, update: Update, context: Context) -> None:
        await self._seat_command(update, context, "leave")

    async def _chat_table(self, update: Update) -> tuple[TableRecord, str] | None:
        """The chat's open table and the sender's language; tells them when there is none."""
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None or message is None:
            return None
        locale = await self.user_locale(update)
        record = await self.repo.get_active_table(chat.id)
        if record is None:
            await message.reply_text(alert("no-table", locale))
            return None
        return record, locale

    async def _seat_command(self, update: Update, context: Context, what: str) -> None:
        """/join and /leave: the real reason when they cannot be done (seats fixed once the
        game started, not at the table, no free seat), junk arguments get the usage."""
        found = await self._chat_table(update)
        if found is None:
            return
        record, locale = found
        user, message = update.effective_user, update.message
        assert user is not None and message is not None
        try:
            table = Table.from_dict(record.game)
            if table.state != "lobby":
                seated = table.seat_of(user.id) is not None
                if what == "join":
                    raise Refused("already-seated" if seated else "seats-fixed")
                raise Refused("seats-fixed" if seated else "not-at-table")
            if await self.usage(update, context, locale):
                return
            if what == "join":
                outcome = await self.join(record, user.id, user.first_name, None)
            else:
                outcome = await self.service.act(record.id, "stand", user.id)
        except Refused as refused:
            await message.reply_text(refusal_text(refused, locale))
            return
        await self.after(outcome)

    async def cmd_stop(self, update: Update, context: Context) -> None:
        found = await self._chat_table(update)
        if found is None:
            return
        record, locale = found
        chat, user, message = update.effective_chat, update.effective_user, update.message
        assert chat is not None and user is not None and message is not None
        if await self.usage(update, context, locale):
            return
        if not await self.may_manage(record, chat.id, user.id, context):
            await message.reply_text(alert("only-creator", locale))
            return
        try:
            outcome = await self.service.act(record.id, "stop")
        except Refused:  # a second /stop, or a button, closed it first
            await message.reply_text(alert("no-table", locale))
            return
        await self.after(outcome)

    async def cmd_score(self, update: Update, context: Context) -> None:
        chat, message = update.effective_chat, update.message
        if chat is None or message is None:
            return
        locale = await self.user_locale(update)
        if await self.usage(update, context, locale):
            return
        record = await self.repo.get_active_table(chat.id)
        if record is None:
            await message.reply_text(alert("no-table", locale))
            return
        table = Table.from_dict(record.game)
        series = await self.presenter.series(record, table) if table.match else None
        text, _ = self.presenter.content(record, table, [], series)
        await message.reply_text(text)

    async def may_manage(self, record: TableRecord, chat_id: int, user_id: int,
                         context: Context) -> bool:
        if record.creator_id == user_id or chat_id > 0:
            return True
        return await self.is_admin(chat_id, user_id, context)

    async def may_replace(self, record: TableRecord, chat_id: int, user_id: int,
                          context: Context) -> bool:
        """Who may close a game to open another: a player of it, its creator, an admin."""
        if Table.from_dict(record.game).seat_of(user_id) is not None:
            return True
        return await self.may_manage(record, chat_id, user_id, context)

    async def is_admin(self, chat_id: int, user_id: int, context: Context) -> bool:
        try:
            member = await context.bot.get_chat_member(chat_id, user_id)
        except TelegramError as exc:  # not a member (any more), or Telegram is down
            log.info("no membership of user %s in chat %s: %s", user_id, chat_id, exc)
            return False
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    async def join(self, record: TableRecord, user_id: int, name: str,
                   team: int | None) -> Outcome:
        """/join: a free seat, chosen on the table as stored now, so two people joining at
        once get two seats."""
        return await self.lobby(record.id, None, lambda table: lobby_presses.join(
            table, user_id, name, team))

    async def lobby(self, table_id: int, press: LobbyPress | None,
                    decide: Callable[[Table], list[Step]]) -> Outcome:
        """A lobby change decided on the table as stored now; a button's ``press`` is
        remembered with it, so that only its double click is told it was done already
        (chatbot/handlers/lobby_presses.py)."""
        async def plan(record: TableRecord, table: Table) -> list[Step]:
            return decide(table)
        outcome = await self.service.perform(
            table_id, plan if press is None else lobby_presses.judged(press, decide))
        assert outcome is not None
        return outcome

    # ------------------------------------------------------ opening a game
    def chat_lock(self, chat_id: int) -> asyncio.Lock:
        """One opening or replacing at a time per chat: a double tap opens one game."""
        if len(self._chat_locks) > MEMORY:
            for key in [k for k, v in self._chat_locks.items() if not v.locked()]:
                del self._chat_locks[key]
        return self._chat_locks.setdefault(chat_id, asyncio.Lock())

    async def request_game(self, chat_id: int, user_id: int, name: str, wanted: str,
                           locale: str, context: Context,
                           origin: tuple[int, str] | None = None) -> Content | None:
        """Open the game ``wanted`` ("variant:players") in a chat, the one way.

        A finished game ("Game over") gives way at once. A running game or an open
        lobby is never replaced silently: the answer is a question with Yes/No
        buttons (or the reason the asker may not replace it). ``origin`` names the
        menu button pressed (message id and data): the same button pressed again
        while the game it opened runs is a double tap, told so. Returns what to
        send back (text and buttons), or None when the game was opened.
        """
        async with self.chat_lock(chat_id):
            old = await self.repo.get_active_table(chat_id)
            if old is not None and old.state == "finished":
                await self._close(old)
                old = None
            if old is not None:
                if origin is not None and self._origins.get(chat_id) == (origin, old.id):
                    return alert("already-open", locale), None
                if origin is None and old.state == "lobby" and old.creator_id == user_id \
                        and same_game(old, wanted):
                    return alert("table-exists", locale), None  # /new twice: one lobby
                if not await self.may_replace(old, chat_id, user_id, context):
                    return alert("only-players", locale), None
                return (replace_question(old, wanted, locale),
                        self.keyboards.replace(chat_id, old.code, wanted, locale))
            try:
                opened = await self.open_game(chat_id, user_id, name, wanted, locale)
            except ActiveTableExists:  # another worker opened one in this very moment
                return alert("table-exists", locale), None
            self._origins[chat_id] = (origin, opened)
            while len(self._origins) > MEMORY:
                self._origins.pop(next(iter(self._origins)))
            return None

    async def _close(self, record: TableRecord) -> None:
        try:
            outcome = await self.service.act(record.id, "stop")
        except Refused:
            return  # closed by someone else meanwhile
        await self.after(outcome)

    async def open_game(self, chat_id: int, user_id: int, name: str, wanted: str,
                        locale: str) -> int:
        """A group's lobby, or in a private chat a practice game against bots, started."""
        variant, _, rest = wanted.partition(":")
        players_text, _, level = rest.partition(":")
        if level not in LEVELS:
            level = SOLO_DEFAULT_LEVEL
        if variant not in available_variants():
            raise Refused("forged")
        seats = rules_class(variant).seat_counts
        players = int(players_text) if players_text.isdigit() else seats[0]
        if players not in seats:
            raise Refused("forged")
        if chat_id < 0:
            group = await self.repo.get_chat(chat_id)  # the group's /language, else the creator's
            outcome = await self.service.open_table(
                chat_id=chat_id, creator_id=user_id, creator_name=name, variant=variant,
                players=players, language=group.language if group and group.language else locale)
            await self.after(outcome)
            return outcome.record.id
        outcome = await self.service.open_table(
            chat_id=chat_id, creator_id=user_id, creator_name=name,
            variant=variant, players=players, language=locale)
        for seat in range(1, players):
            outcome = await self.service.act(outcome.record.id, "add_bot", seat,
                                             translate("Bot {number}", locale, number=seat),
                                             level)
        outcome = await self.service.act(outcome.record.id, "start")
        await self.after(outcome)
        return outcome.record.id

    async def cycle_level(self, query: CallbackQuery, chat_id: int, payload: Payload,
                          locale: str) -> None:
        """The bot-level button: redraw the menu with the next level and say how it plays.

        Nothing is stored: the level travels in the buttons beside it ("Add a bot",
        the practice games), so a press changes only this keyboard, redrawn from the
        lobby as it stands (a keyboard a moment old works too).
        """
        where, _, shown = payload.arg.partition(":")
        level = next_level(shown)
        if where == "solo":
            markup = self.keyboards.solo_menu(chat_id, available_variants(), locale, level)
        else:
            record = await self.service.by_code(payload.code)
            table = Table.from_dict(record.game) if record is not None else None
            if record is None or table is None or not record.active \
                    or record.chat_id != chat_id:
                raise Refused("stale")
            if table.state != "lobby":
                raise Refused("game-started")
            options = settings(table, self.service.timing.turn)
            markup = self.keyboards.lobby(chat_id, table, record.code, table.seq,
                                          record.language or "en", options, level)
        await answer_query(query, level_description(level, locale))
        await query.edit_message_reply_markup(markup)

    async def answer_replace(self, query: CallbackQuery, chat_id: int, payload: Payload,
                             user_id: int, name: str, locale: str, context: Context) -> None:
        """Yes or No to "replace the open game?": judged on the chat as it is now."""
        async with self.chat_lock(chat_id):
            current = await self.repo.get_active_table(chat_id)
            if current is None or current.code != payload.code:
                # the first answer settled the question's message already
                await answer_query(query, alert("decided", locale), show_alert=True)
                return
            if not await self.may_replace(current, chat_id, user_id, context):
                await answer_query(query, alert("only-players", locale), show_alert=True)
                return
            if payload.action == "keep":
                await answer_query(query)
                await self._settle_question(query, translate("The open game goes on.", locale))
                return
            await self._close(current)
            try:
                opened = await self.open_game(chat_id, user_id, name, payload.arg, locale)
            except ActiveTableExists:
                await answer_query(query, alert("table-exists", locale), show_alert=True)
                return
            self._origins[chat_id] = (None, opened)
        await answer_query(query)
        await self._settle_question(query, translate(
            "The old game is closed and a new one is open.", locale))

    @staticmethod
    async def _settle_question(query: CallbackQuery, text: str) -> None:
        """The question's message says how it was answered, without its buttons."""
        try:
            await query.edit_message_text(text)
        except BadRequest as exc:  # answered twice (the same text), or a message gone
            log.info("question message not settled: %s", exc)

    # ------------------------------------------------------------- buttons
    async def on_button(self, update: Update, context: Context) -> None:
        """Every press: checked against where it arrived, then dispatched by its action.

        The data must be signed for the chat it was pressed in and be on the
        pressed message's keyboard (as Telegram reports it): a button replayed
        onto any other message or chat changes nothing and gets a polite alert.
        """
        query, user = update.callback_query, update.effective_user
        if query is None or user is None:
            return
        locale = await self.user_locale(update)
        message = query.message
        if message is None:  # a button on an inline message: the bot never sends one
            await answer_query(query, alert("forged", locale), show_alert=True)
            return
        chat_id = message.chat.id
        try:
            payload = self.codec.decode(query.data, chat_scope(chat_id))
        except BadPayload:
            await answer_query(query, alert("forged", locale), show_alert=True)
            return
        press = Press(query, chat_id, payload, user.id, user.first_name, locale, update,
                      context)
        if not on_keyboard(message, query.data) and not on_redrawn_lobby(
                message, payload, LOBBY_ACTIONS, lambda data: self._read(data, chat_id)):
            await answer_query(query, alert(await self._unbound(press), locale),
                               show_alert=True)
            return
        try:
            text = await dispatch(self, press)
        except Refused as refused:
            await answer_query(query, refusal_text(refused, locale), show_alert=True)
            return
        if text is not DONE:
            await answer_query(query, text, show_alert=bool(text))

    async def play(self, payload: Payload, user_id: int, chat_id: int | None = None,
                   told: Callable[[Table, Action], None] | None = None) -> Outcome:
        """A move from a button (pressed in ``chat_id``) or an inline result; the service
        checks seat and turn. A button plays in its table's chat or, from a private hand
        message, in its presser's own private chat. ``told`` sees the table and the move
        as judged, before the move changes that table (a caller that tells the move)."""
        record = await self.service.by_code(payload.code)
        if record is None:
            raise Refused("no-table")
        if chat_id is not None and chat_id not in (record.chat_id, user_id):
            raise Refused("elsewhere")

        judged: list[Table] = []  # the table the move is judged on, to explain a refusal

        def move(table: Table) -> Action:
            judged.append(table)
            try:
                action = parse_action_arg(payload.arg, table.rules.family)
            except CardCodeError:
                raise Refused("forged") from None
            if told is not None:
                told(table, action)
            return action

        try:
            return await self.service.play(record.id, user_id, move, payload.seq)
        except Refused as refused:
            if judged and refused.error is not None:
                refused.at = JudgedAt(judged[-1], judged[-1].seat_of(user_id))
            raise

    def _read(self, data: str, chat_id: int) -> Payload | None:
        try:
            return self.codec.decode(data, chat_scope(chat_id))
        except BadPayload:
            return None

    async def _unbound(self, press: Press) -> str:
        """Why a press not on its message's keyboard changes nothing: a lobby's button
        after its game started (or its table closed) says so, a double click of one
        that took the buttons away is done already; any other is stale or elsewhere."""
        payload = press.payload
        if payload.code == NO_TABLE:
            return "elsewhere"
        if payload.action not in LOBBY_ACTIONS:
            return "stale"
        record = await self.service.by_code(payload.code)
        if record is None or record.chat_id != press.chat_id:
            return "stale"
        table = Table.from_dict(record.game)
        if repeated(table, lobby_press(press)):
            return "already-done"
        if not record.active:
            return "no-table"
        return "game-started" if table.state != "lobby" else "stale"

    # -------------------------------------------------------------- inline
    async def on_inline_query(self, update: Update, context: Context) -> None:
        query, user = update.inline_query, update.effective_user
        if query is None or user is None:
            return
        locale = await self.user_locale(update)
        code = (query.query or "").strip().split(" ")[0]
        record = await self.service.by_code(code) if code else None
        book = context.bot_data.get("stickers") if context.bot_data else None
        results = self.inline_results(record, user.id, locale, book) if record else []
        await answer_inline(query, results, cache_time=0, is_personal=True,
                            button=self.senas_entry(record, user.id, locale))

    def senas_entry(self, record: TableRecord | None, user_id: int,
                    locale: str) -> InlineQueryResultsButton | None:
        """Above the inline results, "Signal to my partner" for a seated player who may
        signal now: it opens the bot's private chat at the señas of this table, so a
        seña never posts anything in the group (a chosen result would)."""
        if record is None or not record.active or record.paused_at is not None:
            return None
        table = Table.from_dict(record.game)
        seat = table.seat_of(user_id)
        if seat is None or table.match is None or \
                not table.rules.senas_available(table.match, seat):
            return None
        return InlineQueryResultsButton(button("senas", locale),
                                        start_parameter=f"{SENAS_START}{record.code}")

    def inline_results(self, record: TableRecord, user_id: int, locale: str,
                       book: StickerBook | None = None) -> list[InlineQueryResult]:
        """The asker's own cards and legal actions; nobody else's cards, ever.

        With sticker sets (``book``) a card played face up is offered as its sticker,
        which the player posts in the chat as the card goes on the table; calls and
        face-down plays stay text (card_pictures.py says why). Out of turn the
        asker's cards are a text result only: a sticker chosen then would show a
        card that is not played."""
        table = Table.from_dict(record.game)
        seat = table.seat_of(user_id)
        if seat is None or table.match is None or not record.active:
            return []
        if record.paused_at is not None:  # the bot is out of its group: no moves now
            return [self.paused_result(record, user_id, locale)]
        rules = table.rules
        view = seat_view(rules, table.match, seat)
        context = inline_context(table, locale)  # the table as it is now: edits lag behind
        # every move posts the same name-only line, edited once judged (inline_posts.py)
        pending, keyboard = pending_content(table, seat, locale), pending_keyboard(
            record.code, locale)
        results: list[InlineQueryResult] = []
        scope = user_scope(user_id)  # a result id works only as this user's choice
        for action in view.legal:
            label = action_label(action, view, rules, locale)
            result_id = self.codec.encode(Payload(record.code, record.turn_seq, "move",
                                                  action_arg(action, rules.family)), scope)
            sticker = move_sticker(book, rules, view.vira, action) if book else None
            if sticker is not None:
                results.append(InlineQueryResultCachedSticker(
                    result_id, sticker, reply_markup=keyboard, input_message_content=pending))
                continue
            results.append(InlineQueryResultArticle(
                id=result_id, title=label, description=context,
                input_message_content=pending, reply_markup=keyboard))
        if not results and view.hand:
            shown = " ".join(card_label(c, rules.family) for c in view.hand)
            results.append(InlineQueryResultArticle(
                id=self.codec.encode(Payload(record.code, record.turn_seq, "look"), scope),
                title=shown, description=f"{alert('not-your-turn', locale)} {context}",
                input_message_content=InputTextMessageContent("👀")))
        return results

    def paused_result(self, record: TableRecord, user_id: int,
                      locale: str) -> InlineQueryResult:
        """The one inline answer of a paused table: why, and how it plays on."""
        paused = alert("paused", locale)
        return InlineQueryResultArticle(
            id=self.codec.encode(Payload(record.code, record.turn_seq, "look"),
                                 user_scope(user_id)),
            title=paused, description=translate(PAUSED_HOW, locale),
            input_message_content=InputTextMessageContent(paused))

    async def on_inline_chosen(self, update: Update, context: Context) -> None:
        chosen, user = update.chosen_inline_result, update.effective_user
        if chosen is None or user is None:
            return
        locale = await self.user_locale(update)
        try:
            payload = self.codec.decode(chosen.result_id, user_scope(user.id))
        except BadPayload:  # not a result of ours for this user: nothing changes
            fields = unsigned_fields(chosen.result_id)
            record = await self.service.by_code(fields.code) if fields else None
            await settle(context.bot, chosen.inline_message_id,
                         unsigned_post(fields, record, user.id, locale))
            return
        if payload.action != "move":
            return
        # the move as the table hears it, and its card's photo, told on the table judged
        said: list[tuple[str, str | None]] = []
        photos = context.bot_data.get("photos") if context.bot_data else None

        def told(table: Table, action: Action) -> None:
            seat = table.seat_of(user.id)
            photo = (move_photo(photos, table, seat, action)
                     if isinstance(photos, PhotoBook) and seat is not None else None)
            said.append((settled_text(table, seat, action, locale), photo))

        try:
            outcome = await self.play(payload, user.id, told=told)
        except Refused as refused:
            log.info("inline move refused: %s", refused.reason)
            await settle(context.bot, chosen.inline_message_id, refused_post(refused, locale))
            return
        await settle(context.bot, chosen.inline_message_id, *said[-1])
        await self.after(outcome)
