"""TRUCO_WEBAPP_URL turns the web table on: its settings, and the buttons that open it."""

from __future__ import annotations

import random

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.payload import PayloadCodec
from chatbot.handlers.telegram.config import DEFAULT_WEBAPP_PORT, ConfigError, Settings
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.web.links import WebLinks

TOKEN = {"TELEGRAM_BOT_TOKEN": "1:t"}


def test_the_web_table_is_off_without_its_address() -> None:
    settings = Settings.from_env(TOKEN)
    assert settings is not None and settings.webapp_url is None


def test_its_settings_are_read_and_a_bad_address_is_refused() -> None:
    settings = Settings.from_env({**TOKEN, "TRUCO_WEBAPP_URL": "https://bot.example.org/t/",
                                  "TRUCO_WEBAPP_NAME": "table", "TRUCO_WEBAPP_PORT": "9000"})
    assert settings is not None
    assert (settings.webapp_url, settings.webapp_name, settings.webapp_port) == (
        "https://bot.example.org/t/", "table", 9000)
    default = Settings.from_env({**TOKEN, "TRUCO_WEBAPP_URL": "https://x.org/"})
    assert default is not None and default.webapp_port == DEFAULT_WEBAPP_PORT
    with pytest.raises(ConfigError, match="TRUCO_WEBAPP_URL"):
        Settings.from_env({**TOKEN, "TRUCO_WEBAPP_URL": "bot.example.org"})
    with pytest.raises(ConfigError, match="TRUCO_WEBAPP_PORT"):
        Settings.from_env({**TOKEN, "TRUCO_WEBAPP_URL": "https://x.org/",
                           "TRUCO_WEBAPP_PORT": "http"})


def test_links_name_the_table() -> None:
    links = WebLinks("https://bot.example.org/t/?theme=1", "table")
    assert links.private("AB12") == "https://bot.example.org/t/?theme=1&t=AB12"
    assert links.group("AB12") is None  # the bot's name is known after getMe
    links.bot_username = "TrucoBot"
    assert links.group("AB12") == "https://t.me/TrucoBot/table?startapp=AB12"
    assert WebLinks("https://x.org/", None, "TrucoBot").group("AB12") is None


def playing() -> Table:
    table = Table("paulista", 2)
    fire(table, "sit", 0, 100, "Ana")
    fire(table, "sit", 1, 101, "Bia")
    fire(table, "start", rng=random.Random(2))
    return table


def web_buttons(markup: object) -> list[dict[str, object]]:
    rows = getattr(markup, "inline_keyboard", ())
    return [b.to_dict() for row in rows for b in row if b.web_app or b.url]


def test_buttons_open_the_table_only_when_it_is_on() -> None:
    table = playing()
    codec = PayloadCodec(b"k" * 32)
    plain = Keyboards(codec)
    assert web_buttons(plain.group_hand(-1, table, "AB12", "en")) == []
    assert web_buttons(plain.private_hand(100, table, "AB12", 0, "en")) == []
    web = Keyboards(codec, WebLinks("https://bot.example.org/t/", "table", "TrucoBot"))
    assert web_buttons(web.group_hand(-1, table, "AB12", "pt_BR")) == [
        {"text": "Abrir a mesa", "url": "https://t.me/TrucoBot/table?startapp=AB12"}]
    assert web_buttons(web.private_hand(100, table, "AB12", 0, "en")) == [
        {"text": "Open the table", "web_app": {"url": "https://bot.example.org/t/?t=AB12"}}]
