"""Random legal play: the engine's own driver for property tests, benchmarks and bot rollouts."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from chatbot.rules.base import TrickRules
from chatbot.rules.registry import rules_class, rules_for
from chatbot.rules.state import Match


@dataclass(frozen=True, slots=True)
class Config:
    """One way to play a variant: seat count and table options."""

    variant: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def rules(self) -> TrickRules[Any]:
        return rules_for(self.variant, dict(self.options))

    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.variant}/{self.players}p" + (f"/{opts}" if opts else "")


def standard_configs(variants: list[str]) -> list[Config]:
    """Every seat count of each variant, plus the deck options that change the cards."""
    configs = []
    for name in variants:
        cls = rules_class(name)
        decks = cls.option_specs.get("deck")
        deck_choices = decks.choices if decks else (None,)
        for players in cls.seat_counts:
            for deck in deck_choices:
                opts = (("deck", deck),) if deck is not None else ()
                configs.append(Config(name, players, opts))
    return configs


def random_game(rules: TrickRules[Any], players: int, rng: random.Random,
                max_actions: int = 100_000) -> tuple[Match[Any], int]:
    """Play a whole game choosing uniformly among legal actions; returns it and its length."""
    match = rules.new_match(players, rng.randrange(players))
    rules.deal(match, rng)
    actions = 0
    while match.winner is None:
        hand = match.hand
        assert hand is not None
        if hand.over:
            rules.next_hand(match, rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        rules.apply_trusted(match, seat, rng.choice(rules.legal(match, seat)))
        actions += 1
        if actions >= max_actions:
            raise RuntimeError("game did not end")
    return match, actions
