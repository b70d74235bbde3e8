"""Hints for a human player: the hard bot's move and a short code saying why.

The code is machine-readable; ``chatbot.i18n.hints.HINT_REASONS`` turns it into
words (the i18n layer sits above the bots, so the words live there). Reasons
are read off the search's own numbers (the estimated chance of winning the
hand, what a lost raise would cost) and the shape of the trick.
"""

from __future__ import annotations

import random
from typing import Any

from chatbot.ai.rulebot import NORMAL, RuleBot
from chatbot.ai.search import DEFAULT_BUDGET, Analysis, Budget, analyse
from chatbot.ai.strength import Ranking, ranking
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.envido import ENVIDO_CALLS
from chatbot.rules.views import SeatView

LIKELY = 0.6  # a chance at least this high is "likely"
FLOR_CALLS = frozenset({A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
SIGNALS = A.INSTRUCTIONS

REASON_CODES: tuple[str, ...] = (
    "win-trick-cheaply", "win-trick", "partner-wins", "cannot-win-lowest", "keep-manilha",
    "save-strength", "lead-strong", "lead-probe", "cover-card",
    "strong-hand-call", "bluff-call", "strong-hand-raise",
    "likely-win-accept", "worth-the-risk-accept", "hopeless-run", "protect-score-run",
    "hopeless-fold", "eleven-play", "eleven-run",
    "envido-count-call", "envido-accept", "envido-decline", "flor-announce",
    "redeal-weak-hand", "redeal-keep", "pass-highest", "discard-weakest", "signal-partner",
    "best-expected-points",
)


def hint(rules: TrickRules[Any], view: SeatView, rng: random.Random,
         budget: Budget = DEFAULT_BUDGET) -> tuple[Action, str]:
    """The hard bot's action for this seat and the code of the reason for it."""
    analysis = analyse(rules, view, rng, budget)
    return analysis.choice, reason(rules, view, analysis)


def reason(rules: TrickRules[Any], view: SeatView, analysis: Analysis) -> str:
    action = analysis.choice
    rank = ranking(rules, view.vira)
    chance = (analysis.chance(action) if analysis.searched
              else RuleBot(rules, view, random.Random(0), NORMAL, rank).chance())
    kind = action.kind
    if view.pending_call is not None:
        return _answer_reason(rules, view, kind, chance)
    if kind in (A.PLAY, A.PLAY_HIDDEN) and action.card is not None and view.hand is not None:
        return _card_reason(rules, view, action, rank)
    if kind in rules.raise_kinds:
        return "strong-hand-call" if chance >= LIKELY else "bluff-call"
    fixed = {
        A.ELEVEN_PLAY: "eleven-play", A.ELEVEN_RUN: "eleven-run", A.FOLD: "hopeless-fold",
        A.REDEAL_PROPOSE: "redeal-weak-hand", A.PASS: "pass-highest",
        A.DISCARD: "discard-weakest",
    }
    if kind in fixed:
        return fixed[kind]
    if kind in ENVIDO_CALLS:
        return "envido-count-call"
    if kind in FLOR_CALLS:
        return "flor-announce"
    if kind in SIGNALS:
        return "signal-partner"
    return "best-expected-points"


def _answer_reason(rules: TrickRules[Any], view: SeatView, kind: str, chance: float) -> str:
    call = view.pending_call
    if kind == A.FOLD:
        return "hopeless-fold"
    if kind in FLOR_CALLS:
        return "flor-announce"
    if call == A.REDEAL_PROPOSE:
        return "redeal-weak-hand" if kind == A.REDEAL_ACCEPT else "redeal-keep"
    if call in ENVIDO_CALLS or call in FLOR_CALLS:
        if kind == A.ACCEPT:
            return "envido-accept"
        return "envido-decline" if kind == A.RUN else "envido-count-call"
    if kind in ENVIDO_CALLS:
        return "envido-count-call"  # el envido está primero
    if kind == A.RAISE:
        return "strong-hand-raise"
    if kind == A.ACCEPT:
        return "likely-win-accept" if chance >= LIKELY else "worth-the-risk-accept"
    if kind == A.RUN:
        return "protect-score-run" if _loss_ends_game(rules, view) else "hopeless-run"
    return "best-expected-points"


def _loss_ends_game(rules: TrickRules[Any], view: SeatView) -> bool:
    """Would the caller's side reach the target by winning the raised hand?"""
    if view.pending_caller is None:
        return False
    caller = rules.team_of(view.pending_caller, view.players)
    level = min(view.level + 1, len(rules.ladder) - 1)
    at_stake = rules.ladder[level]
    if view.pending_call in (A.MON_RESTE, A.PUT):
        return True  # both play for the game
    return view.score[caller] + at_stake >= view.target


def _card_reason(rules: TrickRules[Any], view: SeatView, action: Action, rank: Ranking) -> str:
    if action.kind == A.PLAY_HIDDEN:
        return "cover-card"
    card = action.card
    assert card is not None and view.hand is not None
    mine = list(view.hand)
    strength = rank.of(card)
    tops = [c for c in mine if rank.is_top(c) and c != card]
    if not view.table:
        if tops and not rank.is_top(card):
            return "keep-manilha"
        if strength >= max(rank.of(c) for c in mine):
            return "lead-strong"
        return "lead-probe"
    best, ours = -1, False
    for seat, played in view.table:
        s = rank.of(played)
        if s > best:
            best, ours = s, rules.team_of(seat, view.players) == view.team
        elif s == best and rules.team_of(seat, view.players) != view.team:
            ours = False
    beaters = [c for c in mine if rank.of(c) > best]
    if strength > best:
        if strength <= min(rank.of(c) for c in beaters):
            return "win-trick-cheaply"
        return "win-trick"
    if ours:
        return "partner-wins"
    if not beaters:
        return "cannot-win-lowest"
    return "keep-manilha" if tops else "save-strength"
