"""Names a person types on the command line: games, languages, bot levels.

Typed names are read the forgiving way (any case, spaces or underscores for
hyphens, well-known other names), and a name that matches nothing is answered
with the closest valid ones, so ``./truco play paulsta`` says what was meant.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from chatbot.i18n.locales import locale_for_tag


def pick_locale(name: str) -> str | None:
    """One of our locales from ``pt_BR``, ``pt-br``, ``PT``, ``fa_IR.UTF-8``; else None."""
    return locale_for_tag(name.split(".")[0])


def closest(name: str, valid: Sequence[str], count: int = 3) -> list[str]:
    """The valid names nearest to a misspelt one (none when nothing is near)."""
    lowered = {v.lower(): v for v in valid}
    near = difflib.get_close_matches(name.strip().lower(), list(lowered), n=count, cutoff=0.6)
    return [lowered[n] for n in near]
