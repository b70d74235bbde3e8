"""Reading and validating a scenario; every problem becomes one clear ScenarioError."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card, CardCodeError, card_code, parse_card
from chatbot.rules.errors import SetupError
from chatbot.rules.registry import UnknownVariant, rules_for


class ScenarioError(ValueError):
    """The input is not a valid scenario (exit 2)."""


@dataclass(frozen=True)
class Step:
    seat: int
    action: Action


@dataclass(frozen=True)
class Scenario:
    rules: TrickRules
    players: int
    dealer: int
    score: list[int]
    hands: list[list[Card]]
    vira: Card | None
    stock: list[Card]
    steps: list[Step]


def load_scenario(text: str) -> Scenario:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"bad JSON: {exc}") from None
    if not isinstance(doc, dict):
        raise ScenarioError("a scenario is a JSON object")
    try:
        return _build(doc)
    except (SetupError, CardCodeError) as exc:
        raise ScenarioError(str(exc)) from None


def _build(doc: dict[str, Any]) -> Scenario:
    variant = doc.get("variant")
    options = doc.get("options") or {}
    if not isinstance(options, dict):
        raise ScenarioError("options must be an object")
    try:
        rules = rules_for(str(variant), options)
    except UnknownVariant:
        raise ScenarioError(f"unknown variant {variant!r}") from None
    except TypeError:
        raise ScenarioError("option values must be plain JSON values") from None

    players = _int(doc, "players")
    dealer = _int(doc, "dealer")
    score = doc.get("score")
    if not isinstance(score, list):
        raise ScenarioError("score must be a list")
    rules.new_match(players, dealer, score)  # checks seats, dealer and score

    def card(code: Any) -> Card:
        c = parse_card(code, rules.family)
        if c not in deck:
            raise ScenarioError(f"card {code} is not in the {rules.name} deck")
        return c

    deck = set(rules.deck())
    hands_doc = doc.get("hands")
    if not isinstance(hands_doc, list) or len(hands_doc) != players:
        raise ScenarioError(f"hands must list the cards of {players} seats")
    per_seat = rules.cards_per_player(players)
    hands = []
    for seat, held in enumerate(hands_doc):
        if not isinstance(held, list) or len(held) != per_seat:
            raise ScenarioError(f"seat {seat} must hold {per_seat} cards")
        hands.append([card(c) for c in held])

    vira = None
    if rules.turns_up_card():
        if "vira" not in doc:
            raise ScenarioError(f"{rules.name} needs a vira")
        vira = card(doc["vira"])
    elif "vira" in doc:
        raise ScenarioError(f"{rules.name} turns no card up: remove the vira")
    stock_doc = doc.get("stock", [])
    if not isinstance(stock_doc, list):
        raise ScenarioError("stock must be a list")
    stock = [card(c) for c in stock_doc]

    seen: set[Card] = set()
    for c in [*(c for h in hands for c in h), *([vira] if vira else []), *stock]:
        if c in seen:
            raise ScenarioError(f"a card is dealt twice: {doc_code(rules, c)}")
        seen.add(c)

    steps = [_step(i, a, card, players, rules.own_actions)
             for i, a in enumerate(doc.get("actions") or [])]
    return Scenario(rules, players, dealer, list(score), hands, vira, stock, steps)


def _step(index: int, doc: Any, card: Any, players: int, own: frozenset[str]) -> Step:
    """One action of the scenario: the family's names, or one the game adds (``own``)."""
    if not isinstance(doc, dict):
        raise ScenarioError(f"action {index} must be an object")
    kind = doc.get("action")
    if kind not in A.ALL_ACTIONS and kind not in own:
        raise ScenarioError(f"action {index}: unknown action {kind!r}")
    seat = doc.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ScenarioError(f"action {index}: seat must be a seat number")
    if kind in A.CARD_ACTIONS:
        if "card" not in doc:
            raise ScenarioError(f"action {index}: {kind} needs a card")
        return Step(seat, Action(kind, card(doc["card"])))
    if "card" in doc:
        raise ScenarioError(f"action {index}: {kind} takes no card")
    return Step(seat, Action(kind))


def _int(doc: dict[str, Any], key: str) -> int:
    value = doc.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(f"{key} must be a whole number")
    return value


def doc_code(rules: TrickRules, card: Card) -> str:
    return card_code(card, rules.family)
