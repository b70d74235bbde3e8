"""Lists in each language's own punctuation, from CLDR through Babel.

Persian and Urdu separate items with «،», not a Latin comma; the separator is
CLDR's "middle" list pattern, so a new language brings its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from babel import Locale

from chatbot.i18n.context import current_locale


@cache
def separator(locale: str) -> str:
    """What goes between two items of a list in ``locale`` (", " in English)."""
    pattern = Locale.parse(locale).list_patterns["standard"]["middle"]
    return pattern.replace("{0}", "").replace("{1}", "")


def separated(items: Iterable[str], locale: str | None = None) -> str:
    """Items joined by the language's separator, without "and": scores, plays, names."""
    return separator(locale or current_locale()).join(items)
