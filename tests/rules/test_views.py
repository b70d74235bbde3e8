"""chatbot/rules/views.py: what one seat may see of a Paulista or Mineiro hand (1.6.1, 1.6.2)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, seat_view


def c(code: str) -> Card:
    return parse_card(code, Family.FRENCH)


def cards(text: str) -> list[Card]:
    return [c(x) for x in text.split()]


FOUR = ["3C KH 5D", "2S 4H QD", "AS 7D JC", "4C JH KD"]
SIX = ["3C KH 5D", "2S 4H QD", "AS 7D JC", "4C JH KD", "6C 6H 6S", "5C 5H 5S"]
TWO = ["3C KH 5D", "2S 4H QD"]


def table(variant: str, hands: list[str], score: list[int] | None = None,
          options: dict[str, Any] | None = None) -> tuple[TrickRules, Match]:
    rules = rules_for(variant, options or {})
    players = len(hands)
    match = rules.new_match(players, players - 1, score)
    vira = c("2D") if variant == "paulista" else None  # paulista: threes are manilhas
    rules.start_hand(match, [cards(h) for h in hands], vira)
    return rules, match


def cards_in(value: Any) -> set[Card]:
    if isinstance(value, Card):
        return {value}
    if isinstance(value, dict):
        return set().union(*(cards_in(k) | cards_in(v) for k, v in value.items()))
    if isinstance(value, (tuple, list, set, frozenset)):
        return set().union(*(cards_in(v) for v in value))
    return set()


def public_cards(match: Match) -> set[Card]:
    hand = match.hand
    assert hand is not None
    shown = {card for _, card in hand.table if card is not None}
    for trick in hand.played:
        shown |= {card for _, card in trick if card is not None}
    return shown | ({hand.vira} if hand.vira else set())


def visible(view: SeatView) -> set[Card]:
    """Every card a view names outside its list of legal actions."""
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "legal"}
    return cards_in(fields)


def assert_sees_only(rules: TrickRules, match: Match, seat: int, owners: set[int]) -> None:
    hand = match.hand
    assert hand is not None
    view = seat_view(rules, match, seat)
    assert set(view.seen) == owners
    for owner in owners:
        assert view.seen[owner] == tuple(hand.cards[owner])
    allowed = public_cards(match).union(*(set(hand.cards[o]) for o in owners))
    assert visible(view) <= allowed, f"seat {seat} sees {visible(view) - allowed}"


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize("hands", [TWO, FOUR, SIX], ids=["2p", "4p", "6p"])
def test_each_seat_sees_its_own_cards_only(variant: str, hands: list[str]) -> None:
    rules, match = table(variant, hands)
    for seat in range(len(hands)):
        view = seat_view(rules, match, seat)
        assert view.hand == tuple(cards(hands[seat]))
        assert view.hand_size == 3
        assert_sees_only(rules, match, seat, {seat})


def test_view_basics() -> None:
    rules, match = table("paulista", FOUR, [3, 5])
    view = seat_view(rules, match, 2)
    assert (view.seat, view.team, view.players, view.variant) == (2, 0, 4, "paulista")
    assert (view.dealer, view.mano, view.to_act) == (3, 0, 0)
    assert view.score == (3, 5) and view.target == 12
    assert view.stake == 1 and view.level == 0 and view.special is None
    assert view.vira == c("2D") and view.tricks == () and view.table == ()


def test_legal_list_only_for_the_seat_to_act() -> None:
    rules, match = table("paulista", FOUR)
    assert seat_view(rules, match, 0).legal == (
        Action(A.PLAY, c("3C")), Action(A.PLAY, c("KH")), Action(A.PLAY, c("5D")),
        Action(A.TRUCO),
    )
    for seat in (1, 2, 3):
        assert seat_view(rules, match, seat).legal == ()
    rules.apply(match, 0, Action(A.PLAY, c("3C")))
    assert seat_view(rules, match, 0).legal == ()
    assert seat_view(rules, match, 1).to_act == 1
    assert {a.card for a in seat_view(rules, match, 1).legal if a.kind == A.PLAY} == set(
        cards("2S 4H QD"))


def test_pending_truco_legal_for_the_answerer_only() -> None:
    rules, match = table("paulista", FOUR)
    rules.apply(match, 0, Action(A.TRUCO))
    views = [seat_view(rules, match, s) for s in range(4)]
    assert views[1].legal == (Action(A.ACCEPT), Action(A.RUN), Action(A.RAISE))
    assert views[0].legal == views[2].legal == views[3].legal == ()
    assert all(v.pending_call == A.TRUCO and v.pending_caller == 0 for v in views)


def test_either_opponent_both_offered_an_answer() -> None:
    rules, match = table("paulista", FOUR, options={"answer_by": "either"})
    rules.apply(match, 0, Action(A.TRUCO))
    for seat in (1, 3):
        assert set(seat_view(rules, match, seat).legal) == {
            Action(A.ACCEPT), Action(A.RUN), Action(A.RAISE)}
    assert seat_view(rules, match, 2).legal == ()


@pytest.mark.parametrize(
    ("variant", "hands", "score", "team"),
    [
        ("paulista", FOUR, [11, 4], {0, 2}),
        ("paulista", FOUR, [4, 11], {1, 3}),
        ("paulista", SIX, [11, 0], {0, 2, 4}),
        ("mineiro", FOUR, [10, 2], {0, 2}),
        ("mineiro", SIX, [0, 10], {1, 3, 5}),
    ],
)
def test_hand_of_eleven_partners_see_each_other(
    variant: str, hands: list[str], score: list[int], team: set[int]
) -> None:
    rules, match = table(variant, hands, score)
    assert match.hand is not None and match.hand.special == "eleven"
    for seat in range(len(hands)):
        assert_sees_only(rules, match, seat, team if seat in team else {seat})
    decider = min(team)  # dealer is the last seat, so the mao is seat 0 (A16)
    rules.apply(match, decider, Action(A.ELEVEN_PLAY))
    rules.apply(match, 0, Action(A.PLAY, match.hand.cards[0][0]))
    for seat in range(len(hands)):  # still true once cards are on the table
        assert_sees_only(rules, match, seat, team if seat in team else {seat})


def test_hand_of_eleven_two_players_sees_own_cards_only() -> None:
    rules, match = table("paulista", TWO, [11, 3])
    assert match.hand is not None and match.hand.special == "eleven"
    for seat in (0, 1):
        assert_sees_only(rules, match, seat, {seat})


@pytest.mark.parametrize(("variant", "score"), [("paulista", [11, 11]), ("mineiro", [10, 10])])
@pytest.mark.parametrize("hands", [TWO, FOUR], ids=["2p", "4p"])
def test_iron_hand_nothing_visible(variant: str, score: list[int], hands: list[str]) -> None:
    rules, match = table(variant, hands, score)
    assert match.hand is not None and match.hand.special == "iron"
    for seat in range(len(hands)):
        view = seat_view(rules, match, seat)
        assert view.hand is None and view.seen == {} and view.hand_size == 3
        assert_sees_only(rules, match, seat, set())
    mover = seat_view(rules, match, 0)
    assert len(mover.legal) == 3 and all(a.kind == A.PLAY for a in mover.legal)


def test_covered_card_hidden_from_the_other_seats() -> None:
    rules, match = table("paulista", FOUR, options={"covered_card": True})
    for seat, code in [(0, "3C"), (1, "2S"), (2, "AS"), (3, "4C")]:
        rules.apply(match, seat, Action(A.PLAY, c(code)))
    leader = 0  # 3C is a manilha with the vira 2D
    rules.apply(match, leader, Action(A.PLAY_HIDDEN, c("KH")))
    for seat in (1, 2, 3):
        view = seat_view(rules, match, seat)
        assert view.table == ((0, None),)
        assert c("KH") not in visible(view)
        assert_sees_only(rules, match, seat, {seat})


def test_iron_hand_view_names_positions_not_cards() -> None:
    from chatbot.rules.actions import Action
    from chatbot.rules.cards import parse_card
    from chatbot.rules.registry import rules_for
    from chatbot.rules.views import real_action, seat_view, slot_index

    rules = rules_for("paulista")
    match = rules.new_match(2, 1, [11, 11])
    hands = [["7S", "AD", "AH"], ["3C", "2D", "KH"]]
    rules.start_hand(match, [[parse_card(c, rules.family) for c in h] for h in hands],
                     parse_card("4D", rules.family))
    view = seat_view(rules, match, 0)
    assert view.hand is None and view.seen == {}
    real = set(match.hand.cards[0])
    assert all(a.card not in real and slot_index(a.card) is not None for a in view.legal)
    assert [slot_index(a.card) for a in view.legal] == [0, 1, 2]
    picked = real_action(match, 0, view.legal[1])
    assert picked == Action("play", match.hand.cards[0][1])
    rules.apply(match, 0, picked)
    assert match.hand.table == [(0, parse_card("AD", rules.family))]
