"""Play a scenario's actions through the rules and report what a referee would say."""

from __future__ import annotations

from typing import Any

from chatbot.i18n.reasons import explain
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import card_code
from chatbot.rules.errors import IllegalAction
from chatbot.scenario.loader import Scenario, ScenarioError

# Refusals that mean the scenario itself is incomplete (rules.md 7.1.19), not a bad move.
INPUT_ERRORS = frozenset({"redeal-no-stock"})


def referee(scenario: Scenario) -> dict[str, Any]:
    rules = scenario.rules
    match = rules.new_match(scenario.players, scenario.dealer, scenario.score)
    rules.start_hand(match, scenario.hands, scenario.vira, scenario.stock)
    for index, step in enumerate(scenario.steps):
        try:
            rules.apply(match, step.seat, step.action, [])
        except IllegalAction as err:
            if err.reason in INPUT_ERRORS:  # the scenario cannot be played as written
                raise ScenarioError(explain(err, "en", rules)) from None
            return {
                "ok": False,
                "error": {"index": index, "code": err.code, "message": explain(err, "en", rules)},
            }
    hand = match.hand
    assert hand is not None
    result: dict[str, Any] = {
        "ok": True,
        "state": "hand-over" if hand.over else "in-progress",
        "tricks": list(hand.tricks),
        "stake": hand.stake,
    }
    if hand.over:
        result |= {
            "hand_winner": hand.winner,
            "points": list(hand.points),
            "score": list(match.score),
            "game_over": match.winner is not None,
            "winner": match.winner,
        }
    else:
        seat = rules.to_act(match)
        assert seat is not None  # a hand in play always has a seat to act
        result["to_act"] = seat
        result["legal"] = [_action_doc(rules, a) for a in rules.legal(match, seat)]
    calls = rules.resolved_calls(match)
    if calls:
        result["calls"] = calls
    return result


def _action_doc(rules: TrickRules, action: Action) -> dict[str, Any]:
    doc: dict[str, Any] = {"action": action.kind}
    if action.card is not None:
        doc["card"] = card_code(action.card, rules.family)
    return doc
