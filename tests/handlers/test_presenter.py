"""The presenter's choices that tests through Telegram only see indirectly."""

from __future__ import annotations

import random
from types import SimpleNamespace

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.telegram.presenter import (
    HAND_CALLS,
    HAND_EDITS,
    MAX_CARRIED,
    Presenter,
    hand_before,
    hand_end,
)
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.events import (
    CallAnswered,
    CallMade,
    CardPlayed,
    HandStarted,
    HandWon,
    TrickWon,
    TurnStarted,
)

SIX, SEVEN = Card(6, "C"), Card(7, "H")


def test_the_end_of_a_hand_is_carried_once() -> None:
    """A hand's last trick and result go atop the next hand, never two hands back."""
    first = [HandStarted(1, 0, None, None, 1), CardPlayed(0, SIX, 0), TrickWon(0, 0, 0),
             CardPlayed(1, SEVEN, 1), TurnStarted(0, "play"), TrickWon(1, 1, 1),
             HandWon(1, (0, 1), (0, 1), "tricks")]
    carried = hand_end(first)
    assert carried == [CardPlayed(1, SEVEN, 1), TrickWon(1, 1, 1), first[-1]]
    # the next hand ends by a run before any trick: only its own events travel on
    second = [*carried, HandStarted(2, 1, None, None, 1), CallMade(1, "truco", 3),
              CallAnswered(0, "truco", False), HandWon(1, (0, 1), (0, 2), "run")]
    assert hand_end(second) == second[-3:]
    assert hand_end(second[:-1]) == []  # not over: nothing to carry
    long = [HandStarted(3, 0, None, None, 1)] + [CardPlayed(0, SIX, 0)] * 9 + [second[-1]]
    assert len(hand_end(long)) == MAX_CARRIED


def test_a_restarted_presenter_rebuilds_the_hand_from_the_log() -> None:
    """After a restart the hand's message shows what it showed before: the end of the
    hand before, this hand's events up to the outcome being shown, nothing newer."""
    first = [HandStarted(1, 0, None, None, 1), CardPlayed(0, SIX, 0), TrickWon(0, 0, 0),
             HandWon(0, (1, 0), (1, 0), "tricks")]
    second = [HandStarted(2, 1, None, None, 1), CardPlayed(1, SEVEN, 0)]
    latest = [CallMade(0, "truco", 3)]
    newer = [CallAnswered(1, "truco", True)]  # saved by another update before the redraw
    logged = [*first, *second, *latest, *newer]
    assert hand_before(logged, latest) == [*hand_end(first), *second]
    assert hand_before([*first, *second, *latest], latest) == [*hand_end(first), *second]
    # the outcome deals the next hand: the hand it ends is what show() carries from
    dealt = [HandStarted(3, 0, None, None, 1)]
    assert hand_before([*logged, *dealt], dealt) == [*hand_end(first), *second, *latest,
                                                     *newer]
    assert hand_before([], latest) == []


class _Record:
    def __init__(self, chat_id: int) -> None:
        self.chat_id = chat_id


def test_only_a_groups_hand_in_play_spends_the_edit_budget() -> None:
    assert HAND_CALLS == 1 + HAND_EDITS + 1 <= 8  # a post, the edits, the end of the game
    group, private = _Record(-100), _Record(100)
    playing = Table("paulista", 2)
    for state, spends in (("hand_playing", True), ("hand_answering", True),
                          ("scoring", True), ("lobby", False), ("finished", False),
                          ("closed", False)):
        playing.state = state
        assert Presenter.budgeted(group, playing) is spends  # type: ignore[arg-type]
        assert Presenter.budgeted(private, playing) is False  # type: ignore[arg-type]


def test_a_game_won_mid_hand_shows_the_finished_message() -> None:
    """``envido_immediate`` ends a game mid-hand: the message is the finished one (its
    keyboard, the game's result, no turn), not a hand waiting for a player."""
    table = Table("argentino", 2)
    fire(table, "configure", "argentino", 2, {"envido_immediate": True})
    fire(table, "sit", 0, 100, "Ana")
    fire(table, "add_bot", 1, "Bot 1")
    fire(table, "start", rng=random.Random(3))
    match = table.match
    assert match is not None
    mano = table.rules.to_act(match)
    assert mano is not None
    match.score[table.team_of(mano)] = 29
    events = fire(table, "move", mano, Action(A.ENVIDO))
    events += fire(table, "move", 1 - mano, Action(A.RUN))
    stub = SimpleNamespace(keyboards=SimpleNamespace(finished=lambda *args: "finished"))
    record = SimpleNamespace(language="en", code="ABC", chat_id=-100)
    text, markup = Presenter.content(stub, record, table, events)  # type: ignore[arg-type]
    assert markup == "finished"
    assert "Game over" in text and "Waiting for" not in text
