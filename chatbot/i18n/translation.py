"""Translate and fill in a message for the current (or a given) locale.

Messages use named placeholders, ``_("{player} played {card}", player=..., card=...)``,
which are filled *after* translation so that each language can put them where
its grammar wants. While filling in, every value is prepared for the locale:
ints are written with the locale's digits, and in right-to-left locales every
value is marked as a left-to-right fragment (bidi.py) so names, cards and numbers keep
their order, and every line starts right to left.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import NamedTuple

from chatbot.i18n.bidi import is_rtl, isolate, rtl_lines
from chatbot.i18n.catalogs import translations
from chatbot.i18n.context import current_locale
from chatbot.i18n.locales import canonical_locale
from chatbot.i18n.numbers import format_number

log = logging.getLogger(__name__)
_FIELD = re.compile(r"\{\w+\}")
_LATIN = re.compile("[A-Za-z]")


class Msg(NamedTuple):
    """A message id with a context (msgctxt), for ids that are ambiguous alone."""

    context: str
    msgid: str


Message = str | Msg


def N_(msgid: str) -> str:
    """Mark a message for extraction without translating it (import-time text)."""
    return msgid


def NP_(context: str, msgid: str) -> Msg:
    """Like N_, for a message with a context; translate it later with _()."""
    return Msg(context, msgid)


class Plural(NamedTuple):
    """A plural message's two English forms, kept together until ``n`` is known."""

    singular: str
    plural: str


def NN_(singular: str, plural: str) -> Plural:
    """Like N_, for a plural message; translate it later with ``ngettext(*pair, n)``.

    Lets a table hold plural messages (one per case) so that a single ``ngettext``
    call picks among them: the extractor reads both forms as one plural entry,
    with the ``# TRANSLATORS:`` comment above the mark.
    """
    return Plural(singular, plural)


def _prepare(value: object, locale: str) -> str:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        text = format_number(value, locale)
    else:
        text = str(value)
    return isolate(text) if is_rtl(locale) else text


def _fill(text: str, english: str, locale: str, params: Mapping[str, object]) -> str:
    """Format a translation (every line of it right to left in an RTL locale)."""
    filled = _fill_in(text, english, locale, params)
    if not is_rtl(locale) or _is_english(text, english):
        return filled
    return rtl_lines(filled)


def _is_english(text: str, english: str) -> bool:
    """An untranslated message (English words, not only placeholders and signs)."""
    return text == english and bool(_LATIN.search(_FIELD.sub("", text)))


def _fill_in(text: str, english: str, locale: str, params: Mapping[str, object]) -> str:
    """Format a translation; a broken one falls back to the English text."""
    if not params and "{" not in text:
        return text
    values = {name: _prepare(value, locale) for name, value in params.items()}
    try:
        return text.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        if text == english:
            raise
        log.exception("bad %s translation of %r; using English", locale, english)
        return english.format_map(values)


def lookup(message: Message, locale: str) -> str:
    """The translation as written in the catalog, placeholders not filled in.

    For code that assembles text itself (card names); anything user-facing
    with parameters goes through :func:`translate`.
    """
    catalog = translations(canonical_locale(locale))
    if isinstance(message, Msg):
        return catalog.pgettext(message.context, message.msgid)
    return catalog.gettext(message)


def translate(message: Message, locale: str, /, **params: object) -> str:
    """Translate a message for an explicit locale (e.g. an alert's recipient)."""
    locale = canonical_locale(locale)
    english = message.msgid if isinstance(message, Msg) else message
    return _fill(lookup(message, locale), english, locale, params)


def _plural(
    context: str | None, singular: str, plural: str, n: int, locale: str,
    params: dict[str, object],
) -> str:
    locale = canonical_locale(locale)
    catalog = translations(locale)
    if context is None:
        text = catalog.ngettext(singular, plural, n)
    else:
        text = catalog.npgettext(context, singular, plural, n)
    params.setdefault("n", n)
    return _fill(text, singular if n == 1 else plural, locale, params)


def ntranslate(singular: str, plural: str, n: int, locale: str, /, **params: object) -> str:
    """Plural form of :func:`translate`; ``{n}`` is filled in unless given."""
    return _plural(None, singular, plural, n, locale, params)


def gettext(message: Message, /, **params: object) -> str:
    """Translate a message into the current locale and fill in its placeholders."""
    return translate(message, current_locale(), **params)


_ = gettext


def pgettext(context: str, msgid: str, /, **params: object) -> str:
    """Translate a message whose id needs a context to be unambiguous."""
    return translate(Msg(context, msgid), current_locale(), **params)


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The plural form for ``n`` in the current locale; ``{n}`` is filled in."""
    return _plural(None, singular, plural, n, current_locale(), params)


def npgettext(context: str, singular: str, plural: str, n: int, /, **params: object) -> str:
    """:func:`ngettext` with a context."""
    return _plural(context, singular, plural, n, current_locale(), params)
