"""OPEN, the answer that lets legal() stop asking, holds as far as it claims.

A gate that answers OPEN must let every action of the table through for that seat
now; a check that answers OPEN must let through every well-formed action of that
kind (each card the seat holds), and of each other kind that ``checks()`` maps to
the very same check, wherever the gate lets that kind by (legal() still asks the gate
of each kind). legal() relies on both to skip the rest of its candidates, so a
variant that answered OPEN too early would offer a refused move.
"""

from __future__ import annotations

import random

import pytest

from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import OPEN, TrickRules
from chatbot.rules.playout import Config, standard_configs
from chatbot.rules.registry import available_variants
from chatbot.rules.state import Match

CONFIGS = [*standard_configs(available_variants()),
           Config("paulista", 4, (("answer_by", "either"), ("covered_card", True))),
           Config("argentino", 2, (("envido_first_after_playing", True),
                                   ("flor", "contraflor"))),
           Config("le-truc", 4, (("signals", True),)),
           Config("put", 4, (("passer", "agreed"), ("throw_in", True))),
           Config("put", 4, (("four_players", "individual"),))]
GAMES = 8


def well_formed(rules: TrickRules, match: Match, seat: int) -> list[Action]:
    """Every action the table plays, with each card the seat holds where the kind takes one."""
    assert match.hand is not None
    held = match.hand.cards[seat]
    kinds = sorted(rules.supported_actions())
    return [Action(kind, card) for kind in kinds if kind in A.CARD_ACTIONS for card in held] + [
        Action(kind) for kind in kinds if kind not in A.CARD_ACTIONS]


def assert_open_holds(rules: TrickRules, match: Match, seat: int) -> None:
    actions = well_formed(rules, match, seat)
    checks = rules.checks()
    for action in actions:
        reason = rules.gate(match, seat, action)
        if reason is OPEN:
            assert all(not rules.gate(match, seat, other) for other in actions), action
        if reason:
            continue
        check = checks[action.kind]
        if check(match, seat, action) is OPEN:
            for other in actions:
                # the same kind, or another the same check decides where the gate lets it by
                covered = other.kind == action.kind or (
                    checks[other.kind] is check and not rules.gate(match, seat, other))
                if covered:
                    assert rules.check(match, seat, other) is None, (action, other)


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
def test_an_open_answer_holds_for_all_it_covers(config: Config) -> None:
    rules = config.rules
    rng = random.Random(config.label())
    for _ in range(GAMES):
        match = rules.new_match(config.players, rng.randrange(config.players))
        rules.deal(match, rng)
        while match.winner is None:
            hand = match.hand
            assert hand is not None
            if hand.over:
                rules.next_hand(match, rng)
                continue
            for seat in range(config.players):
                assert_open_holds(rules, match, seat)
            seat = rules.to_act(match)
            assert seat is not None
            rules.apply_trusted(match, seat, rng.choice(rules.legal(match, seat)))


def test_check_never_answers_open() -> None:
    """OPEN stays inside the rules: check() (and so apply's refusal) reads it as None."""
    rules = Config("paulista", 2).rules
    match = rules.new_match(2, 0)
    rules.deal(match, random.Random(3))
    seat = rules.to_act(match)
    assert seat is not None
    assert match.hand is not None
    play = Action(A.PLAY, match.hand.cards[seat][0])
    assert rules.checks()[A.PLAY](match, seat, play) is OPEN
    assert rules.check(match, seat, play) is None
    assert play in rules.legal(match, seat)


def test_one_open_answer_covers_every_kind_of_its_check() -> None:
    """Argentine envido's three openings share one check, so legal() asks it once: its
    OPEN for the envido lets the real envido and the falta envido by as well."""
    rules = Config("argentino", 2).rules
    checks = rules.checks()
    openings = [A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO]
    assert checks[A.REAL_ENVIDO] is checks[A.ENVIDO] is checks[A.FALTA_ENVIDO]
    for seed in range(20):
        match = rules.new_match(2, 0)
        rules.deal(match, random.Random(seed))
        seat = rules.to_act(match)
        assert seat is not None
        if rules.gate(match, seat, Action(A.ENVIDO)) is not OPEN:
            continue  # an owed flor comes first
        assert checks[A.ENVIDO](match, seat, Action(A.ENVIDO)) is OPEN
        assert all(Action(kind) in rules.legal(match, seat) for kind in openings)
        return
    raise AssertionError("no deal without a flor in 20 seeds")
