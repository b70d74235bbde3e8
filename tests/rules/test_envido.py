"""Envido and flor arithmetic against independent, plain computations (rules.md 3.5-3.6)."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest

from chatbot.rules import actions as A
from chatbot.rules.cards import Card, spanish_deck
from chatbot.rules.envido import (
    ENVIDO,
    FALTA,
    MALAS_WINS_GAME,
    REAL,
    best_seat,
    card_value,
    envido_cards,
    envido_count,
    envido_points,
    envido_raises,
    falta_value,
    flor_count,
    in_malas,
)

HANDS = list(combinations(spanish_deck(), 3))


def reference_envido(cards: tuple[Card, ...]) -> int:
    """3.5.1 read literally: the best of every single card and every same-suit pair + 20."""
    values = [c.rank if c.rank in range(1, 8) else 0 for c in cards]
    best = max(values)
    for i, j in combinations(range(len(cards)), 2):
        if cards[i].suit == cards[j].suit:
            best = max(best, 20 + values[i] + values[j])
    return best


def reference_flor(cards: tuple[Card, ...]) -> int:
    if cards[0].suit == cards[1].suit == cards[2].suit:
        return 20 + sum(c.rank for c in cards if c.rank < 10)
    return 0


def test_every_three_card_hand_is_covered() -> None:
    assert len(HANDS) == 9880


def test_envido_count_matches_the_reference_in_every_order() -> None:
    for hand in HANDS:
        want = reference_envido(hand)
        for order in permutations(hand):
            assert envido_count(order) == want, order


def test_envido_count_range() -> None:
    counts = [envido_count(h) for h in HANDS]
    assert min(counts) == 0 and max(counts) == 33
    assert counts.count(33) == 4 * 38  # a 7 and a 6 of one suit, any third card
    assert not any(8 <= c < 20 for c in counts)


def test_envido_count_of_other_sizes() -> None:
    assert envido_count([Card(7, "E"), Card(6, "E")]) == 33
    assert envido_count([Card(12, "O")]) == 0
    four = [Card(7, "E"), Card(1, "E"), Card(5, "B"), Card(6, "B")]
    assert envido_count(four) == reference_envido(tuple(four)) == 31


def test_flor_count_matches_the_reference() -> None:
    flors = 0
    for hand in HANDS:
        assert flor_count(hand) == reference_flor(hand)
        flors += bool(flor_count(hand))
    assert flors == 4 * 120  # C(10, 3) per suit
    assert max(flor_count(h) for h in HANDS) == 38
    assert flor_count([Card(7, "E"), Card(6, "E")]) == 0


def test_envido_cards_prove_the_count() -> None:
    for hand in HANDS:
        shown = envido_cards(hand)
        count = envido_count(hand)
        assert set(shown) <= set(hand)
        if len(shown) == 2:
            assert shown[0].suit == shown[1].suit
            assert 20 + card_value(shown[0]) + card_value(shown[1]) == count
        else:
            assert card_value(shown[0]) == count < 20


def all_chains() -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    frontier: list[tuple[str, ...]] = [()]
    while frontier:
        chain = frontier.pop()
        for call in envido_raises(chain):
            longer = (*chain, call)
            found.add(longer)
            frontier.append(longer)
    return found


LEGAL_SEQUENCES = {"E", "E-E", "R", "E-R", "E-E-R", "F", "E-F", "E-E-F", "R-F", "E-R-F", "E-E-R-F"}
LETTER = {"E": ENVIDO, "R": REAL, "F": FALTA}


def chain_of(text: str) -> tuple[str, ...]:
    return tuple(LETTER[c] for c in text.split("-"))


def test_the_legal_sequences_are_exactly_those_of_3_5_3() -> None:
    assert all_chains() == {chain_of(s) for s in LEGAL_SEQUENCES}


# 3.5.4: sequence -> (quiero, no quiero); "falta" stands for the falta value.
TABLE = {
    "E": (2, 1), "E-E": (4, 2), "R": (3, 1), "E-R": (5, 2), "E-E-R": (7, 4),
    "F": ("falta", 1), "E-F": ("falta", 2), "E-E-F": ("falta", 4), "R-F": ("falta", 3),
    "E-R-F": ("falta", 5), "E-E-R-F": ("falta", 7),
}


@pytest.mark.parametrize("sequence", sorted(TABLE))
def test_scoring_table(sequence: str) -> None:
    quiero, no_quiero = TABLE[sequence]
    chain = chain_of(sequence)
    falta = 17
    assert envido_points(chain, True, falta) == (falta if quiero == "falta" else quiero)
    assert envido_points(chain, False, falta) == no_quiero


def test_actions_named_as_in_the_format() -> None:
    assert (ENVIDO, REAL, FALTA) == (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)


@pytest.mark.parametrize(
    ("score", "winner", "target", "mode", "want"),
    [
        ([8, 12], 0, 30, "leader_needs", 18),
        ([8, 12], 1, 30, "leader_needs", 18),
        ([20, 5], 1, 30, "leader_needs", 10),
        ([0, 0], 0, 30, "leader_needs", 30),
        ([8, 12], 0, 30, MALAS_WINS_GAME, 22),
        ([8, 12], 1, 30, MALAS_WINS_GAME, 18),
        ([15, 15], 0, 30, MALAS_WINS_GAME, 15),
        ([16, 5], 1, 30, MALAS_WINS_GAME, 14),
        ([7, 3], 1, 15, MALAS_WINS_GAME, 12),
        ([8, 3], 1, 15, MALAS_WINS_GAME, 7),
        ([7, 3], 1, 15, "leader_needs", 8),
    ],
)
def test_falta_value(score: list[int], winner: int, target: int, mode: str, want: int) -> None:
    assert falta_value(score, winner, target, mode) == want


def test_malas_are_the_first_half() -> None:
    assert in_malas(15, 30) and not in_malas(16, 30)
    assert in_malas(7, 15) and not in_malas(8, 15)


def test_best_seat_ties_go_to_the_earlier_seat() -> None:
    counts = [31, 33, 25, 33]
    assert best_seat(counts, [0, 1, 2, 3]) == 1
    assert best_seat(counts, [2, 3, 0, 1]) == 3
    assert best_seat([0, 0], [1, 0]) == 1
