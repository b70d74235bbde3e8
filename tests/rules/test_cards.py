"""chatbot/rules/cards.py: card codes of both families and the deck builders (rules C3)."""

from __future__ import annotations

import pytest

from chatbot.rules.cards import (
    Card,
    CardCodeError,
    Family,
    card_code,
    french_deck,
    parse_card,
    spanish_deck,
)

FRENCH_CODES = {
    "AC": Card(1, "C"), "2H": Card(2, "H"), "3S": Card(3, "S"), "4D": Card(4, "D"),
    "5C": Card(5, "C"), "6H": Card(6, "H"), "7S": Card(7, "S"), "8D": Card(8, "D"),
    "9C": Card(9, "C"), "TD": Card(10, "D"), "JH": Card(11, "H"), "QS": Card(12, "S"),
    "KC": Card(13, "C"),
}
SPANISH_CODES = {
    "1E": Card(1, "E"), "2B": Card(2, "B"), "3O": Card(3, "O"), "4C": Card(4, "C"),
    "5E": Card(5, "E"), "6B": Card(6, "B"), "7O": Card(7, "O"), "10C": Card(10, "C"),
    "11E": Card(11, "E"), "12B": Card(12, "B"),
}


@pytest.mark.parametrize(("code", "card"), FRENCH_CODES.items())
def test_french_codes(code: str, card: Card) -> None:
    assert parse_card(code, Family.FRENCH) == card
    assert card_code(card, Family.FRENCH) == code


@pytest.mark.parametrize(("code", "card"), SPANISH_CODES.items())
def test_spanish_codes(code: str, card: Card) -> None:
    assert parse_card(code, Family.SPANISH) == card
    assert card_code(card, Family.SPANISH) == code


@pytest.mark.parametrize(
    "code",
    ["", "C", "4", "1C", "10C", "0C", "11C", "4X", "4c", "ac", "XC", "4CC", "T", "JE", None, 4],
)
def test_bad_french_codes(code: object) -> None:
    with pytest.raises(CardCodeError):
        parse_card(code, Family.FRENCH)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "code", ["", "E", "1", "0E", "8E", "9B", "13O", "1X", "1H", "AE", "KE", "1e", None, 1]
)
def test_bad_spanish_codes(code: object) -> None:
    with pytest.raises(CardCodeError):
        parse_card(code, Family.SPANISH)  # type: ignore[arg-type]


def test_families_read_the_same_code_differently() -> None:
    # "4C" is the four of clubs in a French deck and the cuatro de copas in a Spanish one
    assert parse_card("4C", Family.FRENCH) == Card(4, "C")
    assert parse_card("4C", Family.SPANISH) == Card(4, "C")
    with pytest.raises(CardCodeError):
        parse_card("4H", Family.SPANISH)
    with pytest.raises(CardCodeError):
        parse_card("4E", Family.FRENCH)


def test_every_card_round_trips() -> None:
    for card in french_deck(range(1, 14)):
        assert parse_card(card_code(card, Family.FRENCH), Family.FRENCH) == card
    for card in spanish_deck():
        assert parse_card(card_code(card, Family.SPANISH), Family.SPANISH) == card


def test_french_deck_builder() -> None:
    deck = french_deck([3, 2, 1])
    assert len(deck) == 12 == len(set(deck))
    assert {c.suit for c in deck} == {"C", "H", "S", "D"}
    assert {c.rank for c in deck} == {1, 2, 3}
    assert len(french_deck(range(1, 14))) == 52


def test_spanish_deck_is_forty_cards_without_eights_and_nines() -> None:
    deck = spanish_deck()
    assert len(deck) == 40 == len(set(deck))
    assert {c.rank for c in deck} == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}
    assert {c.suit for c in deck} == {"E", "B", "O", "C"}


def test_cards_are_small_hashable_values() -> None:
    assert Card(4, "C") == Card(4, "C")
    assert len({Card(4, "C"), Card(4, "C"), Card(4, "D")}) == 2
    assert Card(4, "C").rank == 4 and Card(4, "C").suit == "C"
