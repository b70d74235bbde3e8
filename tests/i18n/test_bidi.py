"""Right-to-left messages keep cards, names and numbers in order, with marks every
Telegram client and a terminal handle (no Unicode isolates: docs/bidi.md)."""

from __future__ import annotations

import pytest

from chatbot.i18n import _, card_label, is_rtl, isolate, ngettext, use_locale
from chatbot.i18n.bidi import (
    CLOSE,
    ISOLATES,
    LRM,
    OPEN,
    RLM,
    rtl_lines,
    terminal_text,
    without_marked,
)
from chatbot.rules.cards import Card, Family


def card_played(player: str, card: str) -> str:
    return _("{player} played {card}.", player=player, card=card)


def trick_won(number: int, team: str) -> str:
    return _("Trick {number} to {team}.", number=number, team=team)


def worth(n: int) -> str:
    return ngettext("This hand is worth {n} point.", "This hand is worth {n} points.", n)


def test_is_rtl() -> None:
    assert is_rtl("fa") and is_rtl("ur")
    assert not any(is_rtl(code) for code in ("en", "pt_BR", "bn"))


def test_isolate_marks_a_fragment() -> None:
    assert isolate("7♥") == f"{RLM}{LRM}7♥{LRM}{RLM}"
    assert isolate(isolate("7♥")) == isolate("7♥")  # idempotent
    assert isolate("") == ""
    assert without_marked(f"{OPEN}a{CLOSE} {OPEN}b{CLOSE} x") == "  x"
    # a right-to-left fragment (a term, a side of marked names) keeps its own direction
    assert isolate("قبول!") == f"{RLM}قبول!{RLM}"
    pair = f"{OPEN}a{CLOSE} و {OPEN}b{CLOSE}"
    assert isolate(pair) == pair == isolate(isolate(pair))  # already bounded by RLMs


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("fa", f"{OPEN}Ana{CLOSE} ورق {OPEN}7♥{CLOSE} را انداخت."),
        ("ur", f"{OPEN}Ana{CLOSE} کی چال: {OPEN}7♥{CLOSE}۔"),
    ],
)
def test_rtl_message_marks_card_and_name(locale: str, expected: str) -> None:
    with use_locale(locale):
        label = card_label(Card(7, "H"), Family.FRENCH)
        assert label == f"{OPEN}7♥{CLOSE}"
        # the label is not marked twice; the line starts with an RLM (from the name's mark)
        assert card_played("Ana", label) == expected
        assert not any(char in ISOLATES for char in expected)


@pytest.mark.parametrize("locale", ["fa", "ur"])
def test_rtl_marks_every_parameter(locale: str) -> None:
    with use_locale(locale):
        name = "John Smith"
        digits = "۳" if locale == "fa" else "3"
        line = trick_won(3, name)
        assert f"{OPEN}{name}{CLOSE}" in line and f"{OPEN}{digits}{CLOSE}" in line
        assert f"{OPEN}{digits}{CLOSE}" in worth(3)
        assert card_played("Ana", "x").count(OPEN + "Ana") == 1


def test_every_rtl_line_starts_right_to_left() -> None:
    assert rtl_lines("7♥ x\nدست\n\n🏆 y") == f"{RLM}7♥ x\nدست\n\n{RLM}🏆 y"
    with use_locale("fa"):
        two = _("{first}\n{second}", first="Ana", second="Bia")  # not in any catalog
    assert all(line.startswith(RLM) for line in two.split("\n"))


@pytest.mark.parametrize("locale", ["en", "pt_BR", "bn"])
def test_ltr_locales_are_not_marked(locale: str) -> None:
    with use_locale(locale):
        text = card_played("Ana", card_label(Card(1, "S"), Family.FRENCH))
    assert LRM not in text and RLM not in text
    assert "Ana" in text and "A♠" in text


def test_terminal_text_has_no_bidi_controls() -> None:
    with use_locale("fa"):
        line = trick_won(3, "Ana")
    plain = terminal_text(line + "\u2068x\u2069")
    assert plain and not any(char in plain for char in (LRM, RLM, *ISOLATES))
    assert "Ana" in plain and "۳" in plain
