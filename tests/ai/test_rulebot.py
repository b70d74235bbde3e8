"""The rule bot: always legal, blind to hidden cards, reproducible, and purposeful."""

from __future__ import annotations

import random

import pytest

from chatbot.ai.rulebot import EASY, RuleBot, Style, choose
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.playout import standard_configs
from chatbot.rules.registry import available_variants, rules_for
from chatbot.rules.state import Match
from chatbot.rules.views import real_action, seat_view
from tests.ai.games import shuffled_hidden

CONFIGS = standard_configs(available_variants())


def bot_game(config_index: int, seed: int, limit: int = 400) -> list[tuple[Match, int]]:
    """Play bots against each other; return (state copy, seat) before each decision."""
    cfg = CONFIGS[config_index]
    rules = cfg.rules
    rng, bot_rng = random.Random(seed), random.Random(seed + 1)
    match = rules.new_match(cfg.players, rng.randrange(cfg.players))
    rules.deal(match, rng)
    seen: list[tuple[Match, int]] = []
    while match.winner is None and len(seen) < limit:
        assert match.hand is not None
        if match.hand.over:
            rules.next_hand(match, rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        seen.append((match.copy(), seat))
        action = choose(rules, view, bot_rng)
        assert action in view.legal, (cfg.label(), action, view.legal)
        rules.apply(match, seat, real_action(match, seat, action))
    return seen


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=[c.label() for c in CONFIGS])
def test_always_legal_and_blind_to_hidden_cards(index: int) -> None:
    cfg = CONFIGS[index]
    rules = cfg.rules
    decisions = 0
    for seed in range(6):
        for match, seat in bot_game(index, seed, limit=120):
            decisions += 1
            view = seat_view(rules, match, seat)
            other = shuffled_hidden(match, seat, rules, random.Random(seed))
            other_view = seat_view(rules, other, seat)
            assert other_view == view
            a = choose(rules, view, random.Random(7))
            b = choose(rules, other_view, random.Random(7))
            assert a == b
    assert decisions > 40


def test_seeded_reproducibility() -> None:
    index = next(i for i, c in enumerate(CONFIGS) if c.variant == "paulista" and c.players == 4)
    first = [(m.hand.cards if m.hand else None, s) for m, s in bot_game(index, 11)]
    second = [(m.hand.cards if m.hand else None, s) for m, s in bot_game(index, 11)]
    assert first == second


def mineiro_match(hands: list[list[Card]]) -> Match:
    rules = rules_for("mineiro")
    match = rules.new_match(2, 1)
    rules.start_hand(match, hands)
    return match


def test_wins_cheaply_and_keeps_the_manilha() -> None:
    rules = rules_for("mineiro")
    # dealer 1, so seat 0 leads; seat 0 plays a 2, seat 1 holds the zap, a 3 and a 4
    match = mineiro_match([[Card(2, "H"), Card(5, "S"), Card(6, "S")],
                           [Card(4, "C"), Card(3, "D"), Card(4, "D")]])
    rules.apply(match, 0, Action(A.PLAY, Card(2, "H")))
    view = seat_view(rules, match, 1)
    # the card it plays: the 3 wins the trick, the zap is kept
    bot = RuleBot(rules, view, random.Random(1))
    assert bot.card(bot.plays()) == Action(A.PLAY, Card(3, "D"))
    # and whatever it decides (a strong hand may call truco first), never the zap
    for seed in range(20):
        assert choose(rules, view, random.Random(seed)) in {
            Action(A.PLAY, Card(3, "D")), Action(A.TRUCO)}


def test_plays_lowest_when_it_cannot_win() -> None:
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(4, "C"), Card(5, "S"), Card(6, "S")],
                           [Card(3, "H"), Card(2, "D"), Card(4, "D")]])
    rules.apply(match, 0, Action(A.PLAY, Card(4, "C")))
    action = choose(rules, seat_view(rules, match, 1), random.Random(1))
    assert action == Action(A.PLAY, Card(4, "D"))


def test_runs_from_a_hopeless_raise() -> None:
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(4, "C"), Card(7, "H"), Card(1, "S")],
                           [Card(4, "D"), Card(5, "D"), Card(6, "S")]])
    rules.apply(match, 0, Action(A.TRUCO))
    view = seat_view(rules, match, 1)
    assert view.pending_call == A.TRUCO
    assert choose(rules, view, random.Random(1)) == Action(A.RUN)


def test_calls_truco_with_two_manilhas_and_accepts_with_a_strong_hand() -> None:
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(4, "C"), Card(7, "H"), Card(5, "S")],
                           [Card(7, "D"), Card(3, "D"), Card(3, "S")]])
    assert choose(rules, seat_view(rules, match, 0), random.Random(1)) == Action(A.TRUCO)
    rules.apply(match, 0, Action(A.TRUCO))
    answer = choose(rules, seat_view(rules, match, 1), random.Random(1))
    assert answer in (Action(A.ACCEPT), Action(A.RAISE))


def test_answers_envido_by_count() -> None:
    """The mano (seat 0, dealer 1) sings envido at its first turn; the bot answers by
    its count: 33 (7 and 6 of oros) raises or accepts, 4 (no two of a suit) runs."""
    rules = rules_for("argentino")
    for cards, wanted in (([Card(7, "O"), Card(6, "O"), Card(1, "E")], {A.ACCEPT, A.REAL_ENVIDO,
                                                                         A.ENVIDO,
                                                                         A.FALTA_ENVIDO}),
                          ([Card(4, "O"), Card(12, "C"), Card(2, "E")], {A.RUN})):
        match = rules.new_match(2, 1)
        rules.start_hand(match, [[Card(5, "B"), Card(6, "B"), Card(10, "C")], cards])
        assert rules.to_act(match) == 0
        assert Action(A.ENVIDO) in rules.legal(match, 0)
        rules.apply(match, 0, Action(A.ENVIDO))
        action = choose(rules, seat_view(rules, match, 1), random.Random(1))
        assert action.kind in wanted


def test_put_four_players_pass_is_the_only_choice() -> None:
    rules = rules_for("put")
    match = rules.new_match(4, 0)
    rules.deal(match, random.Random(3))
    seat = rules.to_act(match)
    assert seat is not None
    view = seat_view(rules, match, seat)
    assert all(a.kind == A.PASS for a in view.legal)
    assert choose(rules, view, random.Random(1)) in view.legal


def test_no_legal_action_is_an_error() -> None:
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(4, "C"), Card(5, "S"), Card(6, "S")],
                           [Card(3, "H"), Card(2, "D"), Card(4, "D")]])
    with pytest.raises(ValueError):
        choose(rules, seat_view(rules, match, 1), random.Random(1))


def test_normal_counts_the_cards_already_played() -> None:
    """Once the zap is out, the copas cannot be beaten: the counted odds say so."""
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(4, "C"), Card(5, "S"), Card(6, "S")],
                           [Card(7, "H"), Card(2, "D"), Card(4, "D")]])
    rules.apply(match, 0, Action(A.PLAY, Card(4, "C")))
    view = seat_view(rules, match, 1)
    counting = RuleBot(rules, view, random.Random(1))
    naive = RuleBot(rules, view, random.Random(1), Style(counting=False))
    assert counting.odds(Card(7, "H")) == 1.0
    assert naive.odds(Card(7, "H")) < 1.0


def test_easy_makes_human_mistakes_but_stays_legal() -> None:
    rules = rules_for("mineiro")
    match = mineiro_match([[Card(2, "H"), Card(5, "S"), Card(6, "S")],
                           [Card(4, "C"), Card(3, "D"), Card(4, "D")]])
    rules.apply(match, 0, Action(A.PLAY, Card(2, "H")))
    view = seat_view(rules, match, 1)
    picks = {RuleBot(rules, view, random.Random(seed), EASY).card(
        RuleBot(rules, view, random.Random(seed)).plays()) for seed in range(60)}
    assert Action(A.PLAY, Card(3, "D")) in picks  # mostly right
    assert len(picks) > 1  # but not always
    assert picks <= set(view.legal)


def test_break_even_of_a_raise_follows_the_score() -> None:
    from chatbot.ai.equity import break_even

    rules = rules_for("paulista")
    even = break_even(rules, (0, 0), 0, 1, 3)
    assert 0.3 < even < 0.37  # about a third for a truco from 1 to 3
    # points only (no race to a target): exactly (play - run) / (2 * play)
    ledger = rules_for("put", {"scoring": "ledger"}) if "put" in available_variants() else None
    if ledger is not None:
        assert break_even(ledger, (0, 0), 0, 1, 3) == pytest.approx(1 / 3)
    # running at 0-10 hands them the game's last point but one: accepting is worth more
    assert break_even(rules, (0, 10), 0, 1, 3) < even
    # from 9 points, winning 3 ends the game: the raise is worth accepting on less
    assert break_even(rules, (9, 5), 0, 1, 3) < even


def test_normal_accepts_a_truco_only_above_its_break_even() -> None:
    """The answer follows the equity break-even: the same cards accept at one score and run
    at another, where losing the raise would end the game."""
    from chatbot.ai.equity import view_break_even

    rules = rules_for("paulista")
    decided = 0
    for seed in range(200):
        match = rules.new_match(2, 0)
        rules.deal(match, random.Random(seed))
        rules.apply(match, 1, Action(A.TRUCO))
        view = seat_view(rules, match, 0)
        bot = RuleBot(rules, view, random.Random(seed))
        chance = bot.chance_against_raise()
        action = bot.choose()
        if action.kind == A.RAISE:
            continue
        be = view_break_even(rules, view)
        assert be is not None
        assert (action.kind == A.ACCEPT) == (chance >= be + bot.style.accept_margin)
        decided += 1
    assert decided > 150
