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
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any

from chatbot.ai.envido_model import call_likelihood, threshold_shift
from chatbot.ai.params import HARD
from chatbot.ai.reads import raise_weight, with_bluffs
from chatbot.ai.rulebot import CALL_AT, NORMAL, STYLES, TIGHT, RuleBot, Style
from chatbot.ai.strength import Ranking, known_cards, ranking
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS
from chatbot.rules.state import Hand, Match, Pending, Phase
from chatbot.rules.views import SeatView, played_by, seat_view


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the unknown cards go: held counts per seat and face-down plays per seat."""

    held: tuple[int, ...]  # cards each seat still holds that this seat cannot see
    facedown: tuple[int, ...]  # face-down cards each seat has played
    pool: tuple[Card, ...]  # every card this seat cannot place


def layout(rules: TrickRules[Any], view: SeatView) -> Layout:
    """Count the hidden cards of every seat from dealt sizes and cards played."""
    plays = played_by(view)
    start = _start_sizes(rules, view)
    held: list[int] = []
    facedown: list[int] = []
    for seat in range(view.players):
        down = sum(1 for c in plays[seat] if c is None)
        if seat == view.seat and len(view.covered) == down:
            down = 0  # its own face-down cards are known to it: nothing to deal there
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
    size = rules.cards_per_player(view.players)
    dealt = set(rules.world_seats(view))
    return [size if s in dealt else 0 for s in range(view.players)]


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
        own = seat == view.seat and view.covered and not down[seat]
        face_down = iter(view.covered if own else down[seat])
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
                x=rules.new_extras())
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
    rules.world_patch(view, match)
    _place_turn(rules, view, match)
    if view.pending_call is not None:
        assert view.pending_caller is not None and view.to_act is not None
        hand.pending = Pending(view.pending_call, view.pending_caller,
                               rules.world_pending_level(view), view.to_act)
    rules.world_repair(view, match)
    return match


def _place_turn(rules: TrickRules[Any], view: SeatView, match: Match[Any]) -> None:
    """Who plays the next card: after the last card on the table, else the trick's leader."""
    hand = match.hand
    assert hand is not None
    if view.pending_call is None and view.to_act is not None and hand.phase == Phase.PLAY:
        hand.turn = view.to_act
    elif hand.table:
        hand.turn = rules.next_to_play(match, hand.table[-1][0])
    elif hand.played:
        hand.turn = rules.trick_result(match, hand.played[-1])[1]
    elif (leader := rules.world_leader(match)) is not None:
        hand.turn = leader
    hand.leader = hand.table[0][0] if hand.table else hand.turn


def _copy(value: Any) -> Any:  # a JSON value (the calls settled this hand)
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy(v) for v in value]
    return value


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
                  belief: Belief | None = None, spread: int = 3) -> list[Match[Any]]:
    """``count`` worlds (or fewer when none fits) consistent with the view.

    ``belief`` weighs a world by how well it explains what the others did (a
    raise, an accepted raise, a settled envido). Weighting is by resampling:
    ``spread`` times as many consistent worlds are drawn as asked, then
    ``count`` are drawn from them in proportion to their weight, so the sample
    follows the belief however sharp it is (rejection, with a few tries per
    world, could not). A world of weight 0 contradicts what was revealed and
    is never kept while another one is left.
    """
    lay = layout(rules, view)
    if sum(lay.held) + sum(lay.facedown) > len(lay.pool):
        return []
    draws = count if belief is None else count * max(1, spread)
    pool: list[Match[Any]] = []
    for _ in range(draws):
        fallback: Match[Any] | None = None
        for _ in range(HARD.max_tries):
            held, down, stock = deal_hidden(lay, rng)
            rules.world_fit(view, held, down, stock, rng)
            world = build(rules, view, held, down, stock)
            if consistent(rules, view, world):
                pool.append(world)
                break
            if fallback is None and usable(rules, view, world):
                fallback = world
        else:
            if fallback is not None:
                pool.append(fallback)
    if belief is None or not pool:
        return pool
    weights = [max(0.0, belief(w)) for w in pool]
    total = sum(weights)
    if total <= 0.0:
        return pool[:count]  # nothing explains the record: better a blind sample than none
    picked: list[Match[Any]] = []
    # systematic resampling: low variance, and each world drawn at most as often as it weighs
    step = total / count
    u = rng.random() * step
    acc = 0.0
    i = 0
    for world, w in zip(pool, weights, strict=True):
        acc += w
        while i < count and u + i * step < acc:
            picked.append(world)
            i += 1
    return picked


_NO_RANDOM = random.Random(0)  # RuleBot.chance draws nothing from it for the normal style
Tightness = Callable[[int], float]
BluffShare = Callable[[int], float]  # share of its weak hands a seat raises on
StyleOf = Callable[[int], str]
Evidence = Callable[[int], float]  # 0 (a stranger) to 1: how sure the record is of a tight seat


def rule_share(players: int, tightness: float) -> float:
    """How much of a raise's weight the raiser's rules give at a table of ``players``,
    from a raiser read at ``tightness`` (``HARD.firm_share``)."""
    base = HARD.rule_share.get(players, 0.0)
    firm = HARD.firm_share.get(players)
    if firm is None:
        return base
    step = min(1.0, max(0.0, (tightness - HARD.firm_from) / (HARD.firm_at - HARD.firm_from)))
    return base + (firm - base) * step


def tight_share(tightness: float) -> float:
    """At a table of four, how much of a raise's weight the tight rules give:
    ``HARD.tight_rules_share`` from a read of ``HARD.tight_rules_from``, none below."""
    return HARD.tight_rules_share if tightness >= HARD.tight_rules_from else 0.0


def counter_pending(rules: TrickRules[Any], view: SeatView) -> bool:
    """The raise waiting for an answer was made in answer to a raise of the other side.

    A counter-raise accepts the raise it answers without the last raiser
    changing (only an answer of "accept" sets it), while a raise made on
    turn needs the other side to have raised last: so a raise pending on a
    hand already raised is a counter unless the other side raised last.
    """
    caller = view.pending_caller
    if view.pending_call not in rules.raise_kinds or caller is None or view.level < 1:
        return False
    team = rules.team_of(caller, view.players)
    return view.last_raiser is None or view.last_raiser == team


def rule_weight(rules: TrickRules[Any], seen: SeatView, style: Style, call: str, counter: bool,
                rank: Ranking, chance: float) -> float:
    """How likely the rule bot of ``style``, seeing ``seen``, makes ``call``.

    ``seen`` is the raiser's view in one world and ``chance`` its chance of
    winning the hand there (the rule bot's own estimate). A raise on turn:
    certain where its rules want one (a likely win, top cards, a trick up with
    a strong card), its bluff rate elsewhere. A counter-raise: certain where
    its chance against the raise it answers reaches its counter threshold,
    never elsewhere (rule bots do not bluff back). A put or a mon reste:
    certain from the chance every style makes it at, never below.
    """
    if call in CALL_AT:
        return 1.0 if chance >= CALL_AT[call] else 0.0
    bot = RuleBot(rules, seen, _NO_RANDOM, style, rank)
    if counter:
        return 1.0 if bot.chance_against_raise() >= style.counter_at else 0.0
    return 1.0 if bot.wants_raise(chance) else style.bluff


def once_per_seat(read: Callable[[int], float]) -> Callable[[int], float]:
    """A seat's read, computed once per belief: the reads do not change while one
    decision weighs its worlds, and the belief asks for them in every world."""
    known: dict[int, float] = {}

    def cached(seat: int) -> float:
        if seat not in known:
            known[seat] = read(seat)
        return known[seat]

    return cached


def call_belief(rules: TrickRules[Any], view: SeatView,
                tightness: Tightness | None = None,
                style_of: StyleOf | None = None,
                raisers: Collection[int] = (),
                bluffs: BluffShare | None = None,
                tight_evidence: Evidence | None = None) -> Belief | None:
    """Raises made this hand (by the other side, or by a partner) make strong cards likelier.

    A pending raise is weighed on its caller's cards by the smooth curve of how
    tight it reads (:func:`chatbot.ai.reads.raise_weight`) and, at a table of
    two or three, half by the rules of the style it reads as (``style_of``,
    :func:`rule_weight`, ``HARD.rule_share``); at a table of two, four fifths
    once it does not read loose (``HARD.firm_share``), and a seat read as a
    normal player there is weighed by the tight rules up to half, as far as
    ``tight_evidence`` carries (``HARD.maybe_tight``; a stranger not at all).
    At a table of four or more a counter-raise is no evidence: with the
    partner's raise below read, the estimate after accepting
    the baseline's counters was 0.01 above what was won, and read as strength
    0.06 below it (docs/arena/2026-12-06-partner-raise.md). There, a seat read clearly
    as tight is the exception: its raise, on turn or a counter, is weighed
    :func:`tight_share` of it by the tight rules and the rest by the curve.
    A raise of theirs we accepted earlier this hand (``last_raiser`` is their
    side) is weighed on the strongest hand of their side (as measured before
    the table's record of who raised was passed here; the raiser's own hand is
    not tried yet), and a raise of ours they accepted, more mildly, the same
    way.

    Every weight counts the raiser's bluffs (``bluffs``, the share of weak hands
    a seat raises on, read from how often it raises; under a pending raise it
    floors the rules' part too): against the aggressive
    style, which raises in half its hands, the estimate after accepting its
    raises ran 0.06-0.15 below what was won while every raise was read as
    cards (docs/arena/2026-12-06-bluffs-and-safety-net.md).

    A partner who raised this hand (``raisers``: the seats that raised, from
    the table's record) bet on its own cards as any raiser does, so its hand
    is weighed by the same curve. Without it, the seat answering a
    counter-raise to its partner's truco (the next seat after the counter is
    its raiser's partner) believed its partner's cards were anything: at a
    table of four those hands were won 0.76-0.81 of the time against an
    estimate of 0.54-0.56.
    """
    tight = once_per_seat(tightness or (lambda seat: HARD.prior))
    style = style_of or (lambda seat: "normal")
    bluff = once_per_seat(bluffs or (lambda seat: 0.0))
    opponents = [s for s in range(view.players)
                 if rules.team_of(s, view.players) != view.team and s not in view.seen]
    partners = [s for s in raisers if s != view.seat and s not in view.seen
                and rules.team_of(s, view.players) == view.team]
    caller = view.pending_caller
    pending = view.pending_call in rules.raise_kinds and caller is not None and \
        rules.team_of(caller, view.players) != view.team
    call = view.pending_call or ""
    share = 0.0  # of the pending raise's weight, given by its caller's rules
    caller_rules = NORMAL  # the style the caller reads as
    maybe_tight = 0.0  # of the rules' part, given by the tight rules (HARD.maybe_tight)
    if pending:
        assert caller is not None
        # at four, only a seat read clearly as tight is weighed by its rules
        share = tight_share(tight(caller)) if view.players >= 4 else \
            rule_share(view.players, tight(caller))
        caller_rules = STYLES[style(caller)]
        if caller_rules is NORMAL and tight_evidence is not None:
            maybe_tight = HARD.maybe_tight.get(view.players, 0.0) * tight_evidence(caller)
    counter = pending and counter_pending(rules, view)
    raised = view.level >= 1 and view.last_raiser is not None
    theirs_raised = raised and view.last_raiser != view.team and not pending
    ours_accepted = raised and view.last_raiser == view.team and view.pending_call is None
    if counter and view.players >= 4:
        pending = share > 0.0  # otherwise weighed as no news (see above)
    if not opponents:
        pending = theirs_raised = ours_accepted = False
    if not (pending or theirs_raised or ours_accepted or partners):
        return None

    rank = ranking(rules, view.vira)

    def belief(world: Match[Any]) -> float:
        views: dict[int, SeatView | None] = {}  # each seat's view and chance once per world:
        known: dict[int, float] = {}  # they are the cost here

        def view_of(seat: int) -> SeatView | None:
            """The seat's view in this world (None while it holds no card)."""
            if seat not in views:
                hand = world.hand
                assert hand is not None
                views[seat] = seat_view(rules, world, seat) if hand.cards[seat] else None
            return views[seat]

        def chance(seat: int) -> float:
            """The seat's own estimate of winning the hand here (what a raiser bets on)."""
            if seat not in known:
                seen = view_of(seat)
                known[seat] = 0.5 if seen is None else \
                    RuleBot(rules, seen, _NO_RANDOM, NORMAL, rank).chance()
            return known[seat]

        weight = 1.0
        if pending:
            assert caller is not None
            curve = raise_weight(chance(caller), tight(caller))
            if share > 0.0:
                seen = view_of(caller)  # with no card left, its cards say nothing either way
                by_rules = 1.0 if seen is None else rule_weight(
                    rules, seen, caller_rules, call, counter, rank, chance(caller))
                if seen is not None and maybe_tight and by_rules > 0.0:
                    by_rules += maybe_tight * (rule_weight(
                        rules, seen, TIGHT, call, counter, rank, chance(caller)) - by_rules)
                curve = share * by_rules + (1.0 - share) * curve
            # a bluff is made whatever the cards, so it floors the rules' weight as well
            # as the curve's: else a bigger share of the rules would hide it
            weight *= with_bluffs(curve, bluff(caller))
        if theirs_raised or ours_accepted:
            best = max(opponents, key=chance)
            if theirs_raised:
                weight *= raise_weight(chance(best), tight(best), bluff(best))
            if ours_accepted:
                weight *= raise_weight(chance(best), 0.5 + 0.5 * (tight(best) - 0.5))
        for partner in partners:
            weight *= raise_weight(chance(partner), tight(partner), bluff(partner))
        return weight

    return belief


def both(first: Belief | None, second: Belief | None) -> Belief | None:
    """Two independent pieces of evidence: keep a world with the product of their weights."""
    if first is None or second is None:
        return first or second
    return lambda world: first(world) * second(world)


def envido_call_belief(rules: TrickRules[Any], view: SeatView,
                       shown: Callable[[int], Sequence[int]] | None = None) -> Belief | None:
    """An envido sung by the other side and waiting for our answer makes a good count
    likelier for its caller: each world is weighed by how likely the caller's count
    there would make that call, for a player who opens where this one has shown it
    opens (``shown``: the counts a seat showed in hands it opened, see
    :mod:`chatbot.ai.envido_model`)."""
    call, caller = view.pending_call, view.pending_caller
    if call not in ENVIDO_CALLS or caller is None or \
            rules.team_of(caller, view.players) == view.team:
        return None
    shift = threshold_shift(rules.deck(), shown(caller)) if shown is not None else 0

    def belief(world: Match[Any]) -> float:
        counts = rules.envido_counts(world)
        if counts is None:
            return 1.0
        return call_likelihood(counts[caller], call, shift)

    return belief


def envido_belief(rules: TrickRules[Any], view: SeatView) -> Belief | None:
    """The envido counts sung after a quiero are public: a world must replay the same
    declarations on its own counts (each count sung the same, each "son buenas" a count
    that did not beat the best before it). The deal is already fitted to the sung counts
    (``rules.world_fit``); this keeps out what could not be fitted. A refused envido
    says nothing about the counts (the refusing side may hold the better one)."""
    if not view.sung:
        return None

    def belief(world: Match[Any]) -> float:
        said = rules.envido_declarations(world)
        return 1.0 if not said or said == view.sung else 0.0

    return belief
