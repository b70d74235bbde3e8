"""Numbers are written with each locale's own digits."""

from __future__ import annotations

import unicodedata

import pytest

from chatbot.i18n import format_number, use_locale
from chatbot.i18n.numbers import DIGITS, numbering_system


@pytest.mark.parametrize(
    ("locale", "system"),
    [("fa", "arabext"), ("bn", "beng"), ("ur", "latn"), ("pt_BR", "latn"), ("en", "latn")],
)
def test_default_numbering_system_from_cldr(locale: str, system: str) -> None:
    assert numbering_system(locale) == system


def test_digit_tables_are_the_unicode_digits() -> None:
    for system, digits in DIGITS.items():
        assert [unicodedata.digit(d) for d in digits] == list(range(10)), system


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("fa", "۱٬۲۳۴"),  # Extended Arabic-Indic digits, Arabic thousands separator
        ("bn", "১,২৩৪"),  # Bengali digits
        ("ur", "1,234"),  # Urdu (Pakistan) writes Latin digits
        ("pt_BR", "1.234"),
        ("en", "1,234"),
    ],
)
def test_format_number_uses_locale_digits_and_grouping(locale: str, expected: str) -> None:
    assert format_number(1234, locale) == expected


def test_small_numbers_and_grouping() -> None:
    assert format_number(0, "fa") == "۰"
    assert format_number(12, "fa") == "۱۲"
    assert format_number(30, "bn") == "৩০"
    assert format_number(123456, "bn") == "১,২৩,৪৫৬"  # Indian grouping
    assert format_number(12, "ur") == "12"


def test_babel_alone_still_prints_latin_digits() -> None:
    """Why the mapping exists; if Babel starts mapping digits, simplify numbers.py."""
    from babel.numbers import format_decimal

    assert format_decimal(1234, locale="fa", numbering_system="default") == "1٬234"


def test_format_number_defaults_to_current_locale() -> None:
    with use_locale("fa"):
        assert format_number(7) == "۷"
    assert format_number(7) == "7"
