"""Determinization: whole matches consistent with what one seat has seen.

The hard bot never looks at the real match. It rebuilds possible ones from its
:class:`SeatView` and public knowledge alone (the deck, the ranking, the rules):
the unseen cards are dealt at random to the hidden hands (and to face-down
cards), and the public state of the hand (tricks, table, stake, pending call,
variant extras) is copied from the view or inferred from it. A world is kept
when the seat would see the same turn and the same legal actions in it (after
a few misses, one where every action of the view is at least legal), so every
action of the view can be applied in every world.

What a view does not say (the exact envido chain sung, a truco waiting under an
envido, who already answered a put) is filled with the most likely reading;
that only blurs rollouts, it never makes a world contradict the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from chatbot.ai.baseline.strength import known_cards
from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS, envido_count
from chatbot.rules.state import Hand, Match, Pending
from chatbot.rules.views import SeatView

CONTEST_CALLS = frozenset({A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
MAX_TRIES = 6  # samples drawn per world before settling for a merely usable one


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the unknown cards go: held counts per seat and face-down plays per seat."""

    held: tuple[int, ...]  # cards each seat still holds that this seat cannot see
    facedown: tuple[int, ...]  # face-down cards each seat has played
    pool: tuple[Card, ...]  # every card this seat cannot place


def played_by(view: SeatView) -> list[list[Card | None]]:
    """Cards each seat has put on the table this hand (None = face down)."""
    out: list[list[Card | None]] = [[] for _ in range(view.players)]
    for trick in (*view.played, view.table):
        for seat, card in trick:
            out[seat].append(card)
    return out


def layout(rules: TrickRules[Any], view: SeatView) -> Layout:
    """Count the hidden cards of every seat from dealt sizes and cards played."""
    plays = played_by(view)
    start = _start_sizes(rules, view)
    held: list[int] = []
    facedown: list[int] = []
    for seat in range(view.players):
        down = sum(1 for c in plays[seat] if c is None)
        facedown.append(down)
        if seat in view.seen:
            held.append(0)
        elif seat == view.seat:
            held.append(view.hand_size)
        else:
            held.append(max(0, start[seat] - len(plays[seat])))
    known = known_cards(view)
    pool = tuple(c for c in rules.strength_table(view.vira) if c not in known)
    return Layout(tuple(held), tuple(facedown), pool)


def _start_sizes(rules: TrickRules[Any], view: SeatView) -> list[int]:
    """Cards each seat held when the play began (after any passing or resigning)."""
    n = view.players
    size = rules.cards_per_player(n)
    sizes = [size] * n
    if view.variant == "put":
        active = _put_active(rules, view)
        sizes = [size if s in active else 0 for s in range(n)]
    return sizes


# ------------------------------------------------------------------ sampling
def deal_hidden(lay: Layout, rng: random.Random) -> tuple[list[list[Card]], list[list[Card]],
                                                         list[Card]]:
    """One random placement of the unseen cards: (held, face-down, stock)."""
    pool = list(lay.pool)
    rng.shuffle(pool)
    held: list[list[Card]] = []
    down: list[list[Card]] = []
    i = 0
    for count in lay.held:
        held.append(pool[i:i + count])
        i += count
    for count in lay.facedown:
        down.append(pool[i:i + count])
        i += count
    return held, down, pool[i:]


def build(rules: TrickRules[Any], view: SeatView, held: list[list[Card]],
          down: list[list[Card]], stock: list[Card]) -> Match[Any]:
    """A full match: the view's public state with these hidden cards."""
    n = view.players
    cards: list[list[Card]] = []
    for seat in range(n):
        if seat in view.seen:
            cards.append(list(view.seen[seat]))
        else:
            cards.append(list(held[seat]))
    plays = played_by(view)
    dealt: list[tuple[Card, ...]] = []
    covered: list[Card] = []
    for seat in range(n):
        face_down = iter(down[seat])
        mine: list[Card] = []
        for card in plays[seat]:
            if card is None:
                card = next(face_down)
                covered.append(card)
            mine.append(card)
        dealt.append(tuple(cards[seat]) + tuple(mine))
    match: Match[Any] = Match(view.variant, dict(rules.options), n, list(view.score),
                              view.dealer)
    hand = Hand(dealer=view.dealer, mano=view.mano, cards=[list(d) for d in dealt],
                dealt=dealt, vira=view.vira, stock=list(stock), turn=view.mano,
                leader=view.mano, stake=rules.ladder[0], points=[0] * len(view.score),
                x=rules.extras())
    match.hand = hand
    match.hand_no = 1
    rules.setup_hand(match)  # variant extras that follow from the deal (envido counts...)
    hand.cards = cards
    hand.special = view.special
    hand.phase = view.phase
    hand.table = list(view.table)
    hand.played = [list(t) for t in view.played]
    hand.tricks = list(view.tricks)
    hand.stake = view.stake
    hand.level = view.level
    hand.last_raiser = view.last_raiser
    hand.covered = covered
    if view.calls:
        hand.x.calls = _copy(view.calls)
    patch = PATCHES.get(view.variant)
    if patch is not None:
        patch(rules, view, match)
    _place_turn(rules, view, match)
    if view.pending_call is not None:
        assert view.pending_caller is not None and view.to_act is not None
        hand.pending = Pending(view.pending_call, view.pending_caller,
                               _pending_level(view), view.to_act)
    repair = REPAIRS.get(view.variant)
    if repair is not None:
        repair(rules, view, match)
    return match


def _place_turn(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    """Who plays the next card: after the last card on the table, else the trick's leader."""
    hand = match.hand
    assert hand is not None
    if view.pending_call is None and view.to_act is not None and hand.phase == "play":
        hand.turn = view.to_act
    elif hand.table:
        hand.turn = rules.next_to_play(match, hand.table[-1][0])
    elif hand.played:
        hand.turn = rules.trick_result(match, hand.played[-1])[1]
    elif getattr(hand.x, "receivers", None) is not None:  # four-player Put: first receiver
        hand.turn = hand.x.receivers[0]
    hand.leader = hand.table[0][0] if hand.table else hand.turn


def _pending_level(view: SeatView) -> int:
    call = view.pending_call
    if call in (A.TRUCO, A.RAISE):
        return view.level + 1
    if call == A.MON_RESTE:
        return view.level
    if call in ENVIDO_CALLS:
        return len(_envido_chain(view))
    if call in CONTEST_CALLS:
        return 1
    return 0


def _copy(value: Any) -> Any:  # a JSON value (the calls settled this hand)
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


# ------------------------------------------------------------ variant extras
def _envido_chain(view: SeatView) -> list[str]:
    """The shortest chain that leaves the answers the view offers (E-E allows no third E)."""
    call = view.pending_call
    assert call is not None
    if call == A.ENVIDO and A.REAL_ENVIDO in {a.kind for a in view.legal} and \
            A.ENVIDO not in {a.kind for a in view.legal}:
        return [A.ENVIDO, A.ENVIDO]
    return [call]


def _patch_argentino(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    kinds = {a.kind for a in view.legal}
    if view.pending_call in ENVIDO_CALLS:
        x.chain = _envido_chain(view)
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
        if "flor" in view.calls:
            x.flor_done = True
    if view.pending_call in CONTEST_CALLS:
        assert view.pending_caller is not None
        x.contest = (view.pending_call, rules.team_of(view.pending_caller, view.players))


def _repair_argentino(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    """No envido offered to this seat though the world would offer one: it was sung before."""
    hand = match.hand
    assert hand is not None
    if hand.x.chain is not None or {a.kind for a in view.legal} & ENVIDO_CALLS:
        return
    if any(a.kind in ENVIDO_CALLS for a in rules.legal(match, view.seat)):
        hand.x.chain = [A.ENVIDO]


def _patch_le_truc(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    kinds = {a.kind for a in view.legal}
    if view.pending_call == A.REDEAL_PROPOSE:
        x.redeal = "asked"
    elif A.REDEAL_PROPOSE not in kinds:
        x.redeal = "refused"  # asked before, or too late: no redeal in these worlds
    if view.pending_call is None and A.MON_RESTE not in kinds:
        x.mon_reste = True  # a Mon Reste was accepted: nothing more to call
    instruct = {"instruct-highest", "instruct-lowest", "instruct-rank"}
    if view.players == 4 and rules.options.get("signals"):
        # the rule bots never signal, so only this seat's own instruction is inferred
        on_turn = view.pending_call is None and view.seat in (view.dealer, view.mano)
        x.instructed = [view.seat] if on_turn and not kinds & instruct else []
        plays = [a.card for a in view.legal if a.kind == A.PLAY and a.card is not None]
        if view.hand is not None and plays and len(plays) < len(view.hand):
            x.orders = [[view.seat, "instruct-rank", plays[0].rank]]


def _put_active(rules: TrickRules[Any], view: SeatView) -> list[int]:
    n = view.players
    if _partnership4(rules, n):
        return sorted(_put_receivers(view))
    put = view.calls.get("put")
    resigned: set[int] = set()
    if isinstance(put, dict):
        resigned = set(put.get("resigned", ()))
    return [s for s in range(n) if s not in resigned]


def _partnership4(rules: TrickRules[Any], players: int) -> bool:
    """Put with four partners (looked up by name: the Put module loads only when played)."""
    check = getattr(rules, "partnership4", None)
    return bool(check is not None and check(players))


def _put_receivers(view: SeatView) -> list[int]:
    """The two seats that play a four-player partnership hand: [first receiver, second].

    Seats seen playing (or holding cards, or to act) are receivers; a side with
    none of them seen yet is guessed from the fixed passing order.
    """
    active = {s for trick in (*view.played, view.table) for s, _ in trick}
    if view.hand_size:
        active.add(view.seat)
    if view.to_act is not None:
        active.add(view.to_act)
    out = []
    for team, guess in (((view.dealer + 1) % 2, (view.dealer + 3) % 4),
                        (view.dealer % 2, (view.dealer + 2) % 4)):
        found = sorted(s for s in active if s % 2 == team)
        out.append(found[0] if found else guess)
    return out


def _patch_put(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    hand = match.hand
    assert hand is not None
    x = hand.x
    n = view.players
    x.active = _put_active(rules, view)
    if _partnership4(rules, n):
        receivers = _put_receivers(view)
        x.update(passers=[(s + 2) % 4 for s in receivers], receivers=receivers,
                 discarded=list(receivers))
    put = view.calls.get("put")
    if isinstance(put, dict):
        x.put = put["caller"]
        x.stayed = list(put.get("stayed", ()))
        x.resigned = list(put.get("resigned", ()))
        if put.get("seen"):
            x.seen = True
    elif view.pending_call == A.PUT:
        caller = view.pending_caller
        assert caller is not None
        stayed = []  # who answered before this seat: assume they stayed
        s = caller
        for _ in range(n):
            s = rules.next_to_play(match, s)
            if s in (view.seat, caller):
                break
            stayed.append(s)
        x.update(put=caller, stayed=stayed, resigned=[])


Patch = Callable[[TrickRules[Any], SeatView, Match[Any]], None]
PATCHES: dict[str, Patch] = {
    "argentino": _patch_argentino,
    "le-truc": _patch_le_truc,
    "put": _patch_put,
}
REPAIRS: dict[str, Patch] = {"argentino": _repair_argentino}


# --------------------------------------------------------------- the sampler
Belief = Callable[[Match[Any]], float]


def consistent(rules: TrickRules[Any], view: SeatView, world: Match[Any]) -> bool:
    """The seat sees the same turn and the same legal actions in the world as in reality."""
    if rules.to_act(world) != view.to_act:
        return False
    legal = rules.legal(world, view.seat)
    if view.hand is None:
        return len(legal) == len(view.legal) and \
            [a.kind for a in legal] == [a.kind for a in view.legal]
    return tuple(legal) == view.legal


def usable(rules: TrickRules[Any], view: SeatView, world: Match[Any]) -> bool:
    """Every action of the view can be applied in the world."""
    if rules.to_act(world) != view.to_act:
        return False
    legal = rules.legal(world, view.seat)
    if view.hand is None:
        return len(legal) >= len(view.legal)
    return set(view.legal) <= set(legal)


def sample_worlds(rules: TrickRules[Any], view: SeatView, rng: random.Random, count: int,
                  belief: Belief | None = None) -> list[Match[Any]]:
    """``count`` worlds (or fewer when none fits) consistent with the view.

    ``belief`` weighs a world by how well it explains what the others did (a
    call, an answer); a world is kept with that probability, so the sample
    leans towards the hands that make the public actions likely.
    """
    lay = layout(rules, view)
    if sum(lay.held) + sum(lay.facedown) > len(lay.pool):
        return []
    worlds: list[Match[Any]] = []
    for _ in range(count):
        fallback: Match[Any] | None = None
        for _ in range(MAX_TRIES):
            held, down, stock = deal_hidden(lay, rng)
            world = build(rules, view, held, down, stock)
            if not consistent(rules, view, world):
                if fallback is None and usable(rules, view, world):
                    fallback = world
                continue
            if belief is not None and rng.random() > belief(world):
                fallback = world
                continue
            worlds.append(world)
            break
        else:
            if fallback is not None:
                worlds.append(fallback)
    return worlds


RAISES = frozenset({A.TRUCO, A.RAISE, A.MON_RESTE, A.PUT})


def call_belief(rules: TrickRules[Any], view: SeatView) -> Belief | None:
    """An opponent's raise waiting for this seat's answer makes strong cards likelier.

    Players bluff, so the tilt is mild: a world is kept with a probability
    that grows with the caller's cards in it (best card and average, as
    percentiles of the deck) but never falls below a third.
    """
    caller = view.pending_caller
    if view.pending_call not in RAISES or caller is None:
        return None
    if rules.team_of(caller, view.players) == view.team:
        return None
    table = rules.strength_table(view.vira)
    values = sorted(table.values())
    below: dict[int, float] = {}
    for i, v in enumerate(values):
        below.setdefault(v, i / max(len(values) - 1, 1))

    def belief(world: Match[Any]) -> float:
        hand = world.hand
        assert hand is not None
        held = [below[table[c]] for c in hand.cards[caller]]
        if not held:
            return 1.0
        strength = 0.6 * max(held) + 0.4 * sum(held) / len(held)
        return 0.35 + 0.65 * strength * strength

    return belief


def both(first: Belief | None, second: Belief | None) -> Belief | None:
    """Two independent pieces of evidence: keep a world with the product of their weights."""
    if first is None or second is None:
        return first or second
    return lambda world: first(world) * second(world)


def envido_belief(rules: TrickRules[Any], view: SeatView) -> Belief | None:
    """A settled envido tells which side had the better count (when it was sung for real)."""
    settled = view.calls.get("envido")
    if not isinstance(settled, dict) or view.hand is None:
        return None
    points = settled.get("points", 0)
    if not isinstance(points, int) or points < 2:
        return None  # one point: a refusal, which says little about the cards
    mine = envido_count(_dealt_of(view))
    we_won = settled.get("winner") == view.team

    def belief(world: Match[Any]) -> float:
        hand = world.hand
        assert hand is not None
        best = max((hand.x.envido_counts[s] for s in range(world.players)
                    if rules.team_of(s, world.players) != view.team), default=0)
        agrees = best <= mine if we_won else best >= mine
        return 1.0 if agrees else 0.1

    return belief


def _dealt_of(view: SeatView) -> list[Card]:
    plays = played_by(view)
    return [*(view.hand or ()), *(c for c in plays[view.seat] if c is not None)]
