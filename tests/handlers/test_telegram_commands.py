"""/rules and /language end to end: paging in the reader's language, a language that sticks."""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.i18n.rules_pages import rules_pages
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.telegram_harness import deps_of, running_bot


async def test_rules_pages_in_the_readers_language(fake_telegram: FakeTelegramServer,
                                                   db_engine: AsyncEngine,
                                                   migrated_db_url: URL) -> None:
    bia = FakeUser(fake_telegram, 6001, "Bia", "pt-BR")
    group = fake_telegram.create_group("Truco", members=[bia])
    pages = rules_pages("paulista", "pt_BR")
    async with running_bot(fake_telegram, migrated_db_url):
        await bia.send(group, "/rules")
        menu = await fake_telegram.wait_until(lambda: group.last_bot_message(), what="menu")
        assert menu.text == "Qual jogo?"
        await bia.press_button(menu, "Truco Paulista")
        await fake_telegram.wait_until(
            lambda: pages[0].title in (group.last_bot_message().text or ""), what="page 1")
        page = group.last_bot_message()
        assert pages[0].text in (page.text or "")
        await bia.press(page, page.callback_data[-1])  # Next
        await fake_telegram.wait_until(
            lambda: pages[1].title in (group.message(page.message_id).text or ""),
            what="page 2")


async def test_language_choice_sticks_for_that_person(fake_telegram: FakeTelegramServer,
                                                      db_engine: AsyncEngine,
                                                      migrated_db_url: URL) -> None:
    caio = FakeUser(fake_telegram, 6002, "Caio", "en")
    async with running_bot(fake_telegram, migrated_db_url):
        await caio.start()
        await fake_telegram.wait_until(lambda: caio.private.last_bot_message(), what="welcome")
        await caio.send(caio.private, "/language")
        menu = await fake_telegram.wait_until(
            lambda: (m := caio.private.last_bot_message()) and "language" in (m.text or "")
            and m, what="the language menu")
        await caio.press_button(menu, "فارسی")
        await fake_telegram.wait_until(
            lambda: "فارسی" in (caio.private.message(menu.message_id).text or ""),
            what="the confirmation in Persian")
        await caio.send(caio.private, "/help")
        await fake_telegram.wait_until(
            lambda: caio.private.last_bot_message().message_id > menu.message_id, what="help")
        help_text = caio.private.last_bot_message().text or ""
    assert "بستن" in help_text or "میز" in help_text
    stored = await Repository(db_engine).get_user(6002)
    assert stored is not None and stored.language == "fa"


async def test_group_language_reaches_the_open_table_at_once(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    ana = FakeUser(fake_telegram, 6003, "Ana", "en")
    bia = FakeUser(fake_telegram, 6004, "Bia", "en")
    group = fake_telegram.create_group("Truco", members=[ana, bia])
    async with running_bot(fake_telegram, migrated_db_url) as app:
        await ana.send(group, "/new paulista 2")
        lobby = await fake_telegram.wait_until(lambda: group.last_bot_message(), what="lobby")
        await ana.send(group, "/language")
        menu = await fake_telegram.wait_until(
            lambda: (m := group.last_bot_message()) and m.message_id != lobby.message_id
            and m, what="the language menu")
        await ana.press_button(menu, "Português (Brasil)")
        await fake_telegram.wait_until(
            lambda: "português" in (group.message(menu.message_id).text or "").lower(),
            what="the confirmation")
        service = deps_of(app).service
        record = await Repository(db_engine).get_active_table(group.id)
        assert record is not None and record.language == "pt_BR"
        remembered = await service.load(record.id)  # the service's own copy, not stale
        assert remembered is not None and remembered.language == "pt_BR"
        await bia.press(lobby, lobby.callback_data[1])  # join team B: the lobby is redrawn
        await fake_telegram.wait_until(
            lambda: "Bia" in (group.message(lobby.message_id).text or ""), what="Bia seated")
        assert "Time" in (group.message(lobby.message_id).text or "")
