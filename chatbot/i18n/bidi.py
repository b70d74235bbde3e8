"""Bidirectional text: keep left-to-right fragments intact in RTL messages, on every client.

Persian and Urdu lines mix right-to-left words with left-to-right fragments
(card faces like ``7♥``, numbers, Latin user names). Left alone, the Unicode
bidi algorithm lets such a fragment pull its neighbours along (``7♥`` next to
``10`` shown in the wrong order), and a line whose first strong character is
Latin is laid out left to right.

The Unicode isolates (U+2066..U+2069) would be the textbook answer, but
Telegram Desktop's text engine mishandles them (tdesktop #27099, #10544) and a
terminal prints them as stray marks. So a fragment is *marked* instead, with the
two zero-width strong characters every engine has known since Unicode 1.1:

    RLM LRM fragment LRM RLM

The inner LRMs make the fragment's own digits and symbols one left-to-right run
(``7♥``, ``Bot 1``); the outer RLMs make whatever is outside it (a space, a
colon, the next fragment) resolve right to left, as an isolate would. A line of
an RTL message never starts with anything but a right-to-left letter or an RLM,
so its paragraph direction is right to left everywhere, even when a name, a card
or an emoji comes first (an emoji first flips a Persian line in Telegram's
apps: tdesktop #25004, #8410). See docs/bidi.md.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Final

from babel import Locale

LRM: Final = "\u200e"  # LEFT-TO-RIGHT MARK
RLM: Final = "\u200f"  # RIGHT-TO-LEFT MARK
ALM: Final = "\u061c"  # ARABIC LETTER MARK
OPEN: Final = RLM + LRM  # starts a marked left-to-right fragment
CLOSE: Final = LRM + RLM  # ends it
# The Unicode isolates: never written by this package (see the module's docstring).
FSI: Final = "\u2068"  # FIRST STRONG ISOLATE
LRI: Final = "\u2066"  # LEFT-TO-RIGHT ISOLATE
RLI: Final = "\u2067"  # RIGHT-TO-LEFT ISOLATE
PDI: Final = "\u2069"  # POP DIRECTIONAL ISOLATE
ISOLATES: Final = frozenset((FSI, LRI, RLI, PDI))
# Every invisible bidi control: marks, isolates, embeddings and overrides.
BIDI_CONTROLS: Final = frozenset(
    (LRM, RLM, ALM, *ISOLATES, "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"))
_INNERMOST: Final = re.compile(f"{OPEN}[^{LRM}{RLM}]*{CLOSE}")


@cache
def is_rtl(locale: str) -> bool:
    """Whether the locale's script is written right to left (CLDR)."""
    return Locale.parse(locale).character_order == "right-to-left"


def without_marked(text: str) -> str:
    """``text`` with every marked fragment taken out, innermost first (nested marks come
    from a marked team name made of marked player names)."""
    while True:
        shorter = _INNERMOST.sub("", text)
        if shorter == text:
            return text
        text = shorter


def _is_marked(text: str) -> bool:
    """Whether one marked fragment opened at the start closes at the end."""
    if not (text.startswith(OPEN) and text.endswith(CLOSE)) or len(text) < 4:
        return False
    return without_marked(text) == ""


def first_strong_is_rtl(text: str) -> bool:
    """Whether the first strongly directional character (an RLM counts) is right to left."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def isolate(text: str) -> str:
    """Mark ``text`` as one fragment of an RTL line (idempotent; empty text stays empty):
    a left-to-right or neutral one (a name, a card, a number) between RLM LRM ... LRM RLM,
    a right-to-left one (a translated term, a team of marked names) between RLMs only.
    The name is kept from when this used the Unicode isolates."""
    if not text or _is_marked(text):
        return text
    if first_strong_is_rtl(text):
        if text.startswith(RLM) and text.endswith(RLM) and len(text) > 1:
            return text
        return f"{RLM}{text}{RLM}"
    return f"{OPEN}{text}{CLOSE}"


def is_strong_rtl(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("R", "AL")


def rtl_lines(text: str) -> str:
    """Every line of an RTL text starts right to left: an RLM before a line whose first
    character is not a right-to-left letter (a marked name, a digit, an emoji)."""
    lines = text.split("\n")
    return "\n".join(line if not line or line[0] == RLM or is_strong_rtl(line[0])
                     else RLM + line for line in lines)


# What a terminal must not get: the isolates, embeddings and overrides (never written
# here, and shown by terminals as stray characters). The marks stay (terminal_line).
NOT_FOR_TERMINALS: Final = BIDI_CONTROLS - {LRM, RLM, ALM}


def terminal_text(text: str) -> str:
    """``text`` without any invisible bidi control: the characters a reader sees, for
    comparing a line with what it should say."""
    return "".join(char for char in text if char not in BIDI_CONTROLS)


def terminal_line(text: str) -> str:
    """``text`` for a terminal: the RLM/LRM marks kept, since a terminal that lays out
    bidi (the Unicode algorithm, as mlterm, Konsole or python-bidi do) needs them to keep a
    run of cards in order (``K♣ K♥ K♠ K♦``, not ``♦K♣ K♥ K♠ K``), and a terminal that does
    none draws these zero-width marks as nothing; any isolate or embedding removed."""
    return "".join(char for char in text if char not in NOT_FOR_TERMINALS)
