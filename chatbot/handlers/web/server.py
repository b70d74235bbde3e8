"""The web table's HTTP server (aiohttp): the page, the card pictures, the JSON API.

Every API request carries the page's ``initData``; :func:`init_data.verify` is the
only source of who asks (a refusal is 401 and changes nothing). A reader not
seated at the table gets the spectator's view. A move goes through
:meth:`GameService.play` with the turn sequence the page was drawn for, exactly as
a button in the chat does, and its outcome is shown in the chat by the same
``after`` as a press (the presenter, the timers). ``/api/stream`` is a stream of the
reader's view in the server-sent events format, sent again whenever the table changes.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from chatbot.cards.catalog import IMAGES
from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.table import Table
from chatbot.handlers.advice import hint_text
from chatbot.handlers.refusal import refusal_text
from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.keyboards import parse_action_arg
from chatbot.handlers.web.hand_log import HandLogs
from chatbot.handlers.web.init_data import BadInitData, WebUser, verify
from chatbot.handlers.web.live import Changes
from chatbot.handlers.web.members import Members
from chatbot.handlers.web.recent import Recent
from chatbot.handlers.web.records import records_view
from chatbot.handlers.web.view import table_view
from chatbot.i18n.locales import resolve_locale
from chatbot.i18n.table_text import alert, cards_alert
from chatbot.i18n.translation import N_, translate
from chatbot.rules.actions import Action
from chatbot.rules.cards import CardCodeError
from chatbot.rules.events import Event
from chatbot.stats.player_records import PlayerRecords
from chatbot.storage import StorageError, TableRecord

# a table request as read: its body, the signed reader, their language, the table
Asked = tuple[dict[str, Any], WebUser, str, TableRecord]

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
NOT_MEMBER = N_("Only members of the group this table is played in may watch it.")
NOT_PLAYER = N_("This is someone's practice table: only its player may open it.")
NOT_SIGNED = N_("Telegram could not confirm who you are: open the table again from the chat.")
USER_TTL = 60.0  # seconds a reader's stored language is trusted
READERS = 50_000  # readers whose language a process remembers
TRIES = 20_000  # last move tried per (table, reader): a double tap counts once
TABLES_KEPT = 500  # parsed tables kept, one per (table, version): the changes just made
VIEWS_KEPT = 1_000  # views kept, one per (table, version, reader, language): as briefly

After = Callable[[Outcome], Awaitable[None]]


class WebTable:
    """The web front end of one bot process.

    ``after`` presents an outcome in the chat (the Telegram layer's ``Stage.after``, which
    also tells its observers, :meth:`seen` among them); without it a web move only wakes
    the pages.
    ``members`` says who may watch a table without a seat (its group's members, asked
    of Telegram); without it nobody unseated may.
    """

    def __init__(self, service: GameService, token: str, after: After | None = None,
                 members: Members | None = None) -> None:
        self.service = service
        self.token = token
        # who may watch without a seat: the table's group's members (none without it)
        self.members = members or Members()
        self.changes = Changes()
        self.after = after
        self.logs = HandLogs(service.repo)
        self.player_records = PlayerRecords(service.repo.engine)
        self._languages: dict[int, tuple[str | None, float]] = {}
        self._tried: dict[tuple[int, int], tuple[int, str]] = {}
        self._stopping = False
        self._pages: dict[tuple[int, int], int] = {}  # (table, reader) -> open streams
        # each version's work done once for all its pages (recent.py)
        self._tables: Recent[tuple[int, int], Table] = Recent(TABLES_KEPT)
        self._views: Recent[tuple[int, int, int, str], dict[str, Any]] = Recent(VIEWS_KEPT)
        self._events: Recent[tuple[int, int], list[Event]] = Recent(TABLES_KEPT)
        # tells the other processes of a change (several workers: relay.WebRelay.publish)
        self.relay: Callable[[int], None] | None = None

    # --------------------------------------------------------------- wiring
    def application(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        app.router.add_get("/", self.page)
        app.router.add_post("/api/records", self.records)
        app.router.add_static("/static", STATIC, append_version=False)
        app.router.add_static("/cards", IMAGES)
        app.router.add_post("/api/table", self.table)
        app.router.add_post("/api/move", self.move)
        app.router.add_post("/api/sena", self.sena)
        app.router.add_post("/api/rematch", self.rematch)
        app.router.add_post("/api/hint", self.hint)
        app.router.add_post("/api/cards", self.cards)
        app.router.add_post("/api/stream", self.stream)
        app.on_shutdown.append(self._stop_streams)
        return app

    async def _stop_streams(self, app: web.Application) -> None:
        """The server is stopping: open streams end now rather than hold the way out
        (each page reconnects by itself and is sent the table as stored)."""
        self._stopping = True
        self.changes.wake_all()

    def watching(self, table_id: int, user_id: int) -> bool:
        """Whether ``user_id`` has this table open on the web in this process (their
        private hand message then waits: chatbot/handlers/telegram/private_hands.py)."""
        return self._pages.get((table_id, user_id), 0) > 0

    def seen(self, outcome: Outcome) -> None:
        """An outcome presented anywhere in this process: its pages learn of it, and
        with several workers so do the others'."""
        self.changes.changed(outcome.record.id)
        if self.relay is not None:
            self.relay(outcome.record.id)

    # -------------------------------------------------------------- handlers
    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html",
                                headers={"Cache-Control": "no-cache"})

    async def records(self, request: web.Request) -> web.Response:
        """The signed reader's own records (``/stats``), whatever table the page shows."""
        reader = await self._reader(request, (await _body(request)).get("initData"))
        if isinstance(reader, web.Response):
            return reader
        try:
            return _json(await records_view(self.player_records, *reader))
        except StorageError:  # the page shows no records line; the table still works
            log.warning("records of %s not read: storage unavailable", reader[0].id)
            return _json({"lines": [], "dir": "ltr"}, 503)

    async def table(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        _, user, locale, record = asked
        return _json(await self._view(record, user, locale))

    async def move(self, request: web.Request) -> web.Response:
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, user, locale, record = asked
        arg, seq = body.get("move"), body.get("seq")
        if not isinstance(arg, str) or type(seq) is not int or len(arg) > 32:
            return _json({"error": alert("forged", locale)}, 400)
        key = (record.id, user.id)
        repeat = self._tried.get(key) == (seq, arg)
        self._tried.pop(key, None)
        self._tried[key] = (seq, arg)
        while len(self._tried) > TRIES:
            self._tried.pop(next(iter(self._tried)))
        judged: list[Table] = []

        def action(table: Table) -> Action:
            judged.append(table)
            try:
                return parse_action_arg(arg, table.rules.family)
            except CardCodeError:
                raise Refused("forged") from None

        try:
            outcome = await self.service.play(record.id, user.id, action, seq)
        except Refused as refused:
            if repeat and refused.reason == "stale":
                text = alert("already-done", locale)
            else:
                at = JudgedAt(judged[-1], judged[-1].seat_of(user.id)) if judged else None
                text = refusal_text(refused, locale, at)
            current = await self.service.load(record.id) or record
            return _json({"error": text, "view": await self._view(current, user, locale)}, 409)
        await self._present(outcome)
        return _json(await self._view(outcome.record, user, locale))

    async def sena(self, request: web.Request) -> web.Response:
        """A seña to the partner, at any moment of the hand it was offered in (no turn is
        asked, as in the chat; a press after that hand ended makes none in the next)."""
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, user, locale, record = asked
        name, hand_no = body.get("sena"), body.get("hand")
        if not isinstance(name, str) or type(hand_no) is not int or len(name) > 32:
            return _json({"error": alert("forged", locale)}, 400)
        try:
            outcome = await self.service.sena(record.id, user.id, name, hand_no)
        except Refused as refused:
            table = self._table(record)
            at = JudgedAt(table, table.seat_of(user.id)) if refused.error is not None else None
            current = await self.service.load(record.id) or record
            return _json({"error": refusal_text(refused, locale, at),
                          "view": await self._view(current, user, locale)}, 409)
        await self._present(outcome)
        return _json(await self._view(outcome.record, user, locale))

    async def rematch(self, request: web.Request) -> web.Response:
        """A finished game's player starts the next one (the chat's Rematch); a second
        press finds it started ("The game has already started.")."""
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        _, user, locale, record = asked

        try:
            outcome = await self.service.actions.rematch(record.id, user.id)
        except Refused as refused:
            current = await self.service.load(record.id) or record
            return _json({"error": refusal_text(refused, locale),
                          "view": await self._view(current, user, locale)}, 409)
        assert outcome is not None
        await self._present(outcome)
        return _json(await self._view(outcome.record, user, locale))

    async def hint(self, request: web.Request) -> web.Response:
        """The practice table's Hint for the turn the page was drawn for: the chat's own
        advice (chatbot/handlers/advice.py), said to the reader and changing nothing."""
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        body, user, locale, record = asked
        seq = body.get("seq")
        if type(seq) is not int:
            return _json({"error": alert("forged", locale)}, 400)
        table = self._table(record)
        seat = table.seat_of(user.id)
        try:
            if seat is None or table.match is None:
                raise Refused("not-at-table")
            if record.chat_id != user.id:  # only a practice table has a teacher
                raise Refused("not-now")
            if seq != record.turn_seq:
                raise Refused("stale")
            text = await hint_text(table, seat, seq, locale)
        except Refused as refused:
            return _json({"error": refusal_text(refused, locale)}, 409)
        return _json({"said": text})

    async def cards(self, request: web.Request) -> web.Response:
        """The chat's "My cards": the reader's cards, and a partner's where the rules show
        them, in words (a blind hand says so); changes nothing."""
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        _, user, locale, record = asked
        table = self._table(record)
        seat = table.seat_of(user.id)
        if seat is None or table.match is None:
            return _json({"error": refusal_text(Refused("not-at-table"), locale)}, 409)
        return _json({"said": cards_alert(table, seat, locale)})

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """The reader's view now, and again after every change of the table, in the
        server-sent events format. A POST, so that the initData travels in the body and
        never in an address that access logs and proxies write down."""
        asked = await self._asked(request)
        if isinstance(asked, web.Response):
            return asked
        _, user, locale, record = asked
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no"})  # nginx: pass each event on at once
        await response.prepare(request)
        sent = -1
        page = (record.id, user.id)
        self._pages[page] = self._pages.get(page, 0) + 1
        try:
            while not self._stopping:
                current = await self.service.load(record.id)
                if current is None:
                    break
                if current.version != sent:
                    view = await self._view(current, user, locale)
                    await response.write(f"data: {json.dumps(view)}\n\n".encode())
                    sent = current.version
                else:  # a comment line: a page gone away is noticed, a proxy keeps it open
                    await response.write(b": still here\n\n")
                if not current.active or not await self._may_see(current, user.id):
                    break  # over, or a watcher who left the group (kept a minute at most)
                await self.changes.wait(record.id)
        except ConnectionResetError:
            pass  # the page went away
        except StorageError:  # the page reconnects by itself and reads the table again
            log.warning("stream of table %s ended: storage unavailable", record.id,
                        exc_info=True)
        finally:
            left = self._pages.pop(page, 1) - 1
            if left > 0:
                self._pages[page] = left
        return response

    # ---------------------------------------------------------------- helpers
    async def _present(self, outcome: Outcome) -> None:
        """Show the move in the chat (which also tells the pages), or only the pages."""
        if self.after is None:
            self.seen(outcome)
            return
        try:
            await self.after(outcome)  # which tells seen() as it tells every observer
        except Exception:  # the move is saved: the chat catches up on the next change
            log.exception("web move of table %s not presented", outcome.record.id)
            self.seen(outcome)

    async def _asked(self, request: web.Request) -> Asked | web.Response:
        """What every table request starts from: its body, the signed reader and their
        language, and the table it names; or the 401 or 404 that ends it there."""
        body = await _body(request)
        reader = await self._reader(request, body.get("initData"))
        if isinstance(reader, web.Response):
            return reader
        user, locale = reader
        record = await self._record(body.get("code"), user)
        if record is None:
            return _json({"error": alert("no-table", locale)}, 404)
        if not await self._may_see(record, user.id):
            text = NOT_MEMBER if record.chat_id < 0 else NOT_PLAYER
            return _json({"error": translate(text, locale)}, 403)
        return body, user, locale, record

    async def _may_see(self, record: TableRecord, user_id: int) -> bool:
        """A player sees their seat's view; anyone else the public one, if a member of
        the table's group (members.py)."""
        if self._table(record).seat_of(user_id) is not None:
            return True
        return await self.members.may_watch(record.chat_id, user_id)

    async def _reader(self, request: web.Request,
                      init_data: object) -> tuple[WebUser, str] | web.Response:
        """The signed user and their language, or a 401 in the language their client
        names (only the wording: nobody is taken from an unsigned field)."""
        try:
            if not isinstance(init_data, str):
                raise BadInitData("missing")
            user = verify(init_data, self.token)
        except BadInitData:
            wording = resolve_locale(None, request.headers.get("Accept-Language", "en")[:5])
            return _json({"error": translate(NOT_SIGNED, wording)}, 401)
        return user, await self._locale(user)

    async def _locale(self, user: WebUser) -> str:
        """The reader's chosen language (/language), else their Telegram app's."""
        now = time.monotonic()
        known = self._languages.get(user.id)
        if known is None or now - known[1] > USER_TTL:
            try:
                stored = await self.service.repo.get_or_create_user(
                    user.id, user.name, user.language_code)
                known = (stored.language, now)
            except StorageError:
                known = (None, now)
            self._languages.pop(user.id, None)
            self._languages[user.id] = known
            while len(self._languages) > READERS:
                self._languages.pop(next(iter(self._languages)))
        return resolve_locale(known[0], user.language_code)

    async def _record(self, code: object, user: WebUser) -> TableRecord | None:
        """The table the page names (the signed start parameter when the page names none);
        a page that names none at all (the bot's menu button) shows the reader's newest
        open table, their practice table included."""
        code = code or user.start_param
        if not code:
            try:
                mine = await self.service.repo.tables_of_user(user.id)
            except StorageError:
                return None
            return next((record for record in mine if record.active), None)
        if not isinstance(code, str) or not code.isalnum() or len(code) > 32:
            return None
        record = await self.service.by_code(code)
        return record if record is not None and record.active else None

    def _table(self, record: TableRecord) -> Table:
        """The stored game of this version, parsed once (only read from here on)."""
        key = (record.id, record.version)
        return self._tables.get(key) or self._tables.put(key, Table.from_dict(record.game))

    async def _view(self, record: TableRecord, user: WebUser, locale: str) -> dict[str, Any]:
        """The reader's view of this version, drawn once (the mover's answer and their own
        stream share it; callers only send it)."""
        key = (record.id, record.version, user.id, locale)
        known = self._views.get(key)
        if known is not None:
            return known
        table = self._table(record)
        events = self._events.get((record.id, record.version))
        if events is None:
            events = self._events.put((record.id, record.version),
                                      await self.logs.events(record.id, table.rules.family))
        return self._views.put(key, table_view(
            table, record.code, user_id=user.id, locale=locale, events=events,
            deadline=record.turn_deadline, version=record.version,
            practice=record.chat_id == user.id))


async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except (ValueError, UnicodeDecodeError):
        return {}
    return body if isinstance(body, dict) else {}


def _json(doc: dict[str, Any], status: int = 200) -> web.Response:
    return web.json_response(doc, status=status, headers={"Cache-Control": "no-store"})


async def start_server(web_table: WebTable, host: str, port: int) -> web.AppRunner:
    """Listen on ``host:port``; the caller cleans the runner up on the way out."""
    # open streams are cut after a second on the way out, not waited for
    runner = web.AppRunner(web_table.application(), handle_signals=False, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    return runner


__all__ = ["WebTable", "start_server"]
