"""The presenter's choices that tests through Telegram only see indirectly."""

from __future__ import annotations

from chatbot.handlers.telegram.presenter import MAX_CARRIED, hand_end
from chatbot.rules.cards import Card
from chatbot.rules.events import (
    CallAnswered,
    CallMade,
    CardPlayed,
    HandStarted,
    HandWon,
    TrickWon,
    TurnStarted,
)

SIX, SEVEN = Card(6, "C"), Card(7, "H")


def test_the_end_of_a_hand_is_carried_once() -> None:
    """A hand's last trick and result go atop the next hand, never two hands back."""
    first = [HandStarted(1, 0, None, None, 1), CardPlayed(0, SIX, 0), TrickWon(0, 0, 0),
             CardPlayed(1, SEVEN, 1), TurnStarted(0, "play"), TrickWon(1, 1, 1),
             HandWon(1, (0, 1), (0, 1), "tricks")]
    carried = hand_end(first)
    assert carried == [CardPlayed(1, SEVEN, 1), TrickWon(1, 1, 1), first[-1]]
    # the next hand ends by a run before any trick: only its own events travel on
    second = [*carried, HandStarted(2, 1, None, None, 1), CallMade(1, "truco", 3),
              CallAnswered(0, "truco", False), HandWon(1, (0, 1), (0, 2), "run")]
    assert hand_end(second) == second[-3:]
    assert hand_end(second[:-1]) == []  # not over: nothing to carry
    long = [HandStarted(3, 0, None, None, 1)] + [CardPlayed(0, SIX, 0)] * 9 + [second[-1]]
    assert len(hand_end(long)) == MAX_CARRIED
