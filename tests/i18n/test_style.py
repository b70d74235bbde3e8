"""The review's findings a program can catch (chatbot/i18n/style.py), checked in every catalog."""

from __future__ import annotations

import pytest

from chatbot.i18n import style
from chatbot.i18n.bidi import FSI, PDI, RLM

TRANSLATED = ["pt_BR", "fa", "ur", "bn"]


def test_no_guillemets_in_bengali() -> None:
    assert style.guillemets("bn") == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_one_word_for_team(locale: str) -> None:
    """The same word for a side in every message, and none of the words it replaced."""
    assert style.team_word_problems(locale) == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_no_placeholder_left_in_english(locale: str) -> None:
    assert style.english_left(locale) == []


def test_rtl_line_problems() -> None:
    assert style.rtl_line_problem("دستِ ۱") is None
    assert style.rtl_line_problem(RLM + "Ana: ۳") is None
    assert style.rtl_line_problem("🏆 برنده") == "starts with an emoji"
    assert style.rtl_line_problem("Ana برد") is not None
    assert style.rtl_line_problem(f"دست {FSI}Ana{PDI}") is not None  # an isolate
