"""What each kind of button does: one small function per payload action, in two tables.

``TrucoHandlers.on_button`` checks where a press arrived (signed for this chat,
on the pressed message's keyboard) and hands it here. A kind of button is
found by its action, never by a chain of comparisons, so adding a button is one
function and one row, and a kind that cannot be reached cannot be written:

- ``MENU_BUTTONS``: buttons that act before any table is read (rules pages,
  languages, the practice menu, bot levels, the "replace the game?" question,
  "stop sending my hands", and moves, which the service judges on its own read).
- ``TABLE_BUTTONS``: buttons of a table in this chat, each saying whether it
  must be of the current turn and whether only the table's players may press it.

A function returns what to answer the press with: an alert text, None (a quiet
answer) or ``DONE`` (it answered the query itself); a table button that changes
the game returns its :class:`Outcome`, which is presented like any other.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Literal

from telegram import (
    CallbackQuery,
    InaccessibleMessage,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
)
from telegram.ext import ContextTypes

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.machine import PLAY_STATES
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_presses
from chatbot.handlers.advice import hint_text
from chatbot.handlers.lobby_presses import LobbyPress, repeated
from chatbot.handlers.payload import NO_TABLE, BadPayload, Payload, chat_scope
from chatbot.handlers.service import Outcome, Step
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.keyboards import (
    LEVEL_ACTION,
    LOBBY_DEFAULT_LEVEL,
    RULES_OPEN_ACTION,
    SENA_ACTION,
    SENAS_ACTION,
    SENAS_BACK_ACTION,
)
from chatbot.handlers.telegram.language_command import ACTION as LANGUAGE_ACTION
from chatbot.handlers.telegram.private_hands import STOP_ACTION
from chatbot.handlers.telegram.rules_command import ACTION as RULES_ACTION
from chatbot.i18n.senas_text import sena_alert
from chatbot.i18n.table_text import button, cards_alert
from chatbot.i18n.translation import translate
from chatbot.rules.events import SenaMade
from chatbot.storage import TableRecord

if TYPE_CHECKING:
    from chatbot.handlers.telegram.handlers import TrucoHandlers

Context = ContextTypes.DEFAULT_TYPE


class Answered(Enum):
    DONE = "done"


DONE = Answered.DONE  # a press that answered its query itself
Reply = str | None | Literal[Answered.DONE]


@dataclass(frozen=True, slots=True)
class Press:
    """A press checked by ``on_button``: what was pressed, by whom, where."""

    query: CallbackQuery
    chat_id: int
    payload: Payload
    user_id: int
    name: str
    locale: str  # the presser's language (alerts are theirs)
    update: Update
    context: Context


@dataclass(frozen=True, slots=True)
class AtTable:
    """A press on a button of a table in this chat, with the table as stored."""

    press: Press
    record: TableRecord
    table: Table
    seat: int | None  # the presser's seat, None for an onlooker

    @property
    def language(self) -> str:
        """The table's language (what it posts, such as a bot's name, is in it)."""
        return self.record.language or "en"


@dataclass(frozen=True, slots=True)
class MenuButton:
    run: Callable[[TrucoHandlers, Press], Awaitable[Reply]]
    # whether this press is one for it; otherwise it is judged as a table's button
    applies: Callable[[TrucoHandlers, Press], bool] = lambda h, p: True


@dataclass(frozen=True, slots=True)
class TableButton:
    run: Callable[[TrucoHandlers, AtTable], Awaitable[Outcome | str]]
    current: bool = True  # drawn for this turn, else "stale" and nothing changes
    seated: bool = False  # only the table's players may press it


async def dispatch(h: TrucoHandlers, press: Press) -> Reply:
    """Do what a checked press says: its alert text, None, or DONE (answered)."""
    menu = MENU_BUTTONS.get(press.payload.action)
    if menu is not None and menu.applies(h, press):
        return await menu.run(h, press)
    if press.payload.code == NO_TABLE:
        raise Refused("elsewhere")
    record = await h.service.by_code(press.payload.code)
    if record is None:
        raise Refused("no-table")
    if record.chat_id != press.chat_id:
        raise Refused("elsewhere")
    table = Table.from_dict(record.game)
    if not record.active:  # closed: by this very press a moment ago (a double click)?
        raise Refused("already-done" if repeated(table, lobby_press(press)) else "no-table")
    return await on_table(h, AtTable(press, record, table, table.seat_of(press.user_id)))


async def on_table(h: TrucoHandlers, at: AtTable) -> str | None:
    """A table's button: a button drawn for an earlier turn changes nothing; only "my
    cards" and the hint are judged by themselves (cards work from any message)."""
    button = TABLE_BUTTONS.get(at.press.payload.action, NOT_NOW)
    if button.current and at.press.payload.seq != at.record.turn_seq:
        raise Refused("stale")
    if button.seated and at.seat is None:
        raise Refused("not-at-table")
    result = await button.run(h, at)
    if isinstance(result, Outcome):
        await h.after(result)
        return None
    return result


# ------------------------------------------------------------ menu buttons
async def rules_page(h: TrucoHandlers, p: Press) -> Reply:
    assert h.rules is not None
    await h.rules.page(p.query, p.chat_id, p.payload, p.locale)
    return DONE


async def rules_open(h: TrucoHandlers, p: Press) -> Reply:
    assert h.rules is not None
    await h.rules.open(p.query, p.chat_id, p.payload, p.locale)
    return DONE


async def language(h: TrucoHandlers, p: Press) -> Reply:
    assert h.language is not None
    await h.language.choose(p.update, p.context, p.payload)
    return DONE


async def solo(h: TrucoHandlers, p: Press) -> Reply:
    """A practice game from the private menu; pressed again while it runs, a double tap."""
    assert isinstance(p.query.message, Message | InaccessibleMessage)
    origin = (p.query.message.message_id, p.payload.arg)
    reply = await h.request_game(p.chat_id, p.user_id, p.name, p.payload.arg, p.locale,
                                 p.context, origin)
    if reply is None:
        return None
    text, markup = reply
    if markup is None:
        return text
    await answer_query(p.query)
    await p.context.bot.send_message(p.chat_id, text, reply_markup=markup)
    return DONE


async def level(h: TrucoHandlers, p: Press) -> Reply:
    await h.cycle_level(p.query, p.chat_id, p.payload, p.locale)
    return DONE


async def replace_or_keep(h: TrucoHandlers, p: Press) -> Reply:
    await h.answer_replace(p.query, p.chat_id, p.payload, p.user_id, p.name, p.locale,
                           p.context)
    return DONE


async def stop_private_hands(h: TrucoHandlers, p: Press) -> Reply:
    assert h.private_hands is not None
    return await h.private_hands.opt_out(p.user_id, p.locale)


async def move(h: TrucoHandlers, p: Press) -> Reply:
    """The hot path: judged on the service's own read of the table."""
    await h.after(await h.play(p.payload, p.user_id, p.chat_id))
    return None


async def _hand_of(h: TrucoHandlers, p: Press) -> tuple[TableRecord, Table, int, int]:
    """The table, seat and hand a seña button was drawn for (a hand message in the
    presser's private chat, or the table's own chat): refused when the presser is not
    at that table, or when that hand is over."""
    record = await h.service.by_code(p.payload.code)
    if record is None or not record.active:
        raise Refused("no-table")
    if p.chat_id not in (record.chat_id, p.user_id):
        raise Refused("elsewhere")
    table = Table.from_dict(record.game)
    seat = table.seat_of(p.user_id)
    if seat is None:
        raise Refused("not-at-table")
    hand = p.payload.arg.partition(":")[0]
    if not hand.isdigit():
        raise Refused("forged")
    if (table.match is None or table.state not in PLAY_STATES
            or table.match.hand_no != int(hand)):
        raise Refused("sena-stale")
    return record, table, seat, int(hand)


def _swap_rows(h: TrucoHandlers, p: Press, drop: frozenset[str],
               rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    """The pressed message's keyboard with the rows of ``drop``'s buttons replaced by
    ``rows`` in their place (the moves and other buttons stay as they are)."""
    def action(button: InlineKeyboardButton) -> str | None:
        try:
            return h.codec.decode(str(button.callback_data), chat_scope(p.chat_id)).action
        except BadPayload:
            return None
    message = p.query.message
    current = message.reply_markup if isinstance(message, Message) else None
    kept: list[list[InlineKeyboardButton]] = []
    placed = False
    for row in current.inline_keyboard if current is not None else ():
        if row and all(action(b) in drop for b in row):
            if not placed:
                kept += rows
                placed = True
            continue
        kept.append(list(row))
    return InlineKeyboardMarkup(kept if placed else [*kept, *rows])


async def senas_menu(h: TrucoHandlers, p: Press) -> Reply:
    """"Signal to my partner": the hand message's keyboard shows the señas instead."""
    record, table, seat, _hand = await _hand_of(h, p)
    menu = h.keyboards.senas_menu(p.chat_id, table, record.code, seat, p.locale)
    if menu is None:
        raise Refused("not-now")
    await p.query.edit_message_reply_markup(
        _swap_rows(h, p, frozenset({SENAS_ACTION}), [list(r) for r in menu.inline_keyboard]))
    await answer_query(p.query)
    return DONE


async def senas_back(h: TrucoHandlers, p: Press) -> Reply:
    """"Back to my moves": the señas give way to the button that opens them."""
    record, table, _seat, hand = await _hand_of(h, p)
    opener = h.keyboards.button(p.chat_id, button("senas", p.locale), record.code, table.seq,
                                SENAS_ACTION, str(hand))
    await p.query.edit_message_reply_markup(
        _swap_rows(h, p, frozenset({SENA_ACTION, SENAS_BACK_ACTION}), [[opener]]))
    await answer_query(p.query)
    return DONE


async def make_sena(h: TrucoHandlers, p: Press) -> Reply:
    """A seña from the menu: told to the partner (and to an opponent who catches it);
    the presser's alert says what they signalled."""
    record, table, seat, hand = await _hand_of(h, p)
    name = p.payload.arg.partition(":")[2]
    try:
        outcome = await h.service.sena(record.id, p.user_id, name, hand)
    except Refused as refused:
        if refused.error is not None:
            refused.at = JudgedAt(table, seat)
        raise
    await h.after(outcome)
    made = next(e for e in outcome.events if isinstance(e, SenaMade))
    return sena_alert(outcome.table, made, p.locale)


def _in_private(h: TrucoHandlers, p: Press) -> bool:
    return p.chat_id == p.user_id


def _private_hands_here(h: TrucoHandlers, p: Press) -> bool:
    return h.private_hands is not None and _in_private(h, p)


MENU_BUTTONS: dict[str, MenuButton] = {
    RULES_ACTION: MenuButton(rules_page, lambda h, p: h.rules is not None),
    RULES_OPEN_ACTION: MenuButton(rules_open, lambda h, p: h.rules is not None),
    LANGUAGE_ACTION: MenuButton(language, lambda h, p: h.language is not None),
    "solo": MenuButton(solo, _in_private),
    LEVEL_ACTION: MenuButton(level),
    "replace": MenuButton(replace_or_keep),
    "keep": MenuButton(replace_or_keep),
    STOP_ACTION: MenuButton(stop_private_hands, _private_hands_here),
    "move": MenuButton(move, lambda h, p: p.payload.code != NO_TABLE),
    # señas: from a hand message in a private chat (a group's hand, or the practice table)
    SENAS_ACTION: MenuButton(senas_menu, lambda h, p: p.payload.code != NO_TABLE),
    SENA_ACTION: MenuButton(make_sena, lambda h, p: p.payload.code != NO_TABLE),
    SENAS_BACK_ACTION: MenuButton(senas_back, lambda h, p: p.payload.code != NO_TABLE),
}


# ----------------------------------------------------------- table buttons
async def my_cards(h: TrucoHandlers, at: AtTable) -> str:
    if at.seat is None or at.table.match is None:
        raise Refused("not-at-table")
    return cards_alert(at.table, at.seat, at.press.locale)


async def advice(h: TrucoHandlers, at: AtTable) -> str:
    if at.seat is None or at.table.match is None or at.press.payload.seq != at.record.turn_seq:
        raise Refused("stale" if at.seat is not None else "not-at-table")
    return await hint_text(at.table, at.seat, at.press.payload.seq, at.press.locale)


def lobby_press(p: Press) -> LobbyPress:
    """The press as a lobby remembers it (who, on which keyboard, what)."""
    return LobbyPress(p.user_id, p.payload.seq, p.payload.action, p.payload.arg)


async def on_lobby(h: TrucoHandlers, at: AtTable,
                   decide: Callable[[Table], list[Step]]) -> Outcome:
    """A lobby or game-over button, judged on the table as it stands now."""
    return await h.lobby(at.record.id, lobby_press(at.press), decide)


async def join(h: TrucoHandlers, at: AtTable) -> Outcome:
    arg, user = at.press.payload.arg, at.press
    team = int(arg) if arg.isdigit() else None
    return await on_lobby(h, at, lambda t: lobby_presses.join(t, user.user_id, user.name,
                                                              team))


async def leave(h: TrucoHandlers, at: AtTable) -> Outcome:
    return await on_lobby(h, at, lambda t: lobby_presses.leave(t, at.press.user_id))


async def add_bot(h: TrucoHandlers, at: AtTable) -> Outcome:
    language = at.language  # the bot's name is the table's, not the presser's

    def name_of(seat: int) -> str:
        return translate("Bot {number}", language, number=seat)
    return await on_lobby(h, at, lambda t: lobby_presses.add_bot(
        t, at.press.payload.arg, name_of, LOBBY_DEFAULT_LEVEL))


async def next_setting(h: TrucoHandlers, at: AtTable) -> Outcome:
    payload = at.press.payload
    return await on_lobby(h, at, lambda t: lobby_presses.setting(t, payload.action,
                                                                 payload.arg))


async def option(h: TrucoHandlers, at: AtTable) -> Outcome:
    turn = h.service.timing.turn
    return await on_lobby(h, at, lambda t: lobby_presses.option(t, at.press.payload.arg, turn))


async def start(h: TrucoHandlers, at: AtTable) -> Outcome:
    return await on_lobby(h, at, lobby_presses.start)


async def rematch(h: TrucoHandlers, at: AtTable) -> Outcome:
    return await on_lobby(h, at, lobby_presses.rematch)


async def stop(h: TrucoHandlers, at: AtTable) -> Outcome:
    if not await h.may_manage(at.record, at.record.chat_id, at.press.user_id,
                              at.press.context):
        raise Refused("only-creator")
    return await on_lobby(h, at, lobby_presses.stop)


async def come_back(h: TrucoHandlers, at: AtTable) -> Outcome:
    assert at.seat is not None
    return await h.service.act(at.record.id, "come_back", at.seat)


async def not_now(h: TrucoHandlers, at: AtTable) -> Outcome:
    raise Refused("not-now")


NOT_NOW = TableButton(not_now)  # a kind no table button has
TABLE_BUTTONS: dict[str, TableButton] = {
    "cards": TableButton(my_cards, current=False),
    "hint": TableButton(advice, current=False),
    # lobby and game-over buttons: judged on the table as it stands (lobby_presses.py)
    "join": TableButton(join, current=False),
    "leave": TableButton(leave, current=False),
    "bot": TableButton(add_bot, current=False, seated=True),
    "variant": TableButton(next_setting, current=False, seated=True),
    "players": TableButton(next_setting, current=False, seated=True),
    "option": TableButton(option, current=False, seated=True),
    "start": TableButton(start, current=False, seated=True),
    "rematch": TableButton(rematch, current=False, seated=True),
    "stop": TableButton(stop, current=False),
    "back": TableButton(come_back, seated=True),
}
