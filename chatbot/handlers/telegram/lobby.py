"""The lobby's and the game-over message's buttons: seats, bots, options, start, rematch,
close, and the bot-level button that only redraws its keyboard.

Each press is one table action of the service, judged on the lobby as it stands now
(``chatbot/handlers/table_actions.py``) and remembered so that its double click acts
once (``GameService.actions.pressed``); ``chatbot/handlers/lobby_presses.py`` reads
the press and its button's arguments. The rows here only read the press and say who
may press what. ``buttons.py`` is the door they come through (``LOBBY_BUTTONS``,
``LEVEL_BUTTONS``).
"""

from __future__ import annotations

from collections.abc import Awaitable

from chatbot.ai import next_level
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import settings
from chatbot.handlers.lobby_plans import bot_name, done
from chatbot.handlers.lobby_presses import bot_arg, option_arg
from chatbot.handlers.service import Outcome
from chatbot.handlers.table_actions import TableActions
from chatbot.handlers.telegram.answers import answer_query
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.keyboards import LEVEL_ACTION, LOBBY_DEFAULT_LEVEL
from chatbot.handlers.telegram.permissions import may_manage
from chatbot.handlers.telegram.presses import (
    DONE,
    AtTable,
    MenuButton,
    Press,
    Reply,
    TableButton,
    lobby_press,
)
from chatbot.i18n.levels import level_description
from chatbot.rules.registry import available_variants

Actions = TableActions[int, Awaitable[Outcome | None]]


def actions(deps: Deps, at: AtTable) -> Actions:
    """The service's table actions for this press, judged on the table as it stands now."""
    return deps.service.actions.pressed(lobby_press(at.press).mark)


async def join(deps: Deps, at: AtTable) -> Outcome:
    arg, user = at.press.payload.arg, at.press
    team = int(arg) if arg.isdigit() else None
    return done(await actions(deps, at).join(at.record.id, user.user_id, user.name, team))


async def leave(deps: Deps, at: AtTable) -> Outcome:
    return done(await actions(deps, at).leave(at.record.id, at.press.user_id))


async def add_bot(deps: Deps, at: AtTable) -> Outcome:
    seat, level = bot_arg(at.press.payload.arg, LOBBY_DEFAULT_LEVEL)
    # the bot's name is the table's language, not the presser's
    return done(await actions(deps, at).add_bot(at.record.id, bot_name(at.language), level,
                                                seat))


async def next_setting(deps: Deps, at: AtTable) -> Outcome:
    payload = at.press.payload
    return done(await actions(deps, at).set_game(at.record.id, payload.action, payload.arg))


async def option(deps: Deps, at: AtTable) -> Outcome:
    name, shown = option_arg(at.press.payload.arg)
    return done(await actions(deps, at).set_option(at.record.id, name, shown,
                                                   deps.service.timing.turn))


async def start(deps: Deps, at: AtTable) -> Outcome:
    return done(await actions(deps, at).start(at.record.id))


async def rematch(deps: Deps, at: AtTable) -> Outcome:
    return done(await actions(deps, at).rematch(at.record.id))


async def stop(deps: Deps, at: AtTable) -> Outcome:
    if not await may_manage(at.press.context.bot, at.record, at.record.chat_id,
                            at.press.user_id):
        raise Refused("only-creator")
    return done(await actions(deps, at).stop(at.record.id))


LOBBY_BUTTONS: dict[str, TableButton] = {
    # judged on the table as it stands (table_actions.py), so never stale by their seq
    "join": TableButton(join, current=False),
    "leave": TableButton(leave, current=False),
    "bot": TableButton(add_bot, current=False, seated=True),
    "variant": TableButton(next_setting, current=False, seated=True),
    "players": TableButton(next_setting, current=False, seated=True),
    "option": TableButton(option, current=False, seated=True),
    "start": TableButton(start, current=False, seated=True),
    "rematch": TableButton(rematch, current=False, seated=True),
    "stop": TableButton(stop, current=False),
}


async def level(deps: Deps, p: Press) -> Reply:
    """The bot-level button: redraw the menu with the next level and say how it plays.

    Nothing is stored: the level travels in the buttons beside it ("Add a bot",
    the practice games), so a press changes only this keyboard, redrawn from the
    lobby as it stands (a keyboard a moment old works too).
    """
    where, _, shown = p.payload.arg.partition(":")
    chosen = next_level(shown)
    if where == "solo":
        markup = deps.keyboards.solo_menu(p.chat_id, available_variants(), p.locale, chosen)
    else:
        record = await deps.service.by_code(p.payload.code)
        table = Table.from_dict(record.game) if record is not None else None
        if record is None or table is None or not record.active \
                or record.chat_id != p.chat_id:
            raise Refused("stale")
        if table.state != "lobby":
            raise Refused("game-started")
        options = settings(table, deps.service.timing.turn)
        markup = deps.keyboards.lobby(p.chat_id, table, record.code, table.seq,
                                      record.language or "en", options, chosen)
    await answer_query(p.query, level_description(chosen, p.locale))
    await p.query.edit_message_reply_markup(markup)
    return DONE


LEVEL_BUTTONS: dict[str, MenuButton] = {LEVEL_ACTION: MenuButton(level)}
