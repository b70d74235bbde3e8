"""Tables: creation, look-ups, 64-bit ids, JSON, versioned saves, deadlines, closing."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.exc import StatementError

from chatbot.storage.codes import ALPHABET, LENGTH
from chatbot.storage.errors import ActiveTableExists, NotFound, StaleVersion
from chatbot.storage.records import SeatRecord, TableRecord
from chatbot.storage.repository import Repository

SUPERGROUP = -1001234567890
BIG_USER = 7_123_456_789  # user ids passed 2**32 in 2021
BIG_MESSAGE = 2**40 + 5


async def new_table(repo: Repository, chat_id: int = SUPERGROUP, **kwargs: Any) -> TableRecord:
    fields: dict[str, Any] = {
        "creator_id": BIG_USER,
        "variant": "paulista",
        "state": "lobby",
        "options": {"target": 12},
        "game": {},
    }
    fields.update(kwargs)
    return await repo.create_table(chat_id=chat_id, **fields)


async def test_create_starts_at_version_1_with_a_short_code(repository: Repository) -> None:
    table = await new_table(repository, language="pt")
    assert table.version == 1
    assert table.turn_seq == 0
    assert table.active
    assert table.turn_deadline is None
    assert len(table.code) == LENGTH
    assert set(table.code) <= set(ALPHABET)
    assert table.language == "pt"
    assert table.created_at.tzinfo is not None
    assert await repository.get_table(table.id) == table


async def test_64_bit_telegram_ids_round_trip(repository: Repository) -> None:
    table = await new_table(repository, chat_id=SUPERGROUP, message_id=BIG_MESSAGE)
    loaded = await repository.get_active_table(SUPERGROUP)
    assert loaded is not None
    assert (loaded.chat_id, loaded.creator_id, loaded.message_id) == (
        SUPERGROUP,
        BIG_USER,
        BIG_MESSAGE,
    )
    await repository.save_with_events(table, table.version, [],
                                      [SeatRecord(table.id, 0, "Ana", user_id=BIG_USER)])
    assert [s.user_id for s in await repository.get_seats(table.id)] == [BIG_USER]
    user = await repository.get_or_create_user(BIG_USER, "Ana")
    assert (await repository.get_user(BIG_USER)) == user
    chat = await repository.get_or_create_chat(SUPERGROUP)
    assert chat.id == SUPERGROUP


async def test_lookups_by_id_code_and_chat(repository: Repository) -> None:
    table = await new_table(repository)
    assert await repository.get_table_by_code(table.code) == table
    assert await repository.get_table_by_code(f"  {table.code.lower()} ") == table
    assert await repository.get_table_by_code("ZZZZZZZ") is None
    assert await repository.get_table(table.id + 1000) is None
    assert await repository.get_active_table(SUPERGROUP) == table
    assert await repository.get_active_table(-100999) is None


async def test_one_active_table_per_chat(repository: Repository) -> None:
    first = await new_table(repository)
    with pytest.raises(ActiveTableExists):
        await new_table(repository)
    other_chat = await new_table(repository, chat_id=SUPERGROUP - 1)
    assert other_chat.code != first.code

    closed = await repository.close_table(first.id)
    assert closed is not None
    assert not closed.active
    assert closed.version == first.version + 1
    assert await repository.get_active_table(SUPERGROUP) is None
    assert await repository.close_table(first.id) is None  # already closed
    second = await new_table(repository)
    assert await repository.get_active_table(SUPERGROUP) == second
    assert await repository.get_table(first.id) == closed  # history stays


async def test_racing_creates_in_one_chat_open_one_table(repository: Repository) -> None:
    results = await asyncio.gather(
        *(new_table(repository) for _ in range(5)), return_exceptions=True
    )
    created = [r for r in results if isinstance(r, TableRecord)]
    refused = [r for r in results if isinstance(r, ActiveTableExists)]
    assert len(created) == 1
    assert len(refused) == 4


async def test_save_writes_the_new_state_and_bumps_the_version(repository: Repository) -> None:
    table = await new_table(repository)
    deadline = datetime(2030, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
    changed = replace(
        table,
        state="playing.bidding",
        game={"hand": 1, "scores": [0, 3]},
        options={"target": 24},
        variant="mineiro",
        turn_seq=7,
        turn_deadline=deadline,
        message_id=BIG_MESSAGE,
        language="fa",
    )
    saved = await repository.save(changed, table.version)
    assert saved.version == 2
    assert saved.updated_at >= table.updated_at
    assert replace(saved, version=1, updated_at=table.updated_at) == changed
    assert await repository.get_table(table.id) == saved


async def test_save_never_changes_identity_columns(repository: Repository) -> None:
    table = await new_table(repository)
    forged = replace(table, chat_id=1, code="AAAAAA", creator_id=2)
    saved = await repository.save(forged, table.version)
    assert (saved.chat_id, saved.code, saved.creator_id) == (
        table.chat_id,
        table.code,
        table.creator_id,
    )


async def test_a_save_with_an_old_version_is_refused(repository: Repository) -> None:
    table = await new_table(repository)
    saved = await repository.save(replace(table, state="dealing"), table.version)
    with pytest.raises(StaleVersion) as refused:
        await repository.save(replace(table, state="stale"), table.version)
    assert (refused.value.expected, refused.value.actual) == (1, 2)
    assert await repository.get_table(table.id) == saved


async def test_saving_a_missing_table_is_not_found(repository: Repository) -> None:
    table = await new_table(repository)
    with pytest.raises(NotFound):
        await repository.save(replace(table, id=table.id + 1000), 1)


@pytest.mark.parametrize("racers", [2, 5])
async def test_concurrent_saves_exactly_one_wins(repository: Repository, racers: int) -> None:
    table = await new_table(repository)
    for _round in range(3):
        version = table.version
        results = await asyncio.gather(
            *(repository.save(replace(table, state=f"racer-{i}"), version) for i in range(racers)),
            return_exceptions=True,
        )
        winners = [r for r in results if isinstance(r, TableRecord)]
        losers = [r for r in results if isinstance(r, StaleVersion)]
        assert len(winners) == 1, results
        assert len(losers) == racers - 1, results
        assert winners[0].version == version + 1
        stored = await repository.get_table(table.id)
        assert stored == winners[0]
        table = winners[0]


async def test_closing_defeats_a_save_in_flight(repository: Repository) -> None:
    table = await new_table(repository)
    await repository.close_table(table.id)
    with pytest.raises(StaleVersion):
        await repository.save(replace(table, state="playing"), table.version)


TRICKY_GAME: dict[str, Any] = {
    "variant": "paulista",
    "hands": [["4C", "7H", "AS"], [], ["3D"]],
    "scores": {"0": 11, "1": 10},
    "vira": None,
    "blind": False,
    "iron": True,
    "stake": 1.5,
    "tiny": 1e-300,
    "quarter": -0.25,
    "big": 2**62 + 1,
    "bigger_than_js": 2**53 + 1,
    "negative": -(2**63),
    "text": 'Truco! ♥♠ ترکو বাংলা اردو \u2068Ana\u2069 "quoted" \\ back\nline\ttab',
    "emoji 🂡": "🂡🃁",
    "nested": {"deep": {"deeper": [{"a": [1, [2, [3, {"b": None}]]]}]}},
    "empty": {"list": [], "dict": {}, "string": ""},
}


async def test_the_game_dict_round_trips_exactly(repository: Repository) -> None:
    table = await new_table(repository, game=TRICKY_GAME)
    assert table.game == TRICKY_GAME
    saved = await repository.save(replace(table, game=dict(TRICKY_GAME, turn=2)), 1)
    loaded = await repository.get_table(table.id)
    assert loaded is not None
    assert loaded.game == dict(TRICKY_GAME, turn=2) == saved.game
    assert type(loaded.game["big"]) is int
    assert type(loaded.game["stake"]) is float


async def test_records_do_not_share_json_with_the_caller(repository: Repository) -> None:
    game: dict[str, Any] = {"hand": [1, 2]}
    table = await new_table(repository, game=game)
    game["hand"].append(3)
    table.game["hand"].append(4)
    loaded = await repository.get_table(table.id)
    assert loaded is not None
    assert loaded.game == {"hand": [1, 2]}


json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=16,
)
_chats = itertools.count(-1002000000000, -1)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(game=st.dictionaries(st.text(max_size=8), json_values, max_size=6))
async def test_any_json_game_round_trips(repository: Repository, game: dict[str, Any]) -> None:
    table = await new_table(repository, chat_id=next(_chats))
    await repository.save(replace(table, game=game), table.version)
    loaded = await repository.get_table(table.id)
    assert loaded is not None
    assert loaded.game == game


async def test_deadlines_come_back_aware_in_utc(repository: Repository) -> None:
    brasilia = timezone(timedelta(hours=-3))
    local = datetime(2030, 5, 6, 21, 30, 15, 250000, tzinfo=brasilia)
    table = await new_table(repository)
    saved = await repository.save(replace(table, turn_deadline=local), 1)
    assert saved.turn_deadline == local
    assert saved.turn_deadline is not None
    assert saved.turn_deadline.utcoffset() == timedelta(0)
    with pytest.raises(StatementError, match="aware datetime"):
        await repository.save(replace(saved, turn_deadline=datetime(2030, 1, 1)), 2)


async def test_pending_deadlines_for_rescheduling_timers(repository: Repository) -> None:
    now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
    later, soon, past = now + timedelta(minutes=5), now + timedelta(seconds=30), now - timedelta(1)
    a = await new_table(repository, chat_id=-1001)
    b = await new_table(repository, chat_id=-1002)
    c = await new_table(repository, chat_id=-1003)
    d = await new_table(repository, chat_id=-1004)  # no deadline
    e = await new_table(repository, chat_id=-1005)  # closed
    a = await repository.save(replace(a, turn_deadline=later, turn_seq=4), 1)
    b = await repository.save(replace(b, turn_deadline=soon, turn_seq=9), 1)
    c = await repository.save(replace(c, turn_deadline=past), 1)
    await repository.save(replace(e, turn_deadline=soon), 1)
    await repository.close_table(e.id)

    pending = await repository.pending_deadlines()
    assert [(p.table_id, p.deadline) for p in pending] == [
        (c.id, past),
        (b.id, soon),
        (a.id, later),
    ]
    assert (pending[1].chat_id, pending[1].turn_seq) == (-1002, 9)
    assert d.id not in {p.table_id for p in pending}
    due = await repository.pending_deadlines(before=now + timedelta(minutes=1))
    assert [p.table_id for p in due] == [c.id, b.id]


async def test_tables_of_user(repository: Repository) -> None:
    a = await new_table(repository, chat_id=-1001)
    b = await new_table(repository, chat_id=-1002)
    await new_table(repository, chat_id=-1003)
    await repository.save_with_events(a, a.version, [],
                                      [SeatRecord(a.id, 0, "Ana", user_id=BIG_USER)])
    b = await repository.save_with_events(b, b.version, [],
                                          [SeatRecord(b.id, 1, "Ana", user_id=BIG_USER),
                                           SeatRecord(b.id, 0, "Bia", user_id=42)])
    assert [t.id for t in await repository.tables_of_user(BIG_USER)] == [b.id, a.id]
    await repository.close_table(b.id)
    assert [t.id for t in await repository.tables_of_user(BIG_USER)] == [a.id]
    assert len(await repository.tables_of_user(BIG_USER, active_only=False)) == 2


async def test_a_group_upgraded_to_a_supergroup_takes_everything_along(
        repository: Repository) -> None:
    """Its open table (message forgotten, version bumped, so a save in flight fails),
    its closed tables, its settings row and its series move; told twice, the second
    time finds nothing; a new chat with a table of its own keeps it."""
    group, supergroup = -4_000_000_123, SUPERGROUP
    closed = await new_table(repository, chat_id=group)
    await repository.close_table(closed.id)
    table = await new_table(repository, chat_id=group, message_id=42)
    table = await repository.save(replace(table, paused_at=datetime(2026, 12, 6, tzinfo=UTC)),
                                  table.version)
    await repository.set_chat_language(group, "fa")
    await repository.record_series_win(group, [1], [2])
    await repository.record_series_win(supergroup, [1], [2])

    moved = await repository.move_chat(group, supergroup)
    assert moved is not None and moved.id == table.id
    assert (moved.chat_id, moved.message_id, moved.version) == (supergroup, None,
                                                                table.version + 1)
    assert moved.paused_at == table.paused_at and moved.game == table.game
    with pytest.raises(StaleVersion):
        await repository.save(table, table.version)
    assert await repository.get_active_table(group) is None
    assert await repository.get_active_table(supergroup) == moved
    old = await repository.get_table(closed.id)
    assert old is not None and old.chat_id == supergroup and not old.active
    chat = await repository.get_chat(supergroup)
    assert chat is not None and chat.language == "fa"
    assert await repository.get_chat(group) is None
    series = await repository.get_series(supergroup, [1], [2])
    assert series is not None and series.score([1], [2]) == (2, 0)
    assert await repository.get_series(group, [1], [2]) is None
    assert await repository.move_chat(group, supergroup) is None  # told twice

    other = await new_table(repository, chat_id=group - 1)
    assert await repository.move_chat(group - 1, supergroup) is None
    gone = await repository.get_table(other.id)
    assert gone is not None and not gone.active
    assert await repository.get_active_table(supergroup) == moved
