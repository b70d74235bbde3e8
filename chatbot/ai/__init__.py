"""Bot players, deciding from a :class:`SeatView` only.

``decide(rules, view, level, rng)`` is the one entry point; callers run it in a
worker thread (it is pure CPU and holds no shared mutable state, except an
optional :class:`~chatbot.ai.reads.TableReads` that the caller owns).

Levels a player may choose (``LEVELS``, in menu order; their names and
descriptions are texts, in :mod:`chatbot.i18n.levels`):

- ``easy``: the rule bot without card counting, with noisy judgement and now
  and then a careless card, like a beginner;
- ``normal``: the rule bot, counting the cards already seen;
- ``hard``: a determinized search that plays the others out in sampled worlds
  (weighted by what their actions say) and picks by match equity;
- ``tight``, ``loose``, ``aggressive``, ``cautious``: rule-bot personalities.

Bench-only levels: ``random`` (a uniformly random legal player) and ``sly`` (a
rule bot that raises loosely and answers tightly, a style the hard bot is tuned
against and no player picks). The arena's
yardstick, the hard bot as it was on 2026-12-01, is not kept here: the arena plays
it from its own commit (``baseline``, see :mod:`chatbot.bench.pinned`).
"""

from __future__ import annotations

import random
from typing import Any

from chatbot.ai import rulebot, search
from chatbot.ai.reads import TableReads
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView

# The levels a player may pick for a bot, in menu order. Their words (a button's name,
# a description) are chatbot.i18n.levels': this layer knows no text.
LEVELS: tuple[str, ...] = ("easy", "normal", "hard", "tight", "loose", "aggressive", "cautious")
STYLE_LEVELS: tuple[str, ...] = ("tight", "loose", "aggressive", "cautious")
# Styles the hard bot is tuned against that no player picks (the arena's suite meets them).
TUNING_STYLES: tuple[str, ...] = ("sly",)
BENCH_LEVELS: tuple[str, ...] = ("random", *LEVELS, *TUNING_STYLES)


def next_level(code: str) -> str:
    """The player level after ``code`` in menu order, round the cycle (a menu's ▸ button)."""
    return LEVELS[(LEVELS.index(code) + 1) % len(LEVELS)] if code in LEVELS else LEVELS[0]


def decide(rules: TrickRules[Any], view: SeatView, level: str, rng: random.Random,
           reads: TableReads | None = None) -> Action:
    """The action a bot of ``level`` takes: always one of ``view.legal``.

    ``reads`` (optional) is what this bot has learnt of the others at this
    table so far; only the hard level uses it.
    """
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    if level == "hard":
        return search.choose(rules, view, rng, reads=reads)
    style = rulebot.STYLES.get(level)
    if style is not None:
        return rulebot.choose(rules, view, rng, style)
    if level == "random":
        return rng.choice(view.legal)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BENCH_LEVELS)}")


__all__ = ["BENCH_LEVELS", "LEVELS", "STYLE_LEVELS", "TUNING_STYLES", "TableReads", "decide",
           "next_level"]
