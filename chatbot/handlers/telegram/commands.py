"""The slash commands of a chat: what each does, and the menus that list them.

/start and /play open the practice menu in a private chat (or, from the inline
results' button, a table's señas); /new opens a group's lobby (``openings.py``);
/join, /leave and /stop act on the chat's table through the service; /score shows
it; /help lists them all. /rules and /language keep their pages and menus in their
own modules, /stats and the other records commands in ``records_commands.py``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import BotCommand, Update
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler, ExtBot

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_plans import done
from chatbot.handlers.refusal import refusal_text
from chatbot.handlers.table_actions import LOBBY
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.new_command import NewUsage, parse_new_args
from chatbot.handlers.telegram.permissions import may_manage
from chatbot.handlers.telegram.presses import Context
from chatbot.handlers.telegram.senas_entry import SENAS_START, senas_here
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.private_text import private_help
from chatbot.i18n.records_text import RECORDS_HELP
from chatbot.i18n.table_text import alert
from chatbot.i18n.translation import N_, translate
from chatbot.rules.registry import available_variants
from chatbot.storage import TableRecord

Callback = Callable[[Update, Context], Coroutine[Any, Any, None]]
Command = Callable[[Deps, Update, Context], Awaitable[None]]

COMMANDS: dict[str, str] = {
    "new": N_("open a table in this group"),
    "join": N_("take a seat at the table"),
    "leave": N_("leave the table"),
    "score": N_("show the score"),
    "stop": N_("close the table"),
    "rules": N_("how to play each game"),
    "play": N_("practise alone against the bot"),
    "help": N_("what I can do"),
    "language": N_("choose my language"),
    "stats": N_("your records, or a player's (reply to them)"),
    "top": N_("this group's leaderboard"),
    "privacy": N_("leave the leaderboards, or come back"),
    "forget": N_("forget my records and name"),
}


def register(application: Application, deps: Deps) -> None:
    for name, command in (("start", start), ("play", start), ("help", help_),
                          ("new", new), ("join", join), ("leave", leave), ("stop", stop),
                          ("score", score)):
        application.add_handler(CommandHandler(name, _bound(deps, command)))
    application.add_handler(CommandHandler("rules", deps.rules.command))
    application.add_handler(CommandHandler("language", deps.language.command))


def _bound(deps: Deps, command: Command) -> Callback:
    async def callback(update: Update, context: Context) -> None:
        await command(deps, update, context)
    return callback


async def set_menus(bot: ExtBot[None]) -> None:
    """The command menu, in every language the bot speaks (English for the others)."""
    for locale in LOCALES:
        commands = [BotCommand(name, translate(text, locale)) for name, text in
                    COMMANDS.items()]
        language = None if locale == "en" else locale.split("_")[0]
        await bot.set_my_commands(commands, language_code=language)


async def usage(update: Update, context: Context, locale: str) -> bool:
    """A command that takes no arguments got some: say so (True), do nothing else."""
    if not context.args or update.message is None:
        return False
    command = (update.message.text or "/").split()[0].split("@")[0]
    await update.message.reply_text(translate(
        "{command} takes no arguments: send just {command}.", locale, command=command))
    return True


async def start(deps: Deps, update: Update, context: Context) -> None:
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None or message is None:
        return
    locale = await deps.users.locale(update)
    if chat.type == ChatType.PRIVATE:
        await deps.repo.set_started_private(user.id)
        if deps.web_menu is not None:  # the menu opens the web table, in their words
            await deps.web_menu.set_for(context.bot, chat.id, locale)
        wanted = (context.args or [""])[0]
        if wanted.startswith(SENAS_START) and await senas_here(
                deps, message, chat.id, user.id, wanted.removeprefix(SENAS_START), locale):
            return
        await message.reply_text(
            translate("Welcome to truco-bot! Choose a game to practise against the bot, "
                      "or add me to a group and send /new there.", locale),
            reply_markup=deps.keyboards.solo_menu(chat.id, available_variants(), locale))
    else:
        await message.reply_text(translate("Send /new to open a table here.", locale))


async def help_(deps: Deps, update: Update, context: Context) -> None:
    if update.message is None:
        return
    locale = await deps.users.locale(update)
    if await usage(update, context, locale):
        return
    await update.message.reply_text(translate(
        "/new [game] [players]: open a table in a group\n/join, /leave: take or leave a "
        "seat\n/score: the score\n/stop: close the table\n/rules [game]: how to play\n"
        "/play: practise alone in a private chat", locale) + "\n\n" + private_help(locale)
        + "\n\n" + translate(RECORDS_HELP, locale))


async def new(deps: Deps, update: Update, context: Context) -> None:
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None or message is None:
        return
    locale = await deps.users.locale(update)
    if chat.type == ChatType.PRIVATE:
        await start(deps, update, context)
        return
    wanted = parse_new_args(context.args or [])
    if isinstance(wanted, NewUsage):
        await message.reply_text(wanted.text(locale))
        return
    variant, players = wanted
    reply = await deps.openings.request(context.bot, chat.id, user.id, user.first_name,
                                        f"{variant}:{players}", locale)
    if reply is not None:
        text, markup = reply
        await message.reply_text(text, reply_markup=markup)


async def join(deps: Deps, update: Update, context: Context) -> None:
    await _seat_command(deps, update, context, "join")


async def leave(deps: Deps, update: Update, context: Context) -> None:
    await _seat_command(deps, update, context, "leave")


async def _chat_table(deps: Deps, update: Update) -> tuple[TableRecord, str] | None:
    """The chat's open table and the sender's language; tells them when there is none."""
    chat, user, message = update.effective_chat, update.effective_user, update.message
    if chat is None or user is None or message is None:
        return None
    locale = await deps.users.locale(update)
    record = await deps.repo.get_active_table(chat.id)
    if record is None:
        await message.reply_text(alert("no-table", locale))
        return None
    return record, locale


async def _seat_command(deps: Deps, update: Update, context: Context, what: str) -> None:
    """/join and /leave: the table actions' join and leave, so their refusals are the
    real reason (seats fixed once the game started, not at the table, no free seat).
    Junk arguments get the usage, but only where the seats could change: after the
    start the reason is what the person needs to read."""
    found = await _chat_table(deps, update)
    if found is None:
        return
    record, locale = found
    user, message = update.effective_user, update.message
    assert user is not None and message is not None
    # once the game started, every /join and /leave is refused, junk or not: say why
    if Table.from_dict(record.game).state == LOBBY and await usage(update, context, locale):
        return
    try:
        if what == "join":
            outcome = await deps.service.actions.join(record.id, user.id, user.first_name)
        else:
            outcome = await deps.service.actions.leave(record.id, user.id)
    except Refused as refused:
        await message.reply_text(refusal_text(refused, locale))
        return
    await deps.stage.after(done(outcome))


async def stop(deps: Deps, update: Update, context: Context) -> None:
    found = await _chat_table(deps, update)
    if found is None:
        return
    record, locale = found
    chat, user, message = update.effective_chat, update.effective_user, update.message
    assert chat is not None and user is not None and message is not None
    if await usage(update, context, locale):
        return
    if not await may_manage(context.bot, record, chat.id, user.id):
        await message.reply_text(alert("only-creator", locale))
        return
    try:
        outcome = await deps.service.actions.stop(record.id)
    except Refused:  # a second /stop, or a button, closed it first
        await message.reply_text(alert("no-table", locale))
        return
    await deps.stage.after(done(outcome))


async def score(deps: Deps, update: Update, context: Context) -> None:
    chat, message = update.effective_chat, update.message
    if chat is None or message is None:
        return
    locale = await deps.users.locale(update)
    if await usage(update, context, locale):
        return
    record = await deps.repo.get_active_table(chat.id)
    if record is None:
        await message.reply_text(alert("no-table", locale))
        return
    table = Table.from_dict(record.game)
    series = await deps.presenter.series(record, table) if table.match else None
    text, _ = deps.presenter.content(record, table, [], series)
    await message.reply_text(text)
