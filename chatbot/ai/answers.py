"""How an opponent answers our raise in the search's rollouts, late in a hand.

A raise pays by the answers it draws: a run from a hand that would have won,
an accept from one that loses. In the rollouts the opponents answer as rule
bots, by :meth:`RuleBot.chance`, a rough formula over card percentiles: after
the first trick it misjudges the few cards left (a seat that played to a trick
it cannot take still counts a fifth of it; a tie that its side wins by the
first trick is not seen), and it accepts with cards a player who knows them
folds. Against the rule bots' answers our trucos with a middling hand looked
good; against opponents who judge their cards, the trucos made last in the
second trick and leading the third lost points even counting the folds (issue
37, finding 3: 506 made for -119 points, 219 for -94).

So once the answering seat holds few cards, its answer in a rollout rests on
its chance found the way a player counts it: the cards it cannot see (ours, its
partner's, the stock) are dealt afresh a few times, it accepts, and the hand is
played out by rule bots (:func:`informed_chance`). It reads no more into our
raise than the rollouts' style does (``respect``, 1 for a stranger), so a
raise's folds still come from the weak hands only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from chatbot.ai.params import HARD
from chatbot.ai.rulebot import NORMAL, RuleBot, Style
from chatbot.ai.strength import Ranking
from chatbot.ai.worlds import layout
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.state import Match, Phase
from chatbot.rules.views import SeatView, real_action, seat_view

# how many deals, and up to how many cards held: HARD.answer_deals, HARD.answer_late_held
DEALS = HARD.answer_deals
LATE_HELD = HARD.answer_late_held
MAX_STEPS = 200  # a sub-rollout longer than this is a bug, not a hand


def late_raise(rules: TrickRules[Any], view: SeatView, cands: Sequence[Action]) -> bool:
    """A truco-ladder raise is among ``cands`` and the hand is late enough (no seat
    holds more than :data:`LATE_HELD` cards) for its answer to be counted."""
    if not any(a.kind in A.LADDER_CALLS for a in cands) or view.hand_size > LATE_HELD:
        return False
    return max(layout(rules, view).held, default=0) <= LATE_HELD


def answers_late(rules: TrickRules[Any], match: Match[Any], seat: int, team: int) -> bool:
    """``seat`` answers a truco-ladder raise of ``team`` late in the hand."""
    hand = match.hand
    assert hand is not None
    pending = hand.pending
    if pending is None or pending.call not in A.LADDER_CALLS:
        return False
    if rules.team_of(pending.caller, match.players) != team:
        return False
    if rules.team_of(seat, match.players) == team:
        return False
    return 0 < len(hand.cards[seat]) <= LATE_HELD and \
        max(len(c) for c in hand.cards) <= LATE_HELD


def informed_chance(rules: TrickRules[Any], match: Match[Any], seat: int,
                    rng: random.Random, rank: Ranking, deals: int = DEALS) -> float:
    """The chance ``seat``'s side wins the hand if it accepts the pending raise, counted
    over ``deals`` fresh deals of the cards it cannot see, played out by rule bots."""
    hand = match.hand
    assert hand is not None
    team = rules.team_of(seat, match.players)
    others = [s for s in range(match.players) if rules.team_of(s, match.players) != team]
    unseen = [c for s in others for c in hand.cards[s]] + list(hand.stock)
    wins = 0
    for _ in range(deals):
        world = match.copy()
        deal = world.hand
        assert deal is not None
        cards = list(unseen)
        rng.shuffle(cards)
        i = 0
        for s in others:
            size = len(deal.cards[s])
            deal.cards[s] = cards[i:i + size]
            i += size
        deal.stock = cards[i:]
        played = {s: [c for t in (*deal.played, deal.table) for who, c in t
                      if who == s and c is not None] for s in others}
        deal.dealt = [tuple(deal.cards[s]) + tuple(played[s]) if s in played else d
                      for s, d in enumerate(deal.dealt)]
        rules.apply_trusted(world, seat, real_action(world, seat, Action(A.ACCEPT)))
        wins += _played_out(rules, world, rng, rank) == team
    return wins / deals


def _played_out(rules: TrickRules[Any], match: Match[Any], rng: random.Random,
                rank: Ranking) -> int | None:
    """The team that wins the hand, played to its end by normal rule bots."""
    hand = match.hand
    assert hand is not None
    for _ in range(MAX_STEPS):
        if hand.phase == Phase.OVER:
            return hand.winner
        actor = rules.to_act(match)
        if actor is None:
            return hand.winner
        move = RuleBot(rules, seat_view(rules, match, actor), rng, NORMAL, rank).choose()
        rules.apply_trusted(match, actor, real_action(match, actor, move))
    raise RuntimeError("a simulated hand did not end")


class InformedAnswer(RuleBot):
    """A rule bot answering a raise by a chance counted over deals of what it cannot
    see (:func:`informed_chance`), deflated by its style's respect for the raise."""

    def __init__(self, rules: TrickRules[Any], view: SeatView, rng: random.Random,
                 style: Style, rank: Ranking, chance: float) -> None:
        super().__init__(rules, view, rng, style, rank)
        self._informed = chance

    def chance_against_raise(self) -> float:
        return float(self._informed ** self.style.respect)
