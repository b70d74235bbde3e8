"""Logged events read back equal in every variant: a restart redraws hands from them."""

from __future__ import annotations

import json
import random

import pytest

from chatbot.rules.base import TrickRules
from chatbot.rules.events import Event, HandStarted
from chatbot.rules.playout import Config, standard_configs
from chatbot.rules.registry import available_variants
from chatbot.rules.serialize import event_from_dict, event_to_dict

# Plus a game that may end mid-hand (Argentine envido_immediate): its end is logged too.
CONFIGS = [*standard_configs(available_variants()),
           Config("argentino", 2, (("envido_immediate", True), ("target", 15)))]


def logged_game(rules: TrickRules, players: int, rng: random.Random) -> list[Event]:
    """Every event of one random game, as the service would log them."""
    match = rules.new_match(players, rng.randrange(players))
    events = list(rules.deal(match, rng))
    while match.winner is None:
        hand = match.hand
        assert hand is not None
        if hand.over:
            events += rules.next_hand(match, rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        batch: list[Event] = []
        rules.apply(match, seat, rng.choice(rules.legal(match, seat)), batch)
        events += batch
    return events


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
def test_every_logged_event_reads_back_equal(config: Config) -> None:
    rules = config.rules
    family = rules.family
    seen: set[str] = set()
    for seed in range(40):  # until the common kinds have been seen (short games exist)
        if seed >= 3 and {"HandStarted", "CardPlayed", "TrickWon"} <= seen:
            break
        for event in logged_game(rules, config.players, random.Random(seed)):
            stored = json.loads(json.dumps(event_to_dict(event, family)))  # as the database has it
            assert event_from_dict(stored, family) == event
            seen.add(type(event).__name__)
    assert {"HandStarted", "CardPlayed", "TrickWon"} <= seen


def test_an_unknown_event_type_is_refused() -> None:
    with pytest.raises(KeyError):
        event_from_dict({"type": "NoSuchEvent", "audience": ["public", None]},
                        CONFIGS[0].rules.family)


def test_events_defined_after_the_first_lookup_are_found() -> None:
    """The table's own events live in a module the rules never import."""
    family = CONFIGS[0].rules.family
    first = HandStarted(1, 0, None, None, 1)
    assert event_from_dict(event_to_dict(first, family), family) == first
    from chatbot.fsm.events import PlayerSat
    sat = PlayerSat(0, "Ana", False)
    assert event_from_dict(event_to_dict(sat, family), family) == sat
