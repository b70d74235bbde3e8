"""A hand of 1 v 1 Paulista played by two people in two real browsers (headless Chromium).

The pages are opened as Telegram opens a Mini App (the signed initData in the launch
fragment, Telegram's own script unreachable), each card is played by a click, and the
other page must show it by itself (server-sent events). Every view the server sent a
reader, over the stream or in an answer, and every page's DOM, are searched for the
opponent's cards. A forged and an expired initData get the refusal and no table.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import pytest
from aiohttp.test_utils import TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.handlers.web.init_data import WebUser
from chatbot.handlers.web.server import WebTable
from chatbot.rules.cards import card_code
from chatbot.storage import Repository, TableRecord
from tests.web.browser import chromium, offline_context
from tests.web.conftest import ANA, BIA, CAIO, GROUP, TOKEN, init_data, open_game

GUARD_MS = 120_000  # only a failing test waits this long


class AuditedWebTable(WebTable):
    """The web table, noting every view it sends, the cards then hidden from its reader,
    and the table as it was at each version sent (to judge what a page received)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[int, set[str], dict[str, Any]]] = []
        self.tables: dict[int, Table] = {}

    async def _view(self, record: TableRecord, user: WebUser, locale: str) -> dict[str, Any]:
        doc = await super()._view(record, user, locale)
        table = Table.from_dict(record.game)
        self.tables[record.version] = table
        self.sent.append((user.id, hidden_from(table, user.id), doc))
        return doc


def hidden_from(table: Table, user_id: int) -> set[str]:
    """The codes of the cards others hold now that the rules do not show ``user_id``."""
    match = table.match
    if match is None or match.hand is None:
        return set()
    seat = table.seat_of(user_id)
    seen = table.rules.visible_cards(match, seat) if seat is not None else {}
    return {card_code(c, table.rules.family) for s, held in enumerate(match.hand.cards)
            if s != seat and s not in seen for c in held}


def private_codes(doc: dict[str, Any]) -> set[str]:
    """The cards a view shows as someone's (held, a partner's, on the table, a move)."""
    codes = {c["code"] for c in doc.get("hand") or []}
    codes |= {c["code"] for p in doc.get("partners") or [] for c in p["cards"]}
    codes |= {t["card"]["code"] for t in doc.get("trick") or [] if t["card"]}
    codes |= {m["card"] for m in doc.get("moves") or [] if m["card"]}
    return codes


@dataclass
class Served:
    service: GameService
    web: AuditedWebTable
    server: TestServer
    table_id: int
    code: str

    def url(self, user_id: int, language: str = "en", data: str | None = None) -> str:
        data = init_data(user_id, language) if data is None else data
        base = str(self.server.make_url("/"))
        return f"{base}?t={self.code}#tgWebAppData={quote(data)}&tgWebAppVersion=7.0"

    async def table(self) -> Table:
        record = await self.service.repo.get_table(self.table_id)
        assert record is not None
        return Table.from_dict(record.game)


@pytest.fixture
async def served(db_engine: AsyncEngine) -> AsyncIterator[Served]:
    service = GameService(Repository(db_engine), rng=random.Random(5))
    started = await open_game(service)
    async with serving(service, started.record) as done:
        yield done


@asynccontextmanager
async def serving(service: GameService, record: TableRecord) -> AsyncIterator[Served]:
    web = AuditedWebTable(service, TOKEN)
    server = TestServer(web.application(), host="127.0.0.1")
    await server.start_server()
    try:
        yield Served(service, web, server, record.id, record.code)
    finally:
        await server.close()


async def dom_codes(page: Any) -> set[str]:
    """The cards a page's DOM shows as someone's (the turned card and manilhas aside)."""
    codes = await page.eval_on_selector_all(
        "#hand [data-code], #trick [data-code], #partners [data-code], #moves [data-code]",
        "nodes => nodes.map(n => n.dataset.code)")
    return set(codes)


async def synced(page: Any, version: int) -> None:
    await page.wait_for_function(
        "v => Number(document.getElementById('table').dataset.version) >= v",
        arg=version, timeout=GUARD_MS)


async def play_hand(served: Served, pages: dict[int, Any]) -> None:
    """Each player to act clicks a card on their page until the hand is over; before
    every move each page shows the table as stored and none of the cards hidden from it,
    and after it the other pages show the move by themselves."""
    first = await served.table()
    assert first.match is not None
    hand_no = first.match.hand_no
    for _ in range(4 * first.players):  # a guard against a loop; a hand ends sooner
        table = await served.table()
        assert table.match is not None
        if table.match.hand_no != hand_no or table.state != "hand_playing":
            return
        seat = table.rules.to_act(table.match)
        assert seat is not None
        info = table.seats[seat]
        assert info is not None and info.user_id is not None
        record = await served.service.repo.get_table(served.table_id)
        assert record is not None
        for user, page in pages.items():
            await synced(page, record.version)
            assert not await dom_codes(page) & hidden_from(table, user)
        button = pages[info.user_id].locator("#hand button.card:enabled").first
        await button.wait_for(timeout=GUARD_MS)
        await button.click()
        for user, page in pages.items():
            if user != info.user_id:
                await page.wait_for_function(
                    "v => Number(document.getElementById('table').dataset.version) > v",
                    arg=record.version, timeout=GUARD_MS)
    raise AssertionError("the hand did not end")


async def test_a_hand_of_paulista_played_in_two_browsers(served: Served,
                                                         tmp_path: Path) -> None:
    async with chromium() as browser:
        pages: dict[int, Any] = {}
        answers: dict[int, list[Any]] = {ANA: [], BIA: []}
        for user in (ANA, BIA):
            context = await offline_context(browser, viewport={"width": 360, "height": 740})
            page = await context.new_page()
            page.on("response", lambda r, u=user: answers[u].append(r)  # views, not records
                    if "/api/" in r.url and not r.url.endswith(("/api/stream", "/api/records"))
                    else None)
            await page.goto(served.url(user))
            pages[user] = page
        await play_hand(served, pages)
        table = await served.table()
        assert table.state == "scoring" and table.match is not None
        assert sum(table.match.score) > 0
        # every view either reader received, on the stream or as an answer
        assert len(served.web.sent) > 10
        for user, hidden, doc in served.web.sent:
            assert not private_codes(doc) & hidden, (user, doc)
        for user, responses in answers.items():
            assert responses, user
            for response in responses:
                body = await response.json()
                doc = body.get("view", body)
                assert doc.get("seat") == (0 if user == ANA else 1)
        await pages[ANA].screenshot(path=str(tmp_path / "ana.png"))


async def test_forged_and_expired_init_data_get_no_table(served: Served) -> None:
    genuine = dict(parse_qsl(init_data(ANA)))
    forged = urlencode(dict(genuine, user=genuine["user"].replace(str(ANA), str(BIA))))
    expired = init_data(ANA, signed_at=datetime.now(UTC) - timedelta(days=2))
    async with chromium() as browser:
        context = await offline_context(browser)
        for data in (forged, expired):
            page = await context.new_page()
            statuses: list[int] = []
            page.on("response", lambda r, seen=statuses: seen.append(r.status)
                    if "/api/" in r.url else None)
            await page.goto(served.url(ANA, data=data))
            error = page.locator("#error")
            await error.wait_for(state="visible", timeout=GUARD_MS)
            assert "Telegram" in await error.inner_text()
            assert await page.locator("#hand button").count() == 0
            assert statuses == [401]


async def test_a_persian_reader_gets_a_right_to_left_table(served: Served,
                                                           tmp_path: Path) -> None:
    async with chromium() as browser:
        context = await offline_context(browser, viewport={"width": 360, "height": 740})
        page = await context.new_page()
        await page.goto(served.url(ANA, "fa"))
        await page.wait_for_function("document.documentElement.dir === 'rtl'",
                                     timeout=GUARD_MS)
        assert await page.evaluate("document.documentElement.lang") == "fa"
        names = await page.eval_on_selector_all(
            "#hand button.card", "nodes => nodes.map(n => n.getAttribute('aria-label'))")
        assert len(names) == 3 and all(names)
        # the spoken names are Persian, not the English ones
        assert not any(name.isascii() for name in names)
        shot = tmp_path / "fa.png"
        await page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 0


async def test_a_page_catches_up_after_the_bot_restarts_mid_hand(served: Served) -> None:
    async with chromium() as browser:
        context = await offline_context(browser)
        page = await context.new_page()
        await page.goto(served.url(ANA))
        record = await served.service.repo.get_table(served.table_id)
        assert record is not None
        await synced(page, record.version)
        port = served.server.port
        await served.server.close()  # the bot stops mid-hand ...
        # ... a move is made while the page is cut off, by a new process on the same database
        service = GameService(Repository(served.service.repo.engine), rng=random.Random(6))
        table = await served.table()
        assert table.match is not None
        seat = table.rules.to_act(table.match)
        assert seat is not None
        action = next(a for a in table.rules.legal(table.match, seat) if a.card is not None)
        moved = await service.play(served.table_id, ANA if seat == 0 else BIA, action,
                                   table.seq)
        server = TestServer(AuditedWebTable(service, TOKEN).application(),
                            host="127.0.0.1", port=port)
        await server.start_server()  # ... and the bot is back on its address
        try:
            await synced(page, moved.record.version)
            played = card_code(action.card, table.rules.family)  # type: ignore[arg-type]
            await page.locator(f"#trick [data-code='{played}']").wait_for(timeout=GUARD_MS)
        finally:
            await server.close()


DANI = 7004


async def test_a_hand_of_mineiro_with_a_sena_in_four_browsers(db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine), rng=random.Random(8))
    opened = await service.open_table(chat_id=GROUP, creator_id=ANA, creator_name="Ana",
                                      variant="mineiro", players=4,
                                      options={"senas": "on"})  # señas nobody catches
    for seat, (user, name) in enumerate(((BIA, "Bia"), (CAIO, "Caio"), (DANI, "Dani")), 1):
        await service.act(opened.record.id, "sit", seat, user, name)
    started = await service.act(opened.record.id, "start")
    async with serving(service, started.record) as served, chromium() as browser:
        pages: dict[int, Any] = {}
        for user in (ANA, BIA, CAIO, DANI):
            context = await offline_context(browser, viewport={"width": 360, "height": 740})
            pages[user] = await context.new_page()
            await pages[user].goto(served.url(user))
        # Ana signals to Caio, her partner, before the first card
        sena = pages[ANA].locator("#senas button").first
        await sena.wait_for(timeout=GUARD_MS)
        phrase = (await sena.inner_text()).split(" ", 1)[1]
        await sena.click()
        await pages[CAIO].locator("#lines li", has_text=phrase).wait_for(timeout=GUARD_MS)
        await play_hand(served, pages)
        table = await served.table()
        assert table.state == "scoring"
        # the opponents never read it (their own seña buttons may use the same words)
        for opponent in (BIA, DANI):
            for part in ("#lines", "#events"):
                assert phrase not in await pages[opponent].locator(part).inner_text()
        for user, hidden, doc in served.web.sent:
            assert not private_codes(doc) & hidden, (user, doc)
            if user in (BIA, DANI):
                read = json.dumps([doc.get("lines"), doc.get("events")], ensure_ascii=False)
                assert phrase not in read
