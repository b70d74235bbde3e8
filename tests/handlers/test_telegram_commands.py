"""/rules and /language end to end: paging in the reader's language, a language that sticks."""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.i18n.rules_pages import rules_pages
from chatbot.storage import Repository
from tests.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.telegram_harness import running_bot


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
