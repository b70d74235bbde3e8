"""A trick is named as players name it, "the first trick", not "trick 1", in every language
(chatbot/i18n/tricks.py, issue 36)."""

from __future__ import annotations

import pytest

from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.context import use_locale
from chatbot.i18n.render import Viewer, render
from chatbot.i18n.tricks import ORDINAL_LINES, TrickLine, trick_line
from chatbot.rules import events as E
from chatbot.rules.registry import rules_class

# The ordinal words of the three tricks, as each language's players say them.
ORDINALS = {
    "en": ("first", "second", "third"),
    "pt_BR": ("Primeira rodada", "Segunda rodada", "Terceira rodada"),
    "fa": ("دستِ اول", "دستِ دوم", "دستِ سوم"),
    "ur": ("پہلا ہاتھ", "دوسرا ہاتھ", "تیسرا ہاتھ"),
    "bn": ("প্রথম পিট", "দ্বিতীয় পিট", "তৃতীয় পিট"),
}
NUMERALS = "0123456789۰۱۲۳۴۵۶۷۸۹০১২৩৪৫৬৭৮৯"
RULES = rules_class("paulista")({})


@pytest.mark.parametrize("locale", list(ORDINALS))
@pytest.mark.parametrize("line", list(TrickLine))
def test_each_trick_is_said_by_its_ordinal(locale: str, line: TrickLine) -> None:
    with use_locale(locale):
        said = [terminal_text(trick_line(line, trick, team="Ana"))
                for trick in range(len(ORDINAL_LINES[line]))]
    for text, ordinal in zip(said, ORDINALS[locale], strict=True):
        assert ordinal in text, (text, ordinal)
        assert not any(digit in text for digit in NUMERALS), text
    assert len(set(said)) == 3


@pytest.mark.parametrize("locale", list(ORDINALS))
def test_the_table_log_names_the_trick_by_its_ordinal(locale: str) -> None:
    pair = Viewer(RULES, 4, ["Ana", "Bia", "Caio", "Davi"], None)
    alone = Viewer(RULES, 2, ["Ana", "Bia"], 0)
    lines = [render(E.TrickWon(0, 1, 1), pair, locale),
             render(E.TrickWon(1, 0, 0), alone, locale),
             render(E.TrickWon(2, None, None), alone, locale)]
    for text, ordinal in zip(lines, ORDINALS[locale], strict=True):
        assert ordinal in terminal_text(text), text
    assert "Bia" in lines[0] and "Davi" in lines[0]


def test_the_english_lines() -> None:
    with use_locale("en"):
        assert trick_line(TrickLine.TAKEN, 0, team="Ana and Bot 2") == (
            "The first trick goes to Ana and Bot 2.")
        assert trick_line(TrickLine.YOURS, 1) == "You win the second trick."
        assert trick_line(TrickLine.TIED, 2) == "The third trick is tied."


def test_a_trick_past_the_third_is_numbered() -> None:
    """No variant plays a fourth trick; if one did, its line would still be a sentence."""
    with use_locale("en"):
        assert trick_line(TrickLine.TAKEN, 3, team="Ana") == "Trick 4 to Ana."
        assert trick_line(TrickLine.TIED, 3) == "Trick 4 is tied."
    with use_locale("pt_BR"):
        assert trick_line(TrickLine.YOURS, 3) == "Rodada 4 para você."
