"""Hands the cards alone settle: found exactly, raised when they cannot be lost."""

from __future__ import annotations

import random

from chatbot.ai.search import Budget, analyse
from chatbot.ai.strength import ranking
from chatbot.ai.sure_win import cannot_lose, cannot_win, sure_raise
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.views import seat_view

SURE = Budget(samples=16, min_samples=16, steps=10_000, seconds=None)
PAULISTA = rules_for("paulista")
VIRA = Card(7, "C")  # the manilhas are the queens; 12C is the zap


def test_a_trick_down_and_a_four_led_to_the_third_cannot_be_won() -> None:
    """Any card ties or beats a four, and a tied third trick goes to the first trick's
    winner: the truco that follows is run from, never accepted."""
    match = PAULISTA.new_match(2, 0)
    PAULISTA.start_hand(match, [[Card(4, "D"), Card(5, "D"), Card(2, "H")],
                                [Card(3, "S"), Card(4, "C"), Card(12, "C")]], VIRA)
    for seat, card in ((1, Card(3, "S")), (0, Card(5, "D")), (1, Card(4, "C")),
                       (0, Card(2, "H")), (0, Card(4, "D"))):
        PAULISTA.apply(match, seat, Action(A.PLAY, card))
    PAULISTA.apply(match, 1, Action(A.TRUCO))
    view = seat_view(PAULISTA, match, 0)
    rank = ranking(PAULISTA, VIRA)
    assert cannot_win(PAULISTA, view, rank) and not cannot_lose(PAULISTA, view, rank)
    assert sure_raise(PAULISTA, view, rank) is None
    assert analyse(PAULISTA, view, random.Random(1), SURE).choice == Action(A.RUN)


def test_an_open_hand_is_neither_sure() -> None:
    match = PAULISTA.new_match(2, 1)
    PAULISTA.start_hand(match, [[Card(3, "D"), Card(2, "C"), Card(4, "H")],
                                [Card(2, "D"), Card(5, "S"), Card(6, "H")]], VIRA)
    view = seat_view(PAULISTA, match, 0)
    rank = ranking(PAULISTA, VIRA)
    assert not cannot_lose(PAULISTA, view, rank) and not cannot_win(PAULISTA, view, rank)
