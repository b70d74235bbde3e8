"""The web table shows the signed reader their own records, as ``/stats`` words them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from urllib.parse import quote

import pytest
from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.ai import LEVELS
from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.keyboards import level_label
from chatbot.handlers.web.server import WebTable
from chatbot.i18n.context import use_locale
from chatbot.i18n.records_text import stats_card
from chatbot.i18n.translation import translate
from chatbot.stats.player_records import PlayerRecords
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game
from tests.web.browser import chromium, offline_context
from tests.web.conftest import ANA, BIA, CAIO, GROUP, TOKEN, init_data, open_game

GUARD_MS = 120_000  # only a failing test waits this long


@pytest.fixture
async def served(db_engine: AsyncEngine) -> AsyncIterator[tuple[GameService, TestClient]]:
    service = GameService(recording_repository(db_engine))
    client = TestClient(TestServer(WebTable(service, TOKEN).application()))
    await client.start_server()
    try:
        yield service, client
    finally:
        await client.close()


async def test_a_reader_gets_their_own_card_in_their_language(
        served: tuple[GameService, TestClient], db_engine: AsyncEngine) -> None:
    service, client = served
    await play_game(service, GROUP, "paulista", [ANA, BIA], seed=3)
    await play_game(service, GROUP, "put", [ANA, "hard"], seed=4)
    stats = await PlayerRecords(db_engine).stats(ANA)
    for locale, digits in (("en", "0123456789"), ("fa", "۰۱۲۳۴۵۶۷۸۹")):
        response = await client.post("/api/records", json={"initData": init_data(ANA, locale)})
        assert response.status == 200
        answer = await response.json()
        with use_locale(locale):
            card = stats_card(stats, "Ana", {code: level_label(code, locale) for code in LEVELS})
        assert answer["lines"] == card.splitlines()
        assert answer["dir"] == ("rtl" if locale == "fa" else "ltr")
        assert {c for line in answer["lines"] for c in line if c.isdigit()} <= set(digits)
    response = await client.post("/api/records", json={"initData": init_data(CAIO)})
    assert (await response.json())["lines"] == [
        translate("{name} has not finished a game with me yet.", "en", name="Caio")]


async def test_records_are_only_the_signed_readers(
        served: tuple[GameService, TestClient]) -> None:
    _, client = served
    for body in ({"initData": "user=%7B%22id%22%3A7001%7D&hash=00"}, {}, {"user": ANA}):
        response = await client.post("/api/records", json=body)
        assert response.status == 401 and "lines" not in await response.json()


async def test_the_page_shows_the_readers_records_under_the_table(
        db_engine: AsyncEngine) -> None:
    """In a real browser, a Persian reader: the card's title, its lines folded under it."""
    service = GameService(recording_repository(db_engine))
    await play_game(service, GROUP, "paulista", [ANA, BIA], seed=3)
    started = await open_game(service)
    stats = await PlayerRecords(db_engine).stats(ANA)
    with use_locale("fa"):
        card = stats_card(stats, "Ana", {code: level_label(code, "fa") for code in LEVELS})
    server = TestServer(WebTable(service, TOKEN).application(), host="127.0.0.1")
    await server.start_server()
    try:
        url = (f"{server.make_url('/')}?t={started.record.code}"
               f"#tgWebAppData={quote(init_data(ANA, 'fa'))}&tgWebAppVersion=7.0")
        async with chromium() as browser:
            page = await (await offline_context(browser)).new_page()
            await page.goto(url)
            await page.locator("#records").wait_for(state="attached", timeout=GUARD_MS)
            await page.wait_for_function(
                "!document.getElementById('records').hidden", timeout=GUARD_MS)
            assert await page.locator("#records-title").inner_text() == card.splitlines()[0]
            shown = await page.eval_on_selector_all("#records-lines li",
                                                    "nodes => nodes.map(n => n.textContent)")
            assert shown == [line.strip() for line in card.splitlines()[1:]]
            assert await page.evaluate("document.getElementById('records').dir") == "rtl"
    finally:
        await server.close()
