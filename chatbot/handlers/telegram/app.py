"""The composition root: every part of the bot built once, in one place, and each
module's handlers registered on the application.

``make_deps`` builds the parts in the order they need each other, each with all it
needs in its constructor, into a frozen :class:`Deps`; ``build_application`` makes
the bot and the application over them and lets each module add its own handlers
(``register(application, deps)``). Two arrows point back, and each is a lambda that
finds its part when it is called, long after everything is built: the rate limiter
tells the chat lifecycle of a moved or closed group (every call passes the limiter,
which the bot is made with, and the lifecycle posts through that bot), and the web
table's moves go on the stage (which tells the web table's pages of every outcome).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from functools import partial
from typing import Any

from telegram.ext import Application, BaseUpdateProcessor, ExtBot

from chatbot.handlers.cluster.shared_limits import SharedLimits, SharedRateLimiter
from chatbot.handlers.cluster.timer_sweep import claimed
from chatbot.handlers.payload import PayloadCodec
from chatbot.handlers.service import GameService
from chatbot.handlers.telegram import (
    buttons,
    chat_lifecycle,
    commands,
    inline,
    records_commands,
    updates,
)
from chatbot.handlers.telegram.aiohttp_request import AiohttpRequest
from chatbot.handlers.telegram.backlog import handle_backlog
from chatbot.handlers.telegram.card_photos import PhotoBook, prepare_photos
from chatbot.handlers.telegram.chat_lifecycle import ChatLifecycle
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.deps import Deps, Requests
from chatbot.handlers.telegram.group_minute import GroupMinute, Minute
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.language_command import LanguageCommand
from chatbot.handlers.telegram.openings import Openings
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.handlers.telegram.rate_limit import ChatRateLimiter, Watcher
from chatbot.handlers.telegram.records_commands import RecordsCommands
from chatbot.handlers.telegram.repeats import Repeats
from chatbot.handlers.telegram.rules_command import RulesCommand
from chatbot.handlers.telegram.stage import Stage
from chatbot.handlers.telegram.stickers import StickerBook, prepare_stickers
from chatbot.handlers.telegram.timers import Fire
from chatbot.handlers.telegram.users import Users
from chatbot.handlers.telegram.web_members import chat_member_lookup
from chatbot.handlers.telegram.web_menu import WebMenu
from chatbot.handlers.web.links import WebLinks
from chatbot.handlers.web.members import Members
from chatbot.handlers.web.server import WebTable
from chatbot.stats.player_records import PlayerRecords
from chatbot.stats.records import RECORDS_AT_GAME_END
from chatbot.storage import Repository, async_url, make_engine
from chatbot.storage.locks import TableLocks

MODULES = (updates, commands, records_commands, buttons, inline, chat_lifecycle)


def build_application(settings: Settings, *, rate_limiter: bool = True,
                      update_processor: BaseUpdateProcessor | None = None,
                      group_minute: GroupMinute | None = None,
                      worker: bool = False,
                      shared_limits: SharedLimits | None = None,
                      fire_through: Callable[[Fire], Fire] | None = None,
                      deals: random.Random | None = None) -> Application:
    """The PTB application with every handler; storage is migrated in post_init.

    Updates run concurrently (one game's moves are serialised by the service's
    lock), so a chat held back by Telegram's rate limits never stalls the others.
    ``update_processor`` replaces the default one (the benchmark times updates) and
    ``fire_through`` wraps the timers' callback (it times deadlines). A group's
    minute (20 sends and edits in any 60 s) is always kept, by the bot itself;
    ``rate_limiter=False`` only drops the overall limit and the retries after a 429
    (tests and the benchmark), and ``group_minute`` may bring its own clock (a test's
    virtual time). ``worker``: one of several processes (``truco-bot worker``): a
    table's actions are serialised across processes too (PostgreSQL advisory locks,
    chatbot/storage/locks.py), a due timer runs only where it is claimed
    (chatbot/handlers/cluster/timer_sweep.py), and start-up neither polls for a backlog
    nor re-arms every stored deadline (the workers' sweep runs the overdue ones).
    ``shared_limits``: Telegram's flood limits kept in Redis for every worker together
    (chatbot/handlers/cluster/shared_limits.py) instead of in this process.
    ``deals``: the shuffles' random source (by default the system's; the tests seed it,
    so that a failure deals the same cards when it is run again).
    """
    limiter = make_limiter(rate_limiter, group_minute or GroupMinute(), shared_limits,
                           watch=lambda chat, error: deps.lifecycle.told(chat, error))
    requests = Requests(calls=AiohttpRequest(connection_pool_size=256),
                        updates=AiohttpRequest(connection_pool_size=1))
    bot: ExtBot[int] = ExtBot(  # its calls take our retries as rate_limit_args
        settings.token, base_url=settings.api_base_url, base_file_url=settings.api_file_url,
        request=requests.calls, get_updates_request=requests.updates, rate_limiter=limiter)
    deps = make_deps(settings, bot, requests, limiter, worker=worker,
                     fire_through=fire_through, deals=deals)
    app = (Application.builder().bot(bot).concurrent_updates(update_processor or 256)
           .post_init(partial(post_init, deps)).post_stop(partial(post_stop, deps))
           .post_shutdown(partial(post_shutdown, deps)).build())
    for module in MODULES:
        module.register(app, deps)
    app.bot_data.update(
        deps=deps, engine=deps.engine, requests=requests, lifecycle=deps.lifecycle,
        records=deps.records, stickers=deps.stickers, photos=deps.photos,
        fire_timer=deps.stage.on_timer)  # a claimed deadline (the workers' sweep)
    if deps.web is not None:  # started with the bot (lifecycle.py)
        app.bot_data["web"] = deps.web
    return app


def make_deps(settings: Settings, bot: ExtBot[Any], requests: Requests,
              limiter: ChatRateLimiter, *, worker: bool = False,
              fire_through: Callable[[Fire], Fire] | None = None,
              deals: random.Random | None = None) -> Deps:
    """Every part, each built once with what it needs (see the module's docstring for
    the two arrows that point back)."""
    engine = make_engine(settings.database_url, **pool_options(settings.database_url))
    repo = Repository(engine, RECORDS_AT_GAME_END)
    service = GameService(repo, settings.timing, rng=deals, alone=not worker,
                          table_locks=TableLocks(engine) if worker else None)
    codec, users, stickers = PayloadCodec(settings.payload_secret), Users(repo), StickerBook()
    url = settings.webapp_url
    web_links = WebLinks(url, settings.webapp_name) if url else None
    keyboards = Keyboards(codec, web_links)
    web = WebTable(service, settings.token, after=lambda outcome: stage.after(outcome),
                   members=Members(chat_member_lookup(bot))) if url else None
    private_hands = PrivateHands(lambda: bot, repo, keyboards, settings.edit_delay, stickers,
                                 on_web=web.watching if web else None)
    presenter = Presenter(lambda: bot, service, keyboards, settings.edit_delay,
                          minute=limiter.group_minute, book=stickers,
                          reads_privately=private_hands.reads_privately)  # told there

    def through(fire: Fire) -> Fire:
        fire = fire_through(fire) if fire_through is not None else fire
        return claimed(repo, fire) if worker else fire
    stage = Stage(service, presenter, private_hands, (web.seen,) if web else (), through)
    return Deps(
        settings=settings, worker=worker, requests=requests, engine=engine,
        repo=repo, service=service, codec=codec, keyboards=keyboards, users=users,
        presenter=presenter, private_hands=private_hands, stage=stage,
        openings=Openings(repo, service, keyboards, stage),
        rules=RulesCommand(users.locale, keyboards),
        language=LanguageCommand(repo, users.locale, keyboards, users.forget,
                                 service.set_language),
        records=RecordsCommands(repo, PlayerRecords(engine), users.locale, users.forget),
        lifecycle=ChatLifecycle(service, presenter, stage.timers, limiter),
        repeats=Repeats(repo, settings.token), stickers=stickers, photos=PhotoBook(),
        web=web, web_links=web_links, web_menu=WebMenu(url) if url else None)


def make_limiter(overall: bool, minute: Minute, shared_limits: SharedLimits | None,
                 watch: Watcher) -> ChatRateLimiter:
    """Telegram's flood limits: in Redis for every worker, or in this process (without
    the overall limit and the retries after a 429 when ``overall`` is False)."""
    if shared_limits is not None:
        return SharedRateLimiter(shared_limits, watch=watch)
    if overall:
        return ChatRateLimiter(max_retries=3, group_minute=minute, watch=watch)
    return ChatRateLimiter(max_retries=0, overall_per_second=None, group_minute=minute,
                           watch=watch)


def pool_options(url: str) -> dict[str, int]:
    """One connection for SQLite: its file takes one writer at a time anyway, and two
    connections wanting to write meet SQLite's busy handler, which sleeps in steps of
    up to 100 ms; queueing for the one connection in asyncio costs microseconds.
    PostgreSQL keeps SQLAlchemy's pool."""
    if async_url(url).get_backend_name() == "sqlite":
        return {"pool_size": 1, "max_overflow": 0, "pool_timeout": 120}
    return {}


async def post_init(deps: Deps, application: Application) -> None:
    """After getMe: the command menus, the card sticker sets (made or checked in the
    owner's name) and card photos (uploaded once through the owner's chat), then
    every stored deadline re-armed (the database was opened and migrated before
    Telegram was called, see lifecycle)."""
    bot, owner = application.bot, deps.settings.owner_id
    await commands.set_menus(bot)
    deps.stickers.take(await prepare_stickers(bot, deps.repo, owner))  # cards as pictures
    deps.photos.take(await prepare_photos(bot, deps.repo, owner))  # a stood move's post
    if deps.web_links is not None:  # a group's button links to the Mini App by the bot's name
        deps.web_links.known_as(bot.username)
    if deps.web_menu is not None:  # and every private chat's menu opens it
        await deps.web_menu.set_default(bot)
    application.bot_data["background"] = [
        asyncio.create_task(deps.repeats.keep_forgetting()),
        asyncio.create_task(deps.records.keep_forgetting())]
    if deps.worker:
        return
    deps.timers.hold()  # the moves that waited during an outage come before its deadlines
    application.bot_data["resumed"] = await deps.stage.resume()
    await handle_backlog(application, deps.timers, webhook=bool(deps.settings.webhook_url))


async def post_stop(deps: Deps, application: Application) -> None:
    """No update is handled any more: cancel the timers and send the edits still
    waiting, while the network layer is open (it closes at shutdown)."""
    for task in application.bot_data.get("background", ()):
        task.cancel()
    await deps.lifecycle.flush()
    await deps.timers.close()
    deps.presenter.close()
    await deps.presenter.editor.flush()
    await deps.private_hands.flush()


async def post_shutdown(deps: Deps, application: Application) -> None:
    await deps.service.table_locks.dispose()
    await deps.engine.dispose()
