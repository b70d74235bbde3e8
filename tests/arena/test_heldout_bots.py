"""The held-out bots: legal in every phase of every format, and each in its character."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.heldout import NAMES, make
from arena.heldout.spot import TRUCO_CALLS, Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.playout import Config
from tests.arena.tables import FLOR_TABLE, FORMATS, Decision, play

RAISES = (A.TRUCO, A.RAISE)
GIVE_UP = (A.RUN, A.FOLD)
ARGENTINE_TOPS = frozenset({Card(1, "E"), Card(1, "B"), Card(7, "E"), Card(7, "O")})


def games(config: Config, bot: str, opponents: tuple[str, ...], seeds: range) -> list[Decision]:
    """``bot`` against each opponent on each seed, seats swapped every other game."""
    out: list[Decision] = []
    for seed in seeds:
        for other in opponents:
            levels = [bot, other] if seed % 2 == 0 else [other, bot]
            decisions, bots = play(config, levels, seed)
            assert all(b.fallbacks == 0 for b in bots.values())
            out.extend(d for d in decisions if d.bot == bot)
    return out


def answering_truco(d: Decision) -> bool:
    return d.view.pending_call in TRUCO_CALLS and Action(A.ACCEPT) in d.view.legal


@pytest.mark.parametrize("config", [*FORMATS, FLOR_TABLE], ids=lambda c: c.label())
def test_every_bot_plays_whole_games_legally(config: Config) -> None:
    """Each bot against the easy level and against the next bot of the set, two games
    each: every move is checked by the rules, and no bot ever needs its fallback."""
    for i, bot in enumerate(NAMES):
        rival = NAMES[(i + 1) % len(NAMES)]
        decisions = games(config, bot, ("easy", rival), range(2))
        assert decisions  # the bot did play


@pytest.mark.parametrize("config", FORMATS, ids=lambda c: c.label())
def test_every_bot_plays_the_special_hands(config: Config) -> None:
    """From a score of one point short on one side (the hand of eleven or ten where the
    variant has one) and on both (the iron hand, played blind), every bot decides."""
    rules = config.rules
    near = (rules.special_at or rules.target_score() - 1)
    for bot in NAMES:
        for score in ((near, 0), (0, near), (near, near)):
            decisions, bots = play(config, [bot, "easy"], seed=7, score=score, hands=2)
            assert decisions and bots[0].fallbacks == 0
            if rules.special_at is not None and score == (near, 0) and bot != "random":
                assert any(Action(A.ELEVEN_PLAY) in d.view.legal for d in decisions)
            if rules.special_at is not None and score == (near, near):
                assert any(d.view.hand is None for d in decisions)  # blind


def test_argentine_calls_are_met_in_character() -> None:
    """At a flor table the set meets envidos and flors, and answers them."""
    kinds: Counter[str] = Counter()
    for bot in NAMES:
        for d in games(FLOR_TABLE, bot, ("counter",), range(3)):
            kinds[d.action.kind] += 1
    for kind in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO, A.FLOR, A.ACCEPT):
        assert kinds[kind] > 0, kind


# Two flors on opposite sides: the mano's 7-6-5 of swords (38) and the next seat's
# 1-2-3 of cups (26); the partners hold none.
TWO_FLORS = (
    tuple(Card(r, "E") for r in (7, 6, 5)), tuple(Card(r, "C") for r in (1, 2, 3)),
    (Card(4, "B"), Card(10, "O"), Card(12, "B")), (Card(4, "O"), Card(11, "B"), Card(6, "O")),
)


@pytest.mark.parametrize("bot", NAMES)
def test_a_flor_over_a_flor_is_sung_and_answered(bot: str) -> None:
    """Every bot sings the flor it owes, chooses among flor, contraflor and al resto
    over another's, and answers a contraflor; counter always contests, rock never with
    26 points, and both accept a contraflor holding 38 (the contraflor may be answered
    by the mano's partner, who holds no flor)."""
    for levels in ([bot, "counter"], ["counter", bot], [bot, "rock"]):
        decisions, bots = play(FLOR_TABLE, levels, seed=2, hands=1, cards=TWO_FLORS)
        assert all(b.fallbacks == 0 for b in bots.values())
        assert any(d.action.kind == A.FLOR for d in decisions)
        if levels[1] == "counter" and levels[0] != "random":
            # the second flor is counter's (a random mano may go to the mazo first)
            assert any(d.action.kind == A.CONTRAFLOR for d in decisions)
        for d in decisions:
            contest = Action(A.CONTRAFLOR) in d.view.legal
            if d.bot == "counter" and contest:
                assert d.action.kind == A.CONTRAFLOR
            if d.bot == "rock" and contest:
                assert d.action.kind == A.FLOR  # con flor me achico
            if d.bot in ("counter", "rock") and d.view.pending_call == A.CONTRAFLOR \
                    and d.view.seat == 0:
                assert d.action.kind == A.ACCEPT  # the mano holds 38


@pytest.mark.parametrize("config", [FORMATS[0], FORMATS[3]], ids=lambda c: c.label())
def test_counter_raises_back_whenever_it_may(config: Config) -> None:
    decisions = games(config, "counter", ("club-player", "early-caller"), range(3))
    answers = [d for d in decisions if answering_truco(d)]
    assert len(answers) >= 10
    for d in answers:
        expected = A.RAISE if Action(A.RAISE) in d.view.legal else A.ACCEPT
        assert d.action.kind == expected
    assert any(d.action.kind == A.RAISE for d in answers)
    assert not any(d.action.kind in (*GIVE_UP, A.ELEVEN_RUN) for d in decisions)


@pytest.mark.parametrize("config", FORMATS, ids=lambda c: c.label())
def test_rock_never_raises_without_a_top_card(config: Config) -> None:
    decisions = games(config, "rock", ("early-caller", "bluffer"), range(3))
    raises = [d for d in decisions if d.action.kind in RAISES]
    assert raises
    rules = config.rules
    for d in raises:
        tops = set(rules.manilhas(d.view.vira)) or ARGENTINE_TOPS
        assert tops & set(d.view.hand or ())
    # and it runs from raises far more than the never-folder would
    answers = [d for d in decisions if answering_truco(d)]
    assert any(d.action.kind in GIVE_UP for d in answers)


@pytest.mark.parametrize("config", FORMATS, ids=lambda c: c.label())
def test_early_caller_calls_truco_before_its_first_card(config: Config) -> None:
    decisions = games(config, "early-caller", ("rock", "easy"), range(2))
    first_turns = [d for d in decisions if Action(A.TRUCO) in d.view.legal
                   and d.view.pending_call is None
                   and not any(s == d.view.seat for t in (*d.view.played, d.view.table)
                               for s, _ in t)]
    assert len(first_turns) >= 5
    assert all(d.action.kind == A.TRUCO for d in first_turns)


def test_bluffer_raises_leading_the_second_trick_whatever_it_holds() -> None:
    config = FORMATS[0]
    decisions = games(config, "bluffer", ("rock", "club-player"), range(6))
    rules = config.rules
    leads = [d for d in decisions if len(d.view.played) == 1 and not d.view.table
             and d.view.pending_call is None and Action(A.TRUCO) in d.view.legal]
    raised = [d for d in leads if d.action.kind == A.TRUCO]
    assert len(leads) >= 8 and len(raised) >= len(leads) / 3
    weak = [d for d in raised if Spot(rules, d.view, random.Random(0)).chance < 0.5]
    assert weak  # a bluff: raised with a hand it would not raise on its cards
    # a weak hand facing a raise runs
    for d in decisions:
        if answering_truco(d) and Spot(rules, d.view, random.Random(0)).chance < 0.5:
            assert d.action.kind in GIVE_UP


def test_club_player_takes_a_trick_with_its_cheapest_winning_card() -> None:
    config = FORMATS[1]
    rules = config.rules
    checked = 0
    for d in games(config, "club-player", ("easy", "normal"), range(3)):
        view = d.view
        if d.action.kind != A.PLAY or not view.table or view.hand is None:
            continue
        spot = Spot(rules, view, random.Random(0))
        best, ours = spot.table_best
        winners = [c for c in view.hand if spot.of(c) > best]
        if ours is False and winners:
            assert spot.of(d.action.card) == min(spot.of(c) for c in winners)
            checked += 1
    assert checked >= 10


def test_club_player_bluffs_now_and_then() -> None:
    """Raises with hands its cards would not raise: some, but far from every hand."""
    config = FORMATS[0]
    rules = config.rules
    firsts = [d for d in games(config, "club-player", ("easy",), range(16))
              if Action(A.TRUCO) in d.view.legal and d.view.pending_call is None
              and not any(s == d.view.seat for t in (*d.view.played, d.view.table)
                          for s, _ in t)]
    weak = [d for d in firsts if Spot(rules, d.view, random.Random(0)).chance < 0.7]
    bluffs = [d for d in weak if d.action.kind == A.TRUCO]
    assert len(weak) >= 40
    assert 0 < len(bluffs) < len(weak) / 4


def test_envido_caller_and_never_folder_in_character() -> None:
    config = FORMATS[3]
    for d in games(config, "envido-caller", ("rock",), range(2)):
        if Action(A.ENVIDO) in d.view.legal and d.view.pending_call is None:
            assert d.action.kind == A.ENVIDO
        if d.view.pending_call in (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO):
            assert d.action.kind not in GIVE_UP
    for c in (FORMATS[0], config):
        refused = [d for d in games(c, "never-folder", ("early-caller",), range(2))
                   if d.action.kind in (*GIVE_UP, A.ELEVEN_RUN)]
        assert refused == []


def test_random_picks_every_legal_action_alike() -> None:
    """At one position with many choices, every legal action comes up about equally."""
    decisions, _ = play(FORMATS[3], ["random", "easy"], seed=1, hands=1)
    view = max((d.view for d in decisions), key=lambda v: len(v.legal))
    assert len(view.legal) >= 5
    bot, rng, rules = make("random"), random.Random(3), FORMATS[3].rules
    draws = 400 * len(view.legal)
    counts = Counter(bot.choose(rules, view, rng) for _ in range(draws))
    assert set(counts) == set(view.legal)
    assert all(300 <= n <= 500 for n in counts.values()), counts


def test_an_unknown_bot_is_named_with_the_ones_there_are() -> None:
    with pytest.raises(KeyError, match="bluffer"):
        make("grandmaster")
