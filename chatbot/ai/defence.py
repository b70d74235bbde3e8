"""The answer a bluffer cannot exploit: how often a raise must be accepted, and by which hands.

A raise from ``s`` to ``s'`` points made on nothing wins ``s`` points each time
it is run from and loses ``s'`` each time it is accepted, where keeping quiet
would have lost ``s``. It pays unless the raised side accepts at least
:func:`step_frequency` of the time: ``2s / (s + s')`` by points (a half for
a truco from 1 to 3, two thirds for a raise from 3 to 6), weighed by match
equity when two sides race to a target; above the first raise, of the hands
that met the raises below (:func:`defence_frequency`). Our side cannot see the raiser's
cards but it knows its own, so the defence is a share of the hands it might
hold here: it accepts with every hand whose place among them
(:func:`hand_place`) is inside the top share that the frequency asks for.

The floor stands for a raiser we know nothing about. Only what this raiser
has shown at the table moves it (:func:`floor_scale`): a seat whose raises the
record reads as tight (shown cards, a low raise rate, many runs) over enough
hands, or whose called raises keep showing value, lowers it towards no floor;
nothing is assumed about a stranger.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import combinations
from typing import Any

from chatbot.ai.equity import Equity, raise_stakes
from chatbot.ai.params import HARD
from chatbot.ai.reads import TableReads
from chatbot.ai.rulebot import NORMAL, RuleBot
from chatbot.ai.strength import Ranking, known_cards
from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.views import SeatView


def step_frequency(rules: TrickRules[Any], view: SeatView, run: int, play: int) -> float:
    """Share of its hands a side must accept a raise from ``run`` to ``play`` points with
    so that the raise made on a hand that loses does not pay.

    Such a raise costs the raiser ``play`` points when accepted instead of the
    ``run`` points it loses anyway, and wins ``run`` when run from: our side must
    accept a share ``a`` with ``a * E(win play) + (1 - a) * E(run) >= E(win run)``,
    equities of our side at this score (points off a race to a target).
    """
    if play <= run:
        return 0.0
    if len(view.score) != 2 or rules.options.get("scoring") == "ledger":
        return 2 * run / (run + play)
    eq = Equity(rules)
    mine, theirs = view.score[view.team], view.score[1 - view.team]
    fold = eq.of(mine, theirs + run)
    quiet = eq.of(mine + run, theirs)  # the bluff kept quiet: its hand loses at the stake
    called = eq.of(mine + play, theirs)
    if called - fold <= 1e-12:
        return 0.0
    return max(0.0, min(1.0, (quiet - fold) / (called - fold)))


def defence_frequency(rules: TrickRules[Any], view: SeatView) -> float | None:
    """Share of all the hands it might hold that this side accepts the pending raise
    with; None when no truco-ladder raise waits for our answer.

    A raise above the first comes after our side raised or accepted the steps
    below, each with only its own share of hands: the share of this step is
    taken of what is left, so the shares multiply (a truco met with half of our
    hands, its six with two thirds of that half: a third of all).
    """
    if view.pending_call not in A.LADDER_CALLS or view.pending_caller is None:
        return None
    ladder = rules.ladder
    share = step_frequency(rules, view, *raise_stakes(rules, view.level + 1, view.stake))
    for level in range(1, min(view.level + 1, len(ladder))):  # the steps met before
        share *= step_frequency(rules, view, ladder[level - 1], ladder[level])
    return share


def floor_scale(reads: TableReads | None, caller: int) -> float:
    """How much of the defence floor stands against ``caller``: all of it for a stranger,
    less as its record shows it tight over many hands
    (:meth:`TableReads.tight_evidence`) or shows value every time its raises were
    called (:meth:`TableReads.bluff_evidence`).

    The floor is there for the bluffs; a raiser whose called raises keep showing
    the cards it raised on has not been bluffing, and the floor met its raises
    with hands that lose to value. Both reads start where a stranger's does, so
    nothing moves the floor but what this raiser has shown.
    """
    if reads is None:
        return 1.0
    return min(1.0 - reads.tight_evidence(caller), reads.bluff_evidence(caller))


def _pool(view: SeatView, rank: Ranking) -> list[Card]:
    """The cards our hidden hand might have been: ours and every card we cannot place."""
    known = known_cards(view)
    own = set(view.hand or ())
    return [c for c in rank.strength if c not in known or c in own]


def hand_place(rules: TrickRules[Any], view: SeatView, rank: Ranking) -> float:
    """Where this seat's hand stands among the hands it might hold here, from 0 (the
    weakest) to 1: the share of drawn hands with a lower chance of winning the hand
    (the normal rule bot's estimate), ties split at a random point.

    The draws come from a stream seeded by the position, not the search's, so the
    answer is the same every time the same position is asked and the search's
    worlds do not move. With no hidden card left the place is that random point:
    the floor then becomes a coin of the right weight. A last card is placed among
    all the cards it might have been, not a sample, so a stronger card never
    places lower.
    """
    hand = tuple(view.hand or ())
    seed = f"{view.variant}|{view.vira}|{hand}|{view.played}|{view.table}|{view.score}"
    rng = random.Random(seed)
    tie = rng.random()
    if not hand:
        return tie
    mine = RuleBot(rules, view, rng, NORMAL, rank).chance()
    pool = _pool(view, rank)
    if len(pool) <= len(hand):
        return tie
    if math.comb(len(pool), len(hand)) <= HARD.defence_places_exact:  # few enough to list them all
        others = list(combinations(pool, len(hand)))
    else:
        others = [tuple(rng.sample(pool, len(hand))) for _ in range(HARD.defence_places)]
    below = equal = 0
    for other in others:
        chance = RuleBot(rules, replace(view, hand=other), rng, NORMAL, rank).chance()
        if chance < mine - 1e-9:
            below += 1
        elif chance <= mine + 1e-9:
            equal += 1
    return (below + tie * equal) / len(others)


def floor_accepts(rules: TrickRules[Any], view: SeatView, rank: Ranking,
                  reads: TableReads | None) -> bool:
    """This hand is inside the share of hands that must accept the pending raise."""
    share = defence_frequency(rules, view)
    if not share or view.pending_caller is None:
        return False
    share *= floor_scale(reads, view.pending_caller)
    return share > 0.0 and hand_place(rules, view, rank) >= 1.0 - share
