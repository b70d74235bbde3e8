"""Señas by touch: to the partner only, at any moment of the hand, as in the chat."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService
from chatbot.handlers.web.server import WebTable
from chatbot.storage import Repository
from tests.web.conftest import ANA, BIA, CAIO, GROUP, TOKEN, init_data

DANI = 7004
PEOPLE = {ANA: "Ana", BIA: "Bia", CAIO: "Caio", DANI: "Dani"}  # seats 0-3; 0 and 2 partners


@pytest.fixture
async def mineiro(db_engine: AsyncEngine) -> AsyncIterator[tuple[TestClient, str]]:
    service = GameService(Repository(db_engine), rng=random.Random(4))
    opened = await service.open_table(chat_id=GROUP, creator_id=ANA, creator_name="Ana",
                                      variant="mineiro", players=4,
                                      options={"senas": "on"})  # señas nobody catches
    for seat, (user, name) in enumerate(list(PEOPLE.items())[1:], start=1):
        await service.act(opened.record.id, "sit", seat, user, name)
    await service.act(opened.record.id, "start")
    client = TestClient(TestServer(WebTable(service, TOKEN).application()))
    await client.start_server()
    try:
        yield client, opened.record.code
    finally:
        await client.close()


async def view_of(client: TestClient, code: str, user: int) -> dict[str, Any]:
    response = await client.post("/api/table", json={"code": code, "initData": init_data(user)})
    doc: dict[str, Any] = await response.json()
    return doc


async def test_a_sena_reaches_the_partner_and_no_opponent(
        mineiro: tuple[TestClient, str]) -> None:
    client, code = mineiro
    before = {user: await view_of(client, code, user) for user in PEOPLE}
    offered = before[ANA]["senas"]
    assert offered, "Ana may signal at the start of a hand"
    sena = offered[0]
    answer = await client.post("/api/sena", json={
        "code": code, "initData": init_data(ANA), "sena": sena["name"],
        "hand": before[ANA]["hand_no"]})
    assert answer.status == 200, await answer.text()
    after = {user: await view_of(client, code, user) for user in PEOPLE}
    told = [line for line in after[CAIO]["lines"] if line not in before[CAIO]["lines"]]
    assert told, "the partner reads the seña"
    for opponent in (BIA, DANI):
        assert after[opponent]["lines"] == before[opponent]["lines"]
        assert after[opponent]["events"] == before[opponent]["events"]
    # a seña of a hand that is over, or a forged one, changes nothing
    for body, status in (({"sena": sena["name"], "hand": 99}, 409),
                         ({"sena": "no-such", "hand": before[ANA]["hand_no"]}, 409),
                         ({"sena": 3, "hand": "x"}, 400)):
        refused = await client.post("/api/sena", json={
            "code": code, "initData": init_data(ANA), **body})
        assert refused.status == status and (await refused.json())["error"]
    assert (await view_of(client, code, ANA))["version"] == after[ANA]["version"]
