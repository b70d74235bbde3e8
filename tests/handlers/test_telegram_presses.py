"""Presses that tell the truth (issue 32, part 6), end to end against the fake Bot API.

A lobby press made on a keyboard a moment old (someone else changed the lobby in
between) does what it says on the lobby as it stands when that still makes sense,
and otherwise says what changed; only a real double press of one button is told
it was done already. An inline move refused says why: not at this table, whose
turn it is, or too late when it was. Nothing a refused press names ever changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.payload import Payload, user_scope
from chatbot.handlers.telegram.keyboards import action_arg
from chatbot.i18n.table_text import ALERTS
from chatbot.rules.actions import Action
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser, InlineAnswer
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    eventually,
    fresh_deal_for_alice,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_races import said


def stored(record: TableRecord | None) -> tuple[Any, ...] | None:
    """What a refused press must leave as it was: not even the version moves."""
    if record is None:
        return None
    return (record.version, record.turn_seq, record.state, record.game, record.active)


def seated(record: TableRecord) -> list[str | None]:
    """Who sits where: a person's name, "bot", or None for a free seat."""
    return [None if s is None else "bot" if s.is_bot else s.name
            for s in table_of(record).seats]


async def press_old(user: FakeUser, lobby: FakeMessage, data: str) -> tuple[bool, str]:
    """Press a button the presser's client still shows, wherever the lobby is now."""
    answer = await user.press(lobby, data, check=False)
    return answer.show_alert, answer.text or ""


async def test_a_lobby_press_on_a_keyboard_a_moment_old_acts_or_says_what_changed(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    ana = FakeUser(server, 3001, "Ana")
    beto = FakeUser(server, 3002, "Beto")
    caio = FakeUser(server, 3003, "Caio")
    async with running_bot(server, migrated_db_url):
        group = server.create_group("Truco", members=[ana, beto, caio])
        lobby = await said(server, ana, group, "/new paulista 4")
        record = await eventually(lambda: repo.get_active_table(group.id), "the lobby")
        # the keyboard Ana (and everybody) sees before anyone joins
        old_bot = lobby.button("Add a bot")["callback_data"]
        old_game = lobby.button("Game: Truco Paulista")["callback_data"]
        old_start = lobby.button("Start")["callback_data"]

        # finding 10: Beto joins team B (the seat "Add a bot" was drawn for), and a moment
        # later Ana's "Add a bot" on the keyboard she still sees adds a bot all the same
        assert not (await beto.press_button(lobby, "Join team B")).show_alert
        joined = await eventually(
            lambda: _when(repo, record.id, lambda r: seated(r)[1] == "Beto"), "Beto seated")
        assert await press_old(ana, lobby, old_bot) == (False, "")
        now = await eventually(lambda: _when(repo, record.id, lambda r: "bot" in seated(r)),
                               "the bot Ana asked for")
        assert seated(now) == ["Ana", "Beto", "bot", None]
        assert now.turn_seq > joined.turn_seq

        # Beto changes the game; Ana's old "Game" button says what it is now, nothing moves
        assert not (await beto.press_button(lobby, "Game: Truco Paulista")).show_alert
        changed = await eventually(
            lambda: _when(repo, record.id, lambda r: r.variant != "paulista"), "a new game")
        assert changed.variant == "mineiro"
        before = stored(await repo.get_table(record.id))
        assert await press_old(ana, lobby, old_game) == (
            True, "Someone else changed this option: it is now “Game: Truco Mineiro”.")
        assert stored(await repo.get_table(record.id)) == before

        # Caio takes the last seat; Beto's old "Add a bot" (another person's press, not a
        # repeat) finds the table full, and Ana's own press once more is a repeat
        beto_bot = old_bot
        assert not (await caio.press_button(lobby, "Join team B")).show_alert
        full = await eventually(lambda: _when(repo, record.id, lambda r: None not in seated(r)),
                                "the table full")
        assert seated(full) == ["Ana", "Beto", "bot", "Caio"]  # team B: seats 1 and 3
        before = stored(full)
        assert await press_old(beto, lobby, beto_bot) == (True, ALERTS["no-free-seat"])
        assert await press_old(ana, lobby, old_bot) == (True, ALERTS["already-done"])
        assert stored(await repo.get_table(record.id)) == before

        # Ana starts on the keyboard of before anyone joined: the table is full, so it
        # starts; Beto's "Start" of the same old keyboard is told the game began
        assert await press_old(ana, lobby, old_start) == (False, "")
        playing = await eventually(
            lambda: _when(repo, record.id, lambda r: r.state.startswith("hand")), "the start")
        assert await press_old(beto, lobby, old_start) == (True, ALERTS["game-started"])
        assert await press_old(ana, lobby, old_start) == (True, ALERTS["already-done"])
        assert await press_old(caio, lobby, old_bot) == (True, ALERTS["game-started"])
        # nothing the presses could change moved (the bots may have played meanwhile: the
        # version is theirs to move, so it is not compared)
        after = await repo.get_table(record.id)
        assert after is not None and after.state.startswith("hand")
        assert (after.variant, after.options, after.game["seats"]) == (
            playing.variant, playing.options, playing.game["seats"])


async def test_a_real_double_press_is_done_once_and_told_so(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    ana = FakeUser(server, 3001, "Ana")
    beto = FakeUser(server, 3002, "Beto")
    async with running_bot(server, migrated_db_url):
        group = server.create_group("Truco", members=[ana, beto])
        lobby = await said(server, ana, group, "/new paulista 2")
        record = await eventually(lambda: repo.get_active_table(group.id), "the lobby")

        # a double click of an option: one step, and the second is told it was done
        deck = lobby.button("Deck: dirty")["callback_data"]
        answers = [await server.wait_callback_answer(q)
                   for q in (ana.click(lobby, deck), ana.click(lobby, deck))]
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["already-done"]]
        now = await repo.get_table(record.id)
        assert now is not None and now.options == {"deck": "clean"}

        # a double click of "Start": one game
        await beto.press_button(await _redrawn(server, lobby, "Deck: clean"), "Join team B")
        await eventually(lambda: _when(repo, record.id, lambda r: None not in seated(r)),
                         "the table full")
        await _redrawn(server, lobby, "Every seat is taken")
        start = lobby.button("Start")["callback_data"]
        answers = [await server.wait_callback_answer(q)
                   for q in (ana.click(lobby, start), ana.click(lobby, start))]
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["already-done"]]
        started = await eventually(
            lambda: _when(repo, record.id, lambda r: r.state.startswith("hand")), "the start")
        events = await repo.list_events(record.id)
        assert sum(e.kind == "GameStarted" for e in events) == 1

        # a double click of "Close the table" in a lobby of another group: closed once
        other = server.create_group("Other", members=[ana, beto])
        lobby = await said(server, ana, other, "/new mineiro 2")
        second = await eventually(lambda: repo.get_active_table(other.id), "a new lobby")
        close = lobby.button("Close the table")["callback_data"]
        answers = [await server.wait_callback_answer(q)
                   for q in (ana.click(lobby, close), ana.click(lobby, close))]
        # the second press is told it was done, or, when it comes after the close was
        # saved, that no table is open there: both true, and neither acts again
        first, repeat = sorted(a.text or "" for a in answers)
        assert first == "" and repeat in (ALERTS["already-done"], ALERTS["no-table"])
        closed = await repo.get_table(second.id)
        assert closed is not None and not closed.active
        assert started.active and (await repo.get_active_table(group.id)) is not None
        # someone else's press of it finds no table
        assert await press_old(beto, lobby, close) == (True, ALERTS["no-table"])


async def _when(repo: Repository, table_id: int, holds: Any) -> TableRecord | None:
    record = await repo.get_table(table_id)
    return record if record is not None and holds(record) else None


async def _redrawn(server: FakeTelegramServer, lobby: FakeMessage, shows: str) -> FakeMessage:
    """The lobby once its text or buttons show ``shows``."""
    await server.wait_until(
        lambda: shows in (lobby.text or "") or any(shows in b["text"] for b in lobby.buttons),
        what=f"the lobby showing {shows!r}")
    return lobby


async def test_an_inline_move_refused_says_why_and_only_a_late_one_is_too_late(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    carol = FakeUser(server, 1003, "Carol")
    async with running_bot(server, migrated_db_url) as app:
        deps = deps_of(app)
        game = await open_group_table(server, repo, alice, bob)
        carol.join(game.group)
        record = await fresh_deal_for_alice(game, deps)
        before = stored(record)
        answer = await alice.inline_query_from(await game.table_message())
        first, second = (r["id"] for r in answer.results[:2])

        async def post_of(user: FakeUser, result_id: str, shown: InlineAnswer) -> str:
            post = await user.choose_inline(result_id, answer=shown, chat=game.group)
            assert post is not None and post.text == "Alice: …"
            return await settled(server, post)

        # Carol, who is not at the table, replays Alice's result as her own choice
        assert await post_of(carol, first, answer) == (
            "You are not at this table. This move does not count.")
        # Bob replays it at Alice's turn; and a move of Bob's own, signed for him, made
        # for this very turn: neither is late, it is Alice's turn
        assert await post_of(bob, first, answer) == (
            "It is Alice's turn, not yours. This move does not count.")
        table = table_of(record)
        assert table.match is not None and table.match.hand is not None
        bobs = action_arg(Action("play", table.match.hand.cards[1][0]), table.rules.family)
        signed = deps.codec.encode(Payload(record.code, record.turn_seq, "move", bobs),
                                       user_scope(bob.id))
        his = replace(answer, user_id=bob.id, results=[{**answer.results[0], "id": signed}])
        assert await post_of(bob, signed, his) == (
            "It is Alice's turn, not yours. This move does not count.")
        assert stored(await game.record()) == before, "a refused choice changes nothing"

        # Alice's own move stands; her second pick of the same list came too late
        assert (await post_of(alice, first, answer)).startswith("Alice ")
        await game.moved_past(record.turn_seq)
        moved = stored(await game.record())
        assert await post_of(alice, second, answer) == "Too late: this move does not count."
        assert stored(await game.record()) == moved


async def settled(server: FakeTelegramServer, post: FakeMessage) -> str:
    """The post once the bot edited it (its text, or a photo's caption)."""
    await server.wait_until(lambda: post.edits > 0, what="the bot's edit of the post")
    return (post.caption if post.photo else post.text) or ""
