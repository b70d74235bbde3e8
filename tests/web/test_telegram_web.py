"""The web table inside the real bot: its server starts with the bot, a web move is shown
in the group like a press, and a move made in the chat reaches an open page."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from dataclasses import replace
from typing import Any

import aiohttp
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.handlers.telegram.lifecycle import running
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import cards_first, eventually, open_group_table, table_of
from tests.handlers.telegram_harness import seeded_deals, settings_for
from tests.web.conftest import init_data

GUARD = 120.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def next_view(response: aiohttp.ClientResponse) -> dict[str, Any]:
    while True:
        raw = await response.content.readline()
        assert raw, "the stream ended"
        line = raw.decode()
        if line.startswith("data: "):
            doc: dict[str, Any] = json.loads(line[6:])
            return doc


async def test_the_web_table_plays_along_with_the_group(fake_telegram: FakeTelegramServer,
                                                        db_engine: AsyncEngine,
                                                        migrated_db_url: URL) -> None:
    port = free_port()
    settings = replace(settings_for(fake_telegram, migrated_db_url),
                       webapp_url="https://bot.example.org/truco/table/",
                       webapp_name="table", webapp_port=port)
    sign = lambda user_id: init_data(user_id, token=settings.token)  # noqa: E731
    app = build_application(settings, rate_limiter=False,
                            group_minute=GroupMinute(limit=1_000_000), deals=seeded_deals())
    repo = Repository(db_engine)
    alice, bob = FakeUser(fake_telegram, 1001, "Alice"), FakeUser(fake_telegram, 1002, "Bob")
    base = f"http://127.0.0.1:{port}"
    async with running(app, settings), aiohttp.ClientSession() as http:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        message = await game.table_message()
        links = [b.get("url") for b in message.buttons if b.get("url")]
        bot_name = fake_telegram.bot_user["username"]
        assert links == [f"https://t.me/{bot_name}/table?startapp={game.code}"]

        # a page open for Alice hears of every move, whoever made it and however
        stream = await http.post(f"{base}/api/stream",
                                 json={"code": game.code, "initData": sign(alice.id)})
        assert stream.status == 200
        first = await asyncio.wait_for(next_view(stream), GUARD)

        # a person's move by touch: saved, shown, and the bots play on after it
        record = await game.human_turn()
        _, person = game.to_act(record)
        view = await (await http.post(f"{base}/api/table", json={
            "code": game.code, "initData": sign(person.id)})).json()
        assert view["seq"] == table_of(record).seq, view
        card = next((m for m in view["moves"] if m["card"]), view["moves"][0])
        answer = await http.post(f"{base}/api/move", json={
            "code": game.code, "initData": sign(person.id), "seq": view["seq"],
            "move": card["arg"]})
        assert answer.status == 200, await answer.text()
        await game.moved_past(record.turn_seq)
        seen = await asyncio.wait_for(next_view(stream), GUARD)
        assert seen["version"] > first["version"]

        # a move in the chat (inline mode) reaches the page too
        record = await game.human_turn()
        if record.state.startswith("hand_"):
            seen = await asyncio.wait_for(at_least(stream, seen, record.version), GUARD)
            await game.play_one(random.Random(3), prefer=cards_first)
            after = await asyncio.wait_for(at_least(stream, seen, record.version + 1), GUARD)
            assert after["seq"] > record.turn_seq
        stream.close()


async def at_least(stream: aiohttp.ClientResponse, seen: dict[str, Any],
                   version: int) -> dict[str, Any]:
    """The first view of at least ``version``: ``seen`` (the last one read) or a later one."""
    while seen["version"] < version:
        seen = await next_view(stream)
    return seen


EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup")


def private_edits(server: FakeTelegramServer, user: FakeUser, since: int) -> int:
    return sum(len(server.calls_to(method, chat_id=user.id, since=since)) for method in EDITS)


async def test_a_private_hand_message_waits_while_its_reader_is_on_the_web(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    port = free_port()
    settings = replace(settings_for(fake_telegram, migrated_db_url),
                       webapp_url="https://bot.example.org/truco/table/", webapp_port=port)
    app = build_application(settings, rate_limiter=False,
                            group_minute=GroupMinute(limit=1_000_000), deals=seeded_deals())
    repo = Repository(db_engine)
    alice, bob = FakeUser(fake_telegram, 1001, "Alice"), FakeUser(fake_telegram, 1002, "Bob")
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(5)
    async with running(app, settings), aiohttp.ClientSession() as http:
        mark = fake_telegram.mark()
        await alice.start()  # Alice follows her hands privately
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=mark)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=game.started_at)
        private = app.bot_data["deps"].private_hands
        web = app.bot_data["web"]
        stream = await http.post(f"{base}/api/stream", json={
            "code": game.code, "initData": init_data(alice.id, token=settings.token)})
        await asyncio.wait_for(next_view(stream), GUARD)
        assert web.watching(game.table_id, alice.id)
        await private.flush()
        opened = fake_telegram.mark()

        async def alices_turn() -> TableRecord:
            for _ in range(40):
                record = await game.human_turn()
                seat, _ = game.to_act(record) if record.state.startswith("hand_") else (0, None)
                if seat == 0 or not record.state.startswith("hand_"):
                    return record
                await game.play_one(rng, prefer=cards_first)
            raise AssertionError("Alice never had a turn")

        start = (await game.record()).turn_seq
        record = await alices_turn()
        if record.turn_seq == start:  # she leads: she plays from the page, then waits again
            view = await (await http.post(f"{base}/api/table", json={
                "code": game.code,
                "initData": init_data(alice.id, token=settings.token)})).json()
            answer = await http.post(f"{base}/api/move", json={
                "code": game.code, "initData": init_data(alice.id, token=settings.token),
                "seq": view["seq"], "move": view["moves"][0]["arg"]})
            assert answer.status == 200
            record = await alices_turn()
        assert record.turn_seq > start  # moves were made: each would have been worth an edit
        await private.flush()
        assert private_edits(fake_telegram, alice, opened) == 0  # the page showed it all
        # the page is closed: her next turn is edited into her private message again
        stream.close()
        await eventually(lambda: _false(web.watching(game.table_id, alice.id)),
                         "the web table to notice the page went away")
        if record.state.startswith("hand_"):
            await game.play_one(rng, prefer=cards_first)  # Alice, through inline mode
            record = await alices_turn()
            await fake_telegram.wait_until(
                lambda: private_edits(fake_telegram, alice, opened) > 0,
                what="Alice's private message edited again")


async def _false(value: bool) -> bool | None:
    return True if not value else None


async def test_a_hand_dealt_while_its_reader_is_on_the_web_posts_nothing_privately(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    port = free_port()
    settings = replace(settings_for(fake_telegram, migrated_db_url),
                       webapp_url="https://bot.example.org/truco/table/", webapp_port=port)
    app = build_application(settings, rate_limiter=False,
                            group_minute=GroupMinute(limit=1_000_000), deals=seeded_deals())
    repo = Repository(db_engine)
    alice, bob = FakeUser(fake_telegram, 1001, "Alice"), FakeUser(fake_telegram, 1002, "Bob")
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(9)
    async with running(app, settings), aiohttp.ClientSession() as http:
        mark = fake_telegram.mark()
        await alice.start()  # Alice follows her hands privately
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=mark)
        game = await open_group_table(fake_telegram, repo, alice, bob, start=False)
        web = app.bot_data["web"]
        stream = await http.post(f"{base}/api/stream", json={
            "code": game.code, "initData": init_data(alice.id, token=settings.token)})
        await asyncio.wait_for(next_view(stream), GUARD)
        assert web.watching(game.table_id, alice.id)
        dealt = fake_telegram.mark()
        lobby = game.group.last_bot_message()
        assert lobby is not None
        await alice.press_button(lobby, "Start")
        record = await game.human_turn()  # the hand is dealt and on its way
        private = app.bot_data["deps"].private_hands
        await private.flush()
        assert not fake_telegram.calls_to("sendMessage", chat_id=alice.id, since=dealt)
        # the page is closed: the next change posts her the hand so far
        stream.close()
        await eventually(lambda: _false(web.watching(game.table_id, alice.id)),
                         "the web table to notice the page went away")
        if record.state.startswith("hand_"):
            await game.play_one(rng, prefer=cards_first)
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=dealt)
