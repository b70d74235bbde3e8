"""What an envido call says about its caller's count, and how a seat's openings are read.

Issue 17, point 1: the worlds follow every action observed, an envido sung
included, and the estimate of each opponent follows how it has played at the
table (an aggressive player opens on less than a normal one).
"""

from __future__ import annotations

import random
from statistics import mean

from chatbot.ai.envido_model import (
    call_likelihood,
    threshold_shift,
)
from chatbot.ai.params import HARD
from chatbot.ai.reads import TableReads
from chatbot.ai.search import belief_for, rollout_styles
from chatbot.ai.worlds import sample_worlds
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.envido import envido_count
from chatbot.rules.registry import rules_for
from chatbot.rules.views import seat_view

RULES = rules_for("argentino", {})
DECK = RULES.deck()


def test_the_counts_a_seat_opened_on_move_its_threshold() -> None:
    assert threshold_shift(DECK, []) == 0  # nothing shown: a normal player
    low = threshold_shift(DECK, [24, 24, 25, 23, 24, 25, 26, 24])
    high = threshold_shift(DECK, [31, 30, 32, 31, 33, 30, 31, 32])
    assert low < 0 < high <= HARD.envido_shift_limit
    # a seat that sings on anything: its call says almost nothing about its count
    anything = threshold_shift(DECK, [16, 5, 22, 7, 25, 12, 3, 20, 6, 14])
    assert anything < low and call_likelihood(12, A.FALTA_ENVIDO, anything) > 0.9
    # one low count among a few is not yet a different player
    assert threshold_shift(DECK, [26]) > low


def test_a_call_is_likelier_the_better_the_count_and_never_impossible() -> None:
    chances = [call_likelihood(c, A.ENVIDO, 0) for c in range(0, 34)]
    assert chances == sorted(chances)
    assert min(chances) >= HARD.envido_bluff
    assert chances[33] > 0.95 and chances[27] > 0.5 > chances[26]
    # a player who opens three points lower makes a 25 a likely call
    assert call_likelihood(25, A.ENVIDO, -3) > 0.9 > 0.1 > call_likelihood(25, A.ENVIDO, 0)
    # a real envido asks for more than an envido
    assert call_likelihood(28, A.REAL_ENVIDO, 0) < call_likelihood(28, A.ENVIDO, 0)


def _envido_pending() -> tuple[object, object]:
    """Two players; the mano sings envido on its turn and the other must answer."""
    match = RULES.new_match(2, 0)
    RULES.start_hand(match, [[Card(4, "O"), Card(5, "C"), Card(12, "B")],
                             [Card(7, "E"), Card(1, "O"), Card(2, "B")]], None)
    mano = match.hand.mano
    RULES.apply(match, mano, Action(A.ENVIDO))
    return match, seat_view(RULES, match, 1 - mano)


def _caller_counts(view, reads: TableReads | None) -> list[int]:
    caller = view.pending_caller
    counts = []
    for seed in range(4):
        worlds = sample_worlds(RULES, view, random.Random(seed), 40,
                               belief_for(RULES, view, reads))
        for world in worlds:
            assert seat_view(RULES, world, view.seat) == view  # weighed, never changed
            counts.append(envido_count(world.hand.dealt[caller]))
    return counts


def test_an_envido_sung_against_us_puts_a_good_count_in_the_caller_s_hand() -> None:
    _match, view = _envido_pending()
    assert view.pending_call == A.ENVIDO
    plain = []
    for seed in range(4):
        plain += [envido_count(w.hand.dealt[view.pending_caller])
                  for w in sample_worlds(RULES, view, random.Random(seed), 40)]
    weighed = _caller_counts(view, None)

    def share(counts: list[int], at: int = 27) -> float:
        return sum(c >= at for c in counts) / len(counts)

    assert share(plain) < 0.35 < 0.65 < share(weighed)
    assert mean(plain) < mean(weighed) - 3
    # a seat seen opening on 23-25 is believed to hold less when it sings (but no junk)
    loose = TableReads(2)
    loose.seats[view.pending_caller].envido_shown[:] = [24, 23, 25, 24, 24, 25, 23, 24]
    lower = _caller_counts(view, loose)
    assert share(lower) < share(weighed) - 0.15
    assert share(lower, 23) > 0.65


def test_our_own_side_s_envido_weighs_nothing() -> None:
    """Only the other side's call is evidence here: our partner's is known to us otherwise."""
    match, view = _envido_pending()
    caller_view = seat_view(RULES, match, view.pending_caller)
    assert caller_view.pending_call is None or caller_view.pending_caller == caller_view.seat
    from chatbot.ai.worlds import envido_call_belief
    assert envido_call_belief(RULES, caller_view) is None


def _hand_events(opener_cards: list[Card], tricks: int) -> list[E.Event]:
    """Seat 0 opens an envido (refused) and plays ``tricks`` of its cards face up."""
    other = [Card(4, "B"), Card(5, "B"), Card(6, "C")]
    events: list[E.Event] = [E.HandStarted(1, 1, None, None, 1),
                             E.CallMade(0, A.ENVIDO), E.CallAnswered(1, A.ENVIDO, False),
                             E.CallMade(1, A.REAL_ENVIDO)]  # a later call: not an opening
    for t in range(tricks):
        events += [E.CardPlayed(0, opener_cards[t], t), E.CardPlayed(1, other[t], t)]
    events.append(E.HandWon(0, (2, 0), (2, 0), "tricks"))
    return events


def test_the_count_an_opener_showed_is_read_from_its_cards_played_face_up() -> None:
    reads = TableReads(2)
    cards = [Card(7, "O"), Card(5, "O"), Card(12, "C")]
    reads.feed(RULES, _hand_events(cards, 3))
    assert reads.envido_counts(0) == [32] and reads.envido_counts(1) == []
    assert reads.seats[0].envido_opens == 1 and reads.seats[1].envido_opens == 0
    # a hand that ended before its third card: the count is not known, nothing is read
    reads.feed(RULES, _hand_events(cards, 2))
    assert reads.envido_counts(0) == [32] and reads.seats[0].envido_opens == 2
    # the rollouts play a seat seen opening high as singing and answering later
    for _ in range(6):
        reads.feed(RULES, _hand_events(cards, 3))
    _match, view = _envido_pending()
    assert view.seat == 0  # the reads' opener is the seat deciding: read its opponent
    mirrored = TableReads(2)
    mirrored.seats[1] = reads.seats[0]
    styles = rollout_styles(RULES, view, mirrored)
    assert styles[1].envido_bias < 0 == styles[0].envido_bias
    assert rollout_styles(RULES, view, TableReads(2))[1].envido_bias == 0


def test_the_hard_bot_sings_no_envido_its_count_does_not_back() -> None:
    """A falta envido on a 16 is a free point in a few dozen worlds and a lost game when
    an opponent holds 30: the search no longer offers calls the count does not back."""
    from chatbot.ai.search import analyse
    from chatbot.rules.envido import ENVIDO_CALLS

    rng = random.Random(3)
    seen = 0
    for deal in range(120):
        match = RULES.new_match(4, rng.randrange(4))
        RULES.deal(match, rng)
        view = seat_view(RULES, match, RULES.to_act(match))
        if not any(a.kind in ENVIDO_CALLS for a in view.legal):
            continue
        if envido_count(view.hand) >= 27:
            continue
        seen += 1
        analysis = analyse(RULES, view, random.Random(deal))
        assert analysis.choice.kind not in ENVIDO_CALLS
        assert not any(a.kind in ENVIDO_CALLS for a in analysis.outcomes)
        if seen == 12:
            break
    assert seen == 12
