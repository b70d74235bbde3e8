"""The review's findings that a program can catch, as checks of the catalogs and of lines.

A native-reader review of the catalogs (issue 15) found classes of error that
come back whenever a message is added, so CI looks for them
(tests/i18n/test_style.py):

- Guillemets in Bengali, which quotes with “ ”.
- More than one word for "team" in a language (pt "dupla" is a pair: wrong for
  1v1 and 3v3; ur «جوڑی», bn «জুটি» likewise).
- The English word "placeholder" left in a translation.
- A right-to-left line whose first character is not right to left (an emoji
  first flips a Persian line in Telegram), and any Unicode isolate in a text
  (Telegram Desktop mishandles them; see docs/bidi.md).

Sentence-level checks (Urdu agreement, Bengali case endings, numbers side by side,
form-like endings, mixed digits) are in sentence_checks.py, the words each language
replaced in term_base.toml (read by term_base.py).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from chatbot.i18n.bidi import ISOLATES, RLM, is_strong_rtl
from chatbot.i18n.catalogs import DOMAINS, po_path, read_catalog

# The one word for a side in each language, and the words it replaced.
TEAM_WORDS: dict[str, str] = {"pt_BR": "time", "fa": "تیم", "ur": "ٹیم", "bn": "দল"}
NOT_TEAM_WORDS: dict[str, tuple[str, ...]] = {
    "pt_BR": ("dupla", "equipe"), "fa": (), "ur": ("جوڑی",), "bn": ("জুটি",)}
FIELD = re.compile(r"\{\w+\}")  # a placeholder: "{team}" names players, not the word
TEAM_ID = re.compile(r"\bteams?\b", re.IGNORECASE)
GUILLEMETS = re.compile("[«»‹›]")


def translations(locale: str) -> Iterator[tuple[str, str]]:
    """(English id, translation) for every message of every domain of a locale."""
    for domain in DOMAINS:
        for message in read_catalog(po_path(locale, domain), locale):
            if not message.id:
                continue
            ids = message.id if message.pluralizable else (message.id,)
            strings = message.string if message.pluralizable else (message.string,)
            for text in strings or ():
                if text:
                    yield str(ids[0]), str(text)


def guillemets(locale: str = "bn") -> list[str]:
    return [text for _, text in translations(locale) if GUILLEMETS.search(text)]


def team_word_problems(locale: str) -> list[str]:
    """Translations of a message about a team without the language's team word, and any
    translation that uses one of the replaced words."""
    word, others = TEAM_WORDS[locale], NOT_TEAM_WORDS[locale]
    problems = []
    for english, text in translations(locale):
        lowered = text.lower()
        replaced = any(other in lowered for other in others)
        if replaced or (TEAM_ID.search(FIELD.sub("", english)) and word not in lowered):
            problems.append(text)
    return problems


def english_left(locale: str, words: tuple[str, ...] = ("placeholder",)) -> list[str]:
    return [text for _, text in translations(locale)
            if any(word in text.lower() for word in words)]


def is_emoji(char: str) -> bool:
    """A pictograph (or its variation selector) that may set a line's direction wrongly."""
    return unicodedata.category(char) == "So" or char == "\ufe0f"


def rtl_line_problem(line: str) -> str | None:
    """Why a line of an RTL message would not be laid out right to left, or None."""
    if any(char in ISOLATES for char in line):
        return "a Unicode isolate (Telegram Desktop mishandles them)"
    if not line.strip():
        return None
    first = line[0]
    if first == RLM or is_strong_rtl(first):
        return None
    if is_emoji(first):
        return "starts with an emoji"
    return "starts with a left-to-right or neutral character"
