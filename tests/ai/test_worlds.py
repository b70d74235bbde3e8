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
    for i in range(6):
        reads.action(0, A.TRUCO)
        reads.action(1, A.ACCEPT)
        reads.hand_over(rules, vira, [[(0, Card(12, "C")), (1, Card(4, "H"))],
                                      [(0, Card(3, "S")), (1, Card(5, "H"))]])
        reads.action(1, A.TRUCO)
        if i < 2:  # seat 0 runs from a third of the raises, as a normal player does
            reads.action(0, A.RUN)
            reads.hand_over(rules, vira, [])
            continue
        reads.action(0, A.ACCEPT)
        reads.hand_over(rules, vira, [[(1, Card(4, "D")), (0, Card(6, "H"))],
                                      [(1, Card(5, "D")), (0, Card(7, "H"))]])
    # (each raised in half the hands, more than a normal player: both read a little looser)
    assert reads.tightness(0) > 0.8 and reads.style_of(0) == "tight"
    assert reads.tightness(1) < 0.4 and reads.style_of(1) == "loose"
    # a raise run from shows no cards: only its frequency counts (one more raise: looser)
    shown, before = list(reads.seats[0].shown), reads.tightness(0)
    folds = reads.fold_rate(1)
    reads.action(0, A.TRUCO)
    reads.action(1, A.RUN)
    reads.hand_over(rules, vira, [[(0, Card(4, "S")), (1, Card(6, "S"))]])
    assert reads.seats[0].shown == shown and reads.tightness(0) < before
    assert reads.fold_rate(1) > folds  # and seat 1 ran from it


def _sung_envido(players: int) -> tuple[object, object]:
    """An Argentine hand whose envido was accepted: the mano sang 33 (7 and 6 of
    swords), the other side said "son buenas" (29)."""
    rules = rules_for("argentino", {})
    match = rules.new_match(players, 0)
    hands = [[Card(4, "O"), Card(5, "O"), Card(12, "B")],
             [Card(7, "E"), Card(6, "E"), Card(1, "B")],
             [Card(2, "C"), Card(3, "B"), Card(11, "O")],
             [Card(10, "C"), Card(4, "B"), Card(5, "C")]][:players]
    rules.start_hand(match, hands, None)
    mano = match.hand.mano
    assert hands[mano] == [Card(7, "E"), Card(6, "E"), Card(1, "B")] or players == 4
    rules.apply(match, mano, Action(A.ENVIDO))
    answerer = match.hand.pending.answerer
    rules.apply(match, answerer, Action(A.ACCEPT))
    return rules, match


def test_sung_envido_counts_are_public_and_hold_in_every_world() -> None:
    """The counts sung after a quiero are in every seat's view, and every sampled world
    gives the singer that count and the silent side a count that did not beat it (issue
    17: worlds consistent with every count revealed)."""
    from chatbot.ai.worlds import envido_belief
    from chatbot.rules.envido import envido_count

    rules, match = _sung_envido(2)
    mano = match.hand.mano
    other = 1 - mano
    for seat in (0, 1):
        assert seat_view(rules, match, seat).sung == ((mano, 33), (other, None))
    view = seat_view(rules, match, other)
    singer_counts = set()
    for seed in range(5):
        worlds = sample_worlds(rules, view, random.Random(seed), 30, envido_belief(rules, view))
        assert len(worlds) == 30
        for world in worlds:
            assert envido_count(world.hand.dealt[mano]) == 33
            assert seat_view(rules, world, other) == view
            singer_counts.add(tuple(sorted(world.hand.dealt[mano])))
    assert len(singer_counts) > 3  # fitted, not one hand copied: the third card varies
    # without the weighing, the fitted deal alone already gives the sung count
    plain = sample_worlds(rules, view, random.Random(9), 30)
    assert all(envido_count(w.hand.dealt[mano]) == 33 for w in plain)


def test_a_refused_envido_tells_nothing_about_the_counts() -> None:
    rules = rules_for("argentino", {})
    match = rules.new_match(2, 0)
    rules.start_hand(match, [[Card(4, "O"), Card(5, "O"), Card(12, "B")],
                             [Card(7, "E"), Card(6, "E"), Card(1, "B")]], None)
    mano = match.hand.mano
    rules.apply(match, mano, Action(A.ENVIDO))
    rules.apply(match, 1 - mano, Action(A.RUN))
    view = seat_view(rules, match, 1 - mano)
    assert view.sung == () and "envido" in view.calls
    from chatbot.ai.worlds import envido_belief
    assert envido_belief(rules, view) is None


def test_four_players_sing_in_turn_and_worlds_follow() -> None:
    from chatbot.ai.worlds import envido_belief
    from chatbot.rules.envido import envido_count

    rules, match = _sung_envido(4)
    view = seat_view(rules, match, match.hand.mano)
    assert view.sung and view.sung[0][0] == match.hand.mano
    worlds = sample_worlds(rules, view, random.Random(4), 30, envido_belief(rules, view))
    for world in worlds:
        for seat, count in view.sung:
            if count is not None:
                assert envido_count(world.hand.dealt[seat]) == count
        assert seat_view(rules, world, view.seat) == view
