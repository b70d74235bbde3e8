"""The bot's menu button opens the web table (with ``TRUCO_WEBAPP_URL`` set).

Telegram shows a private chat's menu button beside the text field. At start the bot
makes it a ``web_app`` button for every private chat (``setChatMenuButton`` without a
chat), labelled in English; a reader's ``/start`` relabels their own chat's button in
their language. The page it opens names no table: the server shows the reader's
newest open table (chatbot/handlers/web/server.py).
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import MenuButtonWebApp, WebAppInfo
from telegram.error import TelegramError
from telegram.ext import ExtBot

from chatbot.i18n.table_text import button

log = logging.getLogger(__name__)


class WebMenu:
    def __init__(self, url: str) -> None:
        self.url = url  # the page itself: no table named

    def button(self, locale: str) -> MenuButtonWebApp:
        return MenuButtonWebApp(button("web", locale), WebAppInfo(self.url))

    async def set_default(self, bot: ExtBot[Any]) -> None:
        """Every private chat's menu button; a refusal is logged, the bot runs on."""
        try:
            await bot.set_chat_menu_button(menu_button=self.button("en"))
        except TelegramError as error:
            log.warning("the menu button was not set to the web table: %s", error)

    async def set_for(self, bot: ExtBot[Any], chat_id: int, locale: str) -> None:
        """One private chat's menu button, in its reader's language."""
        if locale == "en":
            return  # the default says it already
        try:
            await bot.set_chat_menu_button(chat_id=chat_id, menu_button=self.button(locale))
        except TelegramError as error:
            log.info("menu button of chat %s not relabelled: %s", chat_id, error)
