"""The words each language does not use any more, checked in every catalog.

Each ``docs/i18n/<lang>.md`` keeps the language's term base: one word per
concept, the register, one form for the buttons of a kind. The words it
replaced come back whenever a message is added by someone who does not know
the choice, so CI looks for them (tests/i18n/test_term_base.py); that test also
makes sure every word listed is named in the language's document, so the
document and the check cannot drift apart. The words themselves, with the pattern
that finds each and what to write instead, are in ``term_base.toml`` beside this
module.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import NamedTuple

from chatbot.i18n.style import translations

DATA = Path(__file__).with_name("term_base.toml")


class Avoid(NamedTuple):
    """A word not to use: as the term base names it, how it is found, and what to write."""

    word: str
    pattern: str
    use: str


def load(path: Path = DATA) -> dict[str, tuple[Avoid, ...]]:
    """The rows of the data file by locale.

    The rows are data, about two hundred of them, added to by translators with every
    reading of a language, so they live in a TOML file (``term_base.toml``) rather than
    in code; a row without one of the three keys, or with another key, fails here,
    at import, rather than passing the check without looking for its word.
    """
    with path.open("rb") as file:
        data = tomllib.load(file)
    return {locale: tuple(Avoid(**row) for row in rows) for locale, rows in data.items()}


AVOID: dict[str, tuple[Avoid, ...]] = load()


def forbidden_alternates(locale: str) -> list[tuple[str, str]]:
    """(replaced word, translation) for every translation that still uses one."""
    found = []
    compiled = [(avoid.word, re.compile(avoid.pattern)) for avoid in AVOID.get(locale, ())]
    for _, text in translations(locale):
        found += [(word, text) for word, pattern in compiled if pattern.search(text)]
    return found
