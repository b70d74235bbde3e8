"""Every level: legal in every variant and seat count, blind to hidden cards, reproducible."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from chatbot.ai import BENCH_LEVELS, LEVELS, decide
from chatbot.ai.search import choose as hard_choose
from chatbot.rules.registry import rules_for
from chatbot.rules.views import seat_view
from tests.ai.games import CONFIGS, IDS, TEST_BUDGET, play, shuffled_hidden, test_decide

MIXES = (["hard", "easy"], ["normal", "hard"], ["random", "normal", "easy", "hard"],
         ["tight", "loose"], ["aggressive", "cautious"])


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_every_level_only_takes_legal_actions(config) -> None:
    decisions = {level: 0 for level in BENCH_LEVELS}
    for seed in range(30):  # until every level has decided often enough
        if seed >= 6 and all(decisions[level] >= 10 for level in LEVELS):
            break
        levels = MIXES[seed % len(MIXES)]
        for _, seat, view, action in play(config, levels, seed, limit=120):
            assert action in view.legal, (config.label(), levels, view, action)
            decisions[levels[seat % len(levels)]] += 1
    assert all(decisions[level] >= 10 for level in LEVELS), decisions


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_decisions_ignore_cards_the_seat_cannot_see(config) -> None:
    rules = config.rules
    checked = 0
    for match, seat, view, _ in play(config, ["normal"], 3, limit=36):
        other = shuffled_hidden(match, seat, rules, random.Random(checked))
        other_view = seat_view(rules, other, seat)
        assert other_view == view
        for level in BENCH_LEVELS:
            a = test_decide(rules, view, level, random.Random(5))
            b = test_decide(rules, other_view, level, random.Random(5))
            assert a == b, (level, view)
        checked += 1
    assert checked > 10


def test_seeded_games_replay_exactly() -> None:
    config = next(c for c in CONFIGS if c.variant == "paulista" and c.players == 4)
    first = [(m.hand.cards if m.hand else None, a) for m, _, _, a in
             play(config, ["hard", "easy", "normal", "random"], 11, limit=120)]
    second = [(m.hand.cards if m.hand else None, a) for m, _, _, a in
              play(config, ["hard", "easy", "normal", "random"], 11, limit=120)]
    assert first == second


def test_decide_is_reproducible_with_a_seed() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(2, 0)
    rules.deal(match, random.Random(4))
    view = seat_view(rules, match, 1)
    for level in BENCH_LEVELS:
        assert decide(rules, view, level, random.Random(9)) in view.legal
        first = test_decide(rules, view, level, random.Random(9))
        assert first == test_decide(rules, view, level, random.Random(9))


def test_threads_share_nothing() -> None:
    """Bots run in worker threads: concurrent searches give the same answers as serial ones."""
    config = next(c for c in CONFIGS if c.variant == "paulista" and c.players == 2)
    rules = config.rules
    views = [view for _, _, view, _ in play(config, ["normal"], 21, limit=40)]
    serial = [hard_choose(rules, v, random.Random(i), TEST_BUDGET) for i, v in enumerate(views)]
    with ThreadPoolExecutor(4) as pool:
        threaded = list(pool.map(lambda iv: hard_choose(rules, iv[1], random.Random(iv[0]),
                                                        TEST_BUDGET), enumerate(views)))
    assert threaded == serial


def test_unknown_level_and_empty_turn_are_errors() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(2, 0)
    rules.deal(match, random.Random(1))
    with pytest.raises(ValueError):
        decide(rules, seat_view(rules, match, 1), "grandmaster", random.Random(1))
    with pytest.raises(ValueError):
        decide(rules, seat_view(rules, match, 0), "hard", random.Random(1))


def test_player_levels_are_listed_with_a_description_in_every_language() -> None:
    from chatbot.ai import STYLE_LEVELS, TUNING_STYLES
    from chatbot.i18n.levels import LEVEL_TEXTS, level_description, level_name
    from chatbot.i18n.locales import LOCALES

    assert list(LEVELS[:3]) == ["easy", "normal", "hard"]
    assert set(STYLE_LEVELS) <= set(LEVELS) and "random" not in LEVELS
    # the baseline is the arena's, pinned; tuning styles are no player's choice
    assert set(BENCH_LEVELS) == {"random", *LEVELS, *TUNING_STYLES}
    assert not set(TUNING_STYLES) & set(LEVELS)
    assert set(LEVEL_TEXTS) == set(LEVELS)
    for code in LEVELS:
        english = LEVEL_TEXTS[code]
        assert (level_name(code, "en"), level_description(code, "en")) == english
        for locale in LOCALES:
            name, description = level_name(code, locale), level_description(code, locale)
            assert name and description, (locale, code)
            if locale != "en":
                assert description != english.description, (locale, code)
    with pytest.raises(KeyError):
        level_description("random", "en")


def test_styles_differ_the_way_their_names_say() -> None:
    """Against the same first-hand truco, the cautious and tight bots run most, loose least;
    the aggressive bot calls truco first most often."""
    rules = rules_for("paulista")
    accepted: dict[str, int] = {}
    raised: dict[str, int] = {}
    styles = ("tight", "loose", "aggressive", "cautious", "normal")
    for seed in range(300):
        match = rules.new_match(2, 0)
        rules.deal(match, random.Random(seed))
        opening = seat_view(rules, match, 1)
        for level in styles:
            action = decide(rules, opening, level, random.Random(seed))
            raised[level] = raised.get(level, 0) + (action.kind == "truco")
        rules.apply(match, 1, next(a for a in rules.legal(match, 1) if a.kind == "truco"))
        answer = seat_view(rules, match, 0)
        for level in styles:
            action = decide(rules, answer, level, random.Random(seed))
            accepted[level] = accepted.get(level, 0) + (action.kind in ("accept", "raise"))
    assert accepted["loose"] > accepted["normal"] > accepted["tight"] > accepted["cautious"]
    assert raised["aggressive"] > raised["loose"] > raised["normal"] >= raised["tight"]
