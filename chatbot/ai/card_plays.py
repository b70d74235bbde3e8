"""What the cards an opponent played say about the cards it kept.

A player who follows a trick with a low card had nothing to win it with; one
who wins it wins as cheaply as it can; one who leads the first trick leads
its best card, or its second best when it keeps a manilha back. The sampled
worlds deal the unseen cards at random, so without this a world may hand an
opponent who just threw its lowest card on our 2 a 3 it "chose" not to play.
At a table of two this is how the rule bots play (:meth:`RuleBot.card`,
:meth:`RuleBot.lead`), and how most people do; a world where the opponent's
plays break those rules is kept at a lower weight (``slip``), not ruled out,
since a player may sandbag or lead low to hide a hand.

Only tables of two are read: at four a follower keeps its manilha when its
partner plays after it, and a partner's card on the table changes every
answer, so the plays say much less there.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def graded_plays(rank: Ranking, seat: int, tricks: Sequence[Sequence[tuple[int, Card | None]]],
                 size: int) -> list[bool]:
    """At a table of two, once the hand is over: whether each play of ``seat`` that had
    a choice kept to the rules (:func:`follows_rules`, :func:`leads_by_rules`). Only a
    hand it played out face up, all ``size`` cards, can be graded (else nothing is)."""
    plays = [(number, place, card) for number, trick in enumerate(tricks)
             for place, (who, card) in enumerate(trick) if who == seat and card is not None]
    if len(plays) != size:
        return []  # a card kept or played face down: the hand is not known whole
    hand = [card for _, _, card in plays]
    done: list[int] = []  # the tricks as they stood for the seat, in order
    for trick in tricks:
        mine = max((rank.of(c) for who, c in trick if who == seat), default=-1)
        theirs = max((rank.of(c) for who, c in trick if who != seat), default=-1)
        done.append((mine > theirs) - (mine < theirs))
    out: list[bool] = []
    for k, (number, place, card) in enumerate(plays):
        held = hand[k:]
        if len({rank.of(c) for c in held}) < 2:
            continue  # no choice to grade
        first = tricks[number][0][1]
        out.append(follows_rules(rank, card, held, rank.of(first)) if place else
                   leads_by_rules(rank, card, held, done[:number]))
    return out


def play_slip(breaks: float) -> float:
    """The weight a broken rule leaves a world, for a seat that breaks the rules in
    ``breaks`` of its plays with a choice."""
    return min(1.0, max(HARD.play_slip, breaks / HARD.breaks_for_nothing))


def play_belief(rules: TrickRules[Any], view: SeatView, slip: float = HARD.play_slip
                ) -> Belief | None:
    """At a table of two, weigh a world by how well the opponent's cards there explain
    the cards it played face up this hand (1 per play by the rules, ``slip`` per other:
    :meth:`chatbot.ai.reads.TableReads.play_slip`)."""
    if view.players != 2 or view.hand is None or slip >= 1.0:
        return None
    other = 1 - view.seat
    if other in view.seen:
        return None
    rank = ranking(rules, view.vira)
    team = rules.team_of(other, 2)
    steps: list[tuple[Card, int | None, list[int]]] = []  # card, the card it followed, done
    for number, trick in enumerate((*view.played, view.table)):
        done = [0 if t is None else (1 if t == team else -1) for t in view.tricks[:number]]
        for place, (seat, card) in enumerate(trick):
            if seat != other:
                continue
            if card is None:
                return None  # a face-down card hides what it kept and what it gave up
            steps.append((card, rank.of(trick[0][1]) if place else None, done))
    if not steps:
        return None
    later = [card for card, _, _ in steps]

    def belief(world: Match[Any]) -> float:
        hand = world.hand
        assert hand is not None
        kept = list(hand.cards[other])
        weight = 1.0
        for i, (card, best, done) in enumerate(steps):
            held = kept + later[i:]
            ok = leads_by_rules(rank, card, held, done) if best is None else \
                follows_rules(rank, card, held, best)
            if not ok:
                weight *= slip
        return weight

    return belief
