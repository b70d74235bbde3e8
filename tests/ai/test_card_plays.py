"""What an opponent's played cards say about the ones it kept."""

from __future__ import annotations

import random
from collections.abc import Callable

from chatbot.ai.card_plays import (
    Trick,
    follows_at,
    follows_rules,
    graded_plays,
    leads_by_rules,
    play_belief,
)
from chatbot.ai.params import HARD
from chatbot.ai.reads import TableReads
from chatbot.ai.search import belief_for
from chatbot.ai.strength import ranking
from chatbot.ai.worlds import sample_worlds
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, seat_view

VIRA = Card(7, "C")  # Paulista: the queens are manilhas, then 3, 2, A, K, J, 7...
RULES = rules_for("paulista")
RANK = ranking(RULES, VIRA)


def after(hands: list[list[Card]], plays: list[tuple[int, Card]], dealer: int = 1) -> SeatView:
    """Seat 0's view once ``plays`` were made (dealer 1: seat 0 is the mano)."""
    match = RULES.new_match(2, dealer)
    RULES.start_hand(match, hands, VIRA)
    for seat, card in plays:
        RULES.apply(match, seat, Action(A.PLAY, card))
    return seat_view(RULES, match, 0)


def low_on_our_two() -> SeatView:
    """Seat 0 led its 2 and seat 1 threw its lowest card, a 4, on it."""
    return after([[Card(2, "H"), Card(5, "C"), Card(6, "C")],
                  [Card(4, "C"), Card(5, "D"), Card(6, "S")]],
                 [(0, Card(2, "H")), (1, Card(4, "C"))])


def share(view: SeatView, holds: Callable[[list[Card]], bool], belief: bool) -> float:
    """Share of 400 worlds where seat 1's kept cards satisfy ``holds``."""
    weigh = play_belief(RULES, view) if belief else None
    worlds: list[Match] = sample_worlds(RULES, view, random.Random(7), 400, weigh)
    return sum(holds(w.hand.cards[1]) for w in worlds) / len(worlds)  # type: ignore[union-attr]


def test_a_follow_is_the_cheapest_card_that_wins_or_else_the_lowest() -> None:
    king, three, ace, four, five = Card(13, "H"), Card(3, "C"), Card(1, "D"), Card(4, "S"), \
        Card(5, "S")
    best = RANK.of(king)
    assert follows_rules(RANK, three, [three, four, five], best)
    assert not follows_rules(RANK, three, [three, ace, four], best)  # the ace would do
    assert follows_rules(RANK, four, [four, five, Card(6, "S")], best)
    assert not follows_rules(RANK, five, [four, five, Card(6, "S")], best)  # not the lowest
    assert not follows_rules(RANK, four, [four, ace, five], best)  # it could win


def test_a_lead_is_the_best_card_a_manilha_kept_back_or_the_lowest_a_trick_up() -> None:
    queen, three, ace, four = Card(12, "D"), Card(3, "C"), Card(1, "D"), Card(4, "S")
    assert leads_by_rules(RANK, three, [three, ace, four], [])
    assert not leads_by_rules(RANK, ace, [three, ace, four], [])
    assert leads_by_rules(RANK, three, [queen, three, four], [])  # the manilha kept back
    assert leads_by_rules(RANK, four, [three, four], [1])  # a trick up: make them spend
    assert leads_by_rules(RANK, three, [three, four], [-1])  # a trick down: it decides
    assert leads_by_rules(RANK, three, [three, four], [0])  # after a tie as well


def test_a_low_card_thrown_on_our_two_leaves_the_opponent_few_cards_that_beat_it() -> None:
    two = Card(2, "H")
    view = low_on_our_two()

    def beats_two(cards: list[Card]) -> bool:
        return any(RANK.of(c) > RANK.of(two) for c in cards)

    blind, read = share(view, beats_two, False), share(view, beats_two, True)
    assert blind > 0.3  # a random deal often gives it a 3 or a manilha
    assert read < blind * 0.5  # ...which it would have played to take the trick


def test_a_trick_won_with_a_three_makes_a_cheaper_winner_in_its_hand_unlikely() -> None:
    king, three = Card(13, "H"), Card(3, "C")
    view = after([[king, Card(5, "C"), Card(6, "C")], [three, Card(5, "D"), Card(6, "S")]],
                 [(0, king), (1, three)])

    def cheaper_winner(cards: list[Card]) -> bool:
        return any(RANK.of(king) < RANK.of(c) < RANK.of(three) for c in cards)

    blind, read = share(view, cheaper_winner, False), share(view, cheaper_winner, True)
    assert blind > 0.25
    assert read < blind * 0.5


def test_an_ace_led_first_says_it_holds_no_two_or_three_without_a_manilha() -> None:
    ace = Card(1, "D")
    # dealer 0: seat 1 is the mano and leads
    view = after([[Card(4, "C"), Card(5, "C"), Card(6, "C")], [ace, Card(5, "D"), Card(6, "S")]],
                 [(1, ace)], dealer=0)

    def better_unled(cards: list[Card]) -> bool:
        return not any(RANK.is_top(c) for c in cards) and \
            any(RANK.of(c) > RANK.of(ace) for c in cards)

    blind, read = share(view, better_unled, False), share(view, better_unled, True)
    assert blind > 0.25
    assert read < blind * 0.5


def test_a_world_breaking_the_rules_twice_keeps_the_slip_twice() -> None:
    view = low_on_our_two()
    belief = play_belief(RULES, view)
    assert belief is not None
    world = sample_worlds(RULES, view, random.Random(1), 1)[0]
    assert world.hand is not None
    world.hand.cards[1] = [Card(3, "S"), Card(5, "D")]  # a 3 kept back: one broken rule
    assert belief(world) == HARD.play_slip
    world.hand.cards[1] = [Card(5, "D"), Card(6, "S")]
    assert belief(world) == 1.0


def test_a_follow_at_four_is_read_as_the_trick_stood() -> None:
    """At a table of four the rule bot keeps a manilha back while a partner plays after
    it, and throws its lowest under a partner's winning card: such plays keep the rules."""
    king, three, four, five = Card(13, "H"), Card(3, "C"), Card(4, "S"), Card(5, "S")
    manilha = Card(12, "D")
    behind = Trick(RANK.of(king), after_theirs=1, after_ours=1)
    assert follows_at(RANK, four, [four, manilha, five], behind)  # the manilha kept back
    assert not follows_at(RANK, four, [four, three, five], behind)  # the 3 would do
    assert follows_at(RANK, three, [four, three, five], behind)
    last = Trick(RANK.of(king), after_theirs=1)  # no partner after it: the manilha is played
    assert follows_at(RANK, manilha, [four, manilha, five], last)
    assert not follows_at(RANK, four, [four, manilha, five], last)
    partner_wins = Trick(RANK.of(king), ours=True, after_theirs=1)
    assert follows_at(RANK, four, [four, three, five], partner_wins)
    assert not follows_at(RANK, five, [four, three, five], partner_wins)
    # at a table of two the same as follows_rules
    for held in ([four, three, five], [four, manilha, five], [four, five, Card(6, "S")]):
        for card in held:
            assert follows_at(RANK, card, held, Trick(RANK.of(king))) == \
                follows_rules(RANK, card, held, RANK.of(king))


def test_plays_are_read_at_a_table_of_four() -> None:
    """Seat 1 followed seat 0's king with a 4, its partner still to play: a world where
    it kept an ace back breaks the rules (the cheapest winner), one where it kept a
    manilha back does not, nor one where nothing it held beat the king."""
    match = RULES.new_match(4, 3)
    RULES.start_hand(match, [[Card(13, "H"), Card(5, "C"), Card(6, "C")],
                             [Card(4, "C"), Card(5, "D"), Card(6, "S")],
                             [Card(4, "D"), Card(7, "C"), Card(7, "D")],
                             [Card(4, "H"), Card(5, "H"), Card(6, "H")]], VIRA)
    RULES.apply(match, 0, Action(A.PLAY, Card(13, "H")))
    RULES.apply(match, 1, Action(A.PLAY, Card(4, "C")))
    view = seat_view(RULES, match, 2)
    belief = play_belief(RULES, view)
    assert belief is not None
    world = sample_worlds(RULES, view, random.Random(1), 1)[0]
    assert world.hand is not None
    world.hand.cards[1] = [Card(1, "S"), Card(5, "D")]  # an ace kept back
    assert belief(world) == HARD.play_slip
    world.hand.cards[1] = [Card(12, "S"), Card(5, "D")]  # a manilha kept back
    assert belief(world) == 1.0
    world.hand.cards[1] = [Card(5, "D"), Card(6, "S")]
    assert belief(world) == 1.0
    assert play_belief(RULES, view, 1.0) is None  # a stranger's plays are not read


def test_a_hand_played_out_face_up_is_graded_play_by_play() -> None:
    three, ace, four = Card(3, "C"), Card(1, "D"), Card(4, "S")
    king, five, six = Card(13, "H"), Card(5, "C"), Card(6, "C")
    # seat 1 leads its 3 and wins, then leads low a trick up; seat 0 wins the second
    by_rules = [[(1, three), (0, five)], [(1, four), (0, king)], [(0, six), (1, ace)]]
    assert graded_plays(RANK, 1, by_rules, 3) == [True, True]  # the last card is no choice
    # the same cards, the ace led first while the 3 waits: the lead broke the rules
    sandbag = [[(1, ace), (0, five)], [(1, four), (0, king)], [(0, six), (1, three)]]
    assert graded_plays(RANK, 1, sandbag, 3) == [False, True]
    assert graded_plays(RANK, 1, by_rules[:2], 3) == []  # a card never shown: no grade


def test_a_seat_that_keeps_to_the_rules_has_its_plays_read_firmly_and_a_sandbagger_not() -> None:
    keeper, sandbagger = TableReads(2), TableReads(2)
    three, ace, four = Card(3, "C"), Card(1, "D"), Card(4, "S")
    king, five, six = Card(13, "H"), Card(5, "C"), Card(6, "C")
    assert keeper.play_slip(1) == 1.0  # a stranger's plays are not read: people play many ways
    for _ in range(20):
        keeper.hand_over(RULES, VIRA, [[(1, three), (0, five)], [(1, four), (0, king)],
                                       [(0, six), (1, ace)]])
        sandbagger.hand_over(RULES, VIRA, [[(1, ace), (0, five)], [(1, four), (0, king)],
                                           [(0, six), (1, three)]])
    assert keeper.play_slip(1) < 0.2
    assert sandbagger.play_slip(1) == 1.0  # its plays are no evidence: not read at all
    assert play_belief(RULES, low_on_our_two(), sandbagger.play_slip(1)) is None
    # the hard bot's search reads the keeper's plays, a stranger's not
    assert belief_for(RULES, low_on_our_two(), keeper) is not None
    assert belief_for(RULES, low_on_our_two(), TableReads(2)) is None
