"""Update callbacks: parse, find the table, act through the service, present.

Each callback is a few lines that delegate; every game change goes through
``GameService.act`` and every message through the presenter, so a press, an
inline choice, a timer and a bot all take the same path.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time

from telegram import (
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import ContextTypes

from chatbot.ai.hint import hint
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import carry_over, configure_args
from chatbot.handlers.payload import BadPayload, Payload, PayloadCodec
from chatbot.handlers.service import GameService, Outcome, Step
from chatbot.handlers.telegram.keyboards import Keyboards, action_arg, parse_action_arg
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import STOP_ACTION, PrivateHands
from chatbot.handlers.telegram.timers import TimerBoard
from chatbot.i18n.cards import card_label
from chatbot.i18n.hints import hint_line
from chatbot.i18n.locales import resolve_locale
from chatbot.i18n.private_text import private_help
from chatbot.i18n.refusals import explain_at_table, explain_to_player
from chatbot.i18n.render import action_label
from chatbot.i18n.table_text import alert, cards_alert, inline_context
from chatbot.i18n.translation import translate
from chatbot.rules.actions import Action
from chatbot.rules.cards import CardCodeError
from chatbot.rules.errors import IllegalAction
from chatbot.rules.registry import available_variants, rules_class
from chatbot.rules.views import seat_view
from chatbot.storage import ActiveTableExists, Repository, TableRecord

log = logging.getLogger(__name__)

Context = ContextTypes.DEFAULT_TYPE
DEFAULT_PLAYERS = 4
MEMORY = 50_000  # users remembered by a process (oldest dropped first)
USER_TTL = 60.0  # seconds a remembered user's stored language is trusted
# Buttons only the people at the table may press (joining is for everybody else).
SOLO_LEVEL = "hard"  # practice against the strongest bot: it is the one worth learning from
SEATED_ACTIONS = frozenset({"bot", "variant", "players", "option", "start", "rematch", "move",
                            "back"})


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

    def refusal_text(self, refused: Refused, locale: str) -> str:
        """The alert for a refusal; a refused move is explained with the table's names
        (``play`` puts the table it was judged on and the presser's seat in the params)."""
        error = refused.params.get("error")
        if isinstance(error, IllegalAction):
            table = refused.params.get("table")
            if isinstance(table, Table):
                return explain_at_table(error, table, refused.params.get("seat"), locale)
            return explain_to_player(error, None, locale)
        return alert(refused.reason, locale)

    async def after(self, outcome: Outcome) -> None:
        """Present an outcome and arm the table's timer for whatever is due next."""
        if self.private_hands is not None:  # first: outcomes reach it in the service's order
            self.private_hands.follow(outcome)
        record = outcome.record
        try:
            record = await self.presenter.show(outcome)
        finally:  # whatever befell the message, the game's next step stays due
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
    async def cmd_start(self, update: Update, context: Context) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None or message is None:
            return
        locale = await self.user_locale(update)
        if chat.type == ChatType.PRIVATE:
            await self.repo.set_started_private(user.id)
            await message.reply_text(
                translate("Welcome to truco-bot! Choose a game to practise against the bot, "
                          "or add me to a group and send /new there.", locale),
                reply_markup=self.keyboards.solo_menu(available_variants(), locale))
        else:
            await message.reply_text(translate("Send /new to open a table here.", locale))

    async def cmd_help(self, update: Update, context: Context) -> None:
        if update.message is None:
            return
        locale = await self.user_locale(update)
        await update.message.reply_text(translate(
            "/new [game] [players]: open a table in a group\n/join, /leave: take or leave a "
            "seat\n/score: the score\n/stop: close the table\n/rules [game]: how to play\n"
            "/play: practise alone in a private chat", locale) + "\n\n" + private_help(locale))

    async def cmd_new(self, update: Update, context: Context) -> None:
        chat, user, message = update.effective_chat, update.effective_user, update.message
        if chat is None or user is None or message is None:
            return
        locale = await self.user_locale(update)
        if chat.type == ChatType.PRIVATE:
            await self.cmd_start(update, context)
            return
        variant, players = parse_new_args(context.args or [])
        group = await self.repo.get_chat(chat.id)  # the group's /language, else the creator's
        try:
            outcome = await self.service.open_table(
                chat_id=chat.id, creator_id=user.id, creator_name=user.first_name,
                variant=variant, players=players,
                language=group.language if group and group.language else locale)
        except ActiveTableExists:
            await message.reply_text(alert("table-exists", locale))
            return
        await self.after(outcome)

    async def cmd_join(self, update: Update, context: Context) -> None:
        await self._seat_command(update, "join")

    async def cmd_leave(self, update: Update, context: Context) -> None:
        await self._seat_command(update, "leave")

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

    async def _seat_command(self, update: Update, what: str) -> None:
        found = await self._chat_table(update)
        if found is None:
            return
        record, locale = found
        user, message = update.effective_user, update.message
        assert user is not None and message is not None
        try:
            if what == "join":
                outcome = await self.join(record, user.id, user.first_name, None)
            else:
                outcome = await self.service.act(record.id, "stand", user.id)
        except Refused as refused:
            await message.reply_text(self.refusal_text(refused, locale))
            return
        await self.after(outcome)

    async def cmd_stop(self, update: Update, context: Context) -> None:
        found = await self._chat_table(update)
        if found is None:
            return
        record, locale = found
        chat, user, message = update.effective_chat, update.effective_user, update.message
        assert chat is not None and user is not None and message is not None
        if not await self.may_manage(record, chat.id, user.id, context):
            await message.reply_text(alert("only-creator", locale))
            return
        outcome = await self.service.act(record.id, "stop")
        await self.after(outcome)

    async def cmd_score(self, update: Update, context: Context) -> None:
        chat, message = update.effective_chat, update.message
        if chat is None or message is None:
            return
        locale = await self.user_locale(update)
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
        member = await context.bot.get_chat_member(chat_id, user_id)
        return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)

    async def join(self, record: TableRecord, user_id: int, name: str,
                   team: int | None) -> Outcome:
        table = Table.from_dict(record.game)
        free = [s for s, info in enumerate(table.seats) if info is None
                and (team is None or table.team_of(s) == team)]
        if not free:
            raise Refused("seat-taken")
        return await self.service.act(record.id, "sit", free[0], user_id, name)

    # ------------------------------------------------------------- buttons
    async def on_button(self, update: Update, context: Context) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None:
            return
        locale = await self.user_locale(update)
        try:
            payload = self.codec.decode(query.data)
        except BadPayload:
            await query.answer(alert("forged", locale), show_alert=True)
            return
        if payload.action == STOP_ACTION and self.private_hands is not None:
            await query.answer(await self.private_hands.opt_out(user.id, locale),
                               show_alert=True)
            return
        if payload.action == "solo":
            await query.answer()
            await self.start_solo(update, payload.arg, locale)
            return
        try:
            if payload.action == "move":  # the hot path: judged on the service's own read
                await self.after(await self.play(payload, user.id))
                text = None
            else:
                record = await self.service.by_code(payload.code)
                if record is None or not record.active:
                    raise Refused("no-table")
                text = await self.press(record, payload, user.id, user.first_name, context,
                                        locale)
        except Refused as refused:
            await query.answer(self.refusal_text(refused, locale), show_alert=True)
            return
        await query.answer(text, show_alert=bool(text))

    async def press(self, record: TableRecord, payload: Payload, user_id: int, name: str,
                    context: Context, viewer_locale: str | None = None) -> str | None:
        """Do what a button says; returns a private alert text, if any.

        A button drawn for an earlier turn (its sequence) changes nothing; only
        "my cards" is read-only and works from any message of the table.
        """
        table = Table.from_dict(record.game)
        locale = record.language or "en"
        action = payload.action
        seat = table.seat_of(user_id)
        if action == "cards":
            if seat is None or table.match is None:
                raise Refused("not-at-table")
            return cards_alert(table, seat, viewer_locale or locale)
        if action == "hint":
            if seat is None or table.match is None or payload.seq != record.turn_seq:
                raise Refused("stale" if seat is not None else "not-at-table")
            return await hint_text(table, seat, payload.seq, viewer_locale or locale)
        if payload.seq != record.turn_seq:
            raise Refused("stale")
        if action in SEATED_ACTIONS and seat is None:
            raise Refused("not-at-table")
        if action == "join":
            outcome = await self.join(record, user_id, name,
                                      int(payload.arg) if payload.arg.isdigit() else None)
        elif action == "leave":
            outcome = await self.service.act(record.id, "stand", user_id)
        elif action == "bot":
            free = [s for s, info in enumerate(table.seats) if info is None]
            if not free:
                raise Refused("seat-taken")
            outcome = await self.service.act(record.id, "add_bot", free[0],
                                             translate("Bot {number}", locale, number=free[0]))
        elif action in ("variant", "players"):
            variant, players = next_setting(table, action)
            outcome = await self.service.act(record.id, "configure", variant, players,
                                             carry_over(table.options, variant))
        elif action == "option":
            outcome = await self.set_option(record.id, payload.arg)
        elif action in ("start", "rematch"):
            outcome = await self.service.act(record.id, action)
        elif action == "stop":
            if not await self.may_manage(record, record.chat_id, user_id, context):
                raise Refused("only-creator")
            outcome = await self.service.act(record.id, "stop")
        elif action == "move":
            outcome = await self.play(payload, user_id)
        elif action == "back":
            assert seat is not None
            outcome = await self.service.act(record.id, "come_back", seat)
        else:
            raise Refused("not-now")
        await self.after(outcome)
        return None

    async def set_option(self, table_id: int, arg: str) -> Outcome:
        """An option button ("name:shown value"): the next value, judged on the table as
        stored now, so two quick presses of one button move it one step, not two."""
        name, _, shown = arg.partition(":")
        turn = self.service.timing.turn

        async def plan(record: TableRecord, table: Table) -> list[Step]:
            return [("configure", configure_args(table, name, shown, turn), {})]

        outcome = await self.service.perform(table_id, plan)
        assert outcome is not None
        return outcome

    async def play(self, payload: Payload, user_id: int) -> Outcome:
        """A move from a button or an inline result; the service checks seat and turn."""
        record = await self.service.by_code(payload.code)
        if record is None:
            raise Refused("no-table")

        judged: list[Table] = []  # the table the move is judged on, to explain a refusal

        def move(table: Table) -> Action:
            judged.append(table)
            try:
                return parse_action_arg(payload.arg, table.rules.family)
            except CardCodeError:
                raise Refused("forged") from None

        try:
            return await self.service.play(record.id, user_id, move, payload.seq)
        except Refused as refused:
            if judged and isinstance(refused.params.get("error"), IllegalAction):
                refused.params.update(table=judged[-1], seat=judged[-1].seat_of(user_id))
            raise

    async def start_solo(self, update: Update, arg: str, locale: str) -> None:
        chat, user = update.effective_chat, update.effective_user
        if chat is None or user is None:
            return
        variant, _, players_text = arg.partition(":")
        players = int(players_text) if players_text.isdigit() else 2
        old = await self.repo.get_active_table(chat.id)
        if old is not None:
            await self.service.act(old.id, "stop")
        outcome = await self.service.open_table(
            chat_id=chat.id, creator_id=user.id, creator_name=user.first_name,
            variant=variant, players=players, language=locale)
        for seat in range(1, players):
            outcome = await self.service.act(outcome.record.id, "add_bot", seat,
                                             translate("Bot {number}", locale, number=seat),
                                             SOLO_LEVEL)
        outcome = await self.service.act(outcome.record.id, "start")
        await self.after(outcome)

    # -------------------------------------------------------------- inline
    async def on_inline_query(self, update: Update, context: Context) -> None:
        query, user = update.inline_query, update.effective_user
        if query is None or user is None:
            return
        locale = await self.user_locale(update)
        code = (query.query or "").strip().split(" ")[0]
        record = await self.service.by_code(code) if code else None
        results = self.inline_results(record, user.id, locale) if record else []
        await query.answer(results, cache_time=0, is_personal=True)

    def inline_results(self, record: TableRecord, user_id: int,
                       locale: str) -> list[InlineQueryResultArticle]:
        """The asker's own cards and legal actions; nobody else's cards, ever."""
        table = Table.from_dict(record.game)
        seat = table.seat_of(user_id)
        if seat is None or table.match is None or not record.active:
            return []
        rules = table.rules
        view = seat_view(rules, table.match, seat)
        context = inline_context(table, locale)  # the table as it is now: edits lag behind
        results = []
        for action in view.legal:
            label = action_label(action, view, rules, locale)
            result_id = self.codec.encode(Payload(record.code, record.turn_seq, "move",
                                                  action_arg(action, rules.family)))
            said = (translate("I play a card.", locale) if action.card is not None
                    else label)
            results.append(InlineQueryResultArticle(
                id=result_id, title=label, description=context,
                input_message_content=InputTextMessageContent(said)))
        if not results and view.hand:
            shown = " ".join(card_label(c, rules.family) for c in view.hand)
            results.append(InlineQueryResultArticle(
                id=self.codec.encode(Payload(record.code, record.turn_seq, "look")),
                title=shown, description=f"{alert('not-your-turn', locale)} {context}",
                input_message_content=InputTextMessageContent("👀")))
        return results

    async def on_inline_chosen(self, update: Update, context: Context) -> None:
        chosen, user = update.chosen_inline_result, update.effective_user
        if chosen is None or user is None:
            return
        try:
            payload = self.codec.decode(chosen.result_id)
        except BadPayload:
            return
        if payload.action != "move":
            return
        try:
            outcome = await self.play(payload, user.id)
        except Refused as refused:
            log.info("inline move refused: %s", refused.reason)
            return
        await self.after(outcome)


async def hint_text(table: Table, seat: int, seq: int, locale: str) -> str:
    """The hard bot's advice for this seat, in words (searched off the event loop)."""
    assert table.match is not None
    rules = table.rules
    view = seat_view(rules, table.match, seat)
    if not view.legal:
        raise Refused("not-your-turn")
    action, reason = await asyncio.to_thread(hint, rules, view, random.Random(seq))
    return hint_line(action, reason, view, rules, locale)


def parse_new_args(args: list[str]) -> tuple[str, int]:
    variants = available_variants()
    variant = next((a.lower() for a in args if a.lower() in variants), variants[0])
    seats = rules_class(variant).seat_counts
    numbers = [int(a) for a in args if a.isdigit()]
    players = numbers[0] if numbers and numbers[0] in seats else (
        DEFAULT_PLAYERS if DEFAULT_PLAYERS in seats else seats[0])
    return variant, players


def next_setting(table: Table, what: str) -> tuple[str, int]:
    """The lobby's cycling buttons: the next game, or the next seat count of this game."""
    if what == "variant":
        variants = available_variants()
        index = variants.index(table.variant) if table.variant in variants else -1
        for step in range(1, len(variants) + 1):
            candidate = variants[(index + step) % len(variants)]
            if table.players in rules_class(candidate).seat_counts:
                return candidate, table.players
        return table.variant, table.players
    counts = rules_class(table.variant).seat_counts
    later = [n for n in counts if n > table.players]
    return table.variant, later[0] if later else counts[0]
