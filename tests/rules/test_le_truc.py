"""Le Truc (rules.md §4): what the scenario files cannot show.

Scenario files in ``scenarios/le-truc/`` pin every hand-level rule; here are the
deck and the deal, hidden information, signals and instructions (no scenario
actions exist for them), the draw for seats, the refusal reasons, and random
games played to the end.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from chatbot.i18n.reasons import _all_reasons, explain
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.le_truc import (
    INSTRUCT_HIGHEST,
    INSTRUCT_LOWEST,
    INSTRUCT_RANK,
    LeTrucRules,
    draw_for_seats,
)
from chatbot.rules.registry import rules_for
from chatbot.rules.serialize import (
    event_from_dict,
    event_to_dict,
    match_from_dict,
    match_to_dict,
)
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view
from chatbot.scenario import ScenarioError, load_scenario

SOURCE = Path(__file__).resolve().parents[2] / "chatbot" / "rules" / "le_truc.py"


def cards(codes: str) -> list[Card]:
    return [parse_card(c, Family.FRENCH) for c in codes.split()]


def start(
    hands: Sequence[str],
    stock: str = "",
    dealer: int | None = None,
    score: Sequence[int] = (0, 0),
    **options: object,
) -> tuple[LeTrucRules, Match, list[E.Event]]:
    rules = LeTrucRules(dict(options))
    n = len(hands)
    match = rules.new_match(n, n - 1 if dealer is None else dealer, list(score))
    events = rules.start_hand(match, [cards(h) for h in hands], None, cards(stock))
    return rules, match, events


SHORT = {"r": A.RAISE, "a": A.ACCEPT, "x": A.RUN, "m": A.MON_RESTE}


def play(rules: LeTrucRules, match: Match, script: str) -> list[E.Event]:
    """Apply ``seat:action`` tokens ("0:7C" plays a card, "1:r" raises); return the events."""
    events: list[E.Event] = []
    for token in script.split():
        seat, what = token.split(":")
        if what[0].islower():
            action = Action(SHORT.get(what, what))
        else:
            action = Action(A.PLAY, cards(what)[0])
        rules.apply(match, int(seat), action, events)
    return events


FOUR = ["9C TC JC", "7C 8C AC", "9D TD JD", "9H TH JH"]
STOCK4 = "7D 8D AD KD 7H 8H AH KH 7S 8S AS KS QC QD QH QS"


# ------------------------------------------------------------------ deck, deal
def test_deck_is_32_cards_seven_to_ace() -> None:
    deck = LeTrucRules().deck()
    assert len(deck) == len(set(deck)) == 32
    assert {c.rank for c in deck} == {7, 8, 9, 10, 11, 12, 13, 1}


def test_ranking_suits_irrelevant() -> None:
    strength = LeTrucRules().strength_table(None)
    order = [strength[c] for c in cards("9C TD JH QS KC AD 8H 7S")]
    assert order == sorted(order) and len(set(order)) == 8
    assert strength[Card(7, "C")] == strength[Card(7, "H")] == strength[Card(7, "D")]


def test_six_is_not_in_the_deck() -> None:
    doc = {"variant": "le-truc", "players": 2, "dealer": 1, "score": [0, 0],
           "hands": [["6C", "7C", "8C"], ["9C", "TC", "JC"]], "actions": []}
    with pytest.raises(ScenarioError, match="not in the le-truc deck"):
        load_scenario(json.dumps(doc))


@pytest.mark.parametrize("players", [1, 3, 6])
def test_only_two_or_four_players(players: int) -> None:
    with pytest.raises(SetupError):
        LeTrucRules().new_match(players, 0)


def test_options_and_defaults() -> None:
    rules = rules_for("le-truc")
    assert isinstance(rules, LeTrucRules)
    assert rules.target_score() == 12
    assert rules.options == {"target": 12, "all_spoiled": "by_players",
                             "alternate_raises": True, "multiple_redeals": False,
                             "signals": False}
    assert rules.all_spoiled_rule(4) == "first_leader_team"
    assert rules.all_spoiled_rule(2) == "none"
    with pytest.raises(SetupError):
        LeTrucRules({"all_spoiled": "dealer"})
    with pytest.raises(SetupError):
        LeTrucRules({"covered_card": True})


@pytest.mark.parametrize("players, stock", [(4, 20), (2, 26)])
def test_deal_one_at_a_time_from_the_mano(players: int, stock: int) -> None:
    rules = LeTrucRules()
    match = rules.new_match(players, 0)
    rules.deal(match, random.Random(7))
    deck = list(rules.deck())
    random.Random(7).shuffle(deck)
    hand = match.hand
    assert hand is not None and hand.mano == 1 and hand.turn == 1
    for i in range(3 * players):
        assert hand.cards[(1 + i) % players][i // players] == deck[i]
    assert hand.stock == deck[3 * players:] and len(hand.stock) == stock


def test_deal_rotates_to_the_mano_and_alternates_with_two() -> None:
    rules, rng = LeTrucRules(), random.Random(1)
    for players in (2, 4):
        match = rules.new_match(players, players - 1)
        rules.deal(match, rng)
        seen = []
        for _ in range(2 * players):
            assert match.hand is not None
            mano = match.hand.mano
            match.hand.phase = "over"
            rules.next_hand(match, rng)
            assert match.dealer == mano
            seen.append(match.dealer)
        assert set(seen) == set(range(players))


# ----------------------------------------------------------- hidden information
def test_refused_raise_shows_no_card() -> None:
    rules, match, _ = start(FOUR)
    events = play(rules, match, "0:9C 1:r 0:run")
    assert match.hand is not None and match.hand.over
    assert not [e for e in events if isinstance(e, E.CardsRevealed | E.CardsDealt)]
    shown = [e for e in events if isinstance(e, E.CardPlayed)]
    assert [e.card for e in shown] == cards("9C")


def test_redealt_cards_go_only_to_their_owner() -> None:
    rules, match, first = start(FOUR, STOCK4)
    dealt = [e for e in first if isinstance(e, E.CardsDealt)]
    assert [e.audience for e in dealt] == [E.to_seat(s) for s in range(4)]
    events = play(rules, match, "0:redeal-propose 3:redeal-accept")
    fresh = [e for e in events if isinstance(e, E.CardsDealt)]
    assert [(e.seat, e.audience) for e in fresh] == [(s, E.to_seat(s)) for s in range(4)]
    assert fresh[0].cards == tuple(cards("7D 7H 7S"))
    assert fresh[3].cards == tuple(cards("KD KH KS"))
    assert match.hand is not None and match.hand.dealt[0] == tuple(cards("7D 7H 7S"))
    assert match.hand.stock == cards("QC QD QH QS")
    answered = [e for e in events if isinstance(e, E.CallAnswered)]
    assert answered == [E.CallAnswered(3, A.REDEAL_PROPOSE, True)]


def test_refused_acceptance_changes_nothing() -> None:
    rules, match, _ = start(FOUR, "7D 8D")  # a hand-made deal with too small a stock
    play(rules, match, "0:redeal-propose")
    before = json.dumps(match_to_dict(match))
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 3, Action(A.REDEAL_ACCEPT), [])
    assert info.value.reason == "redeal-no-stock"
    assert json.dumps(match_to_dict(match)) == before


def redeal_until_the_stock_is_short(seed: int = 3) -> tuple[LeTrucRules, Match]:
    """Two players with the option: four agreed redeals leave 2 cards in the stock."""
    rules = LeTrucRules({"multiple_redeals": True})
    match = rules.new_match(2, 1, [3, 5])
    rules.deal(match, random.Random(seed))
    for _ in range(4):
        assert Action(A.REDEAL_PROPOSE) in rules.legal(match, 0)
        play(rules, match, "0:redeal-propose 1:redeal-accept")
    assert match.hand is not None and len(match.hand.stock) == 2
    return rules, match


def test_two_players_may_ask_again_when_the_stock_is_short() -> None:
    rules, match = redeal_until_the_stock_is_short()
    assert Action(A.REDEAL_PROPOSE) in rules.legal(match, 0)
    held = [list(c) for c in match.hand.cards] if match.hand else []
    play(rules, match, "0:redeal-propose 1:redeal-refuse")  # refused: play as dealt
    assert match.hand is not None and not match.hand.over
    assert match.hand.cards == held and Action(A.REDEAL_PROPOSE) not in rules.legal(match, 0)


def test_stock_run_out_voids_the_hand_and_the_deal_passes() -> None:
    rules, match = redeal_until_the_stock_is_short()
    events = play(rules, match, "0:redeal-propose 1:redeal-accept")
    hand = match.hand
    assert hand is not None and hand.over and hand.reason == "reshuffle"
    assert hand.winner is None and hand.points == [0, 0] and match.score == [3, 5]
    assert hand.stake == 1 and match.hand_no == 1
    assert rules.resolved_calls(match) == {"reshuffle": {"redeals": 4, "next_dealer": 0}}
    tail = events[-3:]
    assert tail[:2] == [E.CallAnswered(1, A.REDEAL_PROPOSE, True), E.StockReshuffled(0)]
    assert tail[1].audience == E.PUBLIC
    assert tail[2] == E.HandWon(None, (0, 0), (3, 5), "reshuffle")
    rules.next_hand(match, random.Random(1))  # the whole deck again, dealt by seat 0
    fresh = match.hand
    assert fresh is not None and match.dealer == 0 and fresh.mano == 1 and match.hand_no == 2
    dealt = [c for h in fresh.cards for c in h] + fresh.stock
    assert sorted(dealt) == sorted(rules.deck())
    assert fresh.x.to_doc() == {} and fresh.stake == 1
    assert Action(A.REDEAL_PROPOSE) in rules.legal(match, 1)  # the new mano asks afresh


def test_stock_reshuffled_survives_the_event_log() -> None:
    rules, match = redeal_until_the_stock_is_short()
    events = play(rules, match, "0:redeal-propose 1:redeal-accept")
    docs = [json.loads(json.dumps(event_to_dict(e, Family.FRENCH))) for e in events]
    assert [event_from_dict(d, Family.FRENCH) for d in docs] == events
    assert {"type": "StockReshuffled", "audience": ["public", None], "dealer": 0} in docs


def test_reshuffled_hand_survives_a_json_round_trip() -> None:
    rules, match = redeal_until_the_stock_is_short()
    play(rules, match, "0:redeal-propose 1:redeal-accept")
    restored = match_from_dict(json.loads(json.dumps(match_to_dict(match))))
    assert match_to_dict(restored) == match_to_dict(match)
    rules.next_hand(restored, random.Random(2))
    assert restored.dealer == 0 and restored.hand_no == 2


def test_a_hand_made_short_stock_is_not_a_reshuffle() -> None:
    rules, match, _ = start(["9C 9D TC", "9H 9S TD"], "7C 7D 8C 8D AC AD 7H",
                            multiple_redeals=True)
    play(rules, match, "0:redeal-propose 1:redeal-accept 0:redeal-propose")
    before = json.dumps(match_to_dict(match))
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 1, Action(A.REDEAL_ACCEPT), [])
    assert info.value.reason == "redeal-no-stock"
    assert json.dumps(match_to_dict(match)) == before


def test_four_players_ask_once_whatever_the_option() -> None:
    """4.1.8: the option is the two-player form's; four players are unchanged."""
    rules, match, _ = start(FOUR, STOCK4, multiple_redeals=True)
    play(rules, match, "0:redeal-propose 3:redeal-accept")
    assert Action(A.REDEAL_PROPOSE) not in rules.legal(match, 0)
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 0, Action(A.REDEAL_PROPOSE))
    assert info.value.reason == "redeal-once"


def test_views_do_not_show_the_stock() -> None:
    rules, match = redeal_until_the_stock_is_short()
    for seat in (0, 1):
        view = seat_view(rules, match, seat)
        shown = set(view.seen.get(seat, ())) | {c for t in view.played for _, c in t if c}
        assert not shown & set(match.hand.stock if match.hand else ())
        assert "stock" not in view.__slots__


# ------------------------------------------------------------------ Mon Reste
def test_mon_reste_at_twelve_points_are_target_minus_score() -> None:
    """Decision 11: an accepted Mon Reste gives target - score, even below the stake."""
    rules, match, _ = start(["7C 8C AC", "9D TD JD"], score=(5, 0), alternate_raises=False)
    script = ("0:r 1:accept 0:r 1:accept 0:r 1:accept 0:r 1:accept 0:r 1:accept 0:r 1:accept"
              " 0:mon-reste 1:accept 0:7C 1:9D 0:8C 1:TD")
    play(rules, match, script)
    hand = match.hand
    assert hand is not None and hand.over and hand.stake == 12
    assert hand.points == [7, 0] and match.score == [12, 0] and match.winner == 0


# -------------------------------------------------------------------- signals
def test_signals_show_partner_cards_to_governors_only() -> None:
    rules, match, events = start(FOUR, signals=True)
    shown = [e for e in events if isinstance(e, E.PartnerCardsShown)]
    assert {(e.seat, e.partner, e.audience) for e in shown} == {
        (0, 2, E.to_seat(0)), (3, 1, E.to_seat(3))}
    assert rules.visible_cards(match, 0) == {0: tuple(cards(FOUR[0])), 2: tuple(cards(FOUR[2]))}
    assert rules.visible_cards(match, 3) == {3: tuple(cards(FOUR[3])), 1: tuple(cards(FOUR[1]))}
    assert rules.visible_cards(match, 1) == {1: tuple(cards(FOUR[1]))}
    assert seat_view(rules, match, 0).seen[2] == tuple(cards(FOUR[2]))
    plain, match2, _ = start(FOUR)
    assert plain.visible_cards(match2, 0) == {0: tuple(cards(FOUR[0]))}


def test_signals_follow_a_redeal() -> None:
    rules, match, _ = start(FOUR, STOCK4, signals=True)
    events = play(rules, match, "0:redeal-propose 3:redeal-accept")
    shown = {e.seat: e.cards for e in events if isinstance(e, E.PartnerCardsShown)}
    assert shown == {0: tuple(cards("AD AH AS")), 3: tuple(cards("8D 8H 8S"))}
    assert rules.visible_cards(match, 0)[2] == tuple(cards("AD AH AS"))


def test_signals_have_no_effect_with_two_players() -> None:
    rules, match, events = start(["7C 8C AC", "9D TD JD"], signals=True)
    assert not [e for e in events if isinstance(e, E.PartnerCardsShown)]
    assert all(a.kind not in (INSTRUCT_HIGHEST, INSTRUCT_RANK) for a in rules.legal(match, 0))


def test_instructions_on_the_governor_turn() -> None:
    rules, match, _ = start(["9C TC JC", "7C 8C AC", "9D KD KS", "9H TH JH"], signals=True)
    legal = rules.legal(match, 0)
    assert legal[3:6] == [Action(A.RAISE), Action(A.MON_RESTE), Action(A.REDEAL_PROPOSE)]
    assert legal[6:] == [Action(INSTRUCT_HIGHEST), Action(INSTRUCT_LOWEST),
                         Action(INSTRUCT_RANK, Card(9, "D")), Action(INSTRUCT_RANK, Card(13, "D"))]
    events: list[E.Event] = []
    rules.apply(match, 0, Action(INSTRUCT_RANK, Card(13, "D")), events)
    assert events[0] == E.CallMade(0, INSTRUCT_RANK, 13)  # public, rank only
    assert events[0].audience == E.PUBLIC
    assert not [a for a in rules.legal(match, 0) if a.kind.startswith("instruct")]
    assert Action(A.REDEAL_PROPOSE) not in rules.legal(match, 0)  # no longer the first action
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 0, Action(INSTRUCT_HIGHEST))
    assert info.value.reason == "instruct-once"
    play(rules, match, "0:9C 1:7C")
    assert [a.card for a in rules.legal(match, 2) if a.kind == A.PLAY] == cards("KD KS")
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 2, Action(A.PLAY, Card(9, "D")))
    assert info.value.reason == "must-obey-rank"
    assert explain(info.value) == "seat 2 must play the K, as the governor asked"
    play(rules, match, "2:KS 3:9H")  # the order binds one card only
    play(rules, match, "1:8C")
    assert [a.card for a in rules.legal(match, 2) if a.kind == A.PLAY] == cards("9D KD")


@pytest.mark.parametrize("kind, allowed", [(INSTRUCT_HIGHEST, "7D 7S"), (INSTRUCT_LOWEST, "9D")])
def test_highest_and_lowest_allow_equal_cards(kind: str, allowed: str) -> None:
    rules, match, _ = start(["9C TC JC", "8C AC KC", "7D 9D 7S", "9H TH JH"], signals=True)
    play(rules, match, f"0:{kind} 0:9C 1:8C")
    assert [a.card for a in rules.legal(match, 2) if a.kind == A.PLAY] == cards(allowed)


def test_the_dealer_instructs_for_a_later_trick() -> None:
    rules, match, _ = start(["9C TC JC", "8C AC KC", "7D 9D 7S", "9H TH JH"], signals=True)
    play(rules, match, "0:9C 1:KC 2:9D")
    assert Action(INSTRUCT_LOWEST) in rules.legal(match, 3)
    play(rules, match, f"3:{INSTRUCT_LOWEST} 3:9H")  # seat 1 won with KC and leads
    assert [a.card for a in rules.legal(match, 1) if a.kind == A.PLAY] == cards("AC")


def test_instruction_refusals() -> None:
    rules, match, _ = start(FOUR, signals=True)
    for seat, reason in [(1, "instruct-not-governor"), (3, "not-your-turn")]:
        with pytest.raises(IllegalAction) as info:
            rules.apply(match, seat, Action(INSTRUCT_HIGHEST))
        assert info.value.reason == reason
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 0, Action(INSTRUCT_RANK, Card(7, "H")))
    assert info.value.reason == "instruct-card-not-held"
    plain, match2, _ = start(FOUR)
    with pytest.raises(IllegalAction) as info:
        plain.apply(match2, 0, Action(INSTRUCT_HIGHEST))
    assert info.value.reason == "no-signals"


def test_signals_state_survives_a_json_round_trip() -> None:
    rules, match, _ = start(FOUR, signals=True)
    play(rules, match, f"0:{INSTRUCT_HIGHEST}")
    restored = match_from_dict(json.loads(json.dumps(match_to_dict(match))))
    assert restored == match
    assert rules.legal(restored, 0) == rules.legal(match, 0)


# ----------------------------------------------------------- draw for seats
class Stacked(random.Random):
    """A shuffle that leaves the cards to draw on top, in the order given."""

    def __init__(self, *draws: str) -> None:
        super().__init__(0)
        self.draws = list(draws)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        top = cards(self.draws.pop(0))
        x[:] = [c for c in x if c not in top] + top[::-1]


def test_draw_four_players_two_highest_together_highest_deals() -> None:
    seats, dealer = draw_for_seats(4, Stacked("9C 7C KC 8C"))  # 7 > 8 > K > 9
    assert dealer == 0
    assert seats == [3, 0, 1, 2]  # player 1 (7) deals, player 3 (8) is his partner
    assert seats[1] % 2 == seats[3] % 2 != seats[0] % 2


def test_draw_ties_are_drawn_again_among_the_tied() -> None:
    seats, _ = draw_for_seats(4, Stacked("7C 7D KC 9C 9D 8C"))  # 0 and 1 tie, then 9 < 8
    assert seats == [2, 0, 1, 3]


def test_draw_two_players_lower_card_ace_high_deals() -> None:
    assert draw_for_seats(2, Stacked("AC 7C")) == ([0, 1], 1)  # ace high: 7 is lower
    assert draw_for_seats(2, Stacked("9C KD")) == ([0, 1], 0)
    with pytest.raises(SetupError):
        draw_for_seats(3, random.Random(0))


def test_draw_always_gives_a_valid_table() -> None:
    rng = random.Random(5)
    for _ in range(200):
        seats, dealer = draw_for_seats(4, rng)
        assert sorted(seats) == [0, 1, 2, 3] and dealer == 0


# ------------------------------------------------------------------- reasons
def test_every_refusal_reason_is_explained() -> None:
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z-]+)"', SOURCE.read_text()))
    codes |= {f"must-obey-{k}" for k in ("highest", "lowest", "rank")}
    codes.discard("must-obey-")
    missing = sorted(c for c in codes if c not in _all_reasons())
    assert missing == []


# ------------------------------------------------------------- random games
MAX_ACTIONS_PER_HAND = 120


def random_match(rules: LeTrucRules, players: int, rng: random.Random) -> Match:
    """One game to the end, choosing uniformly among the legal actions, checking invariants."""
    match = rules.new_match(players, rng.randrange(players))
    rules.deal(match, rng)
    while match.winner is None:
        hand = match.hand
        assert hand is not None
        if hand.over:
            rules.next_hand(match, rng)
            continue
        for _ in range(MAX_ACTIONS_PER_HAND):
            seat = rules.to_act(match)
            assert seat is not None
            legal = rules.legal(match, seat)
            assert legal and all(not rules.legal(match, s) for s in range(players) if s != seat)
            before = list(match.score)
            rules.apply(match, seat, rng.choice(legal), [])
            assert all(a >= b for a, b in zip(match.score, before, strict=True))
            assert hand.stake in rules.ladder
            if hand.over:
                break
        else:
            pytest.fail("a hand did not end")
        if hand.reason == "all-tied" and rules.all_spoiled_rule(players) == "none":
            assert hand.winner is None and hand.points == [0, 0]
        elif hand.winner is not None and match.winner is None:
            assert sum(hand.points) == hand.points[hand.winner] >= 1
    target = rules.target_score()
    assert match.score[match.winner] >= target
    assert match.score[1 - match.winner] < target
    return match


@pytest.mark.parametrize("players", [2, 4])
def test_five_hundred_random_games(players: int) -> None:
    rules = LeTrucRules()
    rng = random.Random(f"le-truc-{players}")
    for _ in range(500):
        random_match(rules, players, rng)


@pytest.mark.parametrize("options", [
    {"signals": True}, {"alternate_raises": False}, {"multiple_redeals": True},
    {"all_spoiled": "none", "target": 5}, {"all_spoiled": "first_leader_team", "target": 30},
], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_with_options(players: int, options: dict[str, object]) -> None:
    rules = LeTrucRules(options)
    rng = random.Random(f"{players}-{options}")
    for _ in range(100):
        random_match(rules, players, rng)


def test_random_games_that_keep_asking_for_new_cards() -> None:
    """Eager redeals run the stock out often: each time the hand is void and the deal passes."""
    rules = LeTrucRules({"multiple_redeals": True})
    rng = random.Random("eager-redeals")
    eager = {A.REDEAL_PROPOSE: 0.9, A.REDEAL_ACCEPT: 0.8}
    reshuffles = 0
    for _ in range(30):
        match = rules.new_match(2, rng.randrange(2))
        rules.deal(match, rng)
        while match.winner is None:
            hand = match.hand
            assert hand is not None
            if hand.over:
                if hand.reason == "reshuffle":
                    reshuffles += 1
                    assert hand.points == [0, 0] and len(hand.stock) < 6
                    dealer = match.dealer
                    rules.next_hand(match, rng)
                    assert match.dealer == 1 - dealer
                else:
                    rules.next_hand(match, rng)
                continue
            seat = rules.to_act(match)
            assert seat is not None
            legal = rules.legal(match, seat)
            wanted = [a for a in legal if rng.random() < eager.get(a.kind, 0)]
            rules.apply(match, seat, wanted[0] if wanted else rng.choice(legal), [])
            held = [c for h in hand.cards for c in h] + hand.stock
            assert len(held) == len(set(held))
    assert reshuffles > 10
