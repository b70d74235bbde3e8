"""GameService.sena: a person's seña goes through the one path, is saved, and tells only
the partner (and an opponent who caught it); a refused one is typed and saves nothing."""

from __future__ import annotations

import random

import pytest

from chatbot.fsm.errors import Refused
from chatbot.handlers.service import GameService
from chatbot.rules.events import SenaCaught, SenaMade
from chatbot.rules.serialize import match_from_dict
from chatbot.storage.repository import Repository
from tests.dbfixtures import db_engine, migrated_db_url, repository

__all__ = ["db_engine", "migrated_db_url", "repository"]


@pytest.fixture(scope="session")
def db_backend() -> str:
    return "sqlite"


async def started(repository: Repository, **options: object) -> tuple[GameService, int]:
    service = GameService(repository, rng=random.Random(12))
    opened = await service.open_table(chat_id=-100190, creator_id=1900, creator_name="Ana",
                                      variant="mineiro", players=4, options=dict(options))
    table_id = opened.record.id
    await service.act(table_id, "sit", 1, 1901, "Bia")
    await service.act(table_id, "add_bot", 2, "Bot", "hard")
    await service.act(table_id, "add_bot", 3, "Bot 2", "normal")
    await service.act(table_id, "start")
    return service, table_id


async def test_a_sena_is_saved_and_told_to_the_team_only(repository: Repository) -> None:
    service, table_id = await started(repository, sena_catch=100)
    before = await service.load(table_id)
    assert before is not None
    outcome = await service.sena(table_id, 1900, "zap")
    made = [e for e in outcome.events if isinstance(e, SenaMade)]
    caught = [e for e in outcome.events if isinstance(e, SenaCaught)]
    assert [(e.seat, e.sena, e.audience.kind, e.audience.who) for e in made] == [
        (0, "zap", "team", 0)]
    assert sorted(e.catcher for e in caught) == [1, 3]
    assert outcome.record.turn_seq == before.turn_seq  # no button went stale
    stored = await repository.get_table(table_id)
    assert stored is not None
    match = match_from_dict(stored.game["match"])
    assert match.hand is not None and match.hand.x.senas == [[0, "zap", [1, 3]]]


async def test_refusals(repository: Repository) -> None:
    service, table_id = await started(repository, senas="on")
    await service.sena(table_id, 1901, "copas")
    with pytest.raises(Refused) as again:
        await service.sena(table_id, 1901, "copas")
    assert again.value.reason == "illegal"
    assert again.value.error.reason == "sena-repeated"
    with pytest.raises(Refused) as stranger:
        await service.sena(table_id, 4242, "zap")
    assert stranger.value.reason == "not-at-table"
    with pytest.raises(Refused) as unknown:
        await service.sena(table_id, 1901, "ancho_esp")
    assert unknown.value.error.reason == "sena-unknown"
