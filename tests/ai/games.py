"""Shared helpers for the bot tests: seeded games between levels, hidden-card shuffles."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from chatbot.ai import decide
from chatbot.ai.search import Budget
from chatbot.ai.search import choose as hard_choose
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.playout import Config, standard_configs
from chatbot.rules.registry import available_variants
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, real_action, seat_view

# Every seat count and deck, plus the table options that change what a bot may do.
CONFIGS: list[Config] = [
    *standard_configs(available_variants()),
    Config("paulista", 2, (("covered_card", True),)),
    Config("paulista", 4, (("answer_by", "either"),)),
    Config("mineiro", 2, (("forbid_pointless_raise", True),)),
    Config("argentino", 2, (("flor", "contraflor"),)),
    Config("argentino", 4, (("envido_first_after_playing", True), ("flor", "basic"))),
    Config("argentino", 2, (("envido_immediate", True), ("flor", "basic"), ("target", 15))),
    Config("le-truc", 4, (("signals", True),)),
    Config("le-truc", 2, (("multiple_redeals", True),)),
    Config("put", 4, (("passer", "agreed"),)),
    Config("put", 4, (("four_players", "individual"),)),
    Config("put", 2, (("throw_in", True),)),
]
CONFIGS = [c for c in CONFIGS if c.variant in available_variants()]
IDS = [c.label() for c in CONFIGS]

# A small search: the same code path as the real budget, a fraction of the time, and no
# clock, so that the tests are about behaviour and reproducible on a loaded machine.
TEST_BUDGET = Budget(samples=3, min_samples=2, steps=60, seconds=None)

Decider = Callable[[TrickRules, SeatView, str, random.Random], Action]


def test_decide(rules: TrickRules, view: SeatView, level: str, rng: random.Random) -> Action:
    """``decide`` with the search level (hard) on the test budget."""
    if level == "hard":
        return hard_choose(rules, view, rng, TEST_BUDGET)
    return decide(rules, view, level, rng)


test_decide.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


def play(config: Config, levels: list[str], seed: int, limit: int = 200
         ) -> Iterator[tuple[Match, int, SeatView, Action]]:
    """Play one seeded game with a level per seat; yield each decision before it is applied."""
    rules = config.rules
    rng = random.Random(seed)
    bot_rngs = [random.Random(seed * 100 + s) for s in range(config.players)]
    match = rules.new_match(config.players, rng.randrange(config.players))
    rules.deal(match, rng)
    steps = 0
    while match.winner is None and steps < limit:
        hand = match.hand
        assert hand is not None
        if hand.over:
            if rules.options.get("scoring") == "ledger" and match.hand_no > 20:
                return
            rules.next_hand(match, rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        level = levels[seat % len(levels)]
        action = test_decide(rules, view, level, bot_rngs[seat])
        yield match.copy(), seat, view, action
        rules.apply(match, seat, real_action(match, seat, action))
        steps += 1


def shuffled_hidden(match: Match, seat: int, rules: TrickRules, rng: random.Random) -> Match:
    """The same match with the cards this seat cannot see dealt differently among their owners."""
    other = match.copy()
    hand = other.hand
    assert hand is not None
    seen = rules.visible_cards(match, seat)
    hidden_owners = [s for s in range(other.players)
                     if s != seat and s not in seen and hand.cards[s]]
    pool = [c for s in hidden_owners for c in hand.cards[s]] + list(hand.stock)
    rng.shuffle(pool)
    for s in hidden_owners:
        n = len(hand.cards[s])
        hand.cards[s], pool = pool[:n], pool[n:]
    hand.stock = pool
    return other
