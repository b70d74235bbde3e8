"""A started 1 v 1 Paulista table of two people, served by the web table (whose
group, as Telegram would say, everyone asking belongs to)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
from aiohttp.test_utils import TestClient, TestServer
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.web.init_data import signed_init_data
from chatbot.handlers.web.members import Members
from chatbot.handlers.web.server import WebTable
from chatbot.storage import Repository
from tests.dbfixtures import db_engine, migrated_db_url

__all__ = ["db_engine", "migrated_db_url"]

TOKEN = "123456:web-table-token"
ANA, BIA, CAIO = 7001, 7002, 7003
GROUP = -1001


@pytest.fixture(scope="session")
def db_backend() -> str:
    """One backend is enough here: storage's own tests run both."""
    return "sqlite"


def init_data(user_id: int, language: str = "en", token: str = TOKEN,
              signed_at: datetime | None = None) -> str:
    user = {"id": user_id, "first_name": {ANA: "Ana", BIA: "Bia"}.get(user_id, "Caio"),
            "language_code": language}
    return signed_init_data(token, user, signed_at or datetime.now(UTC))


@dataclass
class Game:
    service: GameService
    web: WebTable
    client: TestClient
    table_id: int
    code: str
    shown: list[Outcome]


async def open_game(service: GameService, variant: str = "paulista") -> Outcome:
    opened = await service.open_table(chat_id=GROUP, creator_id=ANA, creator_name="Ana",
                                      variant=variant, players=2)
    table_id = opened.record.id
    await service.act(table_id, "sit", 1, BIA, "Bia")
    return await service.act(table_id, "start")


@pytest.fixture
async def game(db_engine: AsyncEngine) -> AsyncIterator[Game]:
    service = GameService(Repository(db_engine), rng=random.Random(11))
    started = await open_game(service)
    shown: list[Outcome] = []

    async def after(outcome: Outcome) -> None:  # the chat's presenter, in the bot
        shown.append(outcome)

    async def everyone(chat_id: int, user_id: int) -> bool:  # Telegram, in the bot
        return True

    web = WebTable(service, TOKEN, after, Members(everyone))
    client = TestClient(TestServer(web.application()))
    await client.start_server()
    try:
        yield Game(service, web, client, started.record.id, started.record.code, shown)
    finally:
        await client.close()


from tests.fakebotapi.fixtures import fake_telegram  # noqa: E402

__all__ += ["fake_telegram"]
