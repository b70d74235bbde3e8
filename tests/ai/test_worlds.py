"""The determinizer: every world it builds agrees with everything the seat has seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from chatbot.ai.search import Budget, analyse, searchable
from chatbot.ai.worlds import sample_worlds
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.views import seat_view
from tests.ai.games import CONFIGS, IDS, play


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_worlds_agree_with_the_view(config) -> None:
    rules = config.rules
    deck = Counter(rules.deck())
    rng = random.Random(17)
    checked = 0
    for seed in (1, 2):
        for match, seat, view, _ in play(config, ["normal"], seed, limit=80):
            if not searchable(view):
                continue
            real = match.hand
            assert real is not None
            worlds = sample_worlds(rules, view, rng, 2)
            assert worlds, view
            for world in worlds:
                hand = world.hand
                assert hand is not None
                # the seat sees exactly what it saw: own cards, table, tricks, calls, legal moves
                assert seat_view(rules, world, seat) == view
                assert hand.vira == real.vira
                assert hand.played == real.played and hand.table == real.table
                assert [len(c) for c in hand.cards] == [len(c) for c in real.cards]
                for other, cards in view.seen.items():
                    assert hand.cards[other] == list(cards)
                assert hand.turn == real.turn and hand.leader == real.leader
                assert hand.pending == real.pending or (
                    hand.pending is not None and real.pending is not None
                    and hand.pending.call == real.pending.call
                    and hand.pending.caller == real.pending.caller)
                # no card twice, and only cards of the deck
                cards = [c for held in hand.cards for c in held]
                cards += [c for trick in (*hand.played, hand.table) for _, c in trick if c]
                cards += hand.covered + hand.stock + ([hand.vira] if hand.vira else [])
                counted = Counter(cards)
                assert all(n == 1 for n in counted.values())
                assert counted.keys() <= deck.keys()
                checked += 1
    assert checked > 20


def test_hidden_cards_vary_between_worlds() -> None:
    config = next(c for c in CONFIGS if c.variant == "paulista" and c.players == 2)
    rules = config.rules
    match = rules.new_match(2, 0)
    rules.deal(match, random.Random(3))
    view = seat_view(rules, match, 1)
    worlds = sample_worlds(rules, view, random.Random(1), 12)
    assert len(worlds) == 12
    assert all(w.hand is not None and w.hand.cards[1] == list(view.hand or ()) for w in worlds)
    assert len({tuple(w.hand.cards[0]) for w in worlds if w.hand}) > 1


def test_own_face_down_card_is_known_not_dealt_again() -> None:
    """A seat knows the card it covered: no world gives it to anyone else (issue 17, point 3)."""
    rules = rules_for("paulista", {"covered_card": True})
    match = rules.new_match(2, 0)  # seat 1 is the mano; vira 7C: the queens are manilhas
    rules.start_hand(match, [[Card(3, "C"), Card(4, "H"), Card(5, "S")],
                             [Card(4, "C"), Card(6, "D"), Card(7, "S")]], Card(7, "C"))
    rules.apply(match, 1, Action(A.PLAY, Card(4, "C")))
    rules.apply(match, 0, Action(A.PLAY, Card(3, "C")))  # takes the first trick
    rules.apply(match, 0, Action(A.PLAY_HIDDEN, Card(4, "H")))
    rules.apply(match, 1, Action(A.TRUCO))
    view = seat_view(rules, match, 0)
    assert view.covered == (Card(4, "H"),) and view.table == ((0, None),)
    assert seat_view(rules, match, 1).covered == ()  # the other seat sees only a face-down card
    worlds = sample_worlds(rules, view, random.Random(3), 40)
    assert len(worlds) == 40
    for world in worlds:
        hand = world.hand
        assert hand is not None
        assert hand.covered == [Card(4, "H")]
        assert Card(4, "H") in hand.dealt[0]
        assert Card(4, "H") not in hand.cards[1] and Card(4, "H") not in hand.stock
        assert seat_view(rules, world, 0) == view
    # and the search, sampling the same way, decides on those worlds only
    fixed = Budget(samples=8, min_samples=8, steps=100_000, seconds=None)
    assert analyse(rules, view, random.Random(3), fixed).choice in view.legal


def test_reads_tell_a_tight_raiser_from_a_loose_one() -> None:
    """Raises that were called and then backed by strong cards make a seat read as tight."""
    from chatbot.ai.reads import TableReads

    rules = rules_for("paulista")
    vira = Card(7, "C")  # the queens are manilhas
    reads = TableReads(2)
    assert reads.style_of(0) == reads.style_of(1) == "normal"
    for _ in range(6):
        reads.action(0, A.TRUCO)
        reads.action(1, A.ACCEPT)
        reads.hand_over(rules, vira, [[(0, Card(12, "C")), (1, Card(4, "H"))],
                                      [(0, Card(3, "S")), (1, Card(5, "H"))]])
        reads.action(1, A.TRUCO)
        reads.action(0, A.ACCEPT)
        reads.hand_over(rules, vira, [[(1, Card(4, "D")), (0, Card(6, "H"))],
                                      [(1, Card(5, "D")), (0, Card(7, "H"))]])
    # (each raised in half the hands, more than a normal player: both read a little looser)
    assert reads.tightness(0) > 0.8 and reads.style_of(0) == "tight"
    assert reads.tightness(1) < 0.4 and reads.style_of(1) == "loose"
    # a raise run from shows no cards: only its frequency counts (one more raise: looser)
    shown, before = list(reads.seats[0].shown), reads.tightness(0)
    reads.action(0, A.TRUCO)
    reads.action(1, A.RUN)
    reads.hand_over(rules, vira, [[(0, Card(4, "S")), (1, Card(6, "S"))]])
    assert reads.seats[0].shown == shown and reads.tightness(0) < before
    assert reads.fold_rate(1) > reads.fold_rate(0)
