"""Bot players at three levels, deciding from a :class:`SeatView` only.

``decide(rules, view, level, rng)`` is the one entry point; callers run it in a
worker thread (it is pure CPU and holds no shared mutable state).

- ``easy``: the rule bot without card counting, with noisy judgement and now
  and then a careless card, like a beginner;
- ``normal``: the rule bot, counting the cards already seen;
- ``hard``: a determinized search that plays the normal bot out in sampled
  worlds and picks by match equity.

``random`` (a uniformly random legal player) is there for benchmarks only.
"""

from __future__ import annotations

import random

from chatbot.ai import rulebot, search
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
BENCH_LEVELS: tuple[str, ...] = ("random", *LEVELS)


def decide(rules: TrickRules, view: SeatView, level: str, rng: random.Random) -> Action:
    """The action a bot of ``level`` takes: always one of ``view.legal``."""
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    if level == "hard":
        return search.choose(rules, view, rng)
    if level == "normal":
        return rulebot.choose(rules, view, rng)
    if level == "easy":
        return rulebot.choose(rules, view, rng, rulebot.EASY)
    if level == "random":
        return rng.choice(view.legal)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BENCH_LEVELS)}")


__all__ = ["BENCH_LEVELS", "LEVELS", "decide"]
