"""Right-to-left messages keep cards, names and numbers in order."""

from __future__ import annotations

import pytest

from chatbot.i18n import _, card_label, is_rtl, isolate, ngettext, use_locale
from chatbot.i18n.bidi import FSI, PDI
from chatbot.rules.cards import Card, Family


def card_played(player: str, card: str) -> str:
    return _("{player} played {card}", player=player, card=card)


def trick_won(number: int, team: str) -> str:
    return _("Trick {number} to {team}", number=number, team=team)


def worth(n: int) -> str:
    return ngettext("This hand is worth {n} point.", "This hand is worth {n} points.", n)


def test_is_rtl() -> None:
    assert is_rtl("fa") and is_rtl("ur")
    assert not any(is_rtl(code) for code in ("en", "pt_BR", "bn"))


def test_isolate() -> None:
    assert isolate("7♥") == f"{FSI}7♥{PDI}"
    assert isolate(isolate("7♥")) == isolate("7♥")  # idempotent
    assert isolate("") == ""
    pair = f"{FSI}a{PDI} {FSI}b{PDI}"  # two isolates side by side are not one
    assert isolate(pair) == f"{FSI}{pair}{PDI}"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("fa", f"{FSI}Ana{PDI} {FSI}7♥{PDI} را انداخت"),
        ("ur", f"{FSI}Ana{PDI} کی چال: {FSI}7♥{PDI}"),
    ],
)
def test_rtl_message_isolates_card_and_name(locale: str, expected: str) -> None:
    with use_locale(locale):
        label = card_label(Card(7, "H"), Family.FRENCH)
        assert label == f"{FSI}7♥{PDI}"
        assert card_played("Ana", label) == expected  # the label is not isolated twice


@pytest.mark.parametrize("locale", ["fa", "ur"])
def test_rtl_isolates_every_parameter(locale: str) -> None:
    with use_locale(locale):
        name = "John Smith"
        digits = "۳" if locale == "fa" else "3"
        line = trick_won(3, name)
        assert f"{FSI}{name}{PDI}" in line and f"{FSI}{digits}{PDI}" in line
        assert f"{FSI}{digits}{PDI}" in worth(3)
        assert card_played("Ana", "x").count(FSI) == card_played("Ana", "x").count(PDI) == 2


@pytest.mark.parametrize("locale", ["en", "pt_BR", "bn"])
def test_ltr_locales_are_not_isolated(locale: str) -> None:
    with use_locale(locale):
        text = card_played("Ana", card_label(Card(1, "S"), Family.FRENCH))
    assert FSI not in text and PDI not in text
    assert "Ana" in text and "A♠" in text
