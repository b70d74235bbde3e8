"""The private looks on the web table: "My cards" for every seated reader, and the hint
on the reader's own practice table only, each the chat's own words; neither changes the
table."""

from __future__ import annotations

import random
from typing import Any

from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.handlers.advice import hint_text
from chatbot.handlers.service import GameService
from chatbot.handlers.web.server import WebTable
from chatbot.i18n.table_text import alert, cards_alert
from chatbot.storage import Repository
from tests.web.conftest import ANA, BIA, CAIO, TOKEN, Game, init_data


async def post(client: TestClient, code: str, path: str,
               **body: Any) -> tuple[int, dict[str, Any]]:
    response = await client.post(path, json={"code": code, **body})
    return response.status, await response.json()


async def test_my_cards_says_the_readers_cards_and_a_group_game_has_no_hint(game: Game) -> None:
    record = await game.service.repo.get_table(game.table_id)
    assert record is not None
    table = Table.from_dict(record.game)
    for user, seat, language in ((ANA, 0, "en"), (BIA, 1, "pt-br")):
        status, view = await post(game.client, game.code, "/api/table",
                                  initData=init_data(user, language))
        assert status == 200 and view["cards"] and view["hint"] is None
        status, said = await post(game.client, game.code, "/api/cards",
                                  initData=init_data(user, language))
        assert status == 200 and said == {"said": cards_alert(table, seat, view["lang"]
                                                              .replace("-", "_"))}
        # against people the chat has no teacher, nor has the page
        status, refused = await post(game.client, game.code, "/api/hint",
                                     initData=init_data(user, language), seq=table.seq)
        assert status == 409 and refused["error"]
    status, view = await post(game.client, game.code, "/api/table", initData=init_data(CAIO))
    assert view["cards"] is None and view["hint"] is None
    status, refused = await post(game.client, game.code, "/api/cards", initData=init_data(CAIO))
    assert status == 409 and refused["error"] == alert("not-at-table", "en")
    after = await game.service.repo.get_table(game.table_id)
    assert after is not None and after.version == record.version


async def test_the_practice_table_offers_the_chats_hint(db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine), rng=random.Random(4))
    opened = await service.open_table(chat_id=ANA, creator_id=ANA, creator_name="Ana",
                                      variant="paulista", players=2)
    await service.act(opened.record.id, "add_bot", 1, "Bot 1", "hard")
    started = await service.act(opened.record.id, "start")
    table = started.table
    assert table.match is not None
    if table.rules.to_act(table.match) != 0:  # the bot leads: its move, as its timer would
        started = await service.run_timer(started.record.id, started.record.turn_seq) \
            or started
        table = started.table
    code, seq = started.record.code, table.seq
    async with TestClient(TestServer(WebTable(service, TOKEN).application())) as client:
        status, view = await post(client, code, "/api/table", initData=init_data(ANA))
        assert status == 200 and view["hint"] == "Hint" and view["seq"] == seq
        status, said = await post(client, code, "/api/hint", initData=init_data(ANA), seq=seq)
        assert status == 200 and said == {"said": await hint_text(table, 0, seq, "en")}
        # a hint for a turn gone by is refused, as the chat's stale button is
        status, refused = await post(client, code, "/api/hint", initData=init_data(ANA),
                                     seq=seq - 1)
        assert status == 409 and refused["error"] == alert("stale", "en")
        # someone else's practice table is not theirs to open (test_members.py)
        status, refused = await post(client, code, "/api/hint", initData=init_data(BIA),
                                     seq=seq)
        assert status == 403 and refused["error"]
        status, _ = await post(client, code, "/api/hint", initData=init_data(ANA), seq="1")
        assert status == 400
    record = await service.repo.get_table(started.record.id)
    assert record is not None and record.version == started.record.version
