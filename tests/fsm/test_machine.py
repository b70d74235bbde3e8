"""The table's state machine: every transition, and every refused trigger."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable

import pytest

from chatbot.fsm import events as TE
from chatbot.fsm import machine
from chatbot.fsm.diagram import DOC, document
from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import TRANSITIONS, TableFlow, fire, triggers_now
from chatbot.fsm.table import Table
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.events import CardPlayed, GameWon, HandStarted


def full_table(variant: str = "paulista", players: int = 2, seed: int = 1) -> Table:
    table = Table(variant, players)
    fire(table, "sit", 0, 100, "Ana")
    for seat in range(1, players):
        fire(table, "add_bot", seat, f"Bot {seat}")
    fire(table, "start", rng=random.Random(seed))
    return table


def snapshot(table: Table) -> str:
    return json.dumps(table.to_dict(), sort_keys=True)


def refused(table: Table, trigger: str, *args: object, **kwargs: object) -> Refused:
    before = snapshot(table)
    with pytest.raises(Refused) as info:
        fire(table, trigger, *args, **kwargs)
    assert snapshot(table) == before, "a refused trigger changed the table"
    return info.value


def test_lobby_seats_and_start() -> None:
    table = Table("paulista", 4)
    assert table.state == "lobby"
    events = fire(table, "sit", 2, 7, "Bia")
    assert events == [TE.PlayerSat(2, "Bia", False)]
    assert refused(table, "sit", 2, 8, "Caio").reason == "seat-taken"
    assert refused(table, "sit", 1, 7, "Bia").reason == "already-seated"
    assert refused(table, "sit", 9, 8, "Caio").reason == "no-such-seat"
    assert refused(table, "start").reason == "table-not-full"
    assert table.seq == 1  # every lobby change moves the seq: older lobby keyboards show it
    fire(table, "stand", 7)
    assert table.seats[2] is None
    assert refused(table, "stand", 7).reason == "not-at-table"
    for seat in range(4):
        fire(table, "add_bot", seat, f"Bot {seat}")
    assert refused(table, "add_bot", 0, "again").reason == "seat-taken"
    assert table.seq == 6  # a refused change moves nothing
    events = fire(table, "start", rng=random.Random(5))
    assert table.state in {"hand_playing", "hand_deciding"}
    assert isinstance(events[0], TE.GameStarted)
    assert any(isinstance(e, HandStarted) for e in events)
    assert table.seq == 7


def test_configure_in_lobby_only() -> None:
    table = Table("paulista", 2)
    fire(table, "configure", "mineiro", 4, {"deck": "clean"})
    assert (table.variant, table.players, len(table.seats)) == ("mineiro", 4, 4)
    assert refused(table, "configure", "bisca", 2, {}).reason == "unknown-variant"
    assert refused(table, "configure", "mineiro", 3, {}).reason == "bad-player-count"
    assert refused(table, "configure", "mineiro", 2, {"deck": "tiny"}).reason == "bad-option"
    fire(table, "sit", 3, 1, "Ana")
    assert refused(table, "configure", "mineiro", 2, {}).reason == "seats-in-use"


def test_configure_sets_the_turn_time_and_keeps_it_when_not_given() -> None:
    table = Table("argentino", 2)
    assert table.turn_seconds is None  # the service's default
    fire(table, "configure", "argentino", 2, {"target": 15}, 90)
    assert (table.options, table.turn_seconds) == ({"target": 15}, 90)
    fire(table, "configure", "le-truc", 2, {})
    assert (table.variant, table.options, table.turn_seconds) == ("le-truc", {}, 90)
    for bad in (5, 601, 30.5, True, "60"):
        assert refused(table, "configure", "le-truc", 2, {}, bad).reason == "bad-option"


def test_turn_time_is_saved_and_old_tables_have_none() -> None:
    table = Table("paulista", 2, turn_seconds=120)
    saved = json.loads(json.dumps(table.to_dict()))
    assert Table.from_dict(saved).turn_seconds == 120
    del saved["turn_seconds"]  # stored before tables had their own turn time
    assert Table.from_dict(saved).turn_seconds is None


def test_lobby_triggers_refused_during_a_hand() -> None:
    table = full_table()
    for trigger, args in [("sit", (1, 5, "X")), ("add_bot", (1, "B")), ("stand", (100,)),
                          ("configure", ("mineiro", 2, {})), ("start", ()),
                          ("next_hand", ()), ("rematch", ())]:
        assert refused(table, trigger, *args).reason == "not-now"


def test_move_applies_and_bumps_the_sequence() -> None:
    table = full_table()
    match = table.match
    assert match is not None
    seat = table.rules.to_act(match)
    card = match.hand.cards[seat][0]
    seq = table.seq
    events = fire(table, "move", seat, Action(A.PLAY, card), seq=seq)
    assert table.seq == seq + 1
    assert CardPlayed(seat, card, 0) in events


def test_illegal_and_stale_moves_are_refused_and_change_nothing() -> None:
    table = full_table()
    match = table.match
    assert match is not None
    seat = table.rules.to_act(match)
    other = 1 - seat
    wrong = refused(table, "move", other, Action(A.PLAY, match.hand.cards[other][0]))
    assert wrong.reason == "illegal" and wrong.error.reason == "not-your-turn"
    card = match.hand.cards[seat][0]
    stale = refused(table, "move", seat, Action(A.PLAY, card), seq=table.seq - 1)
    assert stale.reason == "stale"
    not_held = refused(table, "move", seat, Action(A.PLAY, Card(3, "Z")))
    assert not_held.error.reason == "card-not-held"
    fire(table, "move", seat, Action(A.PLAY, card), seq=table.seq)
    # the same press again (a double click) is now stale
    assert refused(table, "move", seat, Action(A.PLAY, card), seq=table.seq - 1).reason == "stale"


def test_truco_goes_to_answering_and_back() -> None:
    table = full_table()
    match = table.match
    assert match is not None
    assert match.hand.special is None
    seat = table.rules.to_act(match)
    fire(table, "move", seat, Action(A.TRUCO))
    assert table.state == "hand_answering"
    fire(table, "move", 1 - seat, Action(A.ACCEPT))
    assert table.state == "hand_playing"
    assert match.hand.stake == 3


def test_run_ends_the_hand_then_next_hand_and_game_over() -> None:
    table = full_table(seed=2)
    rules, rng = table.rules, random.Random(9)
    seat = rules.to_act(table.match)
    fire(table, "move", seat, Action(A.TRUCO))
    fire(table, "move", 1 - seat, Action(A.RUN))
    assert table.state == "scoring"
    assert refused(table, "move", seat, Action(A.TRUCO)).reason == "not-now"
    dealer = table.match.dealer
    fire(table, "next_hand", rng=rng)
    assert table.match.dealer == 1 - dealer
    while table.state != "finished":
        if table.state == "scoring":
            fire(table, "next_hand", rng=rng)
            continue
        seat = rules.to_act(table.match)
        fire(table, "move", seat, rng.choice(rules.legal(table.match, seat)))
    assert table.match.winner is not None
    assert max(table.match.score) >= 12
    assert triggers_now(table) == ["rematch", "stop"]
    fire(table, "rematch", rng=rng)
    assert table.state.startswith("hand") and table.match.score == [0, 0]


def test_hand_of_eleven_is_a_decision_state() -> None:
    table = full_table(players=4)
    table.match.score = [11, 3]
    table.state = "scoring"
    table.match.hand.phase = "over"
    fire(table, "next_hand", rng=random.Random(1))
    assert table.state == "hand_deciding"
    decider = table.rules.to_act(table.match)
    assert decider % 2 == 0
    fire(table, "move", decider, Action(A.ELEVEN_PLAY))
    assert table.state == "hand_playing" and table.match.hand.stake == 3


def test_timeouts_hand_the_seat_to_a_bot_until_the_player_returns() -> None:
    table = full_table()
    rules = table.rules
    human = 0
    for _ in range(2):
        while rules.to_act(table.match) != human:
            seat = rules.to_act(table.match)
            fire(table, "move", seat, rules.legal(table.match, seat)[0])
            if table.state == "scoring":
                fire(table, "next_hand", rng=random.Random(3))
        action = rules.legal(table.match, human)[0]
        assert refused(table, "time_out", table.seq - 1, human, action).reason == "stale"
        events = fire(table, "time_out", table.seq, human, action)
        assert any(isinstance(e, TE.SeatTimedOut) for e in events)
        if table.state == "scoring":
            fire(table, "next_hand", rng=random.Random(4))
    assert table.seats[human].away
    assert refused(table, "come_back", 1).reason == "not-away"
    fire(table, "come_back", human)
    assert not table.seats[human].away and table.seats[human].timeouts == 0


def test_stop_closes_from_anywhere_and_nothing_after() -> None:
    table = full_table()
    fire(table, "stop")
    assert table.state == "closed"
    assert triggers_now(table) == []
    assert refused(table, "move", 0, Action(A.TRUCO)).reason == "not-now"


def _callbacks(triggers: set[str] | None = None) -> set[str]:
    """The TableFlow methods the machine calls by name (of these triggers, or of all)."""
    names: set[str] = set()
    for t in TRANSITIONS:
        if triggers is None or t["trigger"] in triggers:
            for key in ("prepare", "conditions", "unless", "before", "after"):
                value = t.get(key, [])
                names.update([value] if isinstance(value, str) else value)
    return names


def test_restore_from_saved_state_fires_no_callbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    table = full_table(players=4, seed=8)
    saved = json.loads(json.dumps(table.to_dict()))
    calls: list[str] = []

    def recording(name: str, method: Callable[..., object]) -> Callable[..., object]:
        def wrapper(self: TableFlow, *args: object, **kwargs: object) -> object:
            calls.append(name)
            return method(self, *args, **kwargs)
        return wrapper

    for name in _callbacks():
        monkeypatch.setattr(TableFlow, name, recording(name, getattr(TableFlow, name)))
    original = copy.deepcopy(table)
    restored = Table.from_dict(saved)
    with machine._FIRING:  # attach it to the machine, as every trigger first does
        machine._attached_flow(restored, None).release()
    assert calls == [], "restoring a table ran a callback"
    assert restored.to_dict() == table.to_dict()
    # the first trigger after it runs its own callbacks, and only those
    seat = restored.rules.to_act(restored.match)
    action = restored.rules.legal(restored.match, seat)[0]
    events = fire(restored, "move", seat, action)
    assert calls.count("apply_move") == 1
    assert set(calls) <= _callbacks({"move", "settle"})
    assert events == fire(original, "move", seat, action)
    assert restored.to_dict() == original.to_dict()


def test_diagram_document_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == document(), "run python -m chatbot.fsm.diagram"


def test_a_game_won_mid_hand_by_an_immediate_envido_is_finished() -> None:
    """``envido_immediate``: the refused envido's point wins at once; the table is finished."""
    table = Table("argentino", 2)
    fire(table, "configure", "argentino", 2, {"envido_immediate": True})
    fire(table, "sit", 0, 100, "Ana")
    fire(table, "add_bot", 1, "Bot 1")
    fire(table, "start", rng=random.Random(3))
    match = table.match
    mano = table.rules.to_act(match)
    match.score[table.team_of(mano)] = 29
    fire(table, "move", mano, Action(A.ENVIDO))
    events = fire(table, "move", 1 - mano, Action(A.RUN))
    assert table.state == "finished"
    assert match.winner == table.team_of(mano) and match.hand.tricks == []
    assert isinstance(events[-1], GameWon)
    assert triggers_now(table) == ["rematch", "stop"]
    assert refused(table, "move", mano, Action(A.TRUCO)).reason == "not-now"
