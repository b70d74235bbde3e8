"""Flows are reused between triggers: nothing of one table or trigger leaks into the next,
and threads may fire at once."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.rules.actions import Action


def started(seed: int) -> Table:
    table = Table("paulista", 2)
    fire(table, "sit", 0, 1, "Ana")
    fire(table, "add_bot", 1, "Bot")
    fire(table, "start", rng=random.Random(seed))
    return table


def test_a_refusal_leaves_nothing_for_the_next_trigger() -> None:
    lobby = Table("paulista", 2)
    fire(lobby, "sit", 0, 1, "Ana")
    with pytest.raises(Refused) as refused:
        fire(lobby, "sit", 1, 1, "Ana")  # already seated
    assert refused.value.reason == "already-seated"
    events = fire(lobby, "add_bot", 1, "Bot")  # the same flow again: no stale refusal
    assert [type(e).__name__ for e in events] == ["PlayerSat"]
    assert lobby.state == "lobby"


def test_tables_in_different_states_take_turns_on_the_same_flows() -> None:
    playing, lobby = started(1), Table("paulista", 2)
    for _ in range(5):
        rules = playing.rules
        assert playing.match is not None
        seat = rules.to_act(playing.match)
        if seat is None:
            break
        before = playing.state
        fire(playing, "move", seat, rules.legal(playing.match, seat)[0], seq=playing.seq)
        assert before.startswith("hand")
        with pytest.raises(Refused):
            fire(lobby, "move", 0, Action("truco"))  # no moves in a lobby
        assert lobby.state == "lobby" and lobby.match is None


def test_threads_fire_at_once_on_their_own_flows() -> None:
    def game(seed: int) -> str:
        table = started(seed)
        rng = random.Random(seed)
        while table.state != "finished":
            if table.state == "scoring":
                fire(table, "next_hand", rng=rng)
                continue
            assert table.match is not None
            rules = table.rules
            seat = rules.to_act(table.match)
            assert seat is not None
            fire(table, "move", seat, rng.choice(rules.legal(table.match, seat)), seq=table.seq)
        return table.state

    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(game, range(8))) == ["finished"] * 8
