"""Names a person types on the command line: games, languages, bot levels.

Typed names are read the forgiving way (any case, spaces or underscores for
hyphens, well-known other names), and a name that matches nothing is answered
with the closest valid ones, so ``./truco play paulsta`` says what was meant.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence

from chatbot.i18n.locales import locale_for_tag

CUTOFF = 0.6  # difflib's own default: "paulsta" finds paulista, "nonesuch" nothing
WORD = re.compile(r"[\s-]+")


def pick_locale(name: str) -> str | None:
    """One of our locales from ``pt_BR``, ``pt-br``, ``PT``, ``fa_IR.UTF-8``; else None."""
    return locale_for_tag(name.split(".")[0])


def closest(name: str, valid: Sequence[str], count: int = 3,
            aliases: Mapping[str, str] | None = None) -> list[str]:
    """The valid names nearest to a misspelt one, nearest first (none when nothing is near).

    ``aliases`` gives a valid name the words it is also known by (a game's full name:
    "Argentine Truco"), so a word of it finds the name: ``truco`` finds every game
    called truco, ``le-truc`` among them."""
    typed = name.strip().lower()
    ranked: list[tuple[float, int, str]] = []
    for index, value in enumerate(valid):
        words = [value.lower(), *WORD.split(((aliases or {}).get(value, "")).lower())]
        score = max(difflib.SequenceMatcher(None, typed, word).ratio() for word in words if word)
        if score >= CUTOFF:
            ranked.append((-score, index, value))
    return [value for _score, _index, value in sorted(ranked)[:count]]
