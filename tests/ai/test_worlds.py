"""The determinizer: every world it builds agrees with everything the seat has seen."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from chatbot.ai.search import searchable
from chatbot.ai.worlds import sample_worlds
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
