"""Table options chosen with the group lobby's buttons, then a real game under them.

People at the table cycle the target, flor, deck and turn time; the stored table,
the rules it plays and the turn deadlines follow. Somebody not seated, a button
drawn before another press and a lobby button after the start change nothing.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.i18n.levels import level_description
from chatbot.i18n.table_text import ALERTS
from chatbot.rules.cards import Card
from chatbot.rules.events import Event
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    decode_cards,
    eventually,
    table_of,
)
from tests.handlers.telegram_harness import LOBBY_DEFAULT_TURN, deps_of, running_bot


def snapshot(record: TableRecord) -> tuple[Any, ...]:
    """What a refused press must leave alone: not even the version."""
    return (record.version, record.turn_seq, record.state, record.game)


async def open_lobby(server: FakeTelegramServer, repo: Repository, command: str,
                     creator: FakeUser, *others: FakeUser) -> tuple[GroupGame, FakeMessage]:
    group = server.create_group("Truco", members=[creator, *others])
    await creator.send(group, command)
    lobby = await server.wait_until(lambda: group.last_bot_message(), what="the lobby")
    record = await eventually(lambda: repo.get_active_table(group.id), "the stored table")
    people = {u.id: u for u in (creator, *others)}
    return GroupGame(server, repo, group, people, record.id, record.code), lobby


def has_button(message: FakeMessage, label: str) -> bool:
    return any(b["text"] == label for b in message.buttons)


async def choose(server: FakeTelegramServer, user: FakeUser, lobby: FakeMessage, now: str,
                 then: str) -> None:
    """Press the button labelled ``now``; the lobby is redrawn with ``then``."""
    answer = await user.press_button(lobby, now)
    assert not answer.show_alert, answer.text
    await server.wait_until(lambda: has_button(lobby, then), what=f"{then!r} on the lobby")


async def refused_without_change(game: GroupGame, user: FakeUser, lobby: FakeMessage,
                                 data: str, alert: str) -> None:
    before = snapshot(await game.record())
    answer = await user.press(lobby, data, check=False)
    assert answer.show_alert and answer.text == alert
    assert snapshot(await game.record()) == before


def assert_turn_time(record: TableRecord, seconds: float, since: datetime) -> None:
    """The turn's deadline is ``seconds`` after a moment between ``since`` (read before
    the move that began the turn) and now: however long the steps between took."""
    assert record.turn_deadline is not None
    turn = timedelta(seconds=seconds)
    assert since + turn <= record.turn_deadline <= datetime.now(UTC) + turn


def flor_for_alice(table: Table) -> list[Event]:
    """An amendment: a new hand at 0 to 0 in which Alice, the mano, holds a flor of oros."""
    match = table.match
    assert match is not None
    match.score, match.dealer = [0, 0], 1
    hands = [[Card(1, "O"), Card(7, "O"), Card(5, "O")],
             [Card(4, "C"), Card(6, "B"), Card(12, "E")]]
    return table.rules.start_hand(match, hands)


async def test_argentine_target_flor_and_turn_time_from_the_lobby(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    async with running_bot(fake_telegram, migrated_db_url, LOBBY_DEFAULT_TURN) as app:
        game, lobby = await open_lobby(fake_telegram, repo, "/new argentino 2", alice, bob,
                                       carol)
        await bob.press_button(lobby, "Join team B")
        await fake_telegram.wait_until(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
        assert has_button(lobby, "Time per turn: 30 s")  # the service's default (the harness: 30 s)
        old_target = lobby.button("Points: 30")["callback_data"]

        await refused_without_change(game, carol, lobby, old_target, ALERTS["not-at-table"])
        await choose(fake_telegram, bob, lobby, "Points: 30", "Points: 15")
        # drawn before Bob's press: Alice is told what it is now, and it does not move again
        await refused_without_change(game, alice, lobby, old_target,
                                     "Someone else changed this option: it is now "
                                     "“Points: 15”.")
        await choose(fake_telegram, alice, lobby, "Flor: off", "Flor: on")
        await choose(fake_telegram, alice, lobby, "Time per turn: 30 s", "Time per turn: 60 s")
        await choose(fake_telegram, bob, lobby, "Time per turn: 60 s", "Time per turn: 90 s")
        await choose(fake_telegram, alice, lobby, "Envido: counted at the hand's end",
                     "Envido: counted at once")
        await choose(fake_telegram, alice, lobby, "Envido: counted at once",
                     "Envido: counted at the hand's end")
        assert ("Table options: game to 15 points, with flor, envido counted at the hand's "
                "end, 90 seconds a turn.") in (lobby.text or "")
        lobby_button = lobby.button("Points: 15")["callback_data"]

        started = datetime.now(UTC)
        await alice.press_button(lobby, "Start")
        await game.table_message()
        record = await game.human_turn()
        table = table_of(record)
        assert (table.options, table.turn_seconds) == ({"target": 15, "flor": "basic"}, 90)
        assert table.rules.target_score() == 15
        assert_turn_time(record, 90, since=started)  # the table's 90 s, not the default 30 s
        await refused_without_change(game, bob, lobby, lobby_button, ALERTS["game-started"])

        # flor is played: Alice, holding one, must announce it first
        deps = deps_of(app)
        amended = datetime.now(UTC)
        await deps.stage.after(await deps.service.amend(game.table_id, flor_for_alice))
        record = await game.human_turn()
        assert_turn_time(record, 90, since=amended)
        answer = await alice.inline_query_from(await game.table_message())
        assert [r["title"] for r in answer.results] == ["Flor!"]
        await alice.choose_inline(answer.results[0]["id"], answer=answer)
        await game.moved_past(record.turn_seq)

        final = await game.play_to_the_end(random.Random(5))
        assert final.state == "finished"
        match = table_of(final).match
        assert match is not None and 15 <= max(match.score) < 30
    log = await repo.list_events(game.table_id)
    assert any(e.kind == "CallMade" and e.payload.get("call") == "flor" for e in log)


async def test_changing_the_game_keeps_only_its_options_and_the_deck_is_dealt(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    async with running_bot(fake_telegram, migrated_db_url, LOBBY_DEFAULT_TURN):
        game, lobby = await open_lobby(fake_telegram, repo, "/new argentino 2", alice)
        await choose(fake_telegram, alice, lobby, "Points: 30", "Points: 15")
        await choose(fake_telegram, alice, lobby, "Time per turn: 30 s", "Time per turn: 60 s")
        # Le Truc has its own targets: the Argentine 15 does not follow; the turn time does
        await choose(fake_telegram, alice, lobby, "Game: Argentine Truco", "Game: Le Truc")
        assert has_button(lobby, "Points: 12") and has_button(lobby, "Time per turn: 60 s")
        table = table_of(await game.record())
        assert (table.options, table.turn_seconds) == ({}, 60)
        await choose(fake_telegram, alice, lobby, "Game: Le Truc", "Game: Put")
        await choose(fake_telegram, alice, lobby, "Game: Put", "Game: Truco Paulista")
        await choose(fake_telegram, alice, lobby, "Deck: dirty", "Deck: clean")
        await choose(fake_telegram, alice, lobby, "Game: Truco Paulista", "Game: Truco Mineiro")
        assert has_button(lobby, "Deck: clean")  # both Brazilian games know the clean deck
        await alice.press_button(lobby, "Add a bot")
        await fake_telegram.wait_until(lambda: "Bot 1" in (lobby.text or ""), what="the bot")
        started = datetime.now(UTC)
        await alice.press_button(lobby, "Start")

        record = await game.human_turn()
        table = table_of(record)
        assert (table.variant, table.options) == ("mineiro", {"deck": "clean"})
        assert_turn_time(record, 60, since=started)
        deck = set(table.rules.deck())
        assert len(deck) == 27
        final = await game.play_to_the_end(random.Random(11))
        assert final.state == "finished"
    played = [card for e in await repo.list_events(game.table_id) if e.kind == "CardPlayed"
              for card in decode_cards(e.payload["card"])]
    assert played and set(played) <= deck


async def test_a_bot_seat_gets_the_level_the_lobby_shows(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    async with running_bot(fake_telegram, migrated_db_url, LOBBY_DEFAULT_TURN):
        game, lobby = await open_lobby(fake_telegram, repo, "/new paulista 4", alice)
        assert has_button(lobby, "Bot: Normal")
        before = snapshot(await game.record())[1:]  # (the version follows message ids too)
        answer = await alice.press_button(lobby, "Bot: Normal")
        assert not answer.show_alert and answer.text == level_description("hard", "en")
        await fake_telegram.wait_until(lambda: has_button(lobby, "Bot: Hard"),
                                       what="the next level on the lobby")
        assert snapshot(await game.record())[1:] == before  # the keyboard changed, not the table
        await alice.press_button(lobby, "Add a bot")
        await fake_telegram.wait_until(lambda: "Bot 1" in (lobby.text or ""), what="the bot")
        await choose(fake_telegram, alice, lobby, "Bot: Normal", "Bot: Hard")
        await choose(fake_telegram, alice, lobby, "Bot: Hard", "Bot: Tight")
        await choose(fake_telegram, alice, lobby, "Bot: Tight", "Bot: Loose")
        await choose(fake_telegram, alice, lobby, "Bot: Loose", "Bot: Aggressive")
        await alice.press_button(lobby, "Add a bot")
        await fake_telegram.wait_until(lambda: "Bot 2" in (lobby.text or ""), what="a 2nd bot")
        table = table_of(await game.record())
        assert [s.bot_level for s in table.seats[1:3]] == ["hard", "aggressive"]
