"""Series: the running score of the same two teams in a chat."""

from __future__ import annotations

import asyncio

import pytest

from chatbot.storage.records import series_key
from chatbot.storage.repository import Repository

CHAT = -1001234567890
ANA, BIA, CAIO, DUDA = 7_000_000_001, 7_000_000_002, 7_000_000_003, 7_000_000_004


def test_series_key_ignores_seat_order_and_side() -> None:
    key, first = series_key([BIA, ANA], [DUDA, CAIO])
    assert key == f"{ANA},{BIA}|{CAIO},{DUDA}"
    assert first
    assert series_key([CAIO, DUDA], [ANA, BIA]) == (key, False)
    assert series_key([ANA], [None]) == (f"{ANA}|bot", True)
    with pytest.raises(ValueError):
        series_key([], [ANA])


async def test_series_wins_accumulate_for_the_right_team(repository: Repository) -> None:
    team, other = [ANA, BIA], [CAIO, DUDA]
    assert await repository.get_series(CHAT, team, other) is None
    first = await repository.record_series_win(CHAT, team, other)
    assert first.score(team, other) == (1, 0)
    await repository.record_series_win(CHAT, list(reversed(other)), team)
    third = await repository.record_series_win(CHAT, [BIA, ANA], other)
    assert third.score(team, other) == (2, 1)
    assert third.score(other, team) == (1, 2)
    assert await repository.get_series(CHAT, other, team) == third
    with pytest.raises(ValueError):
        third.score([ANA], [CAIO])


async def test_series_are_per_chat_and_per_pairing(repository: Repository) -> None:
    await repository.record_series_win(CHAT, [ANA], [BIA])
    await repository.record_series_win(CHAT - 1, [ANA], [BIA])
    await repository.record_series_win(CHAT, [ANA], [None])
    mine = await repository.get_series(CHAT, [ANA], [BIA])
    assert mine is not None
    assert mine.score([ANA], [BIA]) == (1, 0)
    against_bot = await repository.get_series(CHAT, [None], [ANA])
    assert against_bot is not None
    assert against_bot.score([ANA], [None]) == (1, 0)


async def test_concurrent_series_wins_add_up(repository: Repository) -> None:
    await asyncio.gather(
        *(repository.record_series_win(CHAT, [ANA], [BIA]) for _ in range(4)),
        *(repository.record_series_win(CHAT, [BIA], [ANA]) for _ in range(3)),
    )
    series = await repository.get_series(CHAT, [ANA], [BIA])
    assert series is not None
    assert series.score([ANA], [BIA]) == (4, 3)
