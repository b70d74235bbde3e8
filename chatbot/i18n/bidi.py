"""Bidirectional text: keep left-to-right fragments intact in RTL messages.

Persian and Urdu lines mix right-to-left words with left-to-right fragments
(card faces like ``7♥``, numbers, Latin user names). Without isolation the
Unicode bidi algorithm lets such a fragment pull its neighbours along, so
``7♥`` next to ``10`` can be shown in the wrong order. A first-strong isolate
around each fragment makes every client lay it out as one unit.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from babel import Locale

FSI: Final = "\u2068"  # FIRST STRONG ISOLATE
LRI: Final = "\u2066"  # LEFT-TO-RIGHT ISOLATE
RLI: Final = "\u2067"  # RIGHT-TO-LEFT ISOLATE
PDI: Final = "\u2069"  # POP DIRECTIONAL ISOLATE
_OPENERS: Final = frozenset((FSI, LRI, RLI))


@cache
def is_rtl(locale: str) -> bool:
    """Whether the locale's script is written right to left (CLDR)."""
    return Locale.parse(locale).character_order == "right-to-left"


def _is_isolated(text: str) -> bool:
    """Whether one isolate opened at the first character closes at the last."""
    if len(text) < 2 or text[0] not in _OPENERS or text[-1] != PDI:
        return False
    depth = 0
    for index, char in enumerate(text):
        if char in _OPENERS:
            depth += 1
        elif char == PDI:
            depth -= 1
            if depth == 0:
                return index == len(text) - 1
    return False


def isolate(text: str) -> str:
    """Wrap ``text`` in FSI ... PDI (idempotent; empty text stays empty)."""
    if not text or _is_isolated(text):
        return text
    return f"{FSI}{text}{PDI}"
