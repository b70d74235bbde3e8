"""The locale of the update being handled, kept in a context variable.

Updates for different chats run concurrently in one process, so the locale can
never be a process-wide setting: each asyncio task (and each thread started
with ``contextvars.copy_context``) sees only its own value.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from chatbot.i18n.locales import DEFAULT_LOCALE, canonical_locale

_locale: ContextVar[str] = ContextVar("chatbot_i18n_locale", default=DEFAULT_LOCALE)


def current_locale() -> str:
    """The locale of the current context (``en`` when none was set)."""
    return _locale.get()


@contextmanager
def use_locale(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block; the previous locale comes back after it."""
    token = _locale.set(canonical_locale(code))
    try:
        yield _locale.get()
    finally:
        _locale.reset(token)
