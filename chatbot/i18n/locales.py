"""The five locales the bot speaks, and how a Telegram user is mapped to one.

Locale codes are Babel/gettext identifiers (``pt_BR``), which is also the name of
each catalog directory under ``locales/``.
"""

from __future__ import annotations

from typing import Final

LOCALES: Final[tuple[str, ...]] = ("en", "pt_BR", "fa", "ur", "bn")
DEFAULT_LOCALE: Final = "en"

# Gettext plural rules. They agree with CLDR for every integer a game can show
# (the checks compare them on 0..10**4). pt_BR keeps the usual two forms: CLDR's extra
# "many" form only applies to exact millions, which no score reaches.
PLURAL_FORMS: Final[dict[str, str]] = {
    "en": "nplurals=2; plural=(n != 1);",
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "fa": "nplurals=2; plural=(n > 1);",
    "ur": "nplurals=2; plural=(n != 1);",
    "bn": "nplurals=2; plural=(n > 1);",
}

# Language subtag -> our locale. Every Portuguese speaker gets pt_BR: it is
# closer to them than English.
_BY_LANGUAGE: Final[dict[str, str]] = {
    "en": "en",
    "pt": "pt_BR",
    "fa": "fa",
    "ur": "ur",
    "bn": "bn",
}


def canonical_locale(code: str) -> str:
    """Spell one of our locale codes canonically (``pt-br`` -> ``pt_BR``).

    Raises ValueError for anything that is not one of LOCALES: code that sets a
    locale must not silently fall back to English.
    """
    wanted = code.strip().replace("-", "_").lower()
    for locale in LOCALES:
        if locale.lower() == wanted:
            return locale
    raise ValueError(f"unsupported locale {code!r}; expected one of {LOCALES}")


def _from_tag(tag: str | None) -> str | None:
    """Our locale for an IETF/Telegram language tag, or None if we have none."""
    if not tag or not tag.strip():
        return None
    parts = tag.strip().replace("_", "-").lower().split("-")
    return _BY_LANGUAGE.get(parts[0])


def locale_for_tag(tag: str | None) -> str | None:
    """Our locale for a language tag a person typed (``PT``, ``pt-br``, ``fa_IR``), or None."""
    return _from_tag(tag)


def resolve_locale(
    user_choice: str | None,
    telegram_language_code: str | None,
    default: str = DEFAULT_LOCALE,
) -> str:
    """The locale to answer a user in.

    An explicit choice (stored by a /language command) wins over the language
    of the user's Telegram app; anything we do not speak gets ``default``.
    """
    fallback = canonical_locale(default)
    return _from_tag(user_choice) or _from_tag(telegram_language_code) or fallback
