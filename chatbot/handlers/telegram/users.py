"""Who sent an update, in which language: the one question every handler asks first."""

from __future__ import annotations

import time

from telegram import Update

from chatbot.i18n.locales import resolve_locale
from chatbot.storage import Repository

MEMORY = 50_000  # users remembered by a process (oldest dropped first)
USER_TTL = 60.0  # seconds a remembered user's stored language is trusted


class Users:
    """The senders this process has seen lately, with their stored language."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        # user id -> ((name, Telegram language), stored language, when read)
        self._users: dict[int, tuple[tuple[str, str | None], str | None, float]] = {}

    async def locale(self, update: Update) -> str:
        """The user's language; every update also registers (or refreshes) its user.

        A user seen by this process in the last minute with the same name and
        Telegram language costs no query: most updates are moves, and each query
        is a round trip to the database's thread. Whoever changes a stored user
        calls :meth:`forget`; the minute is the backstop.
        """
        user = update.effective_user
        if user is None:
            return "en"
        seen = (user.full_name, user.language_code)
        now = time.monotonic()
        known = self._users.get(user.id)
        if known is None or known[0] != seen or now - known[2] > USER_TTL:
            stored = await self.repo.get_or_create_user(user.id, user.full_name,
                                                        user.language_code)
            self._users.pop(user.id, None)
            if len(self._users) >= MEMORY:
                self._users.pop(next(iter(self._users)))
            known = self._users[user.id] = (seen, stored.language, now)
        return resolve_locale(known[1], user.language_code)

    def forget(self, user_id: int) -> None:
        """Call after changing a stored user (their language): the next update reloads it."""
        self._users.pop(user_id, None)
