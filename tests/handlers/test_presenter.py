"""The presenter's choices that tests through Telegram only see indirectly."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from types import SimpleNamespace

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.presenter import MAX_CARRIED, Presenter, hand_before, hand_end
from chatbot.handlers.telegram.screen import Act, Choice, Screen, Series, choose, series_wanted
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.events import (
    CallAnswered,
    CallMade,
    CardPlayed,
    Event,
    HandStarted,
    HandWon,
    TrickWon,
    TurnStarted,
)
from chatbot.storage import TableRecord

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


NOW = datetime(2026, 12, 2, tzinfo=UTC)


def record_of(table: Table, chat_id: int = -100, message_id: int | None = 7,
              version: int = 5) -> TableRecord:
    return TableRecord(id=1, chat_id=chat_id, code="ABC", variant=table.variant, options={},
                       state=table.state, game={}, version=version, turn_seq=table.seq,
                       turn_deadline=None, message_id=message_id, creator_id=100,
                       language="en", active=True, created_at=NOW, updated_at=NOW)


def people_playing() -> tuple[Table, list[Event]]:
    """A 2v2 Paulista hand of four people: whoever is to act is a person."""
    table = Table("paulista", 4)
    for seat in range(4):
        fire(table, "sit", seat, 100 + seat, f"P{seat}")
    events = fire(table, "start", rng=random.Random(2))
    return table, events


def played(table: Table) -> list[Event]:
    """One more move of the hand (no new hand starts)."""
    assert table.match is not None
    seat = table.rules.to_act(table.match)
    assert seat is not None
    card = next(a for a in table.rules.legal(table.match, seat) if a.card is not None)
    return fire(table, "move", seat, card, seq=table.seq)


def test_a_new_hand_or_a_table_without_a_message_posts() -> None:
    table, dealt = people_playing()
    first = Outcome(record_of(table, message_id=None), table, dealt, "start")
    assert choose(first, Screen(), pending=False, hand_edits=6).act is Act.POST
    # a new hand posts even where a message is on screen, and says the series
    shown = Screen(message_id=7, on=7, edits=3)
    assert choose(Outcome(record_of(table), table, dealt, "start"), shown, False, 6) == \
        Choice(Act.POST, series=Series.IF_PLAYED)
    moved = Outcome(record_of(table), table, played(table), "move")
    assert choose(moved, shown, False, 6).act is Act.EDIT
    assert choose(moved, Screen(), False, 6).act is Act.EDIT  # the stored message
    assert choose(Outcome(record_of(table, message_id=None), table, moved.events, "move"),
                  Screen(), False, 6).act is Act.POST  # the post had failed: post again


def test_a_hand_whose_deal_was_overtaken_still_gets_its_own_message() -> None:
    """The next hand's deal and a bot's first move in it are shown by two tasks; when
    the move is shown first (the deal, older, is then not drawn), the move posts."""
    table, _ = people_playing()
    assert table.match is not None
    moved = Outcome(record_of(table), table, played(table), "move")
    this_hand = Screen(message_id=7, on=7, hand=table.match.hand_no)
    assert choose(moved, this_hand, False, 6).act is Act.EDIT
    hand_before = Screen(message_id=7, on=7, hand=table.match.hand_no - 1)
    assert choose(moved, hand_before, False, 6).act is Act.POST
    assert choose(moved, Screen(message_id=7, on=7, hand=0), False, 6).act is Act.POST  # lobby
    assert choose(moved, Screen(message_id=7, on=7), False, 6).act is Act.EDIT  # unknown


def test_only_a_groups_hand_in_play_spends_the_edit_budget() -> None:
    """In a group a hand's message is edited ``hand_edits`` times at most, the last edit
    resting it, after which only an edit already waiting gets newer content; a private
    chat, the lobby and the end of the game are edited however many edits came before."""
    table, _ = people_playing()
    events = played(table)
    group = Outcome(record_of(table), table, events, "move")
    budget = 3
    seen = [choose(group, Screen(message_id=7, on=7, edits=n), False, budget) for n in range(5)]
    assert seen == [Choice(Act.EDIT, budgeted=True), Choice(Act.EDIT, budgeted=True),
                    Choice(Act.EDIT, budgeted=True, rests=True),
                    Choice(Act.SKIP), Choice(Act.SKIP)]
    waiting = choose(group, Screen(message_id=7, on=7, edits=budget), True, budget)
    assert waiting == Choice(Act.REFRESH, budgeted=True, rests=True)
    # the edits of the message before count nothing for the new one
    assert choose(group, Screen(message_id=8, on=7, edits=budget), False, budget) == \
        Choice(Act.EDIT, budgeted=True)

    private = Outcome(record_of(table, chat_id=100), table, events, "move")
    for edits in (0, budget, 50):
        assert choose(private, Screen(message_id=7, on=7, edits=edits), False, budget) == \
            Choice(Act.EDIT)
    lobby = Table("paulista", 2)
    fire(lobby, "sit", 0, 100, "Ana")
    in_lobby = Outcome(record_of(lobby), lobby, [], "sit")
    assert choose(in_lobby, Screen(message_id=7, on=7, edits=50), False, budget) == Choice(Act.EDIT)
    over = Table("paulista", 2)
    over.state = "finished"
    ended = Outcome(record_of(over), over, [], "move")
    assert choose(ended, Screen(message_id=7, on=7, edits=50), False, budget) == \
        Choice(Act.EDIT, series=Series.SHOW)


def test_moments_nobody_must_read_ride_on_a_waiting_edit_or_cost_nothing() -> None:
    """In a group, a bot's turn, a person who reads the hand privately, or the pause
    between hands is no reason for an edit of its own."""
    table = Table("paulista", 2)
    fire(table, "sit", 0, 100, "Ana")
    fire(table, "add_bot", 1, "Bot")
    fire(table, "start", rng=random.Random(2))
    assert table.match is not None
    if table.rules.to_act(table.match) == 0:  # let the bot be the one to act
        played(table)
    assert table.rules.to_act(table.match) == 1
    bots_turn = Outcome(record_of(table), table, [], "move")
    assert choose(bots_turn, Screen(message_id=7), False, 6).act is Act.SKIP
    assert choose(bots_turn, Screen(message_id=7), True, 6).act is Act.REFRESH
    people, _ = people_playing()
    assert people.match is not None
    to_act = people.rules.to_act(people.match)
    privately = Outcome(record_of(people), people, [], "move")
    assert choose(privately, Screen(message_id=7), False, 6,
                  reads_privately=lambda table_id, seat: seat == to_act).act is Act.SKIP
    people.state = "scoring"
    assert choose(privately, Screen(message_id=7), False, 6).act is Act.SKIP


def test_the_series_is_told_at_a_games_end_and_at_the_next_games_start() -> None:
    table, _ = people_playing()
    assert series_wanted(table, "start", new_game=True) is Series.IF_PLAYED
    assert series_wanted(table, "rematch", new_game=True) is Series.SHOW
    assert series_wanted(table, "move", new_game=False) is Series.NONE
    table.state = "finished"
    assert series_wanted(table, "move", new_game=False) is Series.SHOW


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
