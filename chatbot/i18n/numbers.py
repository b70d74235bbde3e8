"""Numbers in the locale's own digits.

CLDR gives Persian the ``arabext`` numbering system (۰-۹) and Bengali ``beng``
(০-৯); Urdu (ur_PK), Portuguese and English use ``latn``. Babel 2.19 applies a
locale's separators with ``numbering_system="default"`` but still prints Latin
digits (Persian 1234 comes out as ``1٬234``), and it ships no digit table, so
the digits are mapped here from the locale's default numbering system.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache, lru_cache
from typing import Final

from babel import Locale
from babel.numbers import format_decimal

from chatbot.i18n.context import current_locale

# CLDR numbering systems (common/supplemental/numberingSystems.xml) we may meet.
DIGITS: Final[dict[str, str]] = {
    "latn": "0123456789",
    "arab": "٠١٢٣٤٥٦٧٨٩",
    "arabext": "۰۱۲۳۴۵۶۷۸۹",
    "beng": "০১২৩৪৫৬৭৮৯",
    "deva": "०१२३४५६७८९",
}


@cache
def numbering_system(locale: str) -> str:
    """The CLDR default numbering system of a locale (``fa`` -> ``arabext``)."""
    return Locale.parse(locale).default_numbering_system


@cache
def _digit_table(locale: str) -> dict[int, int]:
    digits = DIGITS.get(numbering_system(locale), DIGITS["latn"])
    return str.maketrans(DIGITS["latn"], digits)


def format_number(n: int | float | Decimal, locale: str | None = None) -> str:
    """Format a number with the locale's separators and digits.

    Grouping follows CLDR, so 1234 is ``۱٬۲۳۴`` in Persian, ``১,২৩৪`` in Bengali
    and ``1.234`` in Portuguese. Scores and counts never reach four digits;
    pass codes and ids as strings, not ints.
    """
    locale = locale or current_locale()
    if type(n) is int:  # scores, counts, seconds: the same few, drawn for every view
        return _format_int(n, locale)
    text = format_decimal(n, locale=locale, numbering_system="default")
    return text.translate(_digit_table(locale))


@lru_cache(maxsize=8192)
def _format_int(n: int, locale: str) -> str:
    text = format_decimal(n, locale=locale, numbering_system="default")
    return text.translate(_digit_table(locale))
