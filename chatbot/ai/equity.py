"""Match equity: the chance to win the game from a score, so a hand is judged by the game.

Points are worth more or less depending on the score: losing a raise that ends
the game costs everything, while the same points early on are a small setback.
The search therefore scores each simulated hand by the equity of the score it
leaves, not by raw points. The table comes from a small model of the game: each
hand goes to either side with equal odds and is worth the ladder's values with
falling probabilities, so the equities are rough but ordered the right way.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from chatbot.ai.params import HARD
from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView


def hand_values(rules: TrickRules[Any]) -> tuple[tuple[int, float], ...]:
    """(points, probability) of one hand for the equity model."""
    ladder = rules.ladder
    weights = HARD.level_odds[: len(ladder)]
    total = sum(weights)
    values = [(v, w / total) for v, w in zip(ladder, weights, strict=False)]
    if len(ladder) == 1:  # Put: a seen put plays for the game now and then
        values = [(ladder[0], 0.9), (rules.target_score(), 0.1)]
    return tuple(values)


@lru_cache(maxsize=64)
def equity_table(target: int, values: tuple[tuple[int, float], ...]) -> tuple[tuple[float, ...],
                                                                             ...]:
    """``table[a][b]``: chance that the side at ``a`` beats the side at ``b`` (both < target).

    Cached because it depends only on the variant's data; the values are
    immutable tuples and ``lru_cache`` is thread-safe, so threads may share it.
    """
    rows = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            total = 0.0
            for v, p in values:
                win = 1.0 if a + v >= target else rows[a + v][b]
                lose = 0.0 if b + v >= target else rows[a][b + v]
                total += p * 0.5 * (win + lose)
            rows[a][b] = total
    return tuple(tuple(r) for r in rows)


class Equity:
    """The equity of a two-sided score for one side, for one variant's data."""

    __slots__ = ("_table", "target")

    def __init__(self, rules: TrickRules[Any]) -> None:
        self.target = rules.target_score()
        self._table = equity_table(self.target, hand_values(rules))

    def of(self, mine: int, theirs: int) -> float:
        if mine >= self.target and mine >= theirs:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return self._table[max(mine, 0)][max(theirs, 0)]


def raise_stakes(rules: TrickRules[Any], level: int, stake: int) -> tuple[int, int]:
    """(points given away by running, points played for by accepting) of a raise to ``level``."""
    ladder = rules.ladder
    play = ladder[level] if 0 <= level < len(ladder) else stake
    return stake, play


def break_even(rules: TrickRules[Any], score: tuple[int, ...], team: int, run: int,
               play: int) -> float:
    """The chance of winning the hand above which accepting a raise beats running from it.

    Running hands ``run`` points to the raiser's side; accepting plays the hand
    for ``play``. With two sides racing to a target the points are weighed by
    match equity (a raise that would end the game is worth more than its
    points); otherwise by points: ``(play - run) / (2 * play)``, a third for a
    truco from 1 to 3.
    """
    if play <= 0:
        return 0.0
    if len(score) != 2 or rules.options.get("scoring") == "ledger":
        return max(0.0, min(1.0, (play - run) / (2 * play)))
    eq = Equity(rules)
    mine, theirs = score[team], score[1 - team]
    win = eq.of(mine + play, theirs)
    lose = eq.of(mine, theirs + play)
    fold = eq.of(mine, theirs + run)
    if win - lose <= 1e-12:
        return 0.0 if fold <= lose else 1.0
    return max(0.0, min(1.0, (fold - lose) / (win - lose)))


def view_break_even(rules: TrickRules[Any], view: SeatView) -> float | None:
    """Break-even of the raise this seat must answer (truco-ladder raises only)."""
    if view.pending_call not in A.LADDER_CALLS:
        return None
    run, play = raise_stakes(rules, view.level + 1, view.stake)
    return break_even(rules, view.score, view.team, run, play)
