"""Bots against bots: ``python -m chatbot.bench arena --a hard --b normal --games 2000``.

Every deal is played twice with the seats swapped (level A on side 0, then on
side 1, with the same cards hand by hand), so the luck of the cards cancels
out and a difference in play shows up with fewer games. Prints JSON: A's win
rate with its 95% Wilson interval, the average point difference and the points
of each side per game, and per level: the decision latency (decisions with a
real choice only), the accepted-raise win rate per raise level beside that
raise's break-even, the wasted-card rate (a card that could neither win nor
tie a trick played while a lower one was held and the hand went on) and, for
the search levels, the calibration gap: the search's mean estimated chance of
winning each hand it accepted a raise in, minus the share of those hands won,
in all and apart for raises made on turn and for counter-raises (a raise made
in answer to one of ours), which go wrong in different ways. Each accepted
raise is searched again on worlds drawn anew (:func:`fresh_estimate`), and the
gap of that estimate is printed beside: the model's own error, without the
winner's curse of the estimate the answer chose on. A search level's accepted
raises are also split by what made the accept (``by_cause``: the search, the
defence floor, a sure win). ``hand_ends`` files every hand by how it ended
(:mod:`chatbot.bench.hand_ends`), with A's net points per game for each ending.

``--suite`` runs hard against the baseline and every style in the four
formats of issue 17 (2v2 Paulista, 2v2 Mineiro, 1v1 Paulista, 2v2 Argentine)
and prints all the runs in one JSON document.

Search levels keep a :class:`~chatbot.ai.reads.TableReads` per table, fed only
with the public events of the game (:meth:`~chatbot.ai.reads.TableReads.feed`),
as the service feeds a bot at a real table. ``--series K`` plays the deals as
series of K games at one table, the reads kept from game to game (each
orientation of a pair is its own table), as players who stay for a rematch.

``--signal a|b|both|none`` lets the bots of side A, B, both or neither make señas
(issue 12; none by default, so earlier figures stay comparable): each signalling bot
signals once a hand before the first card, as at a service table
(:func:`chatbot.ai.senas.table_senas`), and a catch is drawn from a stream of its own
so that both games of a pair are dealt the same cards. Whether opponents may catch a
seña is the table's option (``--option senas=on`` for never, ``--option
sena_catch=20`` for a chance); every search bot reads the señas it saw.

Held-out opponents (issue 37): the bots of ``arena/heldout`` at the repository root,
written without sight of the hard bot, are seated by level name (``--b
heldout:bluffer``). The product never imports them: this module finds the package by
name at run time, and only when such a level is asked for. Each held-out seat gets
one bot object per table, kept across the games of a series as the hard bot keeps
its reads. ``--heldout`` plays level A (hard by default) against every held-out bot
in the four formats, in series of 20 games at a table, and prints their results apart
(a ``heldout`` section): the win rate of the first game of a series, of games 2-5 and
of games 6-20, so that what a bot learns of a table shows.

Pinned levels: ``LEVEL@TAG`` (``--b hard@baseline-2026-12-01``) seats the level of an
old commit, played by that commit's own code in a subprocess
(:mod:`chatbot.bench.pinned`); ``baseline`` is the hard bot of 2026-12-01 so pinned,
the yardstick of later work. A pinned seat makes no señas (it is not asked to), keeps
its reads of a table in its process across a series, and is timed by its own process's
CPU; its latency includes the pipe.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from chatbot.ai import BENCH_LEVELS, STYLE_LEVELS, TUNING_STYLES, TableReads, decide
from chatbot.ai.equity import view_break_even
from chatbot.ai.search import Analysis, Cause, analyse, table_best, trick_effect
from chatbot.ai.senas import table_senas
from chatbot.ai.strength import ranking
from chatbot.ai.worlds import counter_pending
from chatbot.bench import hand_ends, open_cards, raise_runs
from chatbot.bench import pinned as P
from chatbot.bench.hand_ends import Ends, file_hand
from chatbot.bench.open_cards import Answer, answer_open_win
from chatbot.bench.raise_runs import RaiseAnswer
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.events import Event
from chatbot.rules.playout import Config
from chatbot.rules.registry import available_variants
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, real_action, seat_view

MAX_ACTIONS = 100_000
SIGNALS = ("none", "a", "b", "both")  # which sides' bots make señas
HELDOUT_PREFIX = "heldout:"  # a level name that seats a held-out bot: "heldout:bluffer"
HELDOUT_PACKAGE = "arena.heldout"  # outside the product; imported by name, at run time
HELDOUT_SERIES = 20  # games per series with --heldout
SERIES_SPLIT = (("game_1", 1, 1), ("games_2_5", 2, 5), ("games_6_20", 6, 20))


class SeatBot(Protocol):
    """A bot object that plays one seat of a table (a held-out bot): asked for each move."""

    def choose(self, rules: TrickRules, view: SeatView, rng: random.Random) -> Action: ...


def is_heldout(level: str) -> bool:
    return level.startswith(HELDOUT_PREFIX)


def heldout_package() -> Any:
    """The held-out bots' package, found by name: it lives beside the product, not in it.

    ImportError when it is not on the path (an installed bot, run away from the
    repository's root)."""
    return importlib.import_module(HELDOUT_PACKAGE)


def heldout_levels() -> tuple[str, ...]:
    """Every held-out bot as a level name (``heldout:NAME``)."""
    return tuple(HELDOUT_PREFIX + name for name in heldout_package().NAMES)


def table_bots(levels: Sequence[str]) -> dict[int, SeatBot]:
    """A fresh held-out bot for each seat that plays a held-out level: one table's players."""
    if not any(is_heldout(level) for level in levels):
        return {}
    package = heldout_package()
    return {seat: package.make(level.removeprefix(HELDOUT_PREFIX))
            for seat, level in enumerate(levels) if is_heldout(level)}


@dataclass(slots=True)
class Accepted:
    """One accepted raise: who, to which ladder level, its break-even, and how it ended."""

    level: str
    raise_level: int
    break_even: float
    estimate: float | None  # the search's chance of winning the hand, if it searched
    team: int
    counter: bool = False  # a raise made in answer to ours (it accepted ours and went higher)
    won: bool = False
    fresh: float | None = None  # the same search's chance after accepting, on worlds drawn anew
    cause: Cause | None = None  # a search level's (Analysis.cause)


@dataclass(slots=True)
class GameResult:
    a_won: bool
    point_diff: float
    latencies: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)  # thread CPU time per decision
    a_points: float = 0.0
    b_points: float = 0.0
    accepted: list[Accepted] = field(default_factory=list)
    plays: dict[str, int] = field(default_factory=dict)  # card plays with a real choice
    wasted: dict[str, int] = field(default_factory=dict)
    senas: int = 0  # señas made in the game
    caught: int = 0  # catches of them by opponents
    series_game: int = 1  # the game's place in its series at one table, from 1
    ends: dict[str, Ends] = field(default_factory=dict)  # the hands by how they ended (A's view)
    answers: list[Answer] = field(default_factory=list)  # measured levels' answers, cards open
    raises: list[RaiseAnswer] = field(default_factory=list)  # their searched raises, answered


def search_of(rules: TrickRules, view: SeatView, level: str, rng: random.Random,
              reads: TableReads) -> Analysis | None:
    """A search level's analysis of the position (None for a rule bot)."""
    if level == "hard":
        return analyse(rules, view, rng, reads=reads)
    return None


@dataclass(frozen=True, slots=True)
class Move:
    """A bot's action; for the search levels, its estimate of winning the hand and what
    made the choice (:attr:`chatbot.ai.search.Analysis.cause`)."""

    action: Action
    estimate: float | None = None
    cause: Cause | None = None
    run_chance: float | None = None  # a searched raise: the share of runs its rollouts saw


def bot_move(rules: TrickRules, view: SeatView, level: str, rng: random.Random,
             reads: TableReads, bot: SeatBot | None = None) -> Move:
    """The level's move; ``bot`` is the seat's held-out bot object, for a ``heldout:`` level."""
    if bot is not None:
        return Move(bot.choose(rules, view, rng))
    if len(view.legal) > 1:
        analysis = search_of(rules, view, level, rng, reads)
        if analysis is not None:
            if not analysis.searched:
                return Move(analysis.choice, None, analysis.cause)
            return Move(analysis.choice, analysis.chance(), analysis.cause,
                        analysis.run_chance())
    return Move(decide(rules, view, level, rng))


def fresh_estimate(rules: TrickRules, view: SeatView, level: str, rng: random.Random,
                   reads: TableReads) -> float | None:
    """The level's chance of winning the hand after accepting, searched again on new worlds.

    The estimate a search accepted on is chosen by its own noise: of the raises
    whose estimates straddle break-even, the ones accepted are those whose worlds
    came out well, so their mean estimate runs above the truth even for a model
    without bias (the winner's curse). A second search of the same position on
    worlds drawn anew has no part in the choice, so its gap to the outcome is the
    model's own. It is made after the decision and timed apart from it.
    """
    accept = Action(A.ACCEPT)
    analysis = search_of(rules, view, level, rng, reads)
    if analysis is None or not analysis.searched or accept not in analysis.outcomes:
        return None
    return analysis.chance(accept)


def wasted(rules: TrickRules, view: SeatView, action: Action) -> bool:
    """A card that neither takes nor ties the trick, while a lower one was held, hand going on."""
    if action.kind != A.PLAY or action.card is None or not view.table or view.hand is None:
        return False
    if len(view.hand) < 2:
        return False
    rank = ranking(rules, view.vira)
    best, ours = table_best(rules, view, rank)
    if trick_effect(rank.of(action.card), best, ours) >= 0:
        return False
    return any(rank.of(c) < rank.of(action.card) for c in view.hand)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion: honest even near 0 or 1."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def a_sides(swap: bool) -> set[int]:
    """The side(s) level A plays: side 0 (or 1 when swapped); B plays all others."""
    return {1 if swap else 0}


def signalling(signal: str, sides_a: set[int], rules: TrickRules, n: int) -> set[int]:
    """The seats whose bots make señas: side A's, side B's, both or none."""
    return {s for s in range(n)
            if (signal in ("a", "both") and rules.team_of(s, n) in sides_a)
            or (signal in ("b", "both") and rules.team_of(s, n) not in sides_a)}


def seat_levels(config: Config, a: str, b: str, swap: bool) -> list[str]:
    """The level of each seat: A on its side, B on every other."""
    sides_a = a_sides(swap)
    return [a if config.rules.team_of(s, config.players) in sides_a else b
            for s in range(config.players)]


def judged_answer(rules: TrickRules, match: Match, view: SeatView, level: str,
                  kind: str) -> Answer:
    """``level``'s answer (accept or run) to the raise pending in ``match``, with whether
    its side would win the hand, cards open, had it accepted (:mod:`.open_cards`)."""
    be = view_break_even(rules, view)
    assert be is not None and match.hand is not None
    accept = next(a for a in view.legal if a.kind == A.ACCEPT)
    won = answer_open_win(rules, match, view.seat, real_action(match, view.seat, accept))
    return Answer(level, kind, view.level + 1, len(match.hand.tricks), be, won)


def play_game(config: Config, a: str, b: str, seed: int, index: int,
              swap: bool, reads: TableReads | None = None, signal: str = "none",
              bots: dict[int, SeatBot] | None = None,
              pinned: dict[int, P.PinnedSeat] | None = None) -> GameResult:
    """One game; the deal depends on (seed, index) only, so both halves of a pair share it.

    ``reads`` is what the bots have learnt at this table in the earlier games
    of a series (a fresh record if None); the game goes on teaching it.
    ``signal`` says whose bots make señas (``SIGNALS``). ``bots`` are the held-out
    bot objects of this table by seat, kept across a series (fresh ones if None);
    ``pinned`` the seats of this table that an old commit plays (:mod:`.pinned`).
    """
    rules = config.rules
    n = config.players
    deal_rng = random.Random(f"deal-{seed}-{index}")
    sides_a = a_sides(swap)
    level = seat_levels(config, a, b, swap)
    if bots is None:
        bots = table_bots(level)
    pinned = pinned or {}
    # held-out and pinned bots make no señas: they are asked for their moves only
    signallers = {s: level[s] for s in signalling(signal, sides_a, rules, n)
                  if not is_heldout(level[s]) and not P.is_pinned(level[s])}
    # catches and bluffs from streams of their own: the deals of a pair stay the same
    catch_rng = random.Random(f"catch-{seed}-{index}-{int(swap)}")
    signalled_hand = 0
    senas_made = caught = 0
    stream = [f"bot-{seed}-{index}-{int(swap)}-{s}" for s in range(n)]  # a pinned seat's too
    bot_rngs = [random.Random(key) for key in stream]
    latencies: dict[str, list[float]] = {a: [], b: []}
    cpu: dict[str, list[float]] = {a: [], b: []}
    plays = {a: 0, b: 0}
    waste = {a: 0, b: 0}
    accepted: list[Accepted] = []
    in_hand: list[Accepted] = []
    team_a = next(iter(sides_a))
    ends: dict[str, Ends] = {}
    answers: list[Answer] = []
    raises: list[RaiseAnswer] = []
    raised: RaiseAnswer | None = None  # a measured level's searched raise, not yet answered
    if reads is None:
        reads = TableReads(n)  # public facts only: one record serves every seat at the table
    table_reads = reads

    def feed(events: list[Event]) -> None:
        table_reads.feed(rules, events)
        for seat_bot in pinned.values():
            seat_bot.saw(events, rules.family)

    match = rules.new_match(n, deal_rng.randrange(n))
    feed(rules.deal(match, deal_rng))

    def close_hand() -> None:
        hand = match.hand
        assert hand is not None
        for entry in in_hand:
            entry.won = hand.winner == entry.team
        accepted.extend(in_hand)
        in_hand.clear()
        file_hand(ends, match, team_a)

    for _ in range(MAX_ACTIONS):
        if match.winner is not None:
            break
        hand = match.hand
        assert hand is not None
        if hand.over:
            raised = None
            close_hand()
            feed(rules.next_hand(match, deal_rng))
            continue
        if signallers and match.hand_no != signalled_hand:  # señas go round with the deal
            signalled_hand = match.hand_no
            told = table_senas(rules, match, signallers, lambda s: random.Random(
                f"senas-{seed}-{index}-{int(swap)}-{match.hand_no}-{s}"))
            for signaller, name in told:
                made = rules.make_sena(match, signaller, name, catch_rng)
                senas_made += 1
                caught += len(made) - 1
                feed(made)
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        who = level[seat]
        start, start_cpu = time.perf_counter(), time.thread_time()
        old = pinned.get(seat)
        cause = run_chance = None
        if old is not None:
            action, estimate, spent = old.choose(match, view, stream[seat])
        else:
            move = bot_move(rules, view, who, bot_rngs[seat], reads, bots.get(seat))
            action, estimate, cause = move.action, move.estimate, move.cause
            run_chance = move.run_chance
            spent = time.thread_time() - start_cpu
        elapsed = time.perf_counter() - start
        if len(view.legal) > 1:
            latencies[who].append(elapsed)
            cpu[who].append(spent)
            if action.kind == A.PLAY:
                plays[who] += 1
                waste[who] += wasted(rules, view, action)
        answering = view.pending_call in A.LADDER_CALLS
        if answering and raised is not None and action.kind in (A.ACCEPT, A.RUN, A.RAISE):
            raised.ran = action.kind == A.RUN
            raises.append(raised)
            raised = None
        if run_chance is not None:  # a searched raise: its answer comes next
            raised = RaiseAnswer(who, view.level + 1, len(hand.tricks), run_chance)
        if answering and action.kind in (A.ACCEPT, A.RUN) and not is_heldout(who):
            answers.append(judged_answer(rules, match, view, who, action.kind))
        if answering and action.kind == A.ACCEPT:
            be = view_break_even(rules, view)
            assert be is not None
            fresh = None
            if estimate is not None:  # its own stream: the game's draws stay the same
                key = f"fresh-{seed}-{index}-{int(swap)}-{match.hand_no}-{view.level}-{seat}"
                fresh = old.fresh(match, key) if old is not None else fresh_estimate(
                    rules, view, who, random.Random(key), reads)
            in_hand.append(Accepted(who, view.level + 1, be, estimate, view.team,
                                    counter_pending(rules, view), fresh=fresh, cause=cause))
        events: list[Event] = []
        rules.apply(match, seat, real_action(match, seat, action), events)
        feed(events)
    else:
        raise RuntimeError("game did not end")
    close_hand()
    others = [s for t, s in enumerate(match.score) if t != team_a]
    diff = match.score[team_a] - sum(others) / len(others)
    return GameResult(match.winner == team_a, diff, latencies, cpu, float(match.score[team_a]),
                      sum(others) / len(others), accepted, plays, waste, senas_made, caught,
                      ends=ends, answers=answers, raises=raises)


def play_pairs(config: Config, a: str, b: str, seed: int, indices: Sequence[int],
               series: int = 1, signal: str = "none",
               envs: dict[str, P.Environment] | None = None) -> list[GameResult]:
    """The pairs of games ``indices``; pairs ``series`` apart in one series share their reads.

    Deals ``k * series`` to ``k * series + series - 1`` form series ``k``: the
    caller hands a worker whole series, so the figures do not depend on ``--jobs``.
    ``envs`` are the pinned levels' environments (:func:`.pinned.prepare`); their
    driver processes live as long as this call.
    """
    series = max(series, 1)
    tables: dict[tuple[int, bool], TableReads] = {}
    players: dict[tuple[int, bool], dict[int, SeatBot]] = {}
    olds: dict[tuple[int, bool], dict[int, P.PinnedSeat]] = {}
    processes = P.Processes(envs or {})
    out: list[GameResult] = []
    try:
        for i in indices:
            for swap in (False, True):
                table = (i // series, swap)
                reads = tables.setdefault(table, TableReads(config.players))
                if table not in players:
                    levels = seat_levels(config, a, b, swap)
                    players[table] = table_bots(levels)
                    olds[table] = {seat: processes.seat(level, f"{table[0]}-{int(swap)}", seat)
                                   for seat, level in enumerate(levels) if P.is_pinned(level)}
                result = play_game(config, a, b, seed, i, swap, reads, signal, players[table],
                                   olds[table])
                result.series_game = i % series + 1
                out.append(result)
    finally:
        processes.close()
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def accepted_figures(entries: list[Accepted]) -> dict[str, Any]:
    """Accepted raises per ladder level: hands won beside the mean break-even."""
    out: dict[str, Any] = {}
    for raise_level in sorted({e.raise_level for e in entries}):
        group = [e for e in entries if e.raise_level == raise_level]
        won = sum(e.won for e in group)
        lo, hi = wilson(won, len(group))
        out[str(raise_level)] = {
            "accepted": len(group),
            "won": won,
            "win_rate": round(won / len(group), 4),
            "win_rate_wilson95": [round(lo, 4), round(hi, 4)],
            "mean_break_even": round(statistics.fmean(e.break_even for e in group), 4),
        }
        rated = [e.estimate for e in group if e.estimate is not None]
        if rated:  # the search's own estimate at this level, beside what was won
            out[str(raise_level)]["mean_estimate"] = round(statistics.fmean(rated), 4)
        causes = sorted({e.cause for e in group if e.cause is not None})
        if causes:  # whose accepts they were: the search's, the floor's, a sure win's
            out[str(raise_level)]["by_cause"] = {cause: cause_figures(
                [e for e in group if e.cause == cause]) for cause in causes}
    return out


def cause_figures(group: list[Accepted]) -> dict[str, Any]:
    """Accepted raises of one cause: how many, the share won, the mean break-even."""
    won = sum(e.won for e in group)
    return {"accepted": len(group), "won": won, "win_rate": round(won / len(group), 4),
            "mean_break_even": round(statistics.fmean(e.break_even for e in group), 4)}


def calibration(entries: list[Accepted]) -> dict[str, Any] | None:
    """The search's estimate of winning the hands it accepted raises in, against the outcome:
    in all, and apart for raises made on turn and for counter-raises."""
    rated = [e for e in entries if e.estimate is not None]
    if not rated:
        return None
    out = estimate_gap(rated)
    for name, counter in (("raises", False), ("counters", True)):
        group = [e for e in rated if e.counter == counter]
        if group:
            out[name] = estimate_gap(group)
    return out


def estimate_gap(rated: list[Accepted]) -> dict[str, Any]:
    """Mean estimate, share won and their difference over accepted raises that were searched."""
    estimate = statistics.fmean(e.estimate for e in rated if e.estimate is not None)
    won = statistics.fmean(1.0 if e.won else 0.0 for e in rated)
    out: dict[str, Any] = {"hands": len(rated), "mean_estimate": round(estimate, 4),
                           "won_rate": round(won, 4), "gap": round(estimate - won, 4)}
    again = [e for e in rated if e.fresh is not None]
    if again:  # the same positions searched again: the gap without the winner's curse
        fresh = statistics.fmean(e.fresh for e in again if e.fresh is not None)
        fresh_won = statistics.fmean(1.0 if e.won else 0.0 for e in again)
        out.update({"fresh_hands": len(again), "fresh_estimate": round(fresh, 4),
                    "fresh_gap": round(fresh - fresh_won, 4)})
    return out


def play_all(config: Config, a: str, b: str, games: int, seed: int, jobs: int = 1,
             series: int = 1, signal: str = "none",
             envs: dict[str, P.Environment] | None = None) -> list[GameResult]:
    """Every game of a run, whole series to a worker when ``jobs`` > 1."""
    series = max(series, 1)
    pairs = list(range((games + 1) // 2))
    if jobs <= 1:
        return play_pairs(config, a, b, seed, pairs, series, signal, envs)
    results: list[GameResult] = []
    whole = [pairs[k:k + series] for k in range(0, len(pairs), series)]
    chunks = [[i for group in whole[j::jobs] for i in group] for j in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(play_pairs, [config] * jobs, [a] * jobs, [b] * jobs,
                             [seed] * jobs, chunks, [series] * jobs, [signal] * jobs,
                             [envs] * jobs):
            results.extend(part)
    return results


def run(config: Config, a: str, b: str, games: int, seed: int, jobs: int = 1,
        series: int = 1, signal: str = "none", cache: Path | None = None) -> dict[str, Any]:
    """One run of A against B: the figures as a JSON document.

    A pinned level's tree and environment are made first (``cache``: where the
    trees are kept, ``.arena-cache`` at the repository's root by default)."""
    series = max(series, 1)
    start = time.perf_counter()
    envs = P.prepare([a, b], cache)
    results = play_all(config, a, b, games, seed, jobs, series, signal, envs)
    wins = sum(r.a_won for r in results)
    n = len(results)
    lo, hi = wilson(wins, n)
    levels: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys((a, b)):
        times = [t for r in results for t in r.latencies.get(level, [])]
        cpu = [t for r in results for t in r.cpu.get(level, [])]
        plays = sum(r.plays.get(level, 0) for r in results)
        waste = sum(r.wasted.get(level, 0) for r in results)
        entries = [e for r in results for e in r.accepted if e.level == level]
        levels[level] = {
            "latency": {
                "decisions": len(times),
                "p50_ms": round(percentile(times, 0.5) * 1000, 3),
                "p99_ms": round(percentile(times, 0.99) * 1000, 3),
                "max_ms": round(max(times, default=0.0) * 1000, 3),
                # CPU time of the deciding thread: what one core spends, whatever the load
                "cpu_p50_ms": round(percentile(cpu, 0.5) * 1000, 3),
                "cpu_p99_ms": round(percentile(cpu, 0.99) * 1000, 3),
            },
            "card_plays": plays,
            "wasted_cards": waste,
            "wasted_card_rate": round(waste / plays, 5) if plays else 0.0,
            "accepted_raises": accepted_figures(entries),
            "calibration": calibration(entries),
            "answers_open": open_cards.figures(
                x for r in results for x in r.answers if x.level == level),
            "raise_runs": raise_runs.figures(
                x for r in results for x in r.raises if x.level == level),
        }
    return {
        "benchmark": "arena",
        "config": {"variant": config.variant, "players": config.players,
                   "options": dict(config.options), "a": a, "b": b, "seed": seed,
                   "series": series, "jobs": jobs, "signal": signal,
                   "python": platform.python_version(),
                   **({"pinned": {level: {"commit": env.commit, "python": env.how}
                                  for level, env in envs.items()}} if envs else {})},
        "games": n,
        "a_wins": wins,
        "a_win_rate": round(wins / n, 4) if n else 0.0,
        "a_win_rate_wilson95": [round(lo, 4), round(hi, 4)],
        "avg_point_diff": round(statistics.fmean(r.point_diff for r in results), 3)
        if n else 0.0,
        "points_per_game": {
            "a": round(statistics.fmean(r.a_points for r in results), 3) if n else 0.0,
            "b": round(statistics.fmean(r.b_points for r in results), 3) if n else 0.0,
        },
        "senas": {"made_per_game": round(statistics.fmean(r.senas for r in results), 3)
                  if n else 0.0,
                  "caught_per_game": round(statistics.fmean(r.caught for r in results), 3)
                  if n else 0.0},
        "latency": {level: figures["latency"] for level, figures in levels.items()},
        "levels": levels,
        "hand_ends": hand_ends.figures([r.ends for r in results], n),
        **({"series_split": series_split(results)} if is_heldout(a) or is_heldout(b) else {}),
        "seconds": round(time.perf_counter() - start, 1),
    }


def win_figures(wins: int, games: int) -> dict[str, Any]:
    """A's games, wins and win rate (None without games) with its Wilson interval."""
    lo, hi = wilson(wins, games)
    return {"games": games, "a_wins": wins,
            "a_win_rate": round(wins / games, 4) if games else None,
            "a_win_rate_wilson95": [round(lo, 4), round(hi, 4)]}


def series_split(results: Sequence[GameResult]) -> dict[str, Any]:
    """A's win rate in the first game of a series, in games 2-5 and in games 6-20 apart:
    a bot that learns a table wins more as the series goes on."""
    out = {}
    for name, first, last in SERIES_SPLIT:
        group = [r for r in results if first <= r.series_game <= last]
        out[name] = win_figures(sum(r.a_won for r in group), len(group))
    return out


SUITE_FORMATS: tuple[Config, ...] = (
    Config("paulista", 4), Config("mineiro", 4), Config("paulista", 2), Config("argentino", 4),
)
SUITE_OPPONENTS: tuple[str, ...] = ("baseline", *STYLE_LEVELS, *TUNING_STYLES)


def suite(games: int, seed: int, jobs: int, opponents: Sequence[str],
          formats: Sequence[Config], series: int = 1) -> dict[str, Any]:
    """Hard against each opponent in each format: one run per pair, in one document."""
    runs = [run(config, "hard", b, games, seed, jobs, series)
            for config in formats for b in opponents]
    return {"benchmark": "arena-suite", "games_per_run": games, "runs": runs}


def heldout_suite(a: str, games: int, seed: int, jobs: int, opponents: Sequence[str],
                  formats: Sequence[Config], series: int = HELDOUT_SERIES) -> dict[str, Any]:
    """Level A against each held-out bot in each format, in series at one table.

    ``heldout`` holds, per opponent, A's win figures and the series split in every
    format and in all of them together; ``runs`` the arena's full document of each run.
    """
    section: dict[str, dict[str, Any]] = {}
    runs = []
    for opponent in opponents:
        rows: dict[str, Any] = {}
        for config in formats:
            figures = run(config, a, opponent, games, seed, jobs, series)
            runs.append(figures)
            rows[f"{config.variant}/{config.players}"] = {
                **win_figures(figures["a_wins"], figures["games"]),
                "series_split": figures["series_split"]}
        section[opponent] = {"all": summed(list(rows.values())), "formats": rows}
    return {"benchmark": "arena-heldout", "a": a, "games_per_run": games, "seed": seed,
            "series": series, "heldout": section, "runs": runs}


def summed(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The win figures and series split of several runs together, from their counts."""
    def total(part: Sequence[dict[str, Any]]) -> dict[str, Any]:
        return win_figures(sum(p["a_wins"] for p in part), sum(p["games"] for p in part))

    return {**total(rows), "series_split": {
        name: total([row["series_split"][name] for row in rows])
        for name, _, _ in SERIES_SPLIT}}


def level_name(text: str) -> str:
    """A level the arena can seat: a bench level, ``heldout:NAME``, ``baseline`` or
    ``LEVEL@TAG`` (argparse's type; a pinned level's tag is looked up when the run starts)."""
    if text in BENCH_LEVELS:
        return text
    if P.is_pinned(text):
        try:
            P.split(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return text
    if is_heldout(text):
        try:
            known = heldout_levels()
        except ImportError as exc:
            raise argparse.ArgumentTypeError(
                f"held-out bots are not available ({exc}): run from the repository root"
            ) from None
        if text in known:
            return text
        raise argparse.ArgumentTypeError(f"unknown held-out bot {text!r}; choose one of "
                                         f"{', '.join(known)}")
    raise argparse.ArgumentTypeError(f"unknown level {text!r}; choose one of "
                                     f"{', '.join(BENCH_LEVELS)}, baseline, LEVEL@TAG "
                                     "or heldout:NAME")


def parse_option(text: str) -> tuple[str, Any]:
    key, _, raw = text.partition("=")
    value: Any = raw
    if raw in ("true", "false"):
        value = raw == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return key, value


def parse_formats(text: str) -> list[Config]:
    """``VARIANT/PLAYERS,...`` as configs (2 players when the count is left out)."""
    formats = []
    for item in text.split(","):
        variant, _, players = item.partition("/")
        formats.append(Config(variant, int(players or 2)))
    return formats


def unknown_levels(names: Sequence[str]) -> list[str]:
    """The names the arena cannot seat (see :func:`level_name`)."""
    unknown = []
    for name in names:
        try:
            level_name(name)
        except argparse.ArgumentTypeError:
            unknown.append(name)
    return unknown


def main(argv: list[str]) -> int:
    """The arena's command line; a pinned level that cannot be played exits with 2."""
    try:
        return command(argv)
    except P.PinnedError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2


def command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench arena")
    parser.add_argument("--variant", default="paulista", choices=available_variants())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", default="hard", type=level_name,
                        help=f"a level ({', '.join(BENCH_LEVELS)}), baseline (= {P.BASELINE}), "
                             "LEVEL@TAG (that commit's level) or heldout:NAME")
    parser.add_argument("--b", default="normal", type=level_name,
                        help=f"a level ({', '.join(BENCH_LEVELS)}), baseline (= {P.BASELINE}), "
                             "LEVEL@TAG (that commit's level) or heldout:NAME")
    parser.add_argument("--games", type=int, default=200, help="games in all (pairs of deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--series", type=int, default=None,
                        help="games per series at one table (the bots' reads kept between "
                             f"them); 1, or {HELDOUT_SERIES} with --heldout")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option of the variant (repeatable)")
    parser.add_argument("--signal", default="none", choices=SIGNALS,
                        help="whose bots make señas: side a, side b, both or none")
    parser.add_argument("--suite", action="store_true",
                        help=f"hard vs the baseline ({P.BASELINE}) and every style in the four "
                             "formats")
    parser.add_argument("--opponents", default=",".join(SUITE_OPPONENTS),
                        help="with --suite: the levels hard meets (comma-separated)")
    parser.add_argument("--heldout", action="store_true",
                        help="level A (hard) vs every held-out bot in the four formats, "
                             "in series")
    parser.add_argument("--bots", default="",
                        help="with --heldout: the held-out bots to meet, comma-separated "
                             "NAMEs (all by default)")
    parser.add_argument("--formats", default="paulista/4,mineiro/4,paulista/2,argentino/4",
                        help="with --suite or --heldout: VARIANT/PLAYERS, comma-separated")
    args = parser.parse_args(argv)
    if args.heldout:
        return print_heldout(args)
    series = 1 if args.series is None else args.series
    if args.suite:
        opponents = [o for o in args.opponents.split(",") if o]
        unknown = unknown_levels(opponents)
        if unknown:
            print(f"unknown levels: {', '.join(unknown)}", file=sys.stderr)
            return 2
        print(json.dumps(suite(args.games, args.seed, args.jobs, opponents,
                               parse_formats(args.formats), series),
                         indent=2))
        return 0
    config = Config(args.variant, args.players, tuple(sorted(parse_option(o)
                                                            for o in args.option)))
    rules = config.rules
    if args.players not in rules.seat_counts:
        print(f"{args.variant} is not played by {args.players} players", file=sys.stderr)
        return 2
    if rules.options.get("scoring") == "ledger":
        print("ledger scoring has no winner: choose race scoring", file=sys.stderr)
        return 2
    print(json.dumps(run(config, args.a, args.b, args.games, args.seed, args.jobs,
                         series, args.signal), indent=2))
    return 0


def print_heldout(args: argparse.Namespace) -> int:
    """``--heldout``: A against the held-out bots named (all by default), in series."""
    try:
        everyone = heldout_levels()
    except ImportError as exc:
        print(f"held-out bots are not available ({exc}): run from the repository root",
              file=sys.stderr)
        return 2
    opponents = [HELDOUT_PREFIX + name.removeprefix(HELDOUT_PREFIX)
                 for name in args.bots.split(",") if name] or list(everyone)
    unknown = [o for o in opponents if o not in everyone]
    if unknown:
        print(f"unknown held-out bots: {', '.join(unknown)}; choose among "
              f"{', '.join(everyone)}", file=sys.stderr)
        return 2
    series = HELDOUT_SERIES if args.series is None else max(args.series, 1)
    print(json.dumps(heldout_suite(args.a, args.games, args.seed, args.jobs, opponents,
                                   parse_formats(args.formats), series), indent=2))
    return 0
