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

# The ordinal words of the seven tricks a Put hand may have, as each language's players
# say them.
ORDINALS = {
    "en": ("first", "second", "third", "fourth", "fifth", "sixth", "seventh"),
    "pt_BR": ("Primeira rodada", "Segunda rodada", "Terceira rodada", "Quarta rodada",
              "Quinta rodada", "Sexta rodada", "Sétima rodada"),
    "fa": ("دستِ اول", "دستِ دوم", "دستِ سوم", "دستِ چهارم", "دستِ پنجم", "دستِ ششم",
           "دستِ هفتم"),
    "ur": ("پہلا ہاتھ", "دوسرا ہاتھ", "تیسرا ہاتھ", "چوتھا ہاتھ", "پانچواں ہاتھ",
           "چھٹا ہاتھ", "ساتواں ہاتھ"),
    "bn": ("প্রথম পিট", "দ্বিতীয় পিট", "তৃতীয় পিট", "চতুর্থ পিট", "পঞ্চম পিট", "ষষ্ঠ পিট",
           "সপ্তম পিট"),
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
    assert len(set(said)) == 7


@pytest.mark.parametrize("locale", list(ORDINALS))
def test_the_table_log_names_the_trick_by_its_ordinal(locale: str) -> None:
    pair = Viewer(RULES, 4, ["Ana", "Bia", "Caio", "Davi"], None)
    alone = Viewer(RULES, 2, ["Ana", "Bia"], 0)
    lines = [render(E.TrickWon(0, 1, 1), pair, locale),
             render(E.TrickWon(1, 0, 0), alone, locale),
             render(E.TrickWon(2, None, None), alone, locale)]
    for text, ordinal in zip(lines, ORDINALS[locale][:3], strict=True):
        assert ordinal in terminal_text(text), text
    assert "Bia" in lines[0] and "Davi" in lines[0]


def test_the_english_lines() -> None:
    with use_locale("en"):
        assert trick_line(TrickLine.TAKEN, 0, team="Ana and Bot 2") == (
            "The first trick goes to Ana and Bot 2.")
        assert trick_line(TrickLine.YOURS, 1) == "You win the second trick."
        assert trick_line(TrickLine.TIED, 2) == "The third trick is tied."


def test_every_trick_of_the_biggest_put_hand_has_its_ordinal() -> None:
    """Put for six players each on their own deals seven cards (rules 6.3.2): the fourth
    to the seventh trick are named like the first three, not numbered."""
    put = rules_class("put")({})
    assert put.cards_per_player(6) == len(ORDINAL_LINES[TrickLine.TAKEN])
    with use_locale("ur"):
        assert terminal_text(trick_line(TrickLine.TAKEN, 3, team="Ana")) == (
            "چوتھا ہاتھ: Ana کے نام۔")


def test_a_trick_past_the_seventh_is_numbered() -> None:
    """No variant plays an eighth trick; if one did, its line would still be a sentence."""
    with use_locale("en"):
        assert trick_line(TrickLine.TAKEN, 7, team="Ana") == "Trick 8 to Ana."
        assert trick_line(TrickLine.TIED, 7) == "Trick 8 is tied."
    with use_locale("pt_BR"):
        assert trick_line(TrickLine.YOURS, 7) == "Rodada 8 para você."
