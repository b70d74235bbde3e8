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


async def test_bots_signal_once_a_hand_before_the_first_bot_move(
        repository: Repository) -> None:
    """The first timer of a hand makes every bot's señas (from the mano round), then the
    bot's move; the partner bot decided with them; the next timers make no more."""
    service = GameService(repository, rng=random.Random(4))
    opened = await service.open_table(chat_id=-100191, creator_id=1910, creator_name="Ana",
                                      variant="paulista", players=4,
                                      options={"sena_catch": 50})
    table_id = opened.record.id
    for seat, level in ((1, "hard"), (2, "normal"), (3, "hard")):
        await service.act(table_id, "add_bot", seat, f"Bot {seat}", level)
    await service.act(table_id, "start")
    made: list[SenaMade] = []
    caught: list[SenaCaught] = []
    for _ in range(12):  # timers until a hand's end; Ana's turns time out
        record = await service.load(table_id)
        assert record is not None
        if record.state == "scoring":
            break
        outcome = await service.run_timer(table_id, record.turn_seq)
        assert outcome is not None
        now = [e for e in outcome.events if isinstance(e, SenaMade)]
        if now:  # saved with the move of the timer that made them
            assert outcome.trigger in ("move", "time_out")
        made += now
        caught += [e for e in outcome.events if isinstance(e, SenaCaught)]
    signallers = {e.seat for e in made}
    assert signallers == {1, 2, 3}  # every bot, Ana (a person) never
    per_seat = {s: [e.sena for e in made if e.seat == s] for s in signallers}
    assert all(1 <= len(names) <= 2 for names in per_seat.values())  # once a hand
    for event in made:
        assert event.audience.kind == "team" and event.audience.who == event.seat % 2
    for event in caught:
        assert event.audience.kind == "seat" and event.catcher % 2 != event.seat % 2
    stored = await repository.get_table(table_id)
    assert stored is not None
    match = match_from_dict(stored.game["match"])
    assert match.hand is not None
    assert [(s, n) for s, n, _ in match.hand.x.senas] == [(e.seat, e.sena) for e in made]
