"""Seeded games with held-out bots at some seats: every decision recorded for the tests."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from arena.heldout import HeldoutBot, make
from chatbot.ai import LEVELS, decide
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.playout import Config
from chatbot.rules.views import SeatView, real_action, seat_view

# The four formats of the arena's suite, and an Argentine table that plays flor with
# contraflor and pays the tantos at once (every call a bot may meet there).
FORMATS: tuple[Config, ...] = (
    Config("paulista", 2), Config("paulista", 4), Config("mineiro", 4), Config("argentino", 4),
)
FLOR_TABLE = Config("argentino", 4, (("flor", "contraflor"), ("envido_immediate", True)))


@dataclass(frozen=True, slots=True)
class Decision:
    """One held-out decision: which bot, what it saw, what it did."""

    bot: str
    view: SeatView
    action: Action


def play(config: Config, levels: Sequence[str], seed: int,
         score: Sequence[int] | None = None, hands: int | None = None,
         cards: Sequence[Sequence[Card]] | None = None,
         ) -> tuple[list[Decision], dict[int, HeldoutBot]]:
    """One game (or its first ``hands`` hands), seat ``s`` played by ``levels[s % len]``:
    a held-out bot's name or a product level (``chatbot.ai.LEVELS``). ``cards``: the
    first hand's deal by seat (the last seat deals), else shuffled. Every move goes
    through the checked ``rules.apply``, so an illegal one raises."""
    rules = config.rules
    deal_rng = random.Random(seed)
    levels = [levels[s % len(levels)] for s in range(config.players)]
    bots = {s: make(level) for s, level in enumerate(levels) if level not in LEVELS}
    rngs = [random.Random(f"{seed}-{s}") for s in range(config.players)]
    if cards is None:
        match = rules.new_match(config.players, deal_rng.randrange(config.players), score)
        rules.deal(match, deal_rng)
    else:
        match = rules.new_match(config.players, config.players - 1, score)
        rules.start_hand(match, cards)
    decisions: list[Decision] = []
    for _ in range(20_000):
        if match.winner is not None:
            break
        hand = match.hand
        assert hand is not None
        if hand.over:
            if hands is not None and match.hand_no >= hands:
                break
            rules.next_hand(match, deal_rng)
            continue
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        if seat in bots:
            action = bots[seat].choose(rules, view, rngs[seat])
            decisions.append(Decision(levels[seat], view, action))
        else:
            action = decide(rules, view, levels[seat], rngs[seat])
        assert action in view.legal, (levels[seat], action, view.legal)
        rules.apply(match, seat, real_action(match, seat, action))
    else:
        raise AssertionError("the game did not end")
    return decisions, bots
