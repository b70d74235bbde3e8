"""Build and run the bot: one place that wires settings, storage, service and handlers."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

from telegram import BotCommand, Update
from telegram.ext import (
    Application,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ChatMemberHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    ContextTypes,
    ExtBot,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from chatbot import logs
from chatbot.handlers.cluster.shared_limits import (
    SharedLimits,
    SharedRateLimiter,
)
from chatbot.handlers.cluster.timer_sweep import claimed
from chatbot.handlers.payload import PayloadCodec
from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.aiohttp_request import AiohttpRequest
from chatbot.handlers.telegram.backlog import handle_backlog
from chatbot.handlers.telegram.card_photos import PhotoBook, prepare_photos
from chatbot.handlers.telegram.chat_lifecycle import ChatLifecycle
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.group_minute import GroupMinute, Minute
from chatbot.handlers.telegram.handlers import TrucoHandlers
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.language_command import LanguageCommand
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.handlers.telegram.rate_limit import ChatRateLimiter
from chatbot.handlers.telegram.records_commands import RecordsCommands
from chatbot.handlers.telegram.repeats import Repeats, quiet_repeat
from chatbot.handlers.telegram.rules_command import RulesCommand
from chatbot.handlers.telegram.stickers import StickerBook, prepare_stickers
from chatbot.handlers.telegram.timers import TimerBoard
from chatbot.handlers.telegram.web_members import chat_member_lookup
from chatbot.handlers.telegram.web_menu import WebMenu
from chatbot.handlers.web.links import WebLinks
from chatbot.handlers.web.members import Members
from chatbot.handlers.web.server import WebTable
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.translation import N_, translate
from chatbot.stats.player_records import PlayerRecords
from chatbot.stats.records import RECORDS_AT_GAME_END
from chatbot.storage import Repository, async_url, make_engine
from chatbot.storage.locks import TableLocks

log = logging.getLogger(__name__)

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


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log it with the update's ids only: an update's text could hold a card."""
    if await quiet_repeat(update, context.error):
        return
    kind = type(update).__name__
    uid = getattr(update, "update_id", None)
    log.error("update %s (%s) failed", uid, kind, exc_info=context.error)


async def _bind_log_ids(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The update's and chat's ids on every line logged while it is handled (the
    service adds the table's): each update runs in a task of its own."""
    logs.bind_update(update)


def pool_options(url: str) -> dict[str, int]:
    """One connection for SQLite: its file takes one writer at a time anyway, and two
    connections wanting to write meet SQLite's busy handler, which sleeps in steps of
    up to 100 ms; queueing for the one connection in asyncio costs microseconds.
    PostgreSQL keeps SQLAlchemy's pool."""
    if async_url(url).get_backend_name() == "sqlite":
        return {"pool_size": 1, "max_overflow": 0, "pool_timeout": 120}
    return {}


def build_application(settings: Settings, *, rate_limiter: bool = True,
                      update_processor: BaseUpdateProcessor | None = None,
                      group_minute: GroupMinute | None = None,
                      worker: bool = False,
                      shared_limits: SharedLimits | None = None) -> Application:
    """The PTB application with every handler; storage is migrated in post_init.

    Updates run concurrently (one game's moves are serialised by the service's
    lock), so a chat held back by Telegram's rate limits never stalls the others.
    ``update_processor`` replaces the default one (the benchmark times updates).
    A group's minute (20 sends and edits in any 60 s) is always kept, by the bot
    itself; ``rate_limiter=False`` only drops the overall limit and the retries
    after a 429 (tests and the benchmark), and ``group_minute`` may bring its own
    clock (a test's virtual time). ``worker``: one of several processes (``truco-bot
    worker``): a table's actions are serialised across processes too (PostgreSQL
    advisory locks, chatbot/storage/locks.py), a due timer runs only where it is claimed
    (chatbot/handlers/cluster/timer_sweep.py), and start-up neither polls for a backlog
    nor re-arms every stored deadline (the workers' sweep runs the overdue ones).
    ``shared_limits``: Telegram's flood limits kept in Redis for every worker together
    (chatbot/handlers/cluster/shared_limits.py) instead of in this process.
    """
    engine = make_engine(settings.database_url, **pool_options(settings.database_url))
    repo = Repository(engine, RECORDS_AT_GAME_END)
    table_locks = TableLocks(engine) if worker else None
    service = GameService(repo, settings.timing, table_locks=table_locks, alone=not worker)
    codec = PayloadCodec(settings.payload_secret)
    requests = Requests(calls=AiohttpRequest(connection_pool_size=256),
                        updates=AiohttpRequest(connection_pool_size=1))
    builder = (Application.builder().token(settings.token)
               .base_url(settings.api_base_url).base_file_url(settings.api_file_url)
               .concurrent_updates(update_processor or 256)
               .request(requests.calls)
               .get_updates_request(requests.updates))
    minute: Minute = group_minute or GroupMinute()
    if shared_limits is not None:
        limiter: ChatRateLimiter = SharedRateLimiter(shared_limits)
        minute = limiter.group_minute
    elif rate_limiter:
        limiter = ChatRateLimiter(max_retries=3, group_minute=minute)
    else:
        limiter = ChatRateLimiter(max_retries=0, overall_per_second=None, group_minute=minute)
    limited = builder.rate_limiter(limiter)  # its bot takes our retries as rate_limit_args
    app: Application | None = None

    def bot() -> ExtBot[Any]:
        assert app is not None
        return app.bot

    web_links = WebLinks(settings.webapp_url, settings.webapp_name) if settings.webapp_url \
        else None
    presenter = Presenter(bot, service, Keyboards(codec, web_links), settings.edit_delay,
                          minute=minute)
    handlers_: TrucoHandlers | None = None

    async def on_timer(table_id: int, seq: int) -> None:
        assert handlers_ is not None
        await handlers_.on_timer(table_id, seq)

    timers = TimerBoard(claimed(repo, on_timer) if worker else on_timer)
    private_hands = PrivateHands(bot, repo, presenter.keyboards, settings.edit_delay)
    presenter.reads_privately = private_hands.reads_privately  # their turn is told there
    handlers_ = TrucoHandlers(repo, service, codec, presenter, timers, private_hands)
    lifecycle = ChatLifecycle(service, presenter, timers, limiter)
    limiter.watch = lifecycle.told  # any call may be the news of a moved or closed group
    repeats = Repeats(repo, settings.token)
    background: list[asyncio.Task[None]] = []

    async def post_init(application: Application) -> None:
        """After getMe: the command menus, the card sticker sets (made or checked in the
        owner's name) and card photos (uploaded once through the owner's chat), then
        every stored deadline re-armed (the database was opened and migrated before
        Telegram was called, see lifecycle)."""
        for locale in LOCALES:
            commands = [BotCommand(name, translate(text, locale)) for name, text in
                        COMMANDS.items()]
            language = None if locale == "en" else locale.split("_")[0]
            await application.bot.set_my_commands(commands, language_code=language)
        application.bot_data["stickers"] = await prepare_stickers(
            application.bot, repo, settings.owner_id)
        application.bot_data["photos"] = await prepare_photos(
            application.bot, repo, settings.owner_id)  # what a stood card move becomes
        if web_links is not None:  # a group's button links to the Mini App by the bot's name
            web_links.bot_username = application.bot.username
        if handlers_.web_menu is not None:  # and every private chat's menu opens it
            await handlers_.web_menu.set_default(application.bot)
        private_hands.book = application.bot_data["stickers"]  # hand messages as pictures
        presenter.pictures.book = application.bot_data["stickers"]  # and the solo chat's
        background.append(asyncio.create_task(repeats.keep_forgetting()))
        background.append(asyncio.create_task(records.keep_forgetting()))
        if worker:
            return
        timers.hold()  # the moves that waited during an outage come before its deadlines
        application.bot_data["resumed"] = await handlers_.resume()
        await handle_backlog(application, timers, webhook=bool(settings.webhook_url))

    async def post_stop(application: Application) -> None:
        """No update is handled any more: cancel the timers and send the edits still
        waiting, while the network layer is open (it closes at shutdown)."""
        for task in background:
            task.cancel()
        await lifecycle.flush()
        await timers.close()
        presenter.close()
        await presenter.editor.flush()
        await private_hands.flush()

    async def post_shutdown(application: Application) -> None:
        await service.table_locks.dispose()
        await engine.dispose()

    app = (limited.post_init(post_init).post_stop(post_stop).post_shutdown(post_shutdown)
           .build())
    h = handlers_
    app.add_handler(TypeHandler(Update, _bind_log_ids), group=-2)  # ids on every log line
    app.add_handler(repeats.handler(), group=-1)  # before any other handler
    for name, callback in (("start", h.cmd_start), ("play", h.cmd_start), ("help", h.cmd_help),
                           ("new", h.cmd_new), ("join", h.cmd_join), ("leave", h.cmd_leave),
                           ("stop", h.cmd_stop), ("score", h.cmd_score)):
        app.add_handler(CommandHandler(name, callback))
    rules_command = RulesCommand(h.user_locale, h.keyboards)
    language_command = LanguageCommand(repo, h.user_locale, h.keyboards, h.forget_user,
                                       h.service.set_language)
    h.rules, h.language = rules_command, language_command  # their buttons: h.on_button
    app.add_handler(CommandHandler("rules", rules_command.command))
    app.add_handler(CommandHandler("language", language_command.command))
    records = RecordsCommands(repo, PlayerRecords(engine), h.user_locale, h.forget_user)
    for name, callback in (("stats", records.stats), ("top", records.top),
                           ("privacy", records.privacy), ("forget", records.forget)):
        app.add_handler(CommandHandler(name, callback))
    app.add_handler(TypeHandler(Update, records.see_username), group=1)  # for /stats @name
    app.add_handler(ChatMemberHandler(records.on_blocking, ChatMemberHandler.MY_CHAT_MEMBER),
                    group=2)  # a private chat blocked: forgotten 30 days later
    app.add_handler(CallbackQueryHandler(h.on_button))
    app.add_handler(InlineQueryHandler(h.on_inline_query))
    app.add_handler(ChosenInlineResultHandler(h.on_inline_chosen))
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, lifecycle.on_migrate))
    app.add_handler(ChatMemberHandler(lifecycle.on_my_chat_member,
                                      ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_error_handler(on_error)
    app.bot_data["handlers"] = h
    if settings.webapp_url:  # the web table: its moves are shown here, and it hears ours
        web_table = WebTable(service, settings.token, after=h.after,
                             members=Members(chat_member_lookup(app.bot)))
        h.observers.append(web_table.seen)
        private_hands.on_web = web_table.watching  # a reader on the web costs no edits
        app.bot_data["web"] = web_table
        h.web_menu = WebMenu(settings.webapp_url)
    app.bot_data["lifecycle"] = lifecycle
    app.bot_data["records"] = records
    app.bot_data["stickers"] = StickerBook()  # until post_init has made the sets
    app.bot_data["photos"] = PhotoBook()  # and uploaded the photos
    app.bot_data["engine"] = engine
    app.bot_data["requests"] = requests
    app.bot_data["fire_timer"] = on_timer  # a claimed deadline (the workers' sweep)
    return app


@dataclass(frozen=True, slots=True)
class Requests:
    """The bot's two HTTP clients: calls (sends, edits, answers) and the long poll apart,
    so a slow poll never holds a send; the lifecycle closes both even when start fails."""

    calls: AiohttpRequest
    updates: AiohttpRequest

    async def close(self) -> None:
        await self.calls.shutdown()
        await self.updates.shutdown()

