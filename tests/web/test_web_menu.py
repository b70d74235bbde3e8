"""The bot's menu button and the practice chat open the web table (TRUCO_WEBAPP_URL set);
without it the menu stays Telegram's own."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.handlers.telegram.lifecycle import running
from chatbot.i18n.table_text import button
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.telegram_harness import running_bot, seeded_deals, settings_for
from tests.handlers.test_telegram_solo import open_practice
from tests.web.conftest import init_data
from tests.web.test_telegram_web import free_port

PAGE = "https://bot.example.org/truco/table/"


def web_buttons(message: FakeMessage) -> list[dict[str, Any]]:
    return [b for b in message.buttons if "web_app" in b]


async def test_the_menu_and_the_practice_chat_open_the_web_table(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    port = free_port()
    settings = replace(settings_for(fake_telegram, migrated_db_url), webapp_url=PAGE,
                       webapp_port=port)
    app = build_application(settings, rate_limiter=False,
                            group_minute=GroupMinute(limit=1_000_000), deals=seeded_deals())
    ana = FakeUser(fake_telegram, 5101, "Ana")
    bia = FakeUser(fake_telegram, 5103, "Bia", language_code="fa")
    async with running(app, settings), aiohttp.ClientSession() as http:
        # every private chat's menu opens the page, labelled in English ...
        assert fake_telegram.menu_buttons[None] == {
            "type": "web_app", "text": button("web", "en"), "web_app": {"url": PAGE}}
        # ... and a reader's /start relabels their own chat's in their language
        mark = fake_telegram.mark()
        await bia.start()
        await fake_telegram.wait_for_call("sendMessage", chat_id=bia.id, since=mark)
        assert fake_telegram.menu_buttons[bia.id]["text"] == button("web", "fa")
        table_message = await open_practice(fake_telegram, ana)
        assert ana.id not in fake_telegram.menu_buttons  # English: the default says it
        # the practice table's message opens the page on that very table
        buttons = web_buttons(table_message)
        assert len(buttons) == 1
        opened = urlsplit(buttons[0]["web_app"]["url"])
        code = parse_qs(opened.query)["t"][0]
        sign = init_data(ana.id, token=settings.token)
        base = f"http://127.0.0.1:{port}"
        named = await (await http.post(f"{base}/api/table",
                                       json={"code": code, "initData": sign})).json()
        assert named["code"] == code and named["seat"] == 0 and named["hint"]
        # the menu's page names no table: it shows the reader's own
        menu = await (await http.post(f"{base}/api/table", json={"initData": sign})).json()
        assert menu["code"] == code and menu["seat"] == 0
        # someone with no open table is told so, in words
        answer = await http.post(f"{base}/api/table",
                                 json={"initData": init_data(5999, token=settings.token)})
        assert answer.status == 404 and (await answer.json())["error"]


async def test_without_the_web_table_the_menu_is_telegrams_own(
        fake_telegram: FakeTelegramServer, migrated_db_url: URL) -> None:
    ana = FakeUser(fake_telegram, 5102, "Ana")
    async with running_bot(fake_telegram, migrated_db_url):
        table_message = await open_practice(fake_telegram, ana)
        assert web_buttons(table_message) == []
    assert fake_telegram.menu_buttons == {}
    assert not fake_telegram.calls_to("setChatMenuButton")
