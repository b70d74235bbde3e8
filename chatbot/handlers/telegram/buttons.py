"""Every button press comes through one door here, and each kind of button is one row.

``on_button`` checks where a press arrived (signed for this chat, on the pressed
message's keyboard: ``binding.py``) and hands it to ``dispatch``. A kind of button is
found by its action, never by a chain of comparisons, so adding a button is one
function and one row, and a kind that cannot be reached cannot be written:

- ``MENU_BUTTONS``: buttons that act before any table is read (rules pages,
  languages, the practice menu, bot levels (``lobby.py``), the "replace the game?"
  question, "stop sending my hands", moves, which the service judges on its own
  read, and the señas (``senas_entry.py``)).
- ``TABLE_BUTTONS``: buttons of a table in this chat, each saying whether it must be
  of the current turn and whether only the table's players may press it (the lobby's
  are in ``lobby.py``).
"""

from __future__ import annotations

from telegram import InaccessibleMessage, Message, Update
from telegram.ext import Application, CallbackQueryHandler

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.advice import hint_text
from chatbot.handlers.lobby_plans import done
from chatbot.handlers.lobby_presses import repeated
from chatbot.handlers.payload import NO_TABLE, BadPayload, Payload, chat_scope
from chatbot.handlers.refusal import refusal_text
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.binding import on_keyboard, on_redrawn_lobby
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.keyboards import LOBBY_ACTIONS, RULES_OPEN_ACTION
from chatbot.handlers.telegram.language_command import ACTION as LANGUAGE_ACTION
from chatbot.handlers.telegram.lobby import LEVEL_BUTTONS, LOBBY_BUTTONS
from chatbot.handlers.telegram.moves import play
from chatbot.handlers.telegram.presses import (
    DONE,
    AtTable,
    Context,
    MenuButton,
    Press,
    Reply,
    TableButton,
    lobby_press,
    of_a_table,
)
from chatbot.handlers.telegram.private_hands import STOP_ACTION
from chatbot.handlers.telegram.rules_command import ACTION as RULES_ACTION
from chatbot.handlers.telegram.senas_entry import SENAS_BUTTONS
from chatbot.i18n.table_text import alert, cards_alert


def register(application: Application, deps: Deps) -> None:
    async def pressed(update: Update, context: Context) -> None:
        await on_button(deps, update, context)
    application.add_handler(CallbackQueryHandler(pressed))


async def on_button(deps: Deps, update: Update, context: Context) -> None:
    """Every press: checked against where it arrived, then dispatched by its action.

    The data must be signed for the chat it was pressed in and be on the
    pressed message's keyboard (as Telegram reports it): a button replayed
    onto any other message or chat changes nothing and gets a polite alert.
    """
    query, user = update.callback_query, update.effective_user
    if query is None or user is None:
        return
    locale = await deps.users.locale(update)
    message = query.message
    if message is None:  # a button on an inline message: the bot never sends one
        await answer_query(query, alert("forged", locale), show_alert=True)
        return
    chat_id = message.chat.id
    try:
        payload = deps.codec.decode(query.data, chat_scope(chat_id))
    except BadPayload:
        await answer_query(query, alert("forged", locale), show_alert=True)
        return
    press = Press(query, chat_id, payload, user.id, user.first_name, locale, update, context)
    if not on_keyboard(message, query.data) and not on_redrawn_lobby(
            message, payload, LOBBY_ACTIONS, lambda data: _read(deps, data, chat_id)):
        await answer_query(query, alert(await _unbound(deps, press), locale),
                           show_alert=True)
        return
    try:
        text = await dispatch(deps, press)
    except Refused as refused:
        await answer_query(query, refusal_text(refused, locale), show_alert=True)
        return
    if text is not DONE:
        await answer_query(query, text, show_alert=bool(text))


def _read(deps: Deps, data: str, chat_id: int) -> Payload | None:
    try:
        return deps.codec.decode(data, chat_scope(chat_id))
    except BadPayload:
        return None


async def _unbound(deps: Deps, press: Press) -> str:
    """Why a press not on its message's keyboard changes nothing: a lobby's button
    after its game started (or its table closed) says so, a double click of one
    that took the buttons away is done already; any other is stale or elsewhere."""
    payload = press.payload
    if payload.code == NO_TABLE:
        return "elsewhere"
    if payload.action not in LOBBY_ACTIONS:
        return "stale"
    record = await deps.service.by_code(payload.code)
    if record is None or record.chat_id != press.chat_id:
        return "stale"
    table = Table.from_dict(record.game)
    if repeated(table, lobby_press(press)):
        return "already-done"
    if not record.active:
        return "no-table"
    return "game-started" if table.state != "lobby" else "stale"


async def dispatch(deps: Deps, press: Press) -> Reply:
    """Do what a checked press says: its alert text, None, or DONE (answered)."""
    menu = MENU_BUTTONS.get(press.payload.action)
    if menu is not None and menu.applies(deps, press):
        return await menu.run(deps, press)
    if press.payload.code == NO_TABLE:
        raise Refused("elsewhere")
    record = await deps.service.by_code(press.payload.code)
    if record is None:
        raise Refused("no-table")
    if record.chat_id != press.chat_id:
        raise Refused("elsewhere")
    table = Table.from_dict(record.game)
    if not record.active:  # closed: by this very press a moment ago (a double click)?
        raise Refused("already-done" if repeated(table, lobby_press(press)) else "no-table")
    return await on_table(deps, AtTable(press, record, table, table.seat_of(press.user_id)))


async def on_table(deps: Deps, at: AtTable) -> str | None:
    """A table's button: a button drawn for an earlier turn changes nothing; only "my
    cards" and the hint are judged by themselves (cards work from any message)."""
    button = TABLE_BUTTONS.get(at.press.payload.action, NOT_NOW)
    if button.current and at.press.payload.seq != at.record.turn_seq:
        raise Refused("stale")
    if button.seated and at.seat is None:
        raise Refused("not-at-table")
    result = await button.run(deps, at)
    if isinstance(result, Outcome):
        await deps.stage.after(result)
        return None
    return result


# ------------------------------------------------------------ menu buttons
async def rules_page(deps: Deps, p: Press) -> Reply:
    await deps.rules.page(p.query, p.chat_id, p.payload, p.locale)
    return DONE


async def rules_open(deps: Deps, p: Press) -> Reply:
    await deps.rules.open(p.query, p.chat_id, p.payload, p.locale)
    return DONE


async def language(deps: Deps, p: Press) -> Reply:
    await deps.language.choose(p.update, p.context, p.payload)
    return DONE


async def solo(deps: Deps, p: Press) -> Reply:
    """A practice game from the private menu; pressed again while it runs, a double tap."""
    assert isinstance(p.query.message, Message | InaccessibleMessage)
    origin = (p.query.message.message_id, p.payload.arg)
    reply = await deps.openings.request(p.context.bot, p.chat_id, p.user_id, p.name,
                                        p.payload.arg, p.locale, origin)
    if reply is None:
        return None
    text, markup = reply
    if markup is None:
        return text
    await answer_query(p.query)
    await p.context.bot.send_message(p.chat_id, text, reply_markup=markup)
    return DONE


async def replace_or_keep(deps: Deps, p: Press) -> Reply:
    await deps.openings.answer_replace(p.context.bot, p.query, p.chat_id, p.payload,
                                       p.user_id, p.name, p.locale)
    return DONE


async def stop_private_hands(deps: Deps, p: Press) -> Reply:
    return await deps.private_hands.opt_out(p.user_id, p.locale)


async def move(deps: Deps, p: Press) -> Reply:
    """The hot path: judged on the service's own read of the table."""
    await deps.stage.after(await play(deps.service, p.payload, p.user_id, p.chat_id))
    return None


def _in_private(deps: Deps, p: Press) -> bool:
    return p.chat_id == p.user_id


MENU_BUTTONS: dict[str, MenuButton] = {
    RULES_ACTION: MenuButton(rules_page),
    RULES_OPEN_ACTION: MenuButton(rules_open),
    LANGUAGE_ACTION: MenuButton(language),
    "solo": MenuButton(solo, _in_private),
    "replace": MenuButton(replace_or_keep),
    "keep": MenuButton(replace_or_keep),
    STOP_ACTION: MenuButton(stop_private_hands, _in_private),
    "move": MenuButton(move, of_a_table),
    **LEVEL_BUTTONS,
    **SENAS_BUTTONS,
}


# ----------------------------------------------------------- table buttons
async def my_cards(deps: Deps, at: AtTable) -> str:
    if at.seat is None or at.table.match is None:
        raise Refused("not-at-table")
    return cards_alert(at.table, at.seat, at.press.locale)


async def advice(deps: Deps, at: AtTable) -> str:
    if at.seat is None or at.table.match is None or at.press.payload.seq != at.record.turn_seq:
        raise Refused("stale" if at.seat is not None else "not-at-table")
    return await hint_text(at.table, at.seat, at.press.payload.seq, at.press.locale)


async def come_back(deps: Deps, at: AtTable) -> Outcome:
    assert at.seat is not None
    return done(await deps.service.actions.come_back(at.record.id, at.seat))


async def not_now(deps: Deps, at: AtTable) -> Outcome:
    raise Refused("not-now")


NOT_NOW = TableButton(not_now)  # a kind no table button has
TABLE_BUTTONS: dict[str, TableButton] = {
    "cards": TableButton(my_cards, current=False),
    "hint": TableButton(advice, current=False),
    **LOBBY_BUTTONS,
    "back": TableButton(come_back, seated=True),
}
