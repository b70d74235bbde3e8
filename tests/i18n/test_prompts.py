"""Every prompt of the terminal game rendered with a count of 1, and its menus' numbers in
the locale's digits (chatbot/i18n/prompts.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chatbot.i18n import LOCALES, _, use_locale
from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.numbers import format_number
from chatbot.i18n.prompts import PROMPTS, menu_line
from chatbot.i18n.sentence_checks import mixed_digits


@pytest.mark.parametrize("prompt", PROMPTS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_menu_of_one_asks_for_one_number(prompt: Callable[[int], str], locale: str) -> None:
    """Not "a number from 1 to 1": the one number appears once."""
    with use_locale(locale):
        text = terminal_text(prompt(1))
    assert text.count(format_number(1, locale)) == 1, text
    assert not mixed_digits(text, locale), text


@pytest.mark.parametrize("prompt", PROMPTS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_menu_of_six_names_its_range(prompt: Callable[[int], str], locale: str) -> None:
    with use_locale(locale):
        text = terminal_text(prompt(6))
    assert format_number(1, locale) in text and format_number(6, locale) in text, text
    assert not mixed_digits(text, locale), text


@pytest.mark.parametrize(("locale", "line"), [
    ("en", "  3) 7♥"), ("pt_BR", "  3) 7♥"), ("fa", "  ۳) 7♥"), ("ur", "  3) 7♥"),
    ("bn", "  ৩) 7♥"),
])
def test_menu_numbers_in_the_locales_digits(locale: str, line: str) -> None:
    assert menu_line(3, "7♥", locale) == line


def test_the_range_prompt_alone_would_say_one_to_one() -> None:
    """What the count-1 forms replace: the range message repeats the one number."""
    with use_locale("pt_BR"):
        old = _("Please type a number from 1 to {count}, ? for the rules, h for a hint, or q to "
                "quit.", count=1)
    assert "de 1 a 1" in old
