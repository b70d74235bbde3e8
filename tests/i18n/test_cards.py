"""Cards are named the way glossary.md (sections 3-5) says them."""

from __future__ import annotations

import pytest

from chatbot.i18n import LOCALES, card_label, card_name, rank_name, suit_name, use_locale
from chatbot.i18n.bidi import CLOSE, OPEN
from chatbot.rules.cards import Card, Family, french_deck, spanish_deck

A_SPADES, SEVEN_HEARTS, FOUR_CLUBS, SEVEN_DIAMONDS = (
    Card(1, "S"), Card(7, "H"), Card(4, "C"), Card(7, "D")
)

# The glossary's own examples (section 4, "Card names are formed like this").
GLOSSARY_FRENCH = {
    "en": ("ace of spades", "seven of hearts", "four of clubs", "seven of diamonds"),
    "pt_BR": ("ás de espadas", "sete de copas", "quatro de paus", "sete de ouros"),
    "fa": ("آسِ پیک", "هفتِ دل", "چهارِ خاج", "هفتِ خشت"),
    "ur": ("حکم کا یکّا", "پان کا ستّا", "چڑیا کا چوکّا", "اینٹ کا ستّا"),
    "bn": ("ইস্কাবনের টেক্কা", "হরতনের সাত্তা", "চিড়িতনের চৌকা", "রুইতনের সাত্তা"),
}
# Section 5: 1E, 1B, 7E, 7O.
GLOSSARY_SPANISH = {
    "en": ("ace of swords", "ace of clubs", "seven of swords", "seven of coins"),
    "pt_BR": ("espadão", "bastião", "sete de espadas", "sete de ouros"),
    "fa": ("آسِ شمشیر", "آسِ چوگان", "هفتِ شمشیر", "هفتِ سکّه"),
    "ur": ("تلوار کا یکّا", "ڈنڈے کا یکّا", "تلوار کا ستّا", "سکّے کا ستّا"),
    "bn": ("তলোয়ারের টেক্কা", "লাঠির টেক্কা", "তলোয়ারের সাত্তা", "মোহরের সাত্তা"),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_french_card_names_match_the_glossary(locale: str) -> None:
    cards = (A_SPADES, SEVEN_HEARTS, FOUR_CLUBS, SEVEN_DIAMONDS)
    names = tuple(card_name(card, Family.FRENCH, locale) for card in cards)
    assert names == GLOSSARY_FRENCH[locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_spanish_card_names_match_the_glossary(locale: str) -> None:
    cards = (Card(1, "E"), Card(1, "B"), Card(7, "E"), Card(7, "O"))
    names = tuple(card_name(card, Family.SPANISH, locale) for card in cards)
    assert names == GLOSSARY_SPANISH[locale]


@pytest.mark.parametrize(
    ("locale", "card", "expected"),
    [
        ("fa", Card(2, "H"), "دوی دل"),  # ezafe after a vowel
        ("fa", Card(3, "S"), "سهٔ پیک"),
        ("fa", Card(12, "D"), "بی‌بیِ خشت"),
        ("ur", Card(2, "H"), "پان کی دُکّی"),  # feminine ranks take کی
        ("ur", Card(12, "C"), "چڑیا کی بیگم"),
        ("ur", Card(11, "S"), "حکم کا غلام"),
        ("bn", Card(13, "H"), "হরতনের সাহেব"),
        ("pt_BR", Card(11, "D"), "valete de ouros"),
        ("en", Card(10, "C"), "ten of clubs"),
    ],
)
def test_french_card_name_grammar(locale: str, card: Card, expected: str) -> None:
    assert card_name(card, Family.FRENCH, locale) == expected


@pytest.mark.parametrize(
    ("locale", "card", "expected"),
    [
        ("en", Card(10, "C"), "jack of cups"),
        ("en", Card(11, "B"), "knight of clubs"),
        ("pt_BR", Card(12, "O"), "rei de ouros"),
        ("fa", Card(11, "C"), "اسب‌سوارِ جام"),
        ("ur", Card(12, "C"), "پیالے کا بادشاہ"),  # oblique پیالہ -> پیالے
        ("bn", Card(12, "B"), "লাঠির সাহেব"),  # the Bengali card name, as for the French king
    ],
)
def test_spanish_court_cards(locale: str, card: Card, expected: str) -> None:
    assert card_name(card, Family.SPANISH, locale) == expected


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_has_a_name(locale: str) -> None:
    decks = ((Family.FRENCH, french_deck(range(1, 14))), (Family.SPANISH, spanish_deck()))
    for family, deck in decks:
        names = {card_name(card, family, locale) for card in deck}
        assert len(names) == len(deck), (locale, family)
        if locale in ("fa", "ur", "bn"):  # no English leaks into the other scripts
            assert not any(ch.isascii() and ch.isalpha() for n in names for ch in n)


def test_card_labels() -> None:
    assert card_label(SEVEN_HEARTS, Family.FRENCH, "en") == "7♥"
    assert card_label(A_SPADES, Family.FRENCH, "pt_BR") == "A♠"
    assert card_label(Card(10, "D"), Family.FRENCH, "bn") == "10♦"
    assert card_label(Card(13, "C"), Family.FRENCH, "en") == "K♣"
    assert card_label(Card(1, "E"), Family.SPANISH, "en") == "1⚔\ufe0f"
    assert card_label(Card(7, "O"), Family.SPANISH, "en") == "7🪙"
    assert card_label(Card(12, "C"), Family.SPANISH, "en") == "12🏆"
    assert card_label(Card(11, "B"), Family.SPANISH, "en") == "11🪵"
    for locale in ("fa", "ur"):
        assert card_label(SEVEN_HEARTS, Family.FRENCH, locale) == f"{OPEN}7♥{CLOSE}"
        assert card_label(Card(7, "O"), Family.SPANISH, locale) == f"{OPEN}7🪙{CLOSE}"


def test_labels_follow_the_current_locale() -> None:
    with use_locale("ur"):
        assert card_label(A_SPADES, Family.FRENCH) == f"{OPEN}A♠{CLOSE}"
        assert card_name(A_SPADES, Family.FRENCH) == "حکم کا یکّا"


def test_rank_and_suit_names() -> None:
    assert suit_name("S", Family.FRENCH, "ur") == "حکم"  # spades, not the Persian trump
    assert suit_name("S", Family.FRENCH, "fa") == "پیک"
    assert suit_name("C", Family.FRENCH, "fa") == "خاج"
    assert suit_name("B", Family.SPANISH, "bn") == "লাঠি"
    assert suit_name("C", Family.SPANISH, "pt_BR") == "copas"
    assert rank_name(1, Family.FRENCH, "bn") == "টেক্কা"
    assert rank_name(13, Family.FRENCH, "bn") == "সাহেব"
    assert rank_name(12, Family.SPANISH, "bn") == "সাহেব"
    assert rank_name(10, Family.SPANISH, "pt_BR") == "valete"
    assert rank_name(10, Family.FRENCH, "pt_BR") == "dez"
    assert rank_name(7, Family.SPANISH, "ur") == "ستّا"


@pytest.mark.parametrize(
    ("card", "family"),
    [(Card(8, "E"), Family.SPANISH), (Card(1, "X"), Family.FRENCH), (Card(14, "H"), Family.FRENCH)],
)
def test_cards_outside_the_deck_are_refused(card: Card, family: Family) -> None:
    with pytest.raises(ValueError):
        card_name(card, family, "en")
    with pytest.raises(ValueError):
        card_label(card, family, "en")
