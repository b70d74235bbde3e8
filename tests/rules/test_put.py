"""Put (rules.md §6): data, resolution tables, passing, hidden information, random play.

The rule-by-rule hands live in ``scenarios/put/*.json`` (run by the scenario
tests); this file checks what scenarios cannot express: events and their
audiences, per-seat legality, state integrity, and thousands of random hands.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from chatbot.i18n.reasons import _all_reasons, explain
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.put import PutRules
from chatbot.rules.put_events import CardPassed, CardsDiscarded, CardWithdrawn
from chatbot.rules.put_resolution import collect, most_tricks, two_sided_result
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view


def cards(text: str) -> list[Card]:
    return [parse_card(code, Family.FRENCH) for code in text.split()]


def card(code: str) -> Card:
    return parse_card(code, Family.FRENCH)


def started(
    rules: PutRules, hands: list[str], dealer: int | None = None, score: list[int] | None = None
) -> tuple[Match, list[E.Event]]:
    players = len(hands)
    match = rules.new_match(players, players - 1 if dealer is None else dealer, score)
    events = rules.start_hand(match, [cards(h) for h in hands])
    return match, events


def play(rules: PutRules, match: Match, script: str, events: list[E.Event] | None = None) -> None:
    """Apply ``"0 pass KS; 3 pass 3H; 2 put"``-style actions."""
    for step in filter(None, (s.strip() for s in script.split(";"))):
        seat, kind, *rest = step.split()
        rules.apply(match, int(seat), Action(kind, card(rest[0]) if rest else None), events)


# ---------------------------------------------------------------------- data
def test_registry_gives_put_rules() -> None:
    assert isinstance(rules_for("put"), PutRules)


def test_full_deck_of_52() -> None:
    deck = PutRules().deck()
    assert len(deck) == len(set(deck)) == 52


def test_ranking_3_2_a_k_down_to_4_whatever_the_suit() -> None:
    strength = PutRules().strength_table(None)
    order = ["3", "2", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4"]
    for suit in "CHSD":
        values = [strength[card(rank + suit)] for rank in order]
        assert values == list(range(13, 0, -1))


@pytest.mark.parametrize(
    ("players", "options", "teams", "per_player"),
    [
        (2, {}, 2, 3),
        (3, {}, 3, 4),
        (4, {}, 2, 3),
        (4, {"four_players": "individual"}, 4, 5),
        (5, {}, 5, 6),
        (6, {}, 6, 7),
    ],
)
def test_forms_teams_and_hand_sizes(
    players: int, options: dict[str, Any], teams: int, per_player: int
) -> None:
    rules = PutRules(options)
    assert rules.teams(players) == teams
    assert rules.cards_per_player(players) == per_player
    assert [rules.team_of(s, players) for s in range(players)] == [
        s % teams for s in range(players)
    ]


def test_seat_counts_two_to_six() -> None:
    rules = PutRules()
    for players in (2, 3, 4, 5, 6):
        rules.new_match(players, 0)
    for players in (1, 7):
        with pytest.raises(SetupError):
            rules.new_match(players, 0)


@pytest.mark.parametrize(
    "options",
    [{"colour": "red"}, {"target": 0}, {"scoring": "chips"}, {"passer": "random"},
     {"four_players": "teams"}, {"throw_in": "yes"}],
)
def test_bad_options_refused(options: dict[str, Any]) -> None:
    with pytest.raises(SetupError):
        PutRules(options)


def test_race_scores_are_checked() -> None:
    rules = PutRules()
    for score in ([5, 0], [-1, 0], [0, 0, 0]):
        with pytest.raises(SetupError):
            rules.new_match(2, 1, score)


def test_ledger_chips_may_be_negative_and_large() -> None:
    rules = PutRules({"scoring": "ledger"})
    match = rules.new_match(3, 2, [-7, 20, -13])
    assert match.score == [-7, 20, -13]
    with pytest.raises(SetupError):
        rules.new_match(3, 2, [0, 0])
    with pytest.raises(SetupError):
        rules.new_match(3, 2, [0, 0, True])


# ---------------------------------------------------------------- resolution
T = None  # a tied trick

TWO_SIDED = [  # 6.1.4, every order of results that can occur
    ((0, 0), 0), ((1, 1), 1),
    ((0, T, T), 0), ((T, 0, T), 0), ((T, T, 0), 0), ((1, T, T), 1), ((T, 1, T), 1),
    ((T, T, 1), 1),
    ((0, T, 1), T), ((T, 0, 1), T), ((0, 1, T), T), ((1, 0, T), T), ((T, 1, 0), T),
    ((1, T, 0), T),
    ((T, T, T), T),
    ((0, 1, 0), 0), ((1, 0, 0), 0), ((0, 1, 1), 1), ((1, 0, 1), 1),
    ((T, 0, 0), 0), ((0, T, 0), 0), ((T, 1, 1), 1), ((1, T, 1), 1),
]


@pytest.mark.parametrize(("tricks", "winner"), TWO_SIDED)
def test_two_sided_result_table(tricks: tuple[int | None, ...], winner: int | None) -> None:
    assert two_sided_result(list(tricks)) == (True, winner)
    for k in range(len(tricks) - 1):  # never decided earlier (only 2 wins end a hand early)
        assert two_sided_result(list(tricks[:k + 1])) == (False, None)


def test_two_sided_result_covers_every_sequence() -> None:
    """Every sequence of up to three tricks is either undecided or in the table above."""
    table = {t for t, _ in TWO_SIDED}
    for length in (1, 2, 3):
        for seq in itertools.product((0, 1, T), repeat=length):
            decided, _ = two_sided_result(list(seq))
            prefix_decided = any(
                two_sided_result(list(seq[:k]))[0] for k in range(1, length)
            )
            if decided and not prefix_decided:
                assert seq in table, seq
            if length == 3 and not prefix_decided:
                assert decided, seq


@pytest.mark.parametrize(
    ("tricks", "active", "winner"),
    [
        ([0, 1, 0, 2], [0, 1, 2], 0),
        ([0, 1, 1, 0], [0, 1, 2], None),
        ([T, T, T, T], [0, 1, 2], None),
        ([1, 1, 0, 0], [0, 2], 0),  # seat 1 resigned: his two tricks cannot win
        ([1, 1, 0, 2], [0, 2], None),
        ([3, 3, T, 1, 0], [0, 1, 2, 3], 3),
    ],
)
def test_most_tricks(tricks: list[int | None], active: list[int], winner: int | None) -> None:
    assert most_tricks(tricks, active) == winner


def test_collect_race_and_ledger() -> None:
    assert collect(3, 1, [0, 2], 1, ledger=False) == [0, 1, 0]
    assert collect(3, 1, [0, 1, 2], 1, ledger=True) == [-1, 2, -1]
    assert collect(4, 2, [0, 2], 5, ledger=True) == [-5, 0, 5, 0]


# ------------------------------------------------------------------- dealing
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"four_players": "individual"}), (5, {}), (6, {})],
)
def test_deal_sizes_and_private_cards(players: int, options: dict[str, Any]) -> None:
    rules = PutRules(options)
    match = rules.new_match(players, 0)
    events = rules.deal(match, random.Random(players))
    hand = match.hand
    assert hand is not None
    per = rules.cards_per_player(players)
    assert all(len(c) == per for c in hand.cards)
    assert len({c for h in hand.cards for c in h}) == players * per
    dealt = [e for e in events if isinstance(e, E.CardsDealt)]
    assert [(e.seat, e.audience) for e in dealt] == [(s, E.to_seat(s)) for s in range(players)]


def test_deal_alternates_with_two_and_rotates_with_more() -> None:
    rng = random.Random(1)
    for players, options in ((2, {}), (4, {}), (3, {})):
        rules = PutRules(options)
        match = rules.new_match(players, 0)
        rules.deal(match, rng)
        dealers = []
        for _ in range(players + 1):
            assert match.hand is not None
            match.hand.phase = "over"  # skip the play: only the rotation matters here
            rules.next_hand(match, rng)
            dealers.append(match.dealer)
        assert dealers == [(1 + i) % players for i in range(players + 1)]


# ------------------------------------------------------ four-player passing
F1 = ["KS 5D 9H", "7C QD 2S", "JH 4C AD", "8S 3H TC"]


def test_only_the_passer_may_act_and_only_with_his_highest() -> None:
    rules = PutRules()
    match, _ = started(rules, F1)
    assert rules.to_act(match) == 0
    assert rules.legal(match, 0) == [Action(A.PASS, card("KS"))]
    assert all(rules.legal(match, s) == [] for s in (1, 2, 3))


def test_pass_is_seen_only_by_the_receiver_and_discards_by_nobody() -> None:
    rules = PutRules()
    match, events = started(rules, F1)
    mark = len(events)
    play(rules, match, "0 pass KS; 3 pass 3H; 2 discard 4C; 1 discard 7C", events)
    new = events[mark:]
    passed = [e for e in new if isinstance(e, CardPassed)]
    assert [(e.seat, e.to, e.card, e.audience) for e in passed] == [
        (0, 2, None, E.PUBLIC), (0, 2, card("KS"), E.to_seat(2)),
        (3, 1, None, E.PUBLIC), (3, 1, card("3H"), E.to_seat(1)),
    ]
    discards = [(e.seat, e.count) for e in new if isinstance(e, CardsDiscarded)]
    assert discards == [(0, 2), (3, 2), (2, 1), (1, 1)]
    assert all(e.audience == E.PUBLIC for e in new if isinstance(e, CardsDiscarded))
    secret = {card(c) for c in ("5D", "9H", "8S", "TC", "4C", "7C")}  # the discards
    for event in new:
        for value in vars_of(event):
            assert value not in secret, event


def vars_of(event: E.Event) -> list[Any]:
    return [getattr(event, name) for name in event.__dataclass_fields__]


def test_visible_cards_after_passing() -> None:
    rules = PutRules()
    match, _ = started(rules, F1)
    play(rules, match, "0 pass KS")
    assert rules.visible_cards(match, 0) == {0: ()}
    assert rules.visible_cards(match, 2) == {2: tuple(cards("JH 4C AD KS"))}
    assert rules.visible_cards(match, 1) == {1: tuple(cards("7C QD 2S"))}
    view = seat_view(rules, match, 1)
    assert view.seen == {1: tuple(cards("7C QD 2S"))} and view.phase == "pass"


def test_both_receivers_may_discard_at_once() -> None:
    rules = PutRules()
    match, events = started(rules, F1)
    mark = len(events)
    play(rules, match, "0 pass KS; 3 pass 3H", events)
    assert rules.to_act(match) == 2  # canonical: the first receiver
    assert {a.card for a in rules.legal(match, 2)} == set(cards("JH 4C AD KS"))
    assert {a.card for a in rules.legal(match, 1)} == set(cards("7C QD 2S 3H"))
    assert rules.legal(match, 0) == rules.legal(match, 3) == []
    turns = [e.seat for e in events[mark:] if isinstance(e, E.TurnStarted)]
    assert turns[-2:] == [2, 1]  # each receiver is told
    play(rules, match, "1 discard QD")
    assert rules.to_act(match) == 2 and rules.legal(match, 1) == []


def test_agreed_passers_either_partner_may_pass() -> None:
    rules = PutRules({"passer": "agreed"})
    match, _ = started(rules, F1)
    assert rules.to_act(match) == 0
    assert rules.legal(match, 0) == [Action(A.PASS, card("KS"))]
    assert rules.legal(match, 2) == [Action(A.PASS, card("AD"))]
    assert rules.legal(match, 1) == rules.legal(match, 3) == []
    play(rules, match, "2 pass AD")
    assert rules.legal(match, 0) == []
    assert rules.legal(match, 3) == [Action(A.PASS, card("3H"))]
    assert rules.legal(match, 1) == [Action(A.PASS, card("2S"))]
    play(rules, match, "1 pass 2S; 3 discard TC; 0 discard 5D")
    assert rules.to_act(match) == 0  # the non-dealer side's receiver leads
    assert match.hand is not None and match.hand.x.active == [0, 3]


def test_partnership_put_is_answered_by_the_active_opponent() -> None:
    rules = PutRules()
    match, _ = started(rules, F1)
    play(rules, match, "0 pass KS; 3 pass 3H; 2 discard 4C; 1 discard 7C; 2 put")
    assert rules.to_act(match) == 1
    assert rules.legal(match, 1) == [Action(A.ACCEPT), Action(A.RUN)]
    assert rules.legal(match, 3) == []


# ------------------------------------------------------------ 3+ individual
def test_resigner_card_is_withdrawn_with_an_event() -> None:
    rules = PutRules()
    match, events = started(rules, ["2C 5D 6D 7D", "3H 8C 9C AC", "KS 4H QH JH"])
    mark = len(events)
    play(rules, match, "0 play 2C; 1 play 3H; 2 put; 0 run; 1 accept", events)
    hand = match.hand
    assert hand is not None
    assert hand.table == [(1, card("3H"))] and hand.leader == 1
    assert hand.cards[0] == [] and hand.x.active == [1, 2]
    new = events[mark:]
    assert any(isinstance(e, CardWithdrawn) and e.seat == 0 and e.card == card("2C")
               for e in new)
    answered = [(e.seat, e.accepted) for e in new if isinstance(e, E.CallAnswered)]
    assert answered == [(0, False), (1, True)]
    assert rules.resolved_calls(match) == {
        "put": {"caller": 2, "seen": True, "stayed": [1], "resigned": [0]}}
    assert rules.legal(match, 0) == []
    assert rules.to_act(match) == 2


def test_unopposed_put_ends_the_hand() -> None:
    rules = PutRules()
    match, events = started(rules, ["4C 7D 9S JH", "3D 2S AH KC", "5H 6S 8D QC"])
    play(rules, match, "0 put; 1 run; 2 run", events)
    won = [e for e in events if isinstance(e, E.HandWon)]
    assert [(e.team, e.points, e.reason) for e in won] == [(0, (1, 0, 0), "run")]


# -------------------------------------------------------------- integrity
def test_illegal_action_changes_nothing_and_is_explained() -> None:
    rules = PutRules({"throw_in": True})
    match, _ = started(rules, F1)
    tries = [(0, Action(A.PASS, card("5D"))), (2, Action(A.PLAY, card("AD"))),
             (3, Action(A.PASS, card("3H"))), (0, Action(A.PUT)), (0, Action(A.DISCARD,
             card("5D"))), (0, Action(A.FOLD)), (1, Action(A.TRUCO))]
    for seat, action in tries:
        before = match.copy()
        with pytest.raises(IllegalAction) as info:
            rules.apply(match, seat, action)
        assert match == before
        text = explain(info.value)
        assert "{" not in text
        assert f"seat {seat}" in text or "not part of this game" in text


def test_every_put_reason_has_a_sentence() -> None:
    from chatbot.i18n.reasons_put import REASONS

    merged = _all_reasons()
    for reason, template in REASONS.items():
        assert merged[reason] == template
        assert template.format(seat=1, passer=0, partner=3, action="play", to_act=0) != ""


def test_copy_is_independent() -> None:
    rules = PutRules()
    match, _ = started(rules, ["2C 5D 6D 7D", "3H 8C 9C AC", "KS 4H QH JH"])
    play(rules, match, "0 play 2C; 1 play 3H; 2 put")
    twin = match.copy()
    play(rules, twin, "0 run; 1 accept")
    assert match.hand is not None and match.hand.x.active == [0, 1, 2]
    assert match.hand.x.resigned == [] and match.hand.pending is not None


# ---------------------------------------------------------------- random play
FORMS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"throw_in": True}),
    (2, {"outright_on_playout": True, "throw_in": True}),
    (3, {}),
    (4, {}),
    (4, {"passer": "agreed", "throw_in": True}),
    (4, {"four_players": "individual"}),
    (5, {}),
    (6, {}),
    (3, {"scoring": "ledger"}),
    (6, {"scoring": "ledger"}),
]
GAMES = 300
LEDGER_HANDS = 8


def random_game(
    rules: PutRules, players: int, seed: int, check: Callable[[Match], None] | None = None
) -> tuple[Match, int]:
    """Play one seeded game choosing uniformly among the legal actions of ``to_act``."""
    rng = random.Random(seed)
    match = rules.new_match(players, rng.randrange(players))
    rules.deal(match, rng)
    hands = 0
    ledger = rules.options["scoring"] == "ledger"
    while True:
        hand = match.hand
        assert hand is not None
        score_before = list(match.score)
        for _ in range(200):
            if hand.over:
                break
            seat = rules.to_act(match)
            assert seat is not None
            moves = rules.legal(match, seat)
            assert moves, (seat, hand.phase)
            events: list[E.Event] | None = [] if seed % 2 else None
            rules.apply(match, seat, rng.choice(moves), events)
            if check is not None:
                check(match)
        assert hand.over, "a hand did not end"
        hands += 1
        assert rules.to_act(match) is None and rules.legal(match, 0) == []
        if ledger:
            assert sum(match.score) == sum(score_before)  # chips only change hands
            assert match.winner is None
            if hands == LEDGER_HANDS:
                return match, hands
        else:
            assert all(a >= b for a, b in zip(match.score, score_before, strict=True))
            assert sum(1 for a, b in zip(match.score, score_before, strict=True) if a > b) <= 1
        if match.winner is not None:
            return match, hands
        rules.next_hand(match, rng)


@pytest.mark.parametrize(("players", "options"), FORMS,
                         ids=[f"{p}p-{o}" for p, o in FORMS])
def test_random_games(players: int, options: dict[str, Any]) -> None:
    rules = PutRules(options)
    target = rules.target_score()
    for seed in range(GAMES):
        match, hands = random_game(rules, players, seed)
        if options.get("scoring") == "ledger":
            assert hands == LEDGER_HANDS
            continue
        assert match.winner is not None
        assert match.score[match.winner] >= target
        assert all(s < target for t, s in enumerate(match.score) if t != match.winner)


def test_random_views_hide_other_hands() -> None:
    """Through a few random games every seat's view shows only its own cards."""
    for players, options in ((2, {}), (4, {}), (5, {})):
        rules = PutRules(options)

        def check(match: Match, rules: PutRules = rules, players: int = players) -> None:
            if match.hand is None or match.hand.over:
                return
            for seat in range(players):
                view = seat_view(rules, match, seat)
                assert set(view.seen) == {seat}
                assert list(view.legal) == rules.legal(match, seat)

        for seed in range(5):
            random_game(rules, players, seed, check)
