"""Commands answer what they were asked, refusals say the real reason (issue 14,
findings 9 and 10).

Junk arguments get a usage line and open nothing; /new after "Game over" opens
a new table; a double "Add a bot" adds one bot; "There is no free seat", "The
game has started: seats are fixed" and "You are not at this table" where they
are the reason.
"""

from __future__ import annotations

import random

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.i18n.table_text import ALERTS
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    cards_first,
    eventually,
    open_group_table,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot


async def said(server: FakeTelegramServer, user: FakeUser, chat: FakeChat,
               text: str) -> FakeMessage:
    """The bot's reply to ``text``: its next message in the chat that is not the running
    game's table (bots play on meanwhile, and a new table post may come first)."""
    mark = server.mark()
    await user.send(chat, text)
    call = await server.wait_for_call("sendMessage", chat_id=chat.id, since=mark,
                                      where=lambda c: "Score: " not in
                                      str(c.params.get("text", "")))
    return chat.message(call.result["message_id"])


async def test_junk_arguments_get_a_usage_line_and_open_nothing(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    async with running_bot(server, migrated_db_url):
        group = server.create_group("Truco", members=[alice])
        reply = await said(server, alice, group, "/new xyz")
        assert (reply.text or "").startswith("Usage: /new [game] [players]")
        assert "paulista, mineiro" in (reply.text or "")
        reply = await said(server, alice, group, "/new paulista 7")
        assert reply.text == "Truco Paulista is played by 2, 4, 6 players."
        reply = await said(server, alice, group, "/new 2 2")
        assert (reply.text or "").startswith("Usage: /new")
        assert await repo.get_active_table(group.id) is None
        for command in ("/stop now", "/score please", "/help me", "/leave 3"):
            reply = await said(server, alice, group, command)
            name = command.split()[0]
            expected = (ALERTS["no-table"] if name in ("/stop", "/leave")
                        else f"{name} takes no arguments: send just {name}.")
            assert reply.text == expected, command
        reply = await said(server, alice, group, "/new mineiro 2")
        assert "Truco Mineiro for 2 players" in (reply.text or "")
        reply = await said(server, alice, group, "/stop now")
        assert reply.text == "/stop takes no arguments: send just /stop."
        assert (await repo.get_active_table(group.id)) is not None


async def test_seats_refusals_say_the_real_reason_and_one_bot_per_double_press(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    carol = FakeUser(server, 1003, "Carol")
    async with running_bot(server, migrated_db_url):
        group = server.create_group("Truco", members=[alice, bob, carol])
        lobby = await said(server, alice, group, "/new paulista 4")
        record = await eventually(lambda: repo.get_active_table(group.id), "the lobby")

        # a double press of "Add a bot" while seats are free: one bot, one polite answer
        data = lobby.button("Add a bot")["callback_data"]
        first, second = alice.click(lobby, data), alice.click(lobby, data)
        answers = [await server.wait_callback_answer(q) for q in (first, second)]
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["already-done"]]
        seats = table_of(await repo.get_table(record.id)).seats  # type: ignore[arg-type]
        assert [s is not None and s.is_bot for s in seats] == [False, True, False, False]

        # Carol leaves a table she is not at; Bob joins; the table fills with a bot
        reply = await said(server, carol, group, "/leave")
        assert reply.text == ALERTS["not-at-table"]
        assert not (await bob.press_button(lobby, "Join team B")).show_alert
        await server.wait_until(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
        await server.wait_until(lambda: "2 seats are free" not in (lobby.text or ""),
                                what="the lobby redrawn")
        await alice.press_button(lobby, "Add a bot")
        await server.wait_until(lambda: "Every seat is taken" in (lobby.text or ""),
                                what="a full lobby")
        answer = await alice.press_button(lobby, "Add a bot")
        assert answer.show_alert and answer.text == ALERTS["no-free-seat"]
        answer = await carol.press_button(lobby, "Join team A")
        assert answer.show_alert and answer.text == ALERTS["no-free-seat"]

        # the game starts: seats are fixed, and outsiders are told they are not at it
        await alice.press_button(lobby, "Start")
        await eventually(lambda: _started(repo, group.id), "the game started")
        for command, expected in (("/join 5", "seats-fixed"), ("/join", "seats-fixed"),
                                  ("/leave", "not-at-table")):
            reply = await said(server, carol, group, command)
            assert reply.text == ALERTS[expected], command
        reply = await said(server, bob, group, "/join")
        assert reply.text == ALERTS["already-seated"]
        reply = await said(server, bob, group, "/leave")
        assert reply.text == ALERTS["seats-fixed"]


async def _started(repo: Repository, chat_id: int) -> bool:
    record = await repo.get_active_table(chat_id)
    return record is not None and record.state.startswith("hand")


async def test_new_after_game_over_opens_a_new_table(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    async with running_bot(server, migrated_db_url) as app:
        deps = deps_of(app)
        game = await open_group_table(server, repo, alice, bob)
        await game.human_turn()
        outcome = await deps.service.amend(game.table_id, special_hand([11, 10], 3, 1))
        await deps.stage.after(outcome)
        final = await game.play_to_the_end(random.Random(3), prefer=cards_first)
        assert final.state == "finished" and final.active
        await server.wait_until(lambda: any("Rematch" in b["text"] for m in
                                            game.group.bot_messages() for b in m.buttons),
                                what="Game over with its Rematch button")

        reply = await said(server, bob, game.group, "/new mineiro 2")
        assert "Truco Mineiro for 2 players" in (reply.text or "")
        new = await repo.get_active_table(game.group.id)
        assert new is not None and new.id != game.table_id and new.state == "lobby"
        assert not (await game.record()).active


async def test_leave_frees_a_lobby_seat_and_stop_closes_for_its_creator_only(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    """/leave and /stop through the running bot, as the table actions judge them: a
    lobby seat is freed and its lobby redrawn; a second /leave is "not at the table";
    /stop of a player who did not open the table is refused and the creator's closes
    it, after which there is no table."""
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    async with running_bot(server, migrated_db_url):
        group = server.create_group("Truco", members=[alice, bob])
        lobby = await said(server, alice, group, "/new paulista 4")
        record = await eventually(lambda: repo.get_active_table(group.id), "the lobby")
        await bob.send(group, "/join")
        await server.wait_until(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
        await bob.send(group, "/leave")
        await server.wait_until(lambda: "Bob" not in (lobby.text or ""), what="Bob gone")
        stored = await repo.get_table(record.id)
        assert stored is not None and table_of(stored).seat_of(bob.id) is None
        reply = await said(server, bob, group, "/leave")
        assert reply.text == ALERTS["not-at-table"]

        reply = await said(server, bob, group, "/stop")
        assert reply.text == ALERTS["only-creator"]
        assert await repo.get_active_table(group.id) is not None
        await alice.send(group, "/stop")
        await eventually(lambda: _closed(repo, group.id), "the table closed")
        reply = await said(server, alice, group, "/stop")
        assert reply.text == ALERTS["no-table"]


async def _closed(repo: Repository, chat_id: int) -> bool:
    return await repo.get_active_table(chat_id) is None
