"""Presses that tell the truth (issue 32, part 6), end to end against the fake Bot API.

A lobby press made on a keyboard a moment old (someone else changed the lobby in
between) does what it says on the lobby as it stands when that still makes sense,
and otherwise says what changed; only a real double press of one button is told
it was done already. Nothing a refused press names ever changes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.i18n.table_text import ALERTS
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import eventually, table_of
from tests.handlers.telegram_harness import running_bot
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
        after = await repo.get_table(record.id)
        assert after is not None and (after.version, after.game["seats"]) == (
            playing.version, playing.game["seats"])


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
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["already-done"]]
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
