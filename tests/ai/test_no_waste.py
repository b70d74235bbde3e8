"""The hard bot does not throw a strong card under a better one (issue 17, point 3)."""

from __future__ import annotations

import random

import pytest

from chatbot.ai.search import Budget, Outcome, analyse, thrifty
from chatbot.ai.strength import ranking
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.views import SeatView, seat_view

# A fixed number of worlds and no clock: the verdict is the same on any machine.
FIXED = Budget(samples=12, min_samples=12, steps=100_000, seconds=None)
OTHERS = [Card(4, "S"), Card(5, "H"), Card(6, "S")], [Card(4, "D"), Card(5, "D"), Card(7, "S")]

# (our cards, the led card, the leader's other cards, vira, the card that must be played)
POSITIONS = {
    # vira 2S: the threes are manilhas; 3H (copas) beats our 3S (espadilha)
    "3H-over-3S": ([Card(3, "S"), Card(7, "H"), Card(12, "S")], Card(3, "H"),
                   [Card(4, "C"), Card(5, "C")], Card(2, "S"), Card(7, "H")),
    # vira 5S: the sixes are manilhas; 6H beats our 6D (pica-fumo)
    "6H-over-6D": ([Card(6, "D"), Card(2, "C"), Card(5, "C")], Card(6, "H"),
                   [Card(4, "C"), Card(7, "D")], Card(5, "S"), Card(5, "C")),
}


def facing(players: int, ours: list[Card], led: Card, rest: list[Card],
           vira: Card) -> SeatView:
    """The leader (seat 1, the mano) has led ``led``; we are the next seat to play."""
    rules = rules_for("paulista")
    match = rules.new_match(players, 0)
    if players == 2:
        hands = [ours, [led, *rest]]
        me = 0
    else:
        hands = [OTHERS[0], [led, *rest], ours, OTHERS[1]]
        me = 2
    rules.start_hand(match, hands, vira)
    rules.apply(match, 1, Action(A.PLAY, led))
    view = seat_view(rules, match, me)
    assert view.to_act == me and view.table == ((1, led),)
    return view


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_a_card_that_cannot_win_is_the_lowest(name: str, players: int) -> None:
    ours, led, rest, vira, lowest = POSITIONS[name]
    view = facing(players, ours, led, rest, vira)
    rules = rules_for("paulista")
    plays = 0
    for seed in range(6):
        choice = analyse(rules, view, random.Random(seed), FIXED).choice
        if choice.kind == A.PLAY:  # (a truco first is a bet, not a card thrown away)
            plays += 1
            assert choice == Action(A.PLAY, lowest), (name, players, seed, choice)
    assert plays >= 3


def test_a_manilha_the_sample_prefers_is_still_not_thrown_away() -> None:
    """Even when noise makes the wasted manilha look best, the lowest card is played."""
    ours, led, rest, vira, lowest = POSITIONS["3H-over-3S"]
    view = facing(4, ours, led, rest, vira)
    rules = rules_for("paulista")
    rank = ranking(rules, vira)
    manilha = Action(A.PLAY, Card(3, "S"))
    outcomes = {a: Outcome(a, [0.4, 0.5, 0.45]) for a in view.legal}
    outcomes[manilha] = Outcome(manilha, [0.9, 0.8, 0.85])
    assert thrifty(rules, view, rank, outcomes, manilha, 1.0) == Action(A.PLAY, lowest)


def test_among_winners_the_sample_cannot_separate_the_cheapest_wins() -> None:
    """Two cards both take the trick and score alike: the lower one is played."""
    rules = rules_for("paulista")
    # vira 7C: queens are manilhas; a 4 is led, our 2 and our zap (QC) both take it
    ours = [Card(2, "H"), Card(12, "C"), Card(5, "S")]
    view = facing(2, ours, Card(4, "H"), [Card(6, "D"), Card(7, "D")], Card(7, "C"))
    rank = ranking(rules, view.vira)
    zap, two = Action(A.PLAY, Card(12, "C")), Action(A.PLAY, Card(2, "H"))
    outcomes = {a: Outcome(a, [0.5, 0.5, 0.5]) for a in view.legal}
    outcomes[zap] = Outcome(zap, [0.7, 0.6, 0.6])
    outcomes[two] = Outcome(two, [0.6, 0.7, 0.6])
    assert thrifty(rules, view, rank, outcomes, zap, 1.0) == two
    # clearly better by far more than the noise: the search's choice stands
    outcomes[two] = Outcome(two, [0.1, 0.1, 0.11])
    assert thrifty(rules, view, rank, outcomes, zap, 1.0) == zap
