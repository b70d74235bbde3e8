"""Starting and stopping the bot for real, and failing in one clear sentence.

PTB's ``run_polling``/``run_webhook`` own the event loop and let every start-up
error escape as a chain of tracebacks. The bot instead runs the same steps
itself (the order PTB documents for custom loops), so that each failure a person
can fix is caught where it happens and said once:

1. open and migrate the database (no network needed, so a bad URL is reported
   before Telegram is called);
2. ``initialize`` the application, which calls ``getMe``: a 401 is a rejected
   token, a network error an unreachable Bot API;
3. ``post_init`` (command menus, stored deadlines re-armed);
4. polling (``getUpdates``, with PTB's retry loop and backoff) or the webhook
   (``setWebhook`` with a secret, a local HTTP server);
5. ``start``; and on the way out the same in reverse (as ``run_polling``:
   stop, ``post_stop`` sending the edits still waiting while the network is
   open, ``deleteWebhook`` after a clean stop in webhook mode, shutdown,
   ``post_shutdown``).

The tests' harness runs the bot through :func:`running` too, so the path users
start is the path the end-to-end tests drive. A :class:`StartFailure` carries
the sentence for the operator; its cause is logged at DEBUG only.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.error import Conflict, InvalidToken, NetworkError, TelegramError, TimedOut
from telegram.ext import Application

from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.config import OFFICIAL_API_ROOT, Settings, redacted_url
from chatbot.handlers.telegram.deps import Requests
from chatbot.handlers.web.server import start_server
from chatbot.i18n.translation import _
from chatbot.storage import current_revision, upgrade_to_head

log = logging.getLogger(__name__)


class StartFailure(Exception):
    """The bot cannot start or go on; ``str()`` is one sentence for the operator."""


def _reason(error: BaseException) -> str:
    """The first line of an error, without SQLAlchemy's background links."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return text.split(" (Background on this error")[0]


def _api_unreachable(settings: Settings, error: BaseException) -> StartFailure:
    return StartFailure(_("Cannot reach the Telegram Bot API at {url}: {reason}. Check the "
                          "network (or TELEGRAM_API_BASE_URL).",
                          url=settings.api_root, reason=_reason(error)))


def _telegram_failure(settings: Settings, error: TelegramError) -> StartFailure:
    """The sentence for an error from a Bot API call made while starting."""
    if isinstance(error, InvalidToken):
        return StartFailure(_("Telegram rejected this token: check it with @BotFather "
                              "(/mybots, API Token)."))
    if isinstance(error, Conflict):
        return conflict_failure()
    if isinstance(error, NetworkError | TimedOut):
        return _api_unreachable(settings, error)
    return StartFailure(_("The Telegram Bot API at {url} refused to start the bot: {reason}",
                          url=settings.api_root, reason=_reason(error)))


def conflict_failure() -> StartFailure:
    return StartFailure(_("Another copy of this bot is already receiving its updates "
                          "(Telegram answered 409 Conflict): stop it first; one token runs "
                          "one bot."))


def build(settings: Settings, **options: Any) -> Application:
    """The application, or the database's sentence when its URL cannot even be read;
    ``options`` go to :func:`build_application` (a worker's)."""
    try:
        return build_application(settings, **options)
    except (ValueError, OSError, ImportError) as error:
        log.debug("building the application failed", exc_info=error)
        raise _database_failure(settings, error) from error


def _database_failure(settings: Settings, error: BaseException) -> StartFailure:
    return StartFailure(_("Cannot open the database {url}: {reason}. Check "
                          "TRUCO_DATABASE_URL.",
                          url=redacted_url(settings.database_url), reason=_reason(error)))


async def open_database(app: Application, settings: Settings) -> str | None:
    """Migrate the database to the newest schema; its revision, for the start-up log."""
    engine = app.bot_data["engine"]
    try:
        await upgrade_to_head(engine)
        return await current_revision(engine)
    except Exception as error:  # any driver's way of saying no: one sentence, cause at DEBUG
        log.debug("opening the database failed", exc_info=error)
        raise _database_failure(settings, error) from error


async def _close_quietly(app: Application) -> None:
    """After a failed start: nothing left open (no "Unclosed client session")."""
    requests: Requests = app.bot_data["requests"]
    with suppress(Exception):
        await requests.close()
    with suppress(Exception):
        await app.bot_data["engine"].dispose()


@dataclass
class Outage:
    """Logs a lost connection to Telegram once, and its end once, not every retry.

    PTB's polling loop retries network errors itself (1 s, then 1.5 times longer
    each time, up to 30 s); it tells us of each failure through the error
    callback, and the long poll's HTTP client tells us of each answer.
    """

    api_root: str
    on_conflict: Callable[[], None]
    since: float | None = None
    failures: int = 0
    clock: Callable[[], float] = field(default=lambda: asyncio.get_running_loop().time())

    def failed(self, error: TelegramError) -> None:
        if isinstance(error, Conflict):
            self.on_conflict()
            return
        self.failures += 1
        if self.since is None:
            self.since = self.clock()
            log.warning("lost the connection to the Telegram Bot API at %s (%s); retrying "
                        "with backoff", self.api_root, _reason(error))
        else:
            log.debug("still no connection to the Telegram Bot API: %s", _reason(error))

    def answered(self) -> None:
        if self.since is not None:
            log.warning("the Telegram Bot API answers again after %.0f s (%d failed attempts)",
                        self.clock() - self.since, self.failures)
            self.since, self.failures = None, 0


@asynccontextmanager
async def running(app: Application, settings: Settings, *,
                  fatal: Callable[[StartFailure], None] | None = None,
                  receive: bool = True) -> AsyncIterator[Application]:
    """The bot receiving updates for the duration of the block (see the module's steps).

    ``fatal`` is called (from the polling loop) with a failure that must stop the
    bot: another instance polling the same token. Raises :class:`StartFailure`
    when a step cannot be done; everything opened by then is closed again.
    ``receive=False`` skips step 4: a worker gets its updates from Redis, and the
    ingress alone talks to getUpdates or the webhook.
    """
    revision = await _guarded(app, open_database(app, settings))
    try:
        await app.initialize()
    except TelegramError as error:
        log.debug("getMe failed", exc_info=error)
        await _close_quietly(app)
        raise _telegram_failure(settings, error) from error
    started = False
    try:
        try:
            if app.post_init is not None:
                await app.post_init(app)
            if receive:
                await _receive(app, settings, fatal)
            await app.start()
            await _serve_web(app, settings)
        except TelegramError as error:
            log.debug("starting failed", exc_info=error)
            raise _telegram_failure(settings, error) from error
        started = True
        log.info("truco-bot started as @%s; database %s (schema %s); %s; %d tables resumed",
                 app.bot.username, redacted_url(settings.database_url), revision,
                 _mode_line(settings) if receive else "worker",
                 app.bot_data.get("resumed", 0))
        yield app
    finally:
        await _stop(app, settings, clean=started)


async def _guarded(app: Application, step: Awaitable[str | None]) -> str | None:
    """Await a start-up step; on its failure close what the application opened."""
    try:
        return await step
    except StartFailure:
        await _close_quietly(app)
        raise


def _mode_line(settings: Settings) -> str:
    if settings.webhook_url:
        return f"webhook {settings.webhook_url} on {settings.webhook_address}"
    return "polling"


async def _receive(app: Application, settings: Settings,
                   fatal: Callable[[StartFailure], None] | None) -> None:
    """Polling, or the webhook with its secret."""
    assert app.updater is not None
    if settings.webhook_url:
        try:
            await app.updater.start_webhook(
                listen=settings.webhook_listen, port=settings.webhook_port,
                url_path=settings.webhook_path, webhook_url=settings.webhook_url,
                secret_token=settings.webhook_secret, allowed_updates=Update.ALL_TYPES)
        except OSError as error:
            raise StartFailure(_("Cannot listen for the webhook on {address}: {reason}. "
                                 "Choose another TRUCO_WEBHOOK_PORT.",
                                 address=settings.webhook_address,
                                 reason=_reason(error))) from error
        return

    def on_conflict() -> None:
        if fatal is not None:
            fatal(conflict_failure())

    outage = Outage(settings.api_root, on_conflict)
    requests: Requests = app.bot_data["requests"]
    requests.updates.on_response = outage.answered
    await app.updater.start_polling(poll_interval=0, allowed_updates=Update.ALL_TYPES,
                                    error_callback=outage.failed)


async def _serve_web(app: Application, settings: Settings) -> None:
    """The web table's server (TRUCO_WEBAPP_URL), on a port of its own."""
    web_table = app.bot_data.get("web")
    if web_table is None:
        return
    address = f"{settings.webapp_listen}:{settings.webapp_port}"
    try:
        app.bot_data["web_runner"] = await start_server(
            web_table, settings.webapp_listen, settings.webapp_port)
    except OSError as error:
        raise StartFailure(_("Cannot listen for the web table on {address}: {reason}. "
                             "Choose another TRUCO_WEBAPP_PORT.",
                             address=address, reason=_reason(error))) from error
    log.info("web table at %s, listening on %s", settings.webapp_url, address)


async def _stop(app: Application, settings: Settings, *, clean: bool) -> None:
    """Stop receiving, let running updates finish, then close everything."""
    runner = app.bot_data.pop("web_runner", None)
    if runner is not None:  # no web move after this point
        await runner.cleanup()
    updater = app.updater
    if updater is not None and updater.running:
        await updater.stop()
    if app.running:
        await app.stop()
    if app.post_stop is not None:
        await app.post_stop(app)
    if clean and settings.webhook_url:
        try:
            await app.bot.delete_webhook()
        except TelegramError as error:
            log.warning("could not delete the webhook on the way out: %s", _reason(error))
    with suppress(Exception):
        await app.shutdown()
    if app.post_shutdown is not None:
        await app.post_shutdown(app)
    await _close_quietly(app)


async def serve(settings: Settings) -> None:
    """Run until SIGINT or SIGTERM (exit cleanly) or a fatal failure (raised)."""
    app = build(settings)
    stop = asyncio.Event()
    failures: list[StartFailure] = []

    def fatal(failure: StartFailure) -> None:
        failures.append(failure)
        stop.set()

    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        async with running(app, settings, fatal=fatal):
            await stop.wait()
            if not failures:
                log.info("stopping: finishing the updates in hand")
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    if failures:
        raise failures[0]


async def check(settings: Settings) -> list[str]:
    """What ``run --check`` prints: the configuration a real start would use, with the
    database opened and migrated, and Telegram never called."""
    app = build(settings)
    try:
        revision = await _guarded(app, open_database(app, settings))
    finally:
        await _close_quietly(app)
    official = settings.api_root == OFFICIAL_API_ROOT
    api = (_("Bot API: {url} (Telegram's official server)", url=settings.api_root) if official
           else _("Bot API: {url}", url=settings.api_root))
    mode = (_("Updates: webhook at {url}, listening on {address}", url=settings.webhook_url,
              address=settings.webhook_address)
            if settings.webhook_url else _("Updates: polling (getUpdates)"))
    return [api,
            _("Database: {url} (schema {revision})", url=redacted_url(settings.database_url),
              revision=revision or "?"),
            mode,
            _("Configuration OK; Telegram was not called.")]
