"""Argentine truco: what scenarios cannot show (options, events, hidden counts, state copies).

Random games of every seat count, with flor and the house rules, are played in
tests/rules/test_properties.py, with every invariant checked at every step."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest

from chatbot.i18n.reasons import explain
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.argentino import ArgentinoRules
from chatbot.rules.cards import Card, Family, parse_card, spanish_deck
from chatbot.rules.envido import envido_count, flor_count
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.registry import rules_for
from chatbot.rules.serialize import match_from_dict, match_to_dict
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view


def cards(*codes: str) -> list[Card]:
    return [parse_card(c, Family.SPANISH) for c in codes]


def start(rules: ArgentinoRules, hands: list[list[str]], dealer: int | None = None,
          score: list[int] | None = None) -> tuple[Match, list[E.Event]]:
    n = len(hands)
    match = rules.new_match(n, n - 1 if dealer is None else dealer, score)
    events = rules.start_hand(match, [cards(*h) for h in hands])
    return match, events


def act(rules: ArgentinoRules, match: Match, script: str) -> list[E.Event]:
    """Apply "0 envido; 1 accept; 0 play 7E" and return the events."""
    events: list[E.Event] = []
    for part in filter(None, (p.strip() for p in script.split(";"))):
        seat, kind, *card = part.split()
        rules.apply(match, int(seat), Action(kind, cards(*card)[0] if card else None), events)
    return events


H2 = [["7E", "6E", "4O"], ["5B", "4B", "12C"]]  # envido 33 vs 29


# ------------------------------------------------------------------ data, options
def test_ranking_is_that_of_3_2_1() -> None:
    rules = ArgentinoRules()
    order = [["1E"], ["1B"], ["7E"], ["7O"], ["3E", "3B", "3O", "3C"], ["2E", "2B", "2O", "2C"],
             ["1O", "1C"], ["12E", "12B", "12O", "12C"], ["11E", "11B", "11O", "11C"],
             ["10E", "10B", "10O", "10C"], ["7C", "7B"], ["6E", "6B", "6O", "6C"],
             ["5E", "5B", "5O", "5C"], ["4E", "4B", "4O", "4C"]]
    strength = rules.strength_table(None)
    groups = [{strength[c] for c in cards(*group)} for group in order]
    assert all(len(g) == 1 for g in groups), "equal cards must tie"
    values = [g.pop() for g in groups]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert sum(len(g) for g in order) == 40 == len(set(rules.deck())) == len(spanish_deck())


def test_options_and_defaults() -> None:
    rules = ArgentinoRules()
    assert rules.options == {
        "target": 30, "flor": "off", "falta": "leader_needs", "lead_after_parda": "same_leader",
        "answer_by": "next_opponent", "envido_first_after_playing": False,
        "mazo_penalty_first_trick": False, "prove_envido": False, "envido_immediate": False,
        "senas": "catch", "sena_catch": 20}
    assert ArgentinoRules({"target": 15}).target_score() == 15
    for bad in ({"target": 20}, {"flor": "yes"}, {"falta": "all"}, {"nonsense": True},
                {"senas": "always"}, {"sena_catch": 120}, {"sena_catch": "20"}):
        with pytest.raises(SetupError):
            ArgentinoRules(bad)
    with pytest.raises(SetupError):
        ArgentinoRules().new_match(3, 0)
    assert rules_for("argentino", {"flor": "basic"}).supported_actions() >= {A.FLOR}
    assert A.FLOR not in ArgentinoRules().supported_actions()
    assert A.CONTRAFLOR in ArgentinoRules({"flor": "contraflor"}).supported_actions()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal_caches_the_counts(players: int) -> None:
    rules = ArgentinoRules({"flor": "basic"})
    rng = random.Random(players)
    for _ in range(50):
        match = rules.new_match(players, rng.randrange(players))
        rules.deal(match, rng)
        hand = match.hand
        assert hand is not None
        dealt = [c for held in hand.cards for c in held]
        assert len(dealt) == len(set(dealt)) == 3 * players
        assert hand.x.envido_counts == tuple(envido_count(h) for h in hand.cards)
        assert hand.x.flor_counts == tuple(flor_count(h) for h in hand.cards)
        assert hand.x.owed == [s for s in range(players) if flor_count(hand.cards[s])]
        assert rules.to_act(match) == hand.mano == (hand.dealer + 1) % players


# ------------------------------------------------------------ hidden information
def test_counts_are_public_only_when_settled() -> None:
    rules = ArgentinoRules()
    match, dealt = start(rules, H2)
    assert all(isinstance(e, E.CardsDealt) and e.audience == E.to_seat(e.seat)
               for e in dealt if isinstance(e, E.CardsDealt))
    before = act(rules, match, "0 envido; 1 envido; 0 real-envido")
    assert not any(isinstance(e, E.CallScored) for e in before)
    assert all(e.value in (2, 4, 7) for e in before if isinstance(e, E.CallMade))
    settled = act(rules, match, "1 accept")
    scored = [e for e in settled if isinstance(e, E.CallScored)]
    assert scored == [E.CallScored(A.ENVIDO, 0, 7, 33)]
    assert scored[0].audience == E.PUBLIC
    assert rules.resolved_calls(match) == {"envido": {"winner": 0, "points": 7}}
    end = act(rules, match, "0 fold")
    assert not any(isinstance(e, E.CardsRevealed) for e in end)
    assert rules.visible_cards(match, 1) == {1: tuple(match.hand.cards[1])}


def test_prove_envido_shows_the_winners_cards_at_hand_end() -> None:
    rules = ArgentinoRules({"prove_envido": True})
    match, _ = start(rules, H2)
    middle = act(rules, match, "0 envido; 1 accept")
    assert not any(isinstance(e, E.CardsRevealed) for e in middle)
    end = act(rules, match, "0 play 4O; 1 fold")
    shown = [e for e in end if isinstance(e, E.CardsRevealed)]
    assert shown == [E.CardsRevealed(0, tuple(cards("7E", "6E")))]
    assert shown[0].audience == E.PUBLIC
    assert end.index(shown[0]) < next(i for i, e in enumerate(end) if isinstance(e, E.HandWon))


def test_no_quiero_shows_no_count() -> None:
    rules = ArgentinoRules({"prove_envido": True})
    match, _ = start(rules, H2)
    events = act(rules, match, "0 envido; 1 run; 0 fold")
    assert [e for e in events if isinstance(e, E.CallScored)] == [
        E.CallScored(A.ENVIDO, 0, 1, None)]
    assert not any(isinstance(e, E.CardsRevealed) for e in events)


def test_a_flor_cancels_a_settled_envido_with_an_event() -> None:
    rules = ArgentinoRules({"flor": "basic"})
    match, _ = start(rules, [["4E", "5O", "12O"], ["7C", "6C", "1B"], ["4B", "5B", "6B"],
                             ["10E", "11E", "3O"]])
    act(rules, match, "0 envido; 1 accept; 0 play 4E; 1 play 1B")
    assert rules.resolved_calls(match) == {"envido": {"winner": 1, "points": 2}}
    events = act(rules, match, "2 flor")
    assert E.CallScored(A.ENVIDO, None, 0) in events
    assert rules.resolved_calls(match) == {}
    events = act(rules, match, "2 play 4B; 3 play 3O")
    assert E.CallScored(A.FLOR, 0, 3, None) in events
    assert rules.resolved_calls(match) == {"flor": {"winner": 0, "points": 3}}


def test_contested_flor_shows_the_best_count() -> None:
    rules = ArgentinoRules({"flor": "contraflor"})
    match, _ = start(rules, [["1O", "2O", "4O"], ["5C", "6C", "7C"]])
    events = act(rules, match, "0 flor; 0 play 1O; 1 contraflor; 0 accept; 1 play 5C")
    assert E.CallScored(A.FLOR, 1, 6, 38) in events


def test_seat_view_shows_settled_calls_only() -> None:
    rules = ArgentinoRules()
    match, _ = start(rules, H2)
    act(rules, match, "0 truco; 1 envido")
    view = seat_view(rules, match, 0)
    assert view.pending_call == A.ENVIDO and view.calls == {}
    assert set(view.legal) == {Action(A.ACCEPT), Action(A.RUN), Action(A.FOLD),
                               Action(A.ENVIDO), Action(A.REAL_ENVIDO), Action(A.FALTA_ENVIDO)}
    act(rules, match, "0 accept")
    view = seat_view(rules, match, 1)
    assert view.pending_call == A.TRUCO and view.calls["envido"] == {"winner": 0, "points": 2}


# ----------------------------------------------------------------- state copies
def test_copy_is_independent_mid_call() -> None:
    rules = ArgentinoRules({"flor": "contraflor"})
    match, _ = start(rules, [["1O", "2O", "4O"], ["5C", "6C", "7C"]])
    act(rules, match, "0 flor; 0 truco; 1 contraflor")
    copy = match.copy()
    act(rules, copy, "0 accept; 1 accept; 0 play 1O; 1 play 5C")
    assert match.hand is not None and copy.hand is not None
    assert match.hand.pending is not None and match.hand.pending.call == A.CONTRAFLOR
    assert match.hand.x.contest == (A.CONTRAFLOR, 1) and match.hand.x.flor_done is None
    assert copy.hand.x.calls == {"flor": {"winner": 1, "points": 6}}


def test_serialised_match_plays_on_identically() -> None:
    rules = ArgentinoRules({"flor": "contraflor"})
    match, _ = start(rules, [["1O", "2O", "4O"], ["5C", "6C", "7C"]])
    act(rules, match, "0 flor; 0 truco; 1 contraflor")
    restored = match_from_dict(json.loads(json.dumps(match_to_dict(match))))
    rest = "0 accept; 1 raise; 0 accept; 0 play 1O; 1 play 5C; 0 play 2O; 1 play 6C"
    act(rules, match, rest)
    act(rules, restored, rest)
    assert match_to_dict(match) == match_to_dict(restored)
    assert restored.hand is not None and restored.hand.points == [3, 6]


def test_illegal_action_changes_nothing_and_is_explained() -> None:
    rules = ArgentinoRules({"flor": "basic"})
    match, _ = start(rules, [["4O", "5O", "6O"], ["1E", "2C", "3B"]])
    before = json.dumps(match_to_dict(match), sort_keys=True)
    for kind in (A.PLAY, A.TRUCO, A.ENVIDO, A.FOLD, A.CONTRAFLOR):
        card = cards("4O")[0] if kind == A.PLAY else None
        with pytest.raises(IllegalAction) as info:
            rules.apply(match, 0, Action(kind, card))
        assert info.value.reason in ("flor-first", "not-in-variant")
        assert "{" not in explain(info.value)
    assert json.dumps(match_to_dict(match), sort_keys=True) == before


# -------------------------------------------------------------------- options
def test_answer_by_either_lets_any_opponent_answer() -> None:
    rules = ArgentinoRules({"answer_by": "either"})
    match, _ = start(rules, [["4E", "5O", "6C"], ["1E", "1B", "3O"], ["2E", "2C", "12B"],
                             ["7C", "10E", "11O"]])
    act(rules, match, "0 truco")
    assert rules.to_act(match) == 1
    assert rules.legal(match, 3) == rules.legal(match, 1) != []
    assert rules.legal(match, 2) == []
    act(rules, match, "3 envido")  # el envido está primero from the other opponent
    assert rules.legal(match, 0) and rules.legal(match, 2) and not rules.legal(match, 1)
    act(rules, match, "2 accept")
    assert match.hand is not None and match.hand.pending is not None
    assert match.hand.pending.call == A.TRUCO


def test_decision_13_both_reach_the_target_by_flor_first() -> None:
    rules = ArgentinoRules({"flor": "basic"})
    match, _ = start(rules, [["1E", "1B", "4O"], ["5C", "6C", "7C"]], score=[29, 27])
    act(rules, match, "0 truco; 1 flor; 1 accept; 0 play 1E; 1 play 5C; 0 play 1B; 1 play 6C")
    assert match.score == [31, 30]
    assert match.winner == 1


# ------------------------------------------------------------- envido_immediate
IMMEDIATE = {"envido_immediate": True}


def test_immediate_envido_is_on_the_score_at_once_and_paid_once() -> None:
    rules = ArgentinoRules(IMMEDIATE)
    match, _ = start(rules, H2)
    events = act(rules, match, "0 envido; 1 accept")
    assert match.score == [2, 0] and match.winner is None
    assert rules.resolved_calls(match) == {"envido": {"winner": 0, "points": 2, "paid": True}}
    assert isinstance(events[-1], E.TurnStarted) and rules.to_act(match) == 0
    end = act(rules, match, "0 fold")
    assert match.score == [2, 1]
    assert match.hand is not None and match.hand.points == [2, 1]
    assert end[-1] == E.HandWon(1, (2, 1), (2, 1), "fold")


def test_immediate_refused_envido_is_paid_at_once() -> None:
    rules = ArgentinoRules(IMMEDIATE)
    match, _ = start(rules, H2)
    act(rules, match, "0 real-envido; 1 run")
    assert match.score == [1, 0]


def test_immediate_falta_ends_the_game_mid_hand() -> None:
    rules = ArgentinoRules({**IMMEDIATE, "prove_envido": True})
    match, _ = start(rules, H2, score=[20, 12])
    events = act(rules, match, "0 truco; 1 falta-envido; 0 accept")
    assert events[-4:] == [
        E.CallScored(A.ENVIDO, 0, 10, 33), E.CardsRevealed(0, tuple(cards("7E", "6E"))),
        E.HandWon(0, (10, 0), (30, 12), "envido"), E.GameWon(0, (30, 12))]
    assert match.score == [30, 12] and match.winner == 0
    hand = match.hand
    assert hand is not None and hand.over and hand.pending is None
    assert hand.x.suspended_truco is None
    assert (hand.winner, hand.reason, hand.points, hand.tricks) == (0, "envido", [10, 0], [])
    assert rules.to_act(match) is None and rules.legal(match, 0) == rules.legal(match, 1) == []
    with pytest.raises(IllegalAction) as info:
        rules.apply(match, 0, Action(A.PLAY, cards("7E")[0]))
    assert info.value.reason == "game-over"
    restored = match_from_dict(json.loads(json.dumps(match_to_dict(match))))
    assert match_to_dict(restored) == match_to_dict(match)


def test_immediate_refused_envido_by_fold_wins_before_the_fold_scores() -> None:
    """Off: the envido point and the fold's point are both paid; on: the envido point
    wins the game and the hand stops there."""
    later, at_once = ArgentinoRules(), ArgentinoRules(IMMEDIATE)
    for rules, score in ((later, [31, 0]), (at_once, [30, 0])):
        match, _ = start(rules, H2, score=[29, 0])
        events = act(rules, match, "0 envido; 1 fold")
        assert match.score == score and match.winner == 0
        assert sum(isinstance(e, E.HandWon) for e in events) == 1
        assert isinstance(events[-1], E.GameWon)


def test_immediate_flor_is_paid_after_trick_one_and_may_end_the_game() -> None:
    rules = ArgentinoRules({**IMMEDIATE, "flor": "basic"})
    match, _ = start(rules, [["1E", "1B", "4O"], ["5C", "6C", "7C"]], score=[10, 25])
    act(rules, match, "0 play 1E; 1 flor")
    assert match.score == [10, 25]  # the flor is scored when trick 1 is over
    act(rules, match, "1 play 5C")
    assert match.score == [10, 28] and match.winner is None
    assert rules.to_act(match) == 0
    match, _ = start(rules, [["1E", "1B", "4O"], ["5C", "6C", "7C"]], score=[10, 27])
    events = act(rules, match, "0 truco; 1 flor; 1 accept; 0 play 1E; 1 play 5C")
    assert [type(e) for e in events[-4:]] == [E.TrickWon, E.CallScored, E.HandWon, E.GameWon]
    assert match.score == [10, 30] and match.winner == 1
    hand = match.hand
    assert hand is not None and hand.over and hand.tricks == [0] and hand.reason == "flor"
    assert hand.points == [0, 3] and hand.stake == 2


def test_immediate_envido_waits_while_a_flor_may_void_it() -> None:
    """Decision 16 still holds: an envido settled before an owed flor is not paid at once."""
    rules = ArgentinoRules({**IMMEDIATE, "flor": "basic"})
    match, _ = start(rules, [["4E", "5O", "12O"], ["7C", "6C", "1B"], ["4B", "5B", "6B"],
                             ["10E", "11E", "3O"]])
    act(rules, match, "0 envido; 1 accept")
    assert match.score == [0, 0]
    assert rules.resolved_calls(match) == {"envido": {"winner": 1, "points": 2}}
    act(rules, match, "0 play 4E; 1 play 1B; 2 flor")
    assert rules.resolved_calls(match) == {} and match.score == [0, 0]
    act(rules, match, "2 play 4B; 3 play 3O")
    assert match.score == [3, 0]
    assert rules.resolved_calls(match) == {"flor": {"winner": 0, "points": 3, "paid": True}}


def test_immediate_envido_in_a_copy_or_a_bot_world_is_not_paid_twice() -> None:
    rules = ArgentinoRules(IMMEDIATE)
    match, _ = start(rules, H2)
    act(rules, match, "0 envido; 1 accept")
    copy = match.copy()
    act(rules, copy, "0 play 7E; 1 play 5B; 0 play 6E; 1 play 4B")
    assert copy.score == [3, 0] and match.score == [2, 0]
    assert seat_view(rules, match, 1).calls["envido"]["paid"] is True


def test_random_deals_do_not_repeat_the_mano() -> None:
    rules = ArgentinoRules()
    rng = random.Random(7)
    match = rules.new_match(4, 3)
    rules.deal(match, rng)
    manos = []
    for _ in range(8):
        assert match.hand is not None
        manos.append(match.hand.mano)
        act(rules, match, f"{match.hand.mano} fold")
        if match.winner is not None:
            break
        rules.next_hand(match, rng)
    assert all((b - a) % 4 == 1 for a, b in pairwise(manos))
