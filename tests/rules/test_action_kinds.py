"""Action kinds are a StrEnum: typed for the checker, and still the plain names everywhere
else (JSON, dict keys, a button's data, a scenario file, a saved game)."""

from __future__ import annotations

import json
import random

from chatbot.rules import actions as A
from chatbot.rules.actions import Action, Kind
from chatbot.rules.registry import rules_for


def test_a_kind_is_its_name() -> None:
    assert Kind.PLAY == "play" and Kind("real-envido") is A.REAL_ENVIDO
    assert json.dumps({"action": A.FALTA_ENVIDO}) == '{"action": "falta-envido"}'
    assert repr(Action(A.TRUCO)) == "Action(kind='truco', card=None)"
    assert {"truco": 1}[A.TRUCO] == 1 and {A.TRUCO: 1}["truco"] == 1
    assert set(A.ALL_ACTIONS) | A.INSTRUCTIONS == set(Kind)


def test_an_unknown_name_is_a_kind_the_rules_refuse() -> None:
    """A forged button's name reaches the rules, which refuse it as they always did."""
    rules = rules_for("paulista")
    match = rules.new_match(2, 0)
    rules.deal(match, random.Random(3))
    seat = rules.to_act(match)
    assert seat is not None
    jump = Kind("jump")
    assert isinstance(jump, Kind) and jump == "jump" and jump not in A.ALL_ACTIONS
    refusal = rules.check(match, seat, Action(jump))
    assert refusal is not None and refusal.reason == "unknown-action"
