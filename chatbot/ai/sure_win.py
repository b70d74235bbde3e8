"""Hands that cannot be lost, found exactly, so that they are raised every time.

A sampled search sees a sure win as a likely one and may keep it quiet when
the noise of a few dozen worlds says so. Whether the hand can still be lost
is a question of the cards alone: give the other side the strongest cards
this seat cannot place (a stronger card never does its holder harm in a
trick) and our partner the weakest, in every way the strong ones can be split
between the opponents, and play the hand out card by card with this seat
choosing and everyone else against it. If this seat wins every time, no
holding and no play of theirs beats it.

Raising such a hand can only gain: a run gives the stake it would win anyway,
an accept or a counter-raise plays for more. :func:`sure_raise` keeps the
exceptions: a raise the other side may answer with a call that scores apart
from the tricks (an envido still open in the first trick, a flor), and a hand
whose current stake already ends the game.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

from chatbot.ai.params import HARD
from chatbot.ai.strength import Ranking
from chatbot.ai.worlds import build, layout, usable
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS
from chatbot.rules.state import Match, Phase
from chatbot.rules.views import SeatView

CARD_PLAYS = frozenset({A.PLAY, A.PLAY_HIDDEN})
SIDE_CALLS = ENVIDO_CALLS | {A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO}


class _Budget:
    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def _splits(cards: list[Card], sizes: list[int]) -> list[list[list[Card]]]:
    """Every way to deal ``cards`` into hands of ``sizes`` (their order kept)."""
    if not sizes:
        return [[]]
    out: list[list[list[Card]]] = []
    for first in combinations(range(len(cards)), sizes[0]):
        rest = [c for i, c in enumerate(cards) if i not in first]
        for tail in _splits(rest, sizes[1:]):
            out.append([[cards[i] for i in first], *tail])
    return out


def small(rules: TrickRules[Any], view: SeatView, held: tuple[int, ...]) -> bool:
    """The hand left is small enough to be played out exactly within the budget: the
    ways to split the strong cards between the opponents (:func:`worst_worlds` deals
    our partners the weakest in one way only, so they do not multiply the splits; they
    did here once, and a 2v2 sure win with four cards in the other side's hands counted
    as twelve splits and was not raised)."""
    if sum(held) + view.hand_size > HARD.sure_max_left:
        return False
    ways, dealt = 1, 0
    for seat, count in enumerate(held):
        if count and rules.team_of(seat, view.players) != view.team:
            dealt += count
            ways = ways * math.comb(dealt, count)
    return ways <= HARD.sure_max_splits


def worst_worlds(rules: TrickRules[Any], view: SeatView, rank: Ranking,
                 best: bool = False) -> list[Match[Any]] | None:
    """The worlds hardest for this seat's side: the opponents hold the strongest cards it
    cannot place, split between them every way, and its partners the weakest (``best``:
    the other way round, the easiest). None when this seat cannot build them (the view
    keeps something a world must fit)."""
    lay = layout(rules, view)
    if not small(rules, view, lay.held):
        return None
    pool = sorted(lay.pool, key=rank.of, reverse=not best)
    players = view.players
    theirs = [s for s in range(players)
              if rules.team_of(s, players) != view.team and lay.held[s]]
    ours = [s for s in range(players)
            if rules.team_of(s, players) == view.team and s != view.seat and lay.held[s]]
    strong = sum(lay.held[s] for s in theirs)
    weak = sum(lay.held[s] for s in ours)
    down = sum(lay.facedown)
    if strong + weak + down > len(pool):
        return None
    top, bottom = pool[:strong], pool[len(pool) - weak:] if weak else []
    middle = pool[strong:len(pool) - weak]
    worlds: list[Match[Any]] = []
    for split in _splits(top, [lay.held[s] for s in theirs]):
        held: list[list[Card]] = [[] for _ in range(players)]
        for seat, cards in zip(theirs, split, strict=True):
            held[seat] = cards
        rest = list(bottom)
        for seat in ours:
            held[seat], rest = rest[:lay.held[seat]], rest[lay.held[seat]:]
        facedown: list[list[Card]] = []
        spare = list(middle)
        for count in lay.facedown:
            facedown.append(spare[:count])
            spare = spare[count:]
        world = build(rules, view, held, facedown, spare)
        if not usable(rules, view, world):
            return None
        worlds.append(world)
    return worlds


def _wins(rules: TrickRules[Any], match: Match[Any], seat: int, team: int,
          budget: _Budget, hostile: bool = True) -> bool:
    """This seat's side wins the hand from here whatever the others play (cards only);
    with ``hostile`` False, for some play of everyone's (the hand can still be won)."""
    hand = match.hand
    assert hand is not None
    if hand.phase == Phase.OVER or hand.winner is not None:
        return hand.winner == team
    budget.left -= 1
    if budget.left < 0:
        return not hostile  # out of budget: neither sure to win nor sure to lose
    actor = rules.to_act(match)
    if actor is None:
        return False
    plays = [a for a in rules.legal(match, actor) if a.kind in CARD_PLAYS]
    if not plays:
        return not hostile  # a call waits: not a position of cards alone
    mine = actor == seat or not hostile

    def after(action: Action) -> bool:
        nxt = match.copy()
        rules.apply_trusted(nxt, actor, action)
        return _wins(rules, nxt, seat, team, budget, hostile)

    if mine:
        return any(after(a) for a in plays)
    return all(after(a) for a in plays)


def cannot_lose(rules: TrickRules[Any], view: SeatView, rank: Ranking) -> bool:
    """Whatever the others hold and play, this seat's side wins the hand's tricks."""
    return _settled(rules, view, rank, hostile=True)


def cannot_win(rules: TrickRules[Any], view: SeatView, rank: Ranking) -> bool:
    """Whatever the others hold and play, this seat's side loses the hand's tricks
    (after accepting the raise it answers, if one waits)."""
    if view.hand is None or len(view.score) != 2:
        return False
    return not _settled(rules, view, rank, hostile=False)


def _settled(rules: TrickRules[Any], view: SeatView, rank: Ranking, hostile: bool) -> bool:
    """Hostile: our side wins in every world and play; else: in some world and play."""
    if view.hand is None or len(view.score) != 2:
        return False
    worlds = worst_worlds(rules, view, rank, best=not hostile)
    if not worlds:
        return not hostile
    if view.pending_call is not None:  # answering a raise: its accept starts the cards again
        accept = next((a for a in view.legal if a.kind == A.ACCEPT), None)
        if accept is None:
            return not hostile
        for world in worlds:
            rules.apply_trusted(world, view.seat, accept)
    budget = _Budget(HARD.sure_nodes)
    if hostile:
        return all(_wins(rules, w, view.seat, view.team, budget) for w in worlds)
    return any(_wins(rules, w, view.seat, view.team, budget, hostile=False) for w in worlds)


def _answers_apart(rules: TrickRules[Any], view: SeatView, world: Match[Any],
                   action: Action) -> bool:
    """After ``action`` the other side may answer with a call scored apart from the tricks."""
    after = world.copy()
    rules.apply_trusted(after, view.seat, action)
    actor = rules.to_act(after)
    if actor is None:
        return False
    return any(a.kind in SIDE_CALLS for a in rules.legal(after, actor))


def sure_raise(rules: TrickRules[Any], view: SeatView, rank: Ranking) -> Action | None:
    """The raise to make now because the hand cannot be lost, or None.

    On our turn: a truco or raise when legal. Answering the other side's raise:
    the raise back when legal, else the accept. Not when the stake already
    ends the game (the raise would gain nothing), nor when the answer may be an
    envido or a flor, whose points the cards do not decide.
    """
    pending = view.pending_call
    if len(view.score) != 2 or (pending is not None and pending not in A.LADDER_CALLS):
        return None
    raise_action = next((a for a in view.legal if a.kind in A.LADDER_CALLS), None)
    accept = next((a for a in view.legal if a.kind == A.ACCEPT), None)
    if pending is None and raise_action is None:
        return None
    if pending is not None and raise_action is None and accept is None:
        return None
    if view.score[view.team] + view.stake >= view.target and raise_action is not None \
            and pending is None:
        return None
    if not cannot_lose(rules, view, rank):
        return None
    if raise_action is None:
        return accept
    worlds = worst_worlds(rules, view, rank)
    if not worlds or _answers_apart(rules, view, worlds[0], raise_action):
        return accept  # None on our turn: the raise could be answered by an envido
    return raise_action
