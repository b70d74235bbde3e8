"""The hard bot: determinized Monte Carlo search over the worlds the seat may be in.

For one decision it samples hidden cards consistent with the view
(:mod:`chatbot.ai.worlds`), plays every candidate action in every sampled world
to the end of the hand with the normal rule bot at every seat (its own later
turns included), and scores each finished hand by the match equity of the
score it leaves (:mod:`chatbot.ai.equity`). Betting therefore weighs the
chance to win against what the points mean at this score: it runs from a raise
whose loss ends the game unless it is likely to win, and calls when a win is
likely. Partners share a side, so a bot partner plays for the team.

All candidates are played out in the same worlds with the same random stream
(common random numbers), so the comparison is paired; the bot keeps the rule
bot's choice unless another action is better by more than the noise of the
sample. The number of worlds is fixed by the budget and the length of the hand
left, never by the clock, so a seeded decision is reproducible; the clock is
only a safety net against an overloaded machine.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from chatbot.ai.baseline.equity import Equity
from chatbot.ai.baseline.rulebot import NORMAL, RuleBot
from chatbot.ai.baseline.strength import Ranking, ranking
from chatbot.ai.baseline.worlds import (
    Belief,
    both,
    call_belief,
    envido_belief,
    layout,
    sample_worlds,
)
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, real_action, seat_view

SEARCH_PHASES = frozenset({"play", "decide"})
MAX_STEPS = 400  # a rollout longer than this is a bug, not a game


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may simulate."""

    samples: int = 24  # worlds at most
    min_samples: int = 8  # worlds at least, however long the hand left
    steps: int = 1000  # simulated decisions in all (worlds x candidates x hand length)
    seconds: float | None = 0.07  # safety net only: stop adding worlds after this long
    z: float = 1.0  # leave the rule bot's choice only for a gain this many standard errors


DEFAULT_BUDGET = Budget()


@dataclass(slots=True)
class Outcome:
    """What the rollouts of one candidate action gave."""

    action: Action
    values: list[float] = field(default_factory=list)
    wins: int = 0

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.values) if self.values else 0.0


@dataclass(slots=True)
class Analysis:
    """The search's picture of one decision: used by the bot and by hints."""

    choice: Action
    baseline: Action  # what the rule bot would do
    outcomes: dict[Action, Outcome]
    worlds: int
    searched: bool

    def chance(self, action: Action | None = None) -> float:
        """Estimated chance that this seat's side wins the hand after ``action``."""
        outcome = self.outcomes.get(action or self.choice)
        return outcome.win_rate if outcome is not None else 0.5


def searchable(view: SeatView) -> bool:
    """Decisions worth a search: card play, calls and answers; not passing or discarding."""
    if view.hand is None:  # blind hand: every position is as good as another
        return False
    return view.phase in SEARCH_PHASES or view.pending_call is not None


def candidates(view: SeatView, rank: Ranking, baseline: Action) -> list[Action]:
    """The legal actions, with cards of equal strength merged (they play alike)."""
    out: list[Action] = []
    seen: dict[tuple[str, int], int] = {}
    for action in view.legal:
        if action.card is None or action.kind not in (A.PLAY, A.PLAY_HIDDEN):
            out.append(action)
            continue
        key = (action.kind, rank.of(action.card))
        if key in seen:
            if action == baseline:
                out[seen[key]] = action
            continue
        seen[key] = len(out)
        out.append(action)
    return out


class Scorer:
    """Turns a finished simulated hand into a value for this seat's side."""

    __slots__ = ("equity", "sides", "target", "team")

    def __init__(self, rules: TrickRules[Any], view: SeatView) -> None:
        self.team = view.team
        self.sides = len(view.score)
        self.target = rules.target_score()
        ledger = rules.options.get("scoring") == "ledger"
        self.equity = Equity(rules) if self.sides == 2 and not ledger else None

    def value(self, match: Match[Any]) -> float:
        score = match.score
        if self.equity is not None:
            if match.winner is not None:
                return 1.0 if match.winner == self.team else 0.0
            return self.equity.of(score[self.team], score[1 - self.team])
        # several sides, or chips: this side's points against the others' average
        hand = match.hand
        assert hand is not None
        points = hand.points
        others = (sum(points) - points[self.team]) / (self.sides - 1)
        value = float(points[self.team] - others)
        if match.winner is not None:
            value += self.target if match.winner == self.team else -self.target / (
                self.sides - 1)
        return value


def rollout(rules: TrickRules[Any], world: Match[Any], seat: int, action: Action,
            rng: random.Random, rank: Ranking) -> Match[Any]:
    """Play ``action`` in a copy of ``world``, then the rule bot everywhere to the hand's end."""
    match = world.copy()
    rules.apply_trusted(match, seat, real_action(match, seat, action))
    hand = match.hand
    assert hand is not None
    for _ in range(MAX_STEPS):
        if hand.phase == "over":
            return match
        actor = rules.to_act(match)
        if actor is None:
            return match
        view = seat_view(rules, match, actor)
        move = RuleBot(rules, view, rng, NORMAL, rank).choose()
        rules.apply_trusted(match, actor, real_action(match, actor, move))
    raise RuntimeError("a simulated hand did not end")


def world_count(rules: TrickRules[Any], view: SeatView, n_candidates: int, budget: Budget) -> int:
    """Worlds that fit the step budget, from the cards left to play (never from the clock)."""
    left = sum(layout(rules, view).held) + view.hand_size + 2
    fit = budget.steps // max(1, n_candidates * left)
    return max(budget.min_samples, min(budget.samples, fit))


def belief_for(rules: TrickRules[Any], view: SeatView) -> Belief | None:
    """What the others' public actions say about their cards."""
    return both(envido_belief(rules, view), call_belief(rules, view))


def analyse(rules: TrickRules[Any], view: SeatView, rng: random.Random,
            budget: Budget = DEFAULT_BUDGET) -> Analysis:
    """Search one decision; falls back to the rule bot where a search has nothing to add."""
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    rank = ranking(rules, view.vira)
    baseline = RuleBot(rules, view, random.Random(rng.getrandbits(32)), NORMAL, rank).choose()
    if len(view.legal) == 1 or not searchable(view):
        return Analysis(baseline, baseline, {}, 0, False)
    cands = candidates(view, rank, baseline)
    if len(cands) == 1:
        return Analysis(baseline, baseline, {}, 0, False)
    count = world_count(rules, view, len(cands), budget)
    worlds = sample_worlds(rules, view, rng, count, belief_for(rules, view))
    if not worlds:
        return Analysis(baseline, baseline, {}, 0, False)
    scorer = Scorer(rules, view)
    outcomes = {a: Outcome(a) for a in cands}
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    used = 0
    for world in worlds:
        seed = rng.getrandbits(32)
        for action in cands:
            end = rollout(rules, world, view.seat, action, random.Random(seed), rank)
            outcome = outcomes[action]
            outcome.values.append(scorer.value(end))
            assert end.hand is not None
            if end.hand.winner == view.team:
                outcome.wins += 1
        used += 1
        if deadline is not None and used >= 2 and time.perf_counter() > deadline:
            break
    choice = pick(outcomes, baseline, budget.z)
    return Analysis(choice, baseline, outcomes, used, True)


def pick(outcomes: dict[Action, Outcome], baseline: Action, z: float) -> Action:
    """The best mean, if it beats the rule bot's choice by more than ``z`` standard errors."""
    best = max(outcomes.values(), key=lambda o: o.mean)
    base = outcomes.get(baseline)
    if base is None or best.action == baseline:
        return best.action
    diffs = [b - a for a, b in zip(base.values, best.values, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return best.action if mean > 0 else baseline
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if mean > z * math.sqrt(var / n) and mean > 1e-9:
        return best.action
    return baseline


def choose(rules: TrickRules[Any], view: SeatView, rng: random.Random,
           budget: Budget = DEFAULT_BUDGET) -> Action:
    """The hard bot's action for this seat: always one of ``view.legal``."""
    return analyse(rules, view, rng, budget).choice
