"""Bot players, deciding from a :class:`SeatView` only.

``decide(rules, view, level, rng)`` is the one entry point; callers run it in a
worker thread (it is pure CPU and holds no shared mutable state, except an
optional :class:`~chatbot.ai.reads.TableReads` that the caller owns).

Levels a player may choose (``player_levels()``, each with a description
msgid for the UI):

- ``easy``: the rule bot without card counting, with noisy judgement and now
  and then a careless card, like a beginner;
- ``normal``: the rule bot, counting the cards already seen;
- ``hard``: a determinized search that plays the others out in sampled worlds
  (weighted by what their actions say) and picks by match equity;
- ``tight``, ``loose``, ``aggressive``, ``cautious``: rule-bot personalities.

Bench-only levels: ``random`` (a uniformly random legal player) and
``baseline`` (the hard bot as it was on 2026-12-01, frozen in
:mod:`chatbot.ai.baseline`, so the arena can measure new work against it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from chatbot.ai import baseline, rulebot, search
from chatbot.ai.reads import TableReads
from chatbot.i18n.translation import N_
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView


@dataclass(frozen=True, slots=True)
class Level:
    """A level a player may choose: its code (stored on a seat) and a one-line description."""

    code: str
    name: str  # an msgid: the level's name on a button ("Hard")
    description: str  # an msgid: translate with chatbot.i18n ``_(level.description)``


PLAYER_LEVELS: tuple[Level, ...] = (
    Level("easy", N_("Easy"),
          N_("Easy: a beginner who misjudges hands and now and then drops a card.")),
    Level("normal", N_("Normal"),
          N_("Normal: plays by the book and counts the cards already seen.")),
    Level("hard", N_("Hard"),
          N_("Hard: thinks ahead through the hands you may hold and reads your raises.")),
    Level("tight", N_("Tight"), N_("Tight: raises and accepts only with strong cards.")),
    Level("loose", N_("Loose"),
          N_("Loose: accepts almost any raise and plays on with weak cards.")),
    Level("aggressive", N_("Aggressive"), N_("Aggressive: raises often and bluffs.")),
    Level("cautious", N_("Cautious"),
          N_("Cautious: runs from raises early unless its cards are very good.")),
)
LEVELS: tuple[str, ...] = tuple(level.code for level in PLAYER_LEVELS)
STYLE_LEVELS: tuple[str, ...] = ("tight", "loose", "aggressive", "cautious")
BENCH_LEVELS: tuple[str, ...] = ("random", *LEVELS, "baseline")


def player_levels() -> tuple[Level, ...]:
    """The levels a player may pick for a bot, in menu order, with their description msgids."""
    return PLAYER_LEVELS


def player_level(code: str) -> Level:
    """A player level by its code; KeyError for bench levels and unknown codes."""
    for level in PLAYER_LEVELS:
        if level.code == code:
            return level
    raise KeyError(code)


def describe(code: str) -> str:
    """The description msgid of a player level (for ``_()``); KeyError for bench levels."""
    return player_level(code).description


def next_level(code: str) -> str:
    """The player level after ``code`` in menu order, round the cycle (a menu's ▸ button)."""
    codes = [level.code for level in PLAYER_LEVELS]
    return codes[(codes.index(code) + 1) % len(codes)] if code in codes else codes[0]


def decide(rules: TrickRules, view: SeatView, level: str, rng: random.Random,
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
    if level == "baseline":
        return baseline.choose(rules, view, rng)
    if level == "random":
        return rng.choice(view.legal)
    raise ValueError(f"unknown bot level {level!r}; choose one of {', '.join(BENCH_LEVELS)}")


__all__ = ["BENCH_LEVELS", "LEVELS", "PLAYER_LEVELS", "STYLE_LEVELS", "Level", "TableReads",
           "decide", "describe", "next_level", "player_level", "player_levels"]
