"""The hard bot: determinized Monte Carlo search over the worlds the seat may be in.

For one decision it samples hidden cards consistent with the view
(:mod:`chatbot.ai.worlds`), weighted by how well each world explains the
others' raises and answers (sharper for a seat known to raise tight,
:mod:`chatbot.ai.reads`), plays every candidate action in every sampled world
to the end of the hand with rule bots (its own side as the normal bot, each
opponent as the style it has shown), and scores each finished hand by the
match equity of the score it leaves (:mod:`chatbot.ai.equity`). Betting therefore weighs the
chance to win against what the points mean at this score: it runs from a raise
whose loss ends the game unless it is likely to win, and calls when a win is
likely. Partners share a side, so a bot partner plays for the team.

All candidates are played out in the same worlds with the same random stream
(common random numbers), so the comparison is paired; the bot keeps the rule
bot's choice unless another action is better by more than the noise of the
sample. The number of worlds is fixed by the budget and the length of the hand
left, never by the clock, so a seeded decision is reproducible with the clock
stood still; the clock is a safety net against an overloaded or slow machine (on
a slow one it ends most decisions first, docs/ai.md). The search stops early
when one option leads every other by far more than the noise.

Three rules sit on top of the means. Envido: only the calls the seat's count
backs are candidates (:func:`backed`). Cards: among plays the sample cannot tell
apart, the cheapest wins, and a card that can neither win nor tie the trick
is always the lowest one (a manilha thrown under a better card is wasted).
Answers: a raise is accepted only when the estimated chance of winning the
hand beats its break-even at this score (:func:`chatbot.ai.equity.break_even`),
by a margin that grows with how tight the raiser reads (:func:`read_margin`),
or when the hand is inside the share that must accept for a bluff not to pay
(:func:`defend`, :mod:`chatbot.ai.defence`). A hand that cannot be lost is
raised without a search (:mod:`chatbot.ai.sure_win`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from chatbot.ai.answers import (
    DEALS,
    InformedAnswer,
    answers_late,
    informed_chance,
    late_raise,
)
from chatbot.ai.card_plays import play_belief
from chatbot.ai.defence import floor_accepts
from chatbot.ai.envido_model import threshold_shift
from chatbot.ai.equity import Equity, view_break_even
from chatbot.ai.params import HARD
from chatbot.ai.reads import TableReads
from chatbot.ai.rulebot import ENVIDO_CALL_AT, NORMAL, STYLES, RuleBot, Style
from chatbot.ai.senas import sena_belief
from chatbot.ai.strength import Ranking, ranking
from chatbot.ai.sure_win import cannot_win, sure_raise
from chatbot.ai.worlds import (
    Belief,
    both,
    call_belief,
    envido_belief,
    envido_call_belief,
    layout,
    sample_worlds,
)
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.envido import ENVIDO_CALLS, envido_count
from chatbot.rules.state import END_RUN, Match, Phase
from chatbot.rules.views import SeatView, real_action, seat_view

SEARCH_PHASES = frozenset({"play", "decide"})
MAX_STEPS = 400  # a rollout longer than this is a bug, not a game


@dataclass(frozen=True, slots=True)
class Budget:
    """How much one decision may simulate."""

    samples: int = 48  # worlds at most
    min_samples: int = 12  # worlds at least, however long the hand left
    steps: int = 2400  # simulated decisions in all (worlds x candidates x hand length)
    seconds: float | None = 0.08  # safety net only: stop adding worlds this long after the start
    z: float = 1.0  # leave the rule bot's choice only for a gain this many standard errors
    stop_z: float = 4.0  # stop early once the leader beats every other by this many errors
    accept_margin: float = -0.05  # accept this close to break-even (the estimate runs low)
    pool: int = 100  # worlds drawn at most for a belief to choose from (each is weighed)
    spread: int = 3  # ... as many times the worlds kept, up to ``pool``
    table_scale: float = 0.85  # steps and worlds at a table of four or more (see sized)


DEFAULT_BUDGET = Budget()


def sized(budget: Budget, view: SeatView) -> Budget:
    """The budget for this table: four players cost more per world than two.

    A world of four players takes longer to build and to weigh (two
    opponents' chances per world under a raise) and its rollouts are longer
    per card left; measured in the arena (docs/ai.md), the two-player budget
    ran over 100 ms at the 99th percentile at a table of four, so the worlds
    and steps come down there.
    """
    if view.players < 4 or budget.table_scale >= 1.0:
        return budget
    return replace(budget, samples=max(budget.min_samples,
                                       round(budget.samples * budget.table_scale)),
                   steps=round(budget.steps * budget.table_scale))


@dataclass(slots=True)
class Outcome:
    """What the rollouts of one candidate action gave."""

    action: Action
    values: list[float] = field(default_factory=list)
    wins: int = 0
    runs: int = 0  # rollouts in which the action, a truco-ladder raise, was run from at once

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.values) if self.values else 0.0

    @property
    def run_rate(self) -> float:
        """Share of the rollouts whose opponents ran from this raise: the search's
        model of how often the raise is run from (0 for any other action)."""
        return self.runs / len(self.values) if self.values else 0.0


# What made a choice: "rule" (no search: the rule bot's), "sure" (a sure win's raise),
# "search", or "floor" (the defence floor turned the search's run into an accept).
Cause = Literal["rule", "sure", "search", "floor"]


@dataclass(slots=True)
class Analysis:
    """The search's picture of one decision: used by the bot and by hints."""

    choice: Action
    baseline: Action  # what the rule bot would do
    outcomes: dict[Action, Outcome]
    worlds: int
    searched: bool
    break_even: float | None = None  # of the raise being answered, if any
    cause: Cause = "rule"  # what made the choice; the arena files accepted raises by it

    def chance(self, action: Action | None = None) -> float:
        """Estimated chance that this seat's side wins the hand after ``action``."""
        outcome = self.outcomes.get(action or self.choice)
        return outcome.win_rate if outcome is not None else 0.5

    def run_chance(self) -> float | None:
        """The rollouts' share of runs from the choice, a searched truco-ladder raise;
        None for any other choice (the arena checks it against the real answers)."""
        outcome = self.outcomes.get(self.choice)
        if outcome is None or self.choice.kind not in A.LADDER_CALLS:
            return None
        return outcome.run_rate


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


def backed(view: SeatView, cands: list[Action], baseline: Action) -> list[Action]:
    """Without the envido calls and raises this seat's count does not back (bluffs).

    An envido bluff is priced by the rare answer that calls it: a falta envido
    sung on a 16 loses the game when an opponent holds 30, which a few dozen
    worlds seldom show, so the search took such calls for a free point and
    sang them in half its hands (measured in the arena,
    docs/arena/2026-12-04-argentine-envido.md). A call
    stays a candidate when the count reaches where a normal player sings it
    (:data:`ENVIDO_CALL_AT`, a point more to raise one) or the rule bot chose it.
    """
    if view.hand is None or not any(a.kind in ENVIDO_CALLS for a in cands):
        return cands
    count = envido_count(view.hand)
    extra = 1 if view.pending_call in ENVIDO_CALLS else 0
    return [a for a in cands if a.kind not in ENVIDO_CALLS or a == baseline
            or count >= ENVIDO_CALL_AT[a.kind] + extra]


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
            rng: random.Random, rank: Ranking,
            styles: Sequence[Style] | None = None, informed: bool = False) -> Match[Any]:
    """Play ``action`` in a copy of ``world``, then rule bots (``styles`` per seat) to the end.

    With ``informed``, an opponent answering ``action`` (a raise of ``seat``'s side
    late in the hand) answers by its side's chance counted over deals of the cards
    it cannot see (:mod:`chatbot.ai.answers`): the rule bot's formula there accepts
    with cards a player who knows them folds, which made our raises on middling
    hands look better than they pay.
    """
    team = rules.team_of(seat, world.players)
    match = world.copy()
    rules.apply_trusted(match, seat, real_action(match, seat, action))
    hand = match.hand
    assert hand is not None
    for _ in range(MAX_STEPS):
        if hand.phase == Phase.OVER:
            return match
        actor = rules.to_act(match)
        if actor is None:
            return match
        view = seat_view(rules, match, actor)
        style = NORMAL if styles is None else styles[actor]
        if informed and answers_late(rules, match, actor, team):
            informed = False  # the answer to our raise only: later raises are the rule bots'
            chance = informed_chance(rules, match, actor, rng, rank)
            move: Action = InformedAnswer(rules, view, rng, style, rank, chance).choose()
        else:
            move = RuleBot(rules, view, rng, style, rank).choose()
        rules.apply_trusted(match, actor, real_action(match, actor, move))
    raise RuntimeError("a simulated hand did not end")


def world_count(rules: TrickRules[Any], view: SeatView, n_candidates: int, budget: Budget,
                extra: int = 0) -> int:
    """Worlds that fit the step budget, from the cards left to play (never from the clock);
    ``extra`` rollouts per world on top of one per candidate (an informed answer's deals)."""
    left = sum(layout(rules, view).held) + view.hand_size + 2
    fit = budget.steps // max(1, (n_candidates + extra) * left)
    return max(budget.min_samples, min(budget.samples, fit))


def belief_for(rules: TrickRules[Any], view: SeatView,
               reads: TableReads | None = None) -> Belief | None:
    """What the others' public actions say about their cards (read by how each raiser
    has played here: its tightness and the style it plays like), and the señas this
    seat saw."""
    tightness = None if reads is None else reads.tightness
    shown = None if reads is None else reads.envido_counts
    envido = both(envido_belief(rules, view), envido_call_belief(rules, view, shown))
    style_of = None if reads is None else reads.style_of
    raisers = () if reads is None else reads.raisers()
    bluffs = None if reads is None else reads.bluff_share
    evidence = None if reads is None else reads.tight_evidence
    calls = call_belief(rules, view, tightness, style_of, raisers, bluffs, evidence)
    plays = None  # a stranger's plays say nothing: people play cards many ways
    if reads is not None:
        plays = play_belief(rules, view, reads.play_slip)
    return both(both(both(envido, calls), sena_belief(rules, view)), plays)


def rollout_styles(rules: TrickRules[Any], view: SeatView,
                   reads: TableReads | None) -> list[Style]:
    """How each seat plays in the rollouts: this side normal, opponents as they have shown.

    An opponent whose envido openings were shown sings and answers envidos that
    many points off a normal player's counts. An opponent answers our raises in
    the rollouts without reading strength into them (``respect`` 1) unless it
    has been seen running often: a model that folds to every raise would teach
    the search to bluff at every turn.
    """
    out: list[Style] = []
    for s in range(view.players):
        if rules.team_of(s, view.players) == view.team:
            out.append(NORMAL)
            continue
        style = NORMAL if reads is None else STYLES[reads.style_of(s)]
        folds = HARD.fold_prior if reads is None else reads.fold_rate(s)
        respect = min(2.5, max(1.0, 1.0 + 3.0 * (folds - HARD.fold_prior)))
        style = replace(style, respect=respect)
        shown = () if reads is None else reads.envido_counts(s)
        if shown:  # it sings and answers envidos where it has been seen opening them
            style = replace(style, envido_bias=-threshold_shift(rules.deck(), shown))
        out.append(style)
    return out


def analyse(rules: TrickRules[Any], view: SeatView, rng: random.Random,
            budget: Budget = DEFAULT_BUDGET, reads: TableReads | None = None) -> Analysis:
    """Search one decision; falls back to the rule bot where a search has nothing to add."""
    if not view.legal:
        raise ValueError("this seat has nothing to do now")
    # the safety net counts from here: drawing and weighing the worlds is part of the cost
    started = time.perf_counter()
    rank = ranking(rules, view.vira)
    baseline = RuleBot(rules, view, random.Random(rng.getrandbits(32)), NORMAL, rank).choose()
    if len(view.legal) == 1 or not searchable(view):
        return Analysis(baseline, baseline, {}, 0, False)
    sure = sure_raise(rules, view, rank)
    if sure is not None:  # the hand cannot be lost: raise it (or take the raise), no search
        return Analysis(sure, baseline, {}, 0, False, view_break_even(rules, view), "sure")
    cands = backed(view, candidates(view, rank, baseline), baseline)
    if len(cands) == 1:
        return Analysis(baseline, baseline, {}, 0, False)
    budget = sized(budget, view)
    informed = late_raise(rules, view, cands)
    count = world_count(rules, view, len(cands), budget, DEALS if informed else 0)
    spread = max(1, min(budget.spread, budget.pool // count))
    worlds = sample_worlds(rules, view, rng, count, belief_for(rules, view, reads), spread)
    if not worlds:
        return Analysis(baseline, baseline, {}, 0, False)
    scorer = Scorer(rules, view)
    styles = rollout_styles(rules, view, reads)
    outcomes = {a: Outcome(a) for a in cands}
    deadline = None if budget.seconds is None else started + budget.seconds
    first = min(count, max(budget.min_samples, 2))
    used = 0
    for world in worlds:
        seed = rng.getrandbits(32)
        for action in cands:
            end = rollout(rules, world, view.seat, action, random.Random(seed), rank, styles,
                          informed and action.kind in A.LADDER_CALLS)
            outcome = outcomes[action]
            outcome.values.append(scorer.value(end))
            assert end.hand is not None
            if end.hand.winner == view.team:
                outcome.wins += 1
            outcome.runs += ran_from(end, view, action)
        used += 1
        if used >= first and used % 4 == 0 and clear_leader(outcomes, budget.stop_z):
            break
        if deadline is not None and used >= 2 and time.perf_counter() > deadline:
            break
    choice = pick(outcomes, baseline, budget.z)
    choice = thrifty(rules, view, rank, outcomes, choice, budget.z)
    be = view_break_even(rules, view)
    cause: Cause = "search"
    if be is not None:  # a raise waits for our answer: how tight its caller reads counts
        choice = gate(view, outcomes, choice, be,
                      read_margin(view, reads, budget.accept_margin))
        defended = defend(rules, view, rank, reads, choice)
        if defended != choice:
            choice, cause = defended, "floor"
    return Analysis(choice, baseline, outcomes, used, True, be, cause)


def ran_from(end: Match[Any], view: SeatView, action: Action) -> bool:
    """In the finished rollout ``end``, the opponents ran from ``action`` itself: a
    truco-ladder raise never accepted (the level it was made at stands: one up when it
    answers a raise, which it accepts) and the hand won by this seat's side by a run."""
    if action.kind not in A.LADDER_CALLS:
        return False
    hand = end.hand
    assert hand is not None
    stands = view.level + (1 if view.pending_call in A.LADDER_CALLS else 0)
    return hand.winner == view.team and hand.reason == END_RUN and hand.level == stands


def paired_gap(a: Outcome, b: Outcome) -> tuple[float, float]:
    """Mean and standard error of ``a - b`` over the shared worlds."""
    diffs = [x - y for x, y in zip(a.values, b.values, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def clear_leader(outcomes: dict[Action, Outcome], z: float) -> bool:
    """One option beats every other by more than ``z`` standard errors: more worlds are moot."""
    best = max(outcomes.values(), key=lambda o: o.mean)
    for other in outcomes.values():
        if other is best:
            continue
        mean, se = paired_gap(best, other)
        if not (mean > 1e-9 and mean > z * max(se, 1e-9)):
            return False
    return True


def pick(outcomes: dict[Action, Outcome], baseline: Action, z: float) -> Action:
    """The best mean, if it beats the rule bot's choice by more than ``z`` standard errors."""
    best = max(outcomes.values(), key=lambda o: o.mean)
    base = outcomes.get(baseline)
    if base is None or best.action == baseline:
        return best.action
    n = len(best.values)
    mean, se = paired_gap(best, base)
    if n < 2:
        return best.action if mean > 0 else baseline
    if mean > z * se and mean > 1e-9:
        return best.action
    return baseline


def table_best(rules: TrickRules[Any], view: SeatView, rank: Ranking) -> tuple[int, bool]:
    """Strength to beat on the table, and whether only this seat's side holds it."""
    best, ours, theirs = -1, False, False
    for seat, card in view.table:
        s = rank.of(card)
        mine = rules.team_of(seat, view.players) == view.team
        if s > best:
            best, ours, theirs = s, mine, not mine
        elif s == best:
            ours, theirs = ours or mine, theirs or not mine
    return best, ours and not theirs


def trick_effect(strength: int, best: int, ours: bool) -> int:
    """What a card does to the trick on the table: 1 takes it, 0 ties it, -1 changes nothing."""
    if strength > best:
        return 1
    if strength == best and not ours:
        return 0
    return -1


def thrifty(rules: TrickRules[Any], view: SeatView, rank: Ranking,
            outcomes: dict[Action, Outcome], choice: Action, z: float) -> Action:
    """The cheapest card that keeps the plan: never waste a strong card for nothing.

    Only for a card followed onto a trick. A card that neither takes nor ties
    the trick becomes the lowest card held (any card would do as much); one
    that takes or ties it becomes the cheapest card doing the same whose
    result the sample cannot tell from the choice's.
    """
    if choice.kind != A.PLAY or choice.card is None or not view.table:
        return choice
    best, ours = table_best(rules, view, rank)
    effect = trick_effect(rank.of(choice.card), best, ours)
    plays = [a for a in view.legal if a.kind == A.PLAY and a.card is not None]
    if effect < 0:
        lowest = min(plays, key=lambda a: rank.of(a.card))
        return lowest if rank.of(lowest.card) < rank.of(choice.card) else choice
    chosen = outcomes.get(choice)
    if chosen is None:
        return choice
    same = []
    for action, outcome in outcomes.items():
        if action.kind != A.PLAY or action.card is None:
            continue
        if trick_effect(rank.of(action.card), best, ours) != effect:
            continue
        if rank.of(action.card) >= rank.of(choice.card):
            continue
        mean, se = paired_gap(chosen, outcome)
        if mean <= z * se or mean <= 1e-9:
            same.append(action)
    if not same:
        return choice
    return min(same, key=lambda a: rank.of(a.card))


def read_margin(view: SeatView, reads: TableReads | None, margin: float) -> float:
    """The accept margin against this raiser: stricter the tighter it reads.

    The belief sharpens with the read, but not enough: in the arena the
    search's chance of winning the hands it accepted ran 0.10-0.14 above the
    outcome against the tight style (read about 0.85-0.9) and 0.09-0.19 below
    it against the frozen hard bot and the loose style (read about 0.7,
    docs/arena/2026-12-04-runs-read-tight.md). The margin therefore moves with the raiser's read, by
    ``HARD.read_margin`` per unit above or below a normal player's.
    """
    caller = view.pending_caller
    if reads is None or caller is None:
        return margin
    return margin + HARD.read_margin * (reads.tightness(caller) - HARD.prior)


def gate(view: SeatView, outcomes: dict[Action, Outcome], choice: Action,
         be: float | None, margin: float) -> Action:
    """Accept (or raise back) only when the chance of winning the hand beats break-even."""
    if be is None or choice.kind not in (A.ACCEPT, A.RAISE):
        return choice
    outcome = outcomes.get(choice)
    run = next((a for a in view.legal if a.kind == A.RUN), None)
    if outcome is None or run is None or run not in outcomes:
        return choice
    if outcome.win_rate >= min(be + margin, 0.99):
        return choice
    return run


def defend(rules: TrickRules[Any], view: SeatView, rank: Ranking, reads: TableReads | None,
           choice: Action) -> Action:
    """A run becomes an accept when this hand is inside the share of hands that must
    accept the raise for a bluff not to pay (:func:`chatbot.ai.defence.floor_accepts`):
    the search's belief in a raise is only as good as its read of the raiser, and a
    stranger's raise read as cards is a free run for a bluffer. A hand that cannot be
    won whatever the raiser holds still runs."""
    if choice.kind != A.RUN:
        return choice
    accept = next((a for a in view.legal if a.kind == A.ACCEPT), None)
    if accept is None or not floor_accepts(rules, view, rank, reads):
        return choice
    if cannot_win(rules, view, rank):  # a floor is no reason to take a sure loss
        return choice
    return accept


def choose(rules: TrickRules[Any], view: SeatView, rng: random.Random,
           budget: Budget = DEFAULT_BUDGET, reads: TableReads | None = None) -> Action:
    """The hard bot's action for this seat: always one of ``view.legal``."""
    return analyse(rules, view, rng, budget, reads).choice
