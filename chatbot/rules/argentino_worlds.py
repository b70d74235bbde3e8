"""What a bot's sampled world of Argentine truco must fix up: the envido chain sung, the
flors owed and announced, the contraflor under way (chatbot/ai/worlds.py asks through the
rules' ``world_*`` hooks).

A view shows what was settled and what is offered, not the chain itself: the shortest
reading that leaves the same answers is taken.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS, envido_count
from chatbot.rules.views import SeatView, played_by

if TYPE_CHECKING:  # the variant's module imports this one
    from chatbot.rules.argentino import ArgentinoMatch

CONTEST_CALLS = frozenset({A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
FIT_TRIES = 24  # draws among the hands that make a sung count, for one whose cards are free


def envido_chain(view: SeatView) -> list[str]:
    """The shortest chain that leaves the answers the view offers (E-E allows no third E)."""
    call = view.pending_call
    assert call is not None
    if call == A.ENVIDO and A.REAL_ENVIDO in {a.kind for a in view.legal} and \
            A.ENVIDO not in {a.kind for a in view.legal}:
        return [A.ENVIDO, A.ENVIDO]
    return [call]


def pending_level(view: SeatView) -> int | None:
    """The level of a pending envido or contraflor; None for the other calls."""
    if view.pending_call in ENVIDO_CALLS:
        return len(envido_chain(view))
    if view.pending_call in CONTEST_CALLS:
        return 1
    return None


def patch(rules: TrickRules[Any], view: SeatView, match: ArgentinoMatch) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    kinds = {a.kind for a in view.legal}
    if view.pending_call in ENVIDO_CALLS:
        x.chain = envido_chain(view)
    elif "envido" in view.calls:
        x.chain = [A.ENVIDO]
    if x.owed is not None:
        plays = played_by(view)
        acted = {s for s in range(view.players) if plays[s]}
        if view.pending_caller is not None:
            acted.add(view.pending_caller)
        if A.FLOR not in kinds:
            acted.add(view.seat)
        x.flors = [s for s in x.owed if s in acted]
        x.owed = [s for s in x.owed if s not in acted]
        envido = view.calls.get("envido")
        if isinstance(envido, dict) and envido.get("paid"):
            x.owed = []  # a flor still owed would have voided that envido before it was paid
        if "flor" in view.calls:
            x.flor_done = True
    if view.sung:
        x.sung = [[seat, said] for seat, said in view.sung]  # public, like the calls
    if view.pending_call in CONTEST_CALLS:
        assert view.pending_caller is not None
        x.contest = (view.pending_call, rules.team_of(view.pending_caller, view.players))


def fit_sung(view: SeatView, held: list[list[Card]], down: list[list[Card]],
             stock: list[Card], rng: random.Random, tries: int = FIT_TRIES) -> None:
    """Give every seat whose envido count was sung a hidden hand with that count.

    A random deal rarely hits a sung count (a 33 is about one hand in fifty), so the
    weighing alone would keep few worlds. The hands that make the count are listed once
    per position (``hands_with_count``) and one of them that is still free (its cards
    in the seat's own or the stock's) is drawn; a seat that cannot be fitted keeps its
    deal, and the belief weighs it.
    """
    if not view.sung:
        return
    plays = played_by(view)
    unseen = tuple(sorted(c for cards in (*held, *down, stock) for c in cards))
    for seat, count in view.sung:
        if count is None or seat == view.seat or seat in view.seen or not held[seat]:
            continue
        shown = tuple(c for c in plays[seat] if c is not None) + tuple(down[seat])
        if envido_count(shown + tuple(held[seat])) == count:
            continue
        hands = hands_with_count(unseen, shown, len(held[seat]), count)
        if not hands:
            continue
        free = set(held[seat]) | set(stock)
        for _ in range(tries):
            cards = hands[rng.randrange(len(hands))]
            if free.issuperset(cards):
                stock[:] = [c for c in (*held[seat], *stock) if c not in cards]
                held[seat] = list(cards)
                break


@lru_cache(maxsize=64)
def hands_with_count(unseen: tuple[Card, ...], shown: tuple[Card, ...], size: int,
                     count: int) -> tuple[tuple[Card, ...], ...]:
    """Every ``size`` cards of ``unseen`` that make ``count`` with the cards ``shown``
    (at most 7,770 hands of three to try, once per position and count)."""
    return tuple(cards for cards in combinations(unseen, size)
                 if envido_count(shown + cards) == count)


def repair(rules: TrickRules[Any], view: SeatView, match: ArgentinoMatch) -> None:
    """No envido offered to this seat though the world would offer one: it was sung before."""
    hand = match.hand
    assert hand is not None
    if hand.x.chain is not None or {a.kind for a in view.legal} & ENVIDO_CALLS:
        return
    if any(a.kind in ENVIDO_CALLS for a in rules.legal(match, view.seat)):
        hand.x.chain = [A.ENVIDO]
