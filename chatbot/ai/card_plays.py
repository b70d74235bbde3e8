"""What the cards an opponent played say about the cards it kept.

A player who follows a trick with a low card had nothing to win it with; one
who wins it wins as cheaply as it can; one who leads the first trick leads
its best card, or its second best when it keeps a manilha back. The sampled
worlds deal the unseen cards at random, so without this a world may hand an
opponent who just threw its lowest card on our 2 a 3 it "chose" not to play.
This is how the rule bots play (:meth:`RuleBot.card`, :meth:`RuleBot.lead`),
and how most people do; a world where the opponent's plays break those rules
is kept at a lower weight (``slip``), not ruled out, since a player may
sandbag or lead low to hide a hand.

At a table of four a follow is read with its trick as the player saw it
(:func:`follows_at`): a card thrown under its partner's winning card is its
lowest, and a follower whose cheapest winner is a manilha keeps it back (its
lowest) while a partner still plays after it. A raise there that waits for
the last trick is a bet on the one card left, and the plays before it say
which cards that can be (issue 37, finding 1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chatbot.ai.params import HARD
from chatbot.ai.strength import Ranking, ranking
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView

if TYPE_CHECKING:  # worlds reads the table's record, which grades plays here
    from chatbot.ai.worlds import Belief


def follows_rules(rank: Ranking, card: Card, held: list[Card], best: int) -> bool:
    """A card played after ours on a trick of two: the cheapest that beats ``best``,
    or, when nothing in ``held`` (the hand before the play) beats it, the lowest."""
    value = rank.of(card)
    if value > best:
        return not any(best < rank.of(h) < value for h in held)
    return not any(rank.of(h) > best or rank.of(h) < value for h in held)


@dataclass(frozen=True, slots=True)
class Trick:
    """A follow's trick as its player saw it: the card to beat, whether its own side
    holds it alone, who plays after it, and whether the trick decides the hand."""

    best: int
    ours: bool = False
    after_theirs: int = 0  # the other side's seats still to play to the trick
    after_ours: int = 0  # its partners still to play to the trick
    decisive: bool = False


def follows_at(rank: Ranking, card: Card, held: list[Card], trick: Trick) -> bool:
    """A follow at any table, as :meth:`RuleBot.card` plays it: the lowest card when
    its side already takes the trick or nothing beats it, or when the cheapest winner
    is a manilha kept back for a partner to play after; else the cheapest winner.
    At a table of two this is :func:`follows_rules`."""
    strengths = sorted(rank.of(h) for h in held)
    lowest = strengths[0]
    beaters = [v for v in strengths if v > trick.best]
    if trick.ours or not beaters:
        expected = lowest
    else:
        cheapest = beaters[0]
        keep = rank.is_top(next(h for h in held if rank.of(h) == cheapest)) and \
            not trick.decisive and trick.after_ours > 0 and len(held) > 1
        expected = lowest if keep else cheapest
    return rank.of(card) == expected


def leads_by_rules(rank: Ranking, card: Card, held: list[Card], done: list[int]) -> bool:
    """A lead: the highest card when the trick decides the hand, the lowest a trick up,
    else the highest but for a manilha kept back behind the next best."""
    ordered = sorted(rank.of(h) for h in held)
    value = rank.of(card)
    if done.count(-1) > done.count(1) or 0 in done:
        return value == ordered[-1]
    if done.count(1) > done.count(-1):
        return value == ordered[0]
    if len(ordered) >= 3 and any(rank.is_top(h) and rank.of(h) == ordered[-1] for h in held):
        return value == ordered[-2]
    return value == ordered[-1]


def trick_seen(rank: Ranking, seat: int, before: Sequence[tuple[int, Card | None]],
               after: Sequence[int], team_of: Callable[[int], int], done: list[int]) -> Trick:
    """The trick as ``seat`` saw it when it followed: ``before`` on the table, the
    seats in ``after`` still to play, ``done`` the tricks so far for its side."""
    best, ours, theirs = -1, False, False
    for who, card in before:
        value = -1 if card is None else rank.of(card)
        mine = team_of(who) == team_of(seat)
        if value > best:
            best, ours, theirs = value, mine, not mine
        elif value == best:
            ours, theirs = ours or mine, theirs or not mine
    partners = sum(1 for s in after if team_of(s) == team_of(seat))
    decisive = done.count(-1) > done.count(1) or 0 in done
    return Trick(best, ours and not theirs, len(after) - partners, partners, decisive)


def graded_plays(rank: Ranking, seat: int, tricks: Sequence[Sequence[tuple[int, Card | None]]],
                 size: int, team_of: Callable[[int], int] | None = None) -> list[bool]:
    """Once the hand is over: whether each play of ``seat`` that had a choice kept to
    the rules (:func:`follows_at`, :func:`leads_by_rules`), its partners by
    ``team_of`` (at a table of two, none). Only a hand it played out face up, all
    ``size`` cards, can be graded (else nothing is)."""
    team = team_of or (lambda s: s)
    plays = [(number, place, card) for number, trick in enumerate(tricks)
             for place, (who, card) in enumerate(trick) if who == seat and card is not None]
    if len(plays) != size:
        return []  # a card kept or played face down: the hand is not known whole
    hand = [card for _, _, card in plays]
    done: list[int] = []  # the tricks as they stood for the seat's side, in order
    for trick in tricks:
        mine = max((rank.of(c) for who, c in trick if team(who) == team(seat) and c),
                   default=-1)
        theirs = max((rank.of(c) for who, c in trick if team(who) != team(seat) and c),
                     default=-1)
        done.append((mine > theirs) - (mine < theirs))
    out: list[bool] = []
    for k, (number, place, card) in enumerate(plays):
        held = hand[k:]
        if len({rank.of(c) for c in held}) < 2:
            continue  # no choice to grade
        trick = tricks[number]
        if not place:
            out.append(leads_by_rules(rank, card, held, done[:number]))
            continue
        seen = trick_seen(rank, seat, trick[:place], [w for w, _ in trick[place + 1:]],
                          team, done[:number])
        out.append(follows_at(rank, card, held, seen))
    return out


def play_slip(breaks: float) -> float:
    """The weight a broken rule leaves a world, for a seat that breaks the rules in
    ``breaks`` of its plays with a choice."""
    return min(1.0, max(HARD.play_slip, breaks / HARD.breaks_for_nothing))


def play_belief(rules: TrickRules[Any], view: SeatView,
                slip: float | Callable[[int], float] = HARD.play_slip) -> Belief | None:
    """Weigh a world by how well each opponent's cards there explain the cards it
    played face up this hand (1 per play by the rules, its ``slip`` per other:
    :meth:`chatbot.ai.reads.TableReads.play_slip`, per seat when a function). An
    opponent with a slip of 1, or one that played a card face down, is not read."""
    if view.hand is None:
        return None
    slip_of = slip if callable(slip) else (lambda seat: slip)
    rank = ranking(rules, view.vira)
    n = view.players

    def team_of(seat: int) -> int:
        return rules.team_of(seat, n)

    reads: list[tuple[int, float, list[tuple[Card, Trick | None, list[int]]]]] = []
    for other in range(n):
        if team_of(other) == view.team or other in view.seen:
            continue
        weight = slip_of(other)
        if weight >= 1.0:
            continue
        steps = _steps(rank, view, other, team_of)
        if steps:
            reads.append((other, weight, steps))
    if not reads:
        return None

    def belief(world: Match[Any]) -> float:
        hand = world.hand
        assert hand is not None
        weight = 1.0
        for other, miss, steps in reads:
            later = [card for card, _, _ in steps]
            kept = list(hand.cards[other])
            for i, (card, trick, done) in enumerate(steps):
                held = kept + later[i:]
                ok = leads_by_rules(rank, card, held, done) if trick is None else \
                    follows_at(rank, card, held, trick)
                if not ok:
                    weight *= miss
        return weight

    return belief


def _steps(rank: Ranking, view: SeatView, other: int, team_of: Callable[[int], int]
           ) -> list[tuple[Card, Trick | None, list[int]]] | None:
    """``other``'s face-up plays this hand: the card, the trick as it saw it (None for
    a lead) and the tricks done for its side; None after a face-down card, which hides
    what it kept and what it gave up."""
    team = team_of(other)
    steps: list[tuple[Card, Trick | None, list[int]]] = []
    live = (*view.played, view.table)
    for number, trick in enumerate(live):
        done = [0 if t is None else (1 if t == team else -1) for t in view.tricks[:number]]
        for place, (seat, card) in enumerate(trick):
            if seat != other:
                continue
            if card is None:
                return None
            if not place:
                steps.append((card, None, done))
                continue
            if number < len(view.played):
                after = [w for w, _ in trick[place + 1:]]
            else:  # the trick being played: whoever has not played to it yet
                on = {w for w, _ in trick}
                after = [s for s in range(view.players) if s not in on]
            steps.append((card, trick_seen(rank, other, trick[:place], after, team_of, done),
                           done))
    return steps
