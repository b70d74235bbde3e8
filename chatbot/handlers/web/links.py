"""Where a chat's button opens the web table.

A private chat may carry a ``web_app`` button, which Telegram opens as the Mini App
with the reader's signed initData; a group may not, so a group's table message links
to the Mini App's direct link (``t.me/<bot>/<app>?startapp=<code>``), which Telegram
opens the same way with the table's code as the signed start parameter.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit


@dataclass(slots=True)
class WebLinks:
    url: str  # TRUCO_WEBAPP_URL: the page
    name: str | None = None  # TRUCO_WEBAPP_NAME: the Mini App's short name at @BotFather
    bot_username: str | None = None  # known after getMe

    def known_as(self, username: str) -> None:
        """The bot's own name, learnt from Telegram at start-up (getMe)."""
        self.bot_username = username

    def private(self, code: str) -> str:
        """The page of one table, for a ``web_app`` button."""
        parts = urlsplit(self.url)
        query = "&".join(q for q in (parts.query, urlencode({"t": code})) if q)
        return urlunsplit(parts._replace(query=query, fragment=""))

    def group(self, code: str) -> str | None:
        """The Mini App's direct link to one table, or None without its short name."""
        if not self.name or not self.bot_username:
            return None
        return f"https://t.me/{self.bot_username}/{self.name}?{urlencode({'startapp': code})}"
