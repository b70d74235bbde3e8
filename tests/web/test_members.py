"""Only the members of a table's group may watch it on the web without a seat: asked of
Telegram (getChatMember through the bot) and kept a short while; anyone else gets 403
and a clear text, a practice table only its player."""

from __future__ import annotations

import random
from dataclasses import replace

import aiohttp
from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.group_minute import GroupMinute
from chatbot.handlers.telegram.lifecycle import running
from chatbot.handlers.web.members import Members
from chatbot.handlers.web.server import NOT_MEMBER, NOT_PLAYER, WebTable
from chatbot.i18n.translation import translate
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import open_group_table
from tests.handlers.telegram_harness import seeded_deals, settings_for
from tests.web.conftest import ANA, BIA, TOKEN, init_data
from tests.web.test_telegram_web import free_port


async def test_answers_are_kept_a_while_and_a_failure_is_not() -> None:
    asked: list[tuple[int, int]] = []
    answers = {7: True, 8: False, 9: None}
    now = [0.0]

    async def lookup(chat_id: int, user_id: int) -> bool | None:
        asked.append((chat_id, user_id))
        return answers[user_id]

    members = Members(lookup, ttl=60.0, clock=lambda: now[0])
    assert [await members.may_watch(-5, user) for user in (7, 8, 9)] == [True, False, False]
    now[0] = 59.0
    assert [await members.may_watch(-5, user) for user in (7, 8, 9)] == [True, False, False]
    assert asked == [(-5, 7), (-5, 8), (-5, 9), (-5, 9)]  # "cannot tell" is asked again
    now[0] = 61.0
    answers[7] = False  # Ana left the group: seen once the answer is a minute old
    assert await members.may_watch(-5, 7) is False
    # a practice table (a private chat): its own player only, Telegram never asked
    assert await members.may_watch(7, 7) and not await members.may_watch(7, 8)
    assert asked[-1] == (-5, 7)
    assert not await Members().may_watch(-5, 7)  # no bot behind it: nobody unseated


async def test_a_practice_table_is_its_players_alone(db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine), rng=random.Random(2))
    opened = await service.open_table(chat_id=ANA, creator_id=ANA, creator_name="Ana",
                                      variant="paulista", players=2)
    await service.act(opened.record.id, "add_bot", 1, "Bot 1", "hard")
    code = (await service.act(opened.record.id, "start")).record.code
    async with TestClient(TestServer(WebTable(service, TOKEN).application())) as client:
        mine = await client.post("/api/table", json={"code": code, "initData": init_data(ANA)})
        assert mine.status == 200
        for path in ("/api/table", "/api/stream"):
            other = await client.post(path, json={"code": code, "initData": init_data(BIA)})
            assert other.status == 403
            assert (await other.json())["error"] == translate(NOT_PLAYER, "en")


async def test_a_stranger_to_the_group_may_not_watch(fake_telegram: FakeTelegramServer,
                                                     db_engine: AsyncEngine,
                                                     migrated_db_url: URL) -> None:
    port = free_port()
    settings = replace(settings_for(fake_telegram, migrated_db_url),
                       webapp_url="https://bot.example.org/truco/table/", webapp_port=port)
    app = build_application(settings, rate_limiter=False,
                            group_minute=GroupMinute(limit=1_000_000), deals=seeded_deals())
    repo = Repository(db_engine)
    alice, bob = FakeUser(fake_telegram, 1001, "Alice"), FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    dave = FakeUser(fake_telegram, 1004, "Dave", language_code="pt-br")
    base = f"http://127.0.0.1:{port}"

    async def ask(user: FakeUser, path: str = "/api/table") -> tuple[int, dict[str, object]]:
        answer = await http.post(f"{base}{path}", json={
            "code": game.code,
            "initData": init_data(user.id, user.language_code or "en", token=settings.token)})
        return answer.status, await answer.json()

    async with running(app, settings), aiohttp.ClientSession() as http:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        carol.join(game.group)
        status, view = await ask(carol)  # a member of the group watches
        assert status == 200 and view["seat"] is None and view["hand"] is None
        for path in ("/api/table", "/api/stream", "/api/move"):  # a stranger does not
            status, refused = await ask(dave, path)
            assert (status, refused) == (403, {"error": translate(NOT_MEMBER, "pt_BR")})
        status, view = await ask(alice)  # a player is never asked about
        assert status == 200 and view["seat"] == 0
        asked = fake_telegram.calls_to("getChatMember", chat_id=game.group.id)
        assert {int(call.params["user_id"]) for call in asked} == {carol.id, dave.id}
        status, _ = await ask(carol)  # kept a while: Telegram is not asked again
        assert status == 200
        assert len(fake_telegram.calls_to("getChatMember", chat_id=game.group.id)) == len(asked)
