"""Truco Paulista and Truco Mineiro (rules.md §1, §2) checked against tables written here.

Nothing below is read back from the engine to build an expectation: decks, strength
orders, manilhas and deal order are spelled out from the rules text.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Match
from chatbot.scenario import ScenarioError, load_scenario, referee


def c(code: str) -> Card:
    return parse_card(code, Family.FRENCH)


def cards(text: str) -> list[Card]:
    return [c(x) for x in text.split()]


SUITS = "CHSD"  # also the manilha order, high -> low (1.3.3)
DIRTY_RANKS = "A234567JQK"  # 52 minus 8, 9, 10 (1.1.2)
CLEAN_RANKS = "32AKJQ"  # 1.1.3 / A2

# ------------------------------------------------------ decks (1.1.2, 1.1.3, 2.1.1, 2.1.5)
DIRTY_40 = {r + s for r in DIRTY_RANKS for s in SUITS}
CLEAN_24 = {r + s for r in CLEAN_RANKS for s in SUITS}
MINEIRO_REMOVED = {"7C", "7S", "6C", "6H", "6S", "6D", "5C", "5H", "5S", "5D", "4H", "4S", "4D"}
MINEIRO_CLEAN_27 = CLEAN_24 | {"4C", "7H", "7D"}


def codes(rules: TrickRules) -> list[str]:
    out = []
    for card in rules.deck():
        rank = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
        out.append(rank + card.suit)
    return out


@pytest.mark.parametrize(
    ("variant", "deck", "expected"),
    [
        ("paulista", "dirty", DIRTY_40),
        ("paulista", "clean", CLEAN_24),
        ("mineiro", "dirty", DIRTY_40),
        ("mineiro", "clean", MINEIRO_CLEAN_27),
    ],
)
def test_deck_size_and_contents(variant: str, deck: str, expected: set[str]) -> None:
    got = codes(rules_for(variant, {"deck": deck}))
    assert len(got) == len(expected) == len(set(got))
    assert set(got) == expected


RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "spec" / "rules.md"


def _rules_number(pattern: str) -> int:
    """A deck size as the rule specification states it."""
    found = re.search(pattern, RULES_MD.read_text(encoding="utf-8"))
    assert found is not None, pattern
    return int(found.group(1))


def test_deck_sizes_are_the_rules_numbers() -> None:
    """The engine's decks have the sizes rules.md gives (1.1.2, 1.1.3, 2.1.5)."""
    dirty = _rules_number(r"\*\*1\.1\.2\*\* \*\*Dirty deck[^,]*, (\d+) cards")
    clean = _rules_number(r"\*\*1\.1\.3\*\* \*\*Clean deck[^,]*, (\d+) cards")
    mineiro_clean = _rules_number(r"\*\*2\.1\.5 Mineiro clean deck \((\d+) cards\)")
    for variant in ("paulista", "mineiro"):
        assert len(rules_for(variant, {"deck": "dirty"}).deck()) == dirty
    assert len(rules_for("paulista", {"deck": "clean"}).deck()) == clean
    assert len(rules_for("mineiro", {"deck": "clean"}).deck()) == mineiro_clean


def test_default_deck_is_dirty() -> None:
    assert set(codes(rules_for("paulista"))) == DIRTY_40
    assert set(codes(rules_for("mineiro"))) == DIRTY_40


# ---------------------------------------------------------------- strength (1.3, 2.1)
COMMON_DIRTY = ["3", "2", "A", "K", "J", "Q", "7", "6", "5", "4"]  # high -> low, 1.3.1
COMMON_CLEAN = ["3", "2", "A", "K", "J", "Q"]
MANILHA_AFTER = {  # vira rank -> manilha rank, 1.3.2 and A3
    "dirty": {"4": "5", "5": "6", "6": "7", "7": "Q", "Q": "J", "J": "K", "K": "A", "A": "2",
              "2": "3", "3": "4"},
    "clean": {"Q": "J", "J": "K", "K": "A", "A": "2", "2": "3", "3": "Q"},
}


def paulista_groups(deck: str, vira_rank: str) -> list[list[str]]:
    """Cards high -> low in groups of equal strength, from the rules text alone."""
    manilha = MANILHA_AFTER[deck][vira_rank]
    order = COMMON_DIRTY if deck == "dirty" else COMMON_CLEAN
    groups = [[manilha + s] for s in SUITS]
    groups += [[r + s for s in SUITS] for r in order if r != manilha]
    return groups


MINEIRO_GROUPS = [
    ["4C"], ["7H"], ["AS"], ["7D"],  # 2.1.2
    ["3C", "3H", "3S", "3D"], ["2C", "2H", "2S", "2D"], ["AC", "AH", "AD"],
    ["KC", "KH", "KS", "KD"], ["JC", "JH", "JS", "JD"], ["QC", "QH", "QS", "QD"],
    ["7C", "7S"], ["6C", "6H", "6S", "6D"], ["5C", "5H", "5S", "5D"], ["4H", "4S", "4D"],
]


def assert_ranking(table: dict[Card, int], groups: list[list[str]]) -> None:
    assert {c(x) for g in groups for x in g} == set(table), "table covers exactly the deck"
    values = [{table[c(x)] for x in g} for g in groups]
    for group, vals in zip(groups, values, strict=True):
        assert len(vals) == 1, f"{group} should tie"
    flat = [v.pop() for v in values]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat), groups


@pytest.mark.parametrize("vira", sorted(DIRTY_40))
def test_paulista_dirty_strength_for_every_vira(vira: str) -> None:
    table = rules_for("paulista").strength_table(c(vira))
    assert_ranking(table, paulista_groups("dirty", vira[0]))


@pytest.mark.parametrize("vira", sorted(CLEAN_24))
def test_paulista_clean_strength_for_every_vira(vira: str) -> None:
    table = rules_for("paulista", {"deck": "clean"}).strength_table(c(vira))
    assert_ranking(table, paulista_groups("clean", vira[0]))


def test_vira_three_makes_fours_in_dirty_and_queens_in_clean() -> None:
    dirty = rules_for("paulista").strength_table(c("3D"))
    clean = rules_for("paulista", {"deck": "clean"}).strength_table(c("3D"))
    assert dirty[c("4D")] > dirty[c("3C")] and dirty[c("4C")] > dirty[c("4H")]
    assert clean[c("QD")] > clean[c("3C")] and clean[c("QC")] > clean[c("QH")]
    assert all(clean[c("QD")] > v for k, v in clean.items() if k.rank != 12)


def test_manilhas_never_tie_and_the_vira_rank_stays_common() -> None:
    table = rules_for("paulista").strength_table(c("7D"))  # queens are manilhas
    queens = [table[c(q)] for q in ("QC", "QH", "QS", "QD")]
    assert len(set(queens)) == 4
    assert table[c("7C")] == table[c("7H")] == table[c("7S")]
    assert table[c("7C")] < table[c("JC")]


def test_mineiro_fixed_ranking() -> None:
    table = rules_for("mineiro").strength_table(None)
    assert_ranking(table, MINEIRO_GROUPS)


def test_mineiro_clean_ranking_is_the_same_order() -> None:
    table = rules_for("mineiro", {"deck": "clean"}).strength_table(None)
    groups = [[x for x in g if x in MINEIRO_CLEAN_27] for g in MINEIRO_GROUPS]
    assert_ranking(table, [g for g in groups if g])


# ---------------------------------------------------------------- options (§8)
def test_brazilian_option_defaults() -> None:
    for variant in ("paulista", "mineiro"):
        assert rules_for(variant).options == {
            "target": 12, "all_tied": "dealer", "lead_after_tie": "first_tied_card",
            "answer_by": "next_opponent", "deal_rotation": "with_play",
            "forbid_pointless_raise": False, "covered_card": False, "deck": "dirty",
            "senas": "catch", "sena_catch": 20,
        }


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"all_tied": "mano"},
        {"lead_after_tie": "winner"},
        {"answer_by": "partner"},
        {"deal_rotation": "clockwise"},
        {"forbid_pointless_raise": "yes"},
        {"covered_card": "on"},
        {"deck": "clean27"},
        {"senas": "yes"},
        {"senas": True},
        {"sena_catch": 101},
        {"sena_catch": -1},
        {"sena_catch": "20"},
        {"target": 15},
        {"target": "12"},
    ],
)
@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_bad_options_are_refused(variant: str, options: dict[str, Any]) -> None:
    cls = type(rules_for(variant))
    with pytest.raises(SetupError):
        cls(options)


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_seat_counts(variant: str) -> None:
    rules = rules_for(variant)
    for players in (2, 4, 6):
        rules.new_match(players, players - 1)
    for players in (1, 3, 5, 8):
        with pytest.raises(SetupError):
            rules.new_match(players, 0)


# ---------------------------------------------------------------- dealing (1.2.2, C2)
class NoShuffle(random.Random):
    """A random source that leaves the deck in the rules' own order."""

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        return None


SETUPS = [
    (variant, deck, players)
    for variant in ("paulista", "mineiro")
    for deck in ("dirty", "clean")
    for players in (2, 4, 6)
]


@pytest.mark.parametrize(("variant", "deck", "players"), SETUPS)
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_deal_counts_and_no_card_twice(variant: str, deck: str, players: int, seed: int) -> None:
    rules = rules_for(variant, {"deck": deck})
    match = rules.new_match(players, seed % players)
    rules.deal(match, random.Random(seed))
    hand = match.hand
    assert hand is not None
    assert len(hand.cards) == players
    assert all(len(held) == 3 for held in hand.cards)
    dealt = [x for held in hand.cards for x in held]
    assert len(dealt) == len(set(dealt)) == 3 * players
    if variant == "paulista":
        assert hand.vira is not None and hand.vira not in dealt
        everything = [*dealt, hand.vira, *hand.stock]
    else:
        assert hand.vira is None  # 2.1.2: no vira in Mineiro
        everything = [*dealt, *hand.stock]
    assert sorted(everything) == sorted(rules.deck())  # every card exactly once


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize(("players", "dealer"), [(2, 1), (2, 0), (4, 3), (4, 1), (6, 2)])
def test_deal_one_card_at_a_time_from_the_mao(variant: str, players: int, dealer: int) -> None:
    rules = rules_for(variant)
    deck = list(rules.deck())
    match = rules.new_match(players, dealer)
    rules.deal(match, NoShuffle())
    hand = match.hand
    assert hand is not None
    mao = (dealer + 1) % players
    assert hand.mano == mao and rules.to_act(match) == mao
    for i in range(3 * players):  # C2: P0 first, the dealer last, one card per round
        assert deck[i] in hand.cards[(mao + i) % players]
    if variant == "paulista":
        assert hand.vira == deck[3 * players]  # the top card of the rest is turned up


def play_out(rules: TrickRules, match: Match) -> None:
    """Finish the current hand playing the first card offered (or playing the eleven)."""
    while match.hand is not None and not match.hand.over:
        seat = rules.to_act(match)
        assert seat is not None
        legal = rules.legal(match, seat)
        move = next(a for a in legal if a.kind in (A.PLAY, A.ELEVEN_PLAY))
        rules.apply(match, seat, move)


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize(
    ("players", "rotation", "first", "dealers"),
    [
        (4, "with_play", 3, [0, 1, 2, 3]),
        (4, "against_play", 3, [2, 1, 0, 3]),
        (4, "with_play", 1, [2, 3, 0, 1]),
        (6, "with_play", 5, [0, 1, 2, 3]),
        (6, "against_play", 0, [5, 4, 3, 2]),
        (2, "with_play", 1, [0, 1, 0, 1]),
        (2, "against_play", 1, [0, 1, 0, 1]),  # C2: with two players the deal alternates
    ],
)
def test_dealer_rotation(variant: str, players: int, rotation: str, first: int,
                         dealers: list[int]) -> None:
    rules = rules_for(variant, {"deal_rotation": rotation})
    match = rules.new_match(players, first)
    rng = random.Random(5)
    rules.deal(match, rng)
    seen = []
    previous_mao = match.hand.mano if match.hand else None
    for _ in dealers:
        play_out(rules, match)
        assert match.winner is None
        rules.next_hand(match, rng)
        assert match.hand is not None
        seen.append(match.dealer)
        assert match.hand.dealer == match.dealer
        assert match.hand.mano == (match.dealer + 1) % players
        if rotation == "with_play":  # the mao of the hand just played deals next
            assert match.dealer == previous_mao
        previous_mao = match.hand.mano
    assert seen == dealers


def test_next_hand_refused_during_a_hand_and_after_the_game() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(2, 1, [11, 11])
    rules.start_hand(match, [cards("3C 2C KC"), cards("4D 5D 6D")], c("7S"))
    with pytest.raises(IllegalAction):
        rules.next_hand(match, random.Random(1))
    play_out(rules, match)  # the iron hand decides the game
    assert match.winner == 0 and match.score == [12, 11]
    with pytest.raises(IllegalAction):
        rules.next_hand(match, random.Random(1))


# ---------------------------------------------------------------- special hands (1.6, 2.3)
@pytest.mark.parametrize(
    ("variant", "score", "special"),
    [
        ("paulista", [11, 0], "eleven"), ("paulista", [3, 11], "eleven"),
        ("paulista", [11, 11], "iron"), ("paulista", [10, 10], None),
        ("paulista", [10, 9], None),
        ("mineiro", [10, 0], "eleven"), ("mineiro", [4, 10], "eleven"),
        ("mineiro", [10, 10], "iron"), ("mineiro", [8, 8], None),
    ],
)
def test_special_hand_detection(variant: str, score: list[int], special: str | None) -> None:
    rules = rules_for(variant)
    match = rules.new_match(4, 3, score)
    rules.deal(match, random.Random(3))
    assert match.hand is not None and match.hand.special == special
    seat = rules.to_act(match)
    assert seat is not None
    kinds = {a.kind for a in rules.legal(match, seat)}
    if special == "eleven":
        assert kinds == {A.ELEVEN_PLAY, A.ELEVEN_RUN}
    elif special == "iron":
        assert kinds == {A.PLAY}  # 1.6.2 / 2.3.2: no decision, no raise
    else:
        assert kinds == {A.PLAY, A.TRUCO}


# ---------------------------------------------------------------- events and their audiences
def admitted(event: E.Event, seat: int, players: int) -> bool:
    assert 0 <= seat < players
    return event.audience.admits(seat, seat % 2)  # C1: team = seat % 2


def card_codes_in(event: E.Event) -> set[Card]:
    found: set[Card] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)

    for field in dataclasses.fields(event):
        walk(getattr(event, field.name))
    return found


@pytest.mark.parametrize("players", [2, 4, 6])
def test_cards_dealt_only_to_their_seat(players: int) -> None:
    rules = rules_for("paulista")
    match = rules.new_match(players, players - 1)
    events = rules.deal(match, random.Random(11))
    dealt = [e for e in events if isinstance(e, E.CardsDealt)]
    assert sorted(e.seat for e in dealt) == list(range(players))
    assert match.hand is not None
    for event in dealt:
        assert event.cards == tuple(match.hand.cards[event.seat])
        for seat in range(players):
            assert admitted(event, seat, players) == (seat == event.seat)
    for event in events:  # nothing else shows a held card to anybody but its owner
        for seat in range(players):
            if admitted(event, seat, players):
                own = set(match.hand.cards[seat])
                assert card_codes_in(event) - own <= {match.hand.vira}


@pytest.mark.parametrize(
    ("variant", "players", "score", "team_seats"),
    [
        ("paulista", 4, [11, 5], [0, 2]),
        ("paulista", 4, [5, 11], [1, 3]),
        ("paulista", 6, [11, 0], [0, 2, 4]),
        ("mineiro", 4, [10, 2], [0, 2]),
        ("mineiro", 6, [0, 10], [1, 3, 5]),
    ],
)
def test_partner_cards_shown_only_to_the_deciding_team(
    variant: str, players: int, score: list[int], team_seats: list[int]
) -> None:
    rules = rules_for(variant)
    match = rules.new_match(players, players - 1, score)
    events = rules.deal(match, random.Random(4))
    assert match.hand is not None
    shown = [e for e in events if isinstance(e, E.PartnerCardsShown)]
    assert {(e.seat, e.partner) for e in shown} == {
        (s, p) for s in team_seats for p in team_seats if s != p
    }
    for event in shown:
        assert event.cards == tuple(match.hand.cards[event.partner])
        for seat in range(players):
            assert admitted(event, seat, players) == (seat == event.seat)


def test_no_partner_cards_with_two_players() -> None:
    rules = rules_for("paulista")
    match = rules.new_match(2, 1, [11, 3])
    events = rules.deal(match, random.Random(4))
    assert match.hand is not None and match.hand.special == "eleven"
    assert not [e for e in events if isinstance(e, E.PartnerCardsShown)]


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
def test_iron_hand_deals_blind(variant: str) -> None:
    rules = rules_for(variant)
    score = [11, 11] if variant == "paulista" else [10, 10]
    match = rules.new_match(4, 3, score)
    events = rules.deal(match, random.Random(9))
    dealt = [e for e in events if isinstance(e, E.CardsDealt)]
    assert len(dealt) == 4
    assert all(e.cards is None and e.count == 3 for e in dealt)
    assert not [e for e in events if isinstance(e, E.PartnerCardsShown)]


def test_covered_card_face_only_to_its_owner() -> None:
    rules = rules_for("paulista", {"covered_card": True})
    match = rules.new_match(4, 3)
    rules.start_hand(match, [cards("3C KH 5D"), cards("2S 4H QD"), cards("AS 7D JC"),
                             cards("4C JH KD")], c("5C"))
    for seat, code in [(0, "3C"), (1, "2S"), (2, "AS"), (3, "4C")]:
        rules.apply(match, seat, Action(A.PLAY, c(code)))
    events: list[E.Event] = []
    rules.apply(match, 0, Action(A.PLAY_HIDDEN, c("KH")), events)
    played = [e for e in events if isinstance(e, E.CardPlayed)]
    assert any(e.card is None and e.audience == E.PUBLIC for e in played)
    assert any(e.card == c("KH") and admitted(e, 0, 4) for e in played)
    for seat in (1, 2, 3):
        for event in events:
            if admitted(event, seat, 4):
                assert c("KH") not in card_codes_in(event)
    assert match.hand is not None and match.hand.table == [(0, None)]


# ---------------------------------------------------------------- illegal actions change nothing
def snapshot(match: Match) -> str:
    return json.dumps(dataclasses.asdict(match), sort_keys=True, default=str)


def states() -> Iterator[tuple[str, TrickRules, Match, int, Action]]:
    """(label, rules, match, seat, illegal action) in a variety of positions.

    Every case gets a match of its own: the list is built before any test runs."""
    hands = [cards("3C KH 5D"), cards("2S 4H QD"), cards("AS 7D JC"), cards("4C JH KD")]

    def fresh(variant: str = "paulista", score: tuple[int, int] = (0, 0),
              options: dict[str, Any] | None = None) -> tuple[TrickRules, Match]:
        rules = rules_for(variant, options or {})
        match = rules.new_match(4, 3, list(score))
        vira = c("5C") if variant == "paulista" else None
        rules.start_hand(match, [list(h) for h in hands], vira)
        return rules, match

    rules, match = fresh()
    yield "out of turn", rules, match, 1, Action(A.PLAY, c("2S"))
    yield "card not held", rules, match, 0, Action(A.PLAY, c("2S"))
    yield "accept nothing", rules, match, 1, Action(A.ACCEPT)
    yield "raise before truco", rules, match, 0, Action(A.RAISE)
    yield "eleven in ordinary hand", rules, match, 0, Action(A.ELEVEN_PLAY)
    yield "hidden when off", rules, match, 0, Action(A.PLAY_HIDDEN, c("3C"))
    rules, match = fresh()
    rules.apply(match, 0, Action(A.TRUCO))
    yield "caller's partner answers", rules, match, 2, Action(A.ACCEPT)
    yield "play while truco pending", rules, match, 1, Action(A.PLAY, c("2S"))
    rules, match = fresh()
    rules.apply(match, 0, Action(A.TRUCO))
    rules.apply(match, 1, Action(A.ACCEPT))
    yield "alternation", rules, match, 0, Action(A.RAISE)
    rules, match = fresh(score=(11, 4))
    yield "play before eleven decision", rules, match, 0, Action(A.PLAY, c("3C"))
    yield "partner decides", rules, match, 2, Action(A.ELEVEN_PLAY)
    rules, match = fresh(score=(11, 4))
    rules.apply(match, 0, Action(A.ELEVEN_PLAY))
    yield "truco in eleven", rules, match, 0, Action(A.TRUCO)
    rules, match = fresh("mineiro", score=(10, 10))
    yield "truco in iron", rules, match, 0, Action(A.TRUCO)
    rules, match = fresh(options={"covered_card": True})
    yield "hidden in trick one", rules, match, 0, Action(A.PLAY_HIDDEN, c("3C"))
    rules, match = fresh()
    rules.apply(match, 0, Action(A.TRUCO))
    rules.apply(match, 1, Action(A.RUN))
    yield "after the hand", rules, match, 0, Action(A.PLAY, c("3C"))


@pytest.mark.parametrize("case", list(states()), ids=lambda case: case[0])
def test_illegal_action_changes_nothing(case: tuple[str, TrickRules, Match, int, Action]) -> None:
    _, rules, match, seat, action = case
    assert action not in rules.legal(match, seat)
    before = snapshot(match)
    copy = match.copy()
    events: list[E.Event] = []
    with pytest.raises(IllegalAction):
        rules.apply(match, seat, action, events)
    assert snapshot(match) == before
    assert match == copy
    assert events == []


# ---------------------------------------------------------------- clean-deck input (2.1.5)
def scenario(variant: str, hands: list[list[str]], **extra: Any) -> str:
    doc = {"variant": variant, "players": 2, "dealer": 1, "score": [0, 0], "hands": hands,
           "actions": []} | extra
    return json.dumps(doc)


@pytest.mark.parametrize("removed", sorted(MINEIRO_REMOVED))
def test_mineiro_clean_refuses_removed_cards(removed: str) -> None:
    text = scenario("mineiro", [[removed, "QS", "KH"], ["3D", "2S", "AH"]],
                    options={"deck": "clean"})
    with pytest.raises(ScenarioError):
        load_scenario(text)
    load_scenario(scenario("mineiro", [[removed, "QS", "KH"], ["3D", "2S", "AH"]]))  # dirty: ok


def test_mineiro_clean_keeps_its_three_extra_manilhas() -> None:
    """2.1.5: the clean Mineiro deck keeps 4C, 7H and 7D, and they still rank as manilhas
    (4C > 7H > AS > 7D, above every 3): a hand played with them goes as 2.1.3 says."""
    rules = rules_for("mineiro", {"deck": "clean"})
    assert {"4C", "7H", "7D"} <= set(codes(rules))
    played = [(0, "7D"), (1, "AS"), (1, "3S"), (0, "7H"), (0, "4C"), (1, "2D")]
    result = referee(load_scenario(scenario(
        "mineiro", [["4C", "7H", "7D"], ["AS", "3S", "2D"]], options={"deck": "clean"},
        actions=[{"seat": s, "action": "play", "card": k} for s, k in played])))
    # AS beats 7D, the 7H beats the 3, the zap beats the 2: the holder of the three wins
    assert result["ok"] and result["tricks"] == [1, 0, 0] and result["hand_winner"] == 0


@pytest.mark.parametrize("removed", ["4C", "5H", "6S", "7D"])
def test_paulista_clean_refuses_low_cards(removed: str) -> None:
    text = scenario("paulista", [[removed, "QS", "KH"], ["3D", "2S", "AH"]], vira="JC",
                    options={"deck": "clean"})
    with pytest.raises(ScenarioError):
        load_scenario(text)
    with pytest.raises(ScenarioError):  # nor as the vira
        load_scenario(scenario("paulista", [["QS", "KH", "JD"], ["3D", "2S", "AH"]],
                               vira=removed, options={"deck": "clean"}))


# ---------------------------------------------------------------- whole games, random legal play
HAND_POINTS = {  # what one hand may give its winner (1.5.2, 1.6, 2.2.2, 2.3)
    "paulista": {1, 3, 6, 9, 12},
    "mineiro": {2, 4, 6, 10, 12},
}


@pytest.mark.parametrize("variant", ["paulista", "mineiro"])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize(
    "options",
    [{}, {"covered_card": True, "answer_by": "either"},
     {"all_tied": "none", "deck": "clean", "forbid_pointless_raise": True,
      "lead_after_tie": "same_leader", "deal_rotation": "against_play"}],
    ids=["defaults", "covered-either", "others"],
)
def test_random_games_keep_the_invariants(variant: str, players: int,
                                          options: dict[str, Any]) -> None:
    rules = rules_for(variant, options)
    special_at = 11 if variant == "paulista" else 10
    for seed in range(12):
        rng = random.Random(seed)
        match = rules.new_match(players, rng.randrange(players))
        rules.deal(match, rng)
        for _ in range(200):
            hand = match.hand
            assert hand is not None
            before = list(match.score)
            at = [s == special_at for s in before]
            expected_special = "iron" if all(at) else "eleven" if any(at) else None
            assert hand.special == expected_special
            while not hand.over:
                seat = rules.to_act(match)
                assert seat is not None
                legal = rules.legal(match, seat)
                assert legal, "the seat to act always has something to do"
                if hand.special is not None:
                    assert not {A.TRUCO, A.RAISE} & {a.kind for a in legal}
                if hand.special == "iron" or not hand.tricks:
                    assert A.PLAY_HIDDEN not in {a.kind for a in legal}
                rules.apply(match, seat, rng.choice(legal))
            gained = [after - b for after, b in zip(match.score, before, strict=True)]
            assert all(g >= 0 for g in gained) and sum(1 for g in gained if g) <= 1
            total = sum(gained)
            if total:
                if hand.special == "iron":  # the winner reaches the target (7.1.12)
                    assert max(match.score) == 12
                elif hand.reason == "eleven-run":
                    assert total == (1 if variant == "paulista" else 2)
                elif hand.special == "eleven":
                    assert total == (3 if variant == "paulista" else 4)
                else:
                    assert total in HAND_POINTS[variant]
            elif hand.special is None and options.get("all_tied") != "none":
                pytest.fail(f"an ordinary hand scored nothing: {hand.tricks}")
            if variant == "mineiro":
                assert all(s % 2 == 0 for s in match.score), match.score  # 2.2.3
            assert (match.winner is not None) == (max(match.score) >= 12)
            if match.winner is not None:
                assert match.score[match.winner] >= 12
                break
            rules.next_hand(match, rng)
        else:
            pytest.fail("a game of 200 hands")
