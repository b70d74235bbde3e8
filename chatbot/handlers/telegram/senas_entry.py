"""Señas (signals to a partner) from the chat: the ways in and the menu itself.

A seña never posts in the group. A seated player reaches the señas from their hand
message's "Signal to my partner" (its keyboard shows them instead, and "Back to my
moves" undoes it), or from the inline results' button above the moves, which opens
the bot's private chat at ``/start senas-CODE`` with the menu of that table. The
rows here (``SENAS_BUTTONS``) come through ``buttons.py``'s door.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InlineQueryResultsButton, Message

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.machine import PLAY_STATES
from chatbot.fsm.table import Table
from chatbot.handlers.payload import BadPayload, chat_scope
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.keyboards import SENA_ACTION, SENAS_ACTION, SENAS_BACK_ACTION
from chatbot.handlers.telegram.presses import DONE, MenuButton, Press, Reply, of_a_table
from chatbot.i18n.senas_text import sena_alert, senas_prompt
from chatbot.i18n.table_text import button
from chatbot.rules.events import SenaMade
from chatbot.storage import TableRecord

SENAS_START = "senas-"  # /start senas-CODE: the inline results' way to a table's señas


async def senas_here(deps: Deps, message: Message, chat_id: int, user_id: int, code: str,
                     locale: str) -> bool:
    """The señas of a group table, in the player's private chat (from the inline
    results' button); False when there are none to make now (the usual welcome)."""
    record = await deps.service.by_code(code)
    if record is None or not record.active:
        return False
    table = Table.from_dict(record.game)
    seat = table.seat_of(user_id)
    menu = None if seat is None else deps.keyboards.senas_menu(chat_id, table, code, seat,
                                                               locale)
    if menu is None:
        return False
    await message.reply_text(senas_prompt(table, locale), reply_markup=menu)
    return True


def senas_entry(record: TableRecord | None, user_id: int,
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


async def _hand_of(deps: Deps, p: Press) -> tuple[TableRecord, Table, int, int]:
    """The table, seat and hand a seña button was drawn for (a hand message in the
    presser's private chat, or the table's own chat): refused when the presser is not
    at that table, or when that hand is over."""
    record = await deps.service.by_code(p.payload.code)
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


def _swap_rows(deps: Deps, p: Press, drop: frozenset[str],
               rows: list[list[InlineKeyboardButton]]) -> InlineKeyboardMarkup:
    """The pressed message's keyboard with the rows of ``drop``'s buttons replaced by
    ``rows`` in their place (the moves and other buttons stay as they are)."""
    def action(button: InlineKeyboardButton) -> str | None:
        try:
            return deps.codec.decode(str(button.callback_data), chat_scope(p.chat_id)).action
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


async def senas_menu(deps: Deps, p: Press) -> Reply:
    """"Signal to my partner": the hand message's keyboard shows the señas instead."""
    record, table, seat, _hand = await _hand_of(deps, p)
    menu = deps.keyboards.senas_menu(p.chat_id, table, record.code, seat, p.locale)
    if menu is None:
        raise Refused("not-now")
    await p.query.edit_message_reply_markup(_swap_rows(
        deps, p, frozenset({SENAS_ACTION}), [list(r) for r in menu.inline_keyboard]))
    await answer_query(p.query)
    return DONE


async def senas_back(deps: Deps, p: Press) -> Reply:
    """"Back to my moves": the señas give way to the button that opens them."""
    record, table, _seat, hand = await _hand_of(deps, p)
    opener = deps.keyboards.button(p.chat_id, button("senas", p.locale), record.code,
                                   table.seq, SENAS_ACTION, str(hand))
    await p.query.edit_message_reply_markup(
        _swap_rows(deps, p, frozenset({SENA_ACTION, SENAS_BACK_ACTION}), [[opener]]))
    await answer_query(p.query)
    return DONE


async def make_sena(deps: Deps, p: Press) -> Reply:
    """A seña from the menu: told to the partner (and to an opponent who catches it);
    the presser's alert says what they signalled."""
    record, table, seat, hand = await _hand_of(deps, p)
    name = p.payload.arg.partition(":")[2]
    try:
        outcome = await deps.service.sena(record.id, p.user_id, name, hand)
    except Refused as refused:
        if refused.error is not None:
            refused.at = JudgedAt(table, seat)
        raise
    await deps.stage.after(outcome)
    made = next(e for e in outcome.events if isinstance(e, SenaMade))
    return sena_alert(outcome.table, made, p.locale)


# from a hand message in a private chat (a group's hand, or the practice table)
SENAS_BUTTONS: dict[str, MenuButton] = {
    SENAS_ACTION: MenuButton(senas_menu, of_a_table),
    SENA_ACTION: MenuButton(make_sena, of_a_table),
    SENAS_BACK_ACTION: MenuButton(senas_back, of_a_table),
}
