"""Worker deaths at ten moments of a game, one press handled by two workers at once,
and the ingress on a webhook: the processes of ``truco-bot ingress|worker``.

Every wait is for a condition with a generous guard (harness.WAIT); nothing here
depends on how fast the machine is.
"""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from redis.asyncio import Redis
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.cluster.harness import WAIT, Cluster, free_port
from tests.cluster.test_streams_and_worker import REDIS_URL, redis
from tests.handlers.group_helpers import (
    GroupGame,
    cards_first,
    eventually,
    open_group_table,
    table_of,
)

__all__ = ["redis"]  # the machine's Redis (no restart here): fails in CI if away


@pytest.fixture
async def cluster(fake_telegram: FakeTelegramServer, migrated_db_url: URL, redis: Redis,
                  tmp_path: Path) -> AsyncIterator[Cluster]:
    started = Cluster(fake_telegram, migrated_db_url, REDIS_URL, tmp_path)
    try:
        yield started
    except BaseException:
        print(started.logs())
        raise
    finally:
        await started.stop_all()
        keys = [k async for k in redis.scan_iter(f"{started.prefix}:*")]
        if keys:
            await redis.delete(*keys)


async def _holders(cluster: Cluster, redis: Redis, workers: int) -> dict[int, str] | None:
    """The lease holders once every partition is held by exactly ``workers`` live
    workers (a killed one's leases last until they expire)."""
    holders = await cluster.lease_holders(redis)
    alive = {process.pid for process in cluster.processes.values()}
    if (len(holders) == cluster.partitions and len(set(holders.values())) == workers
            and {_pid(h) for h in holders.values()} <= alive):
        return holders
    return None


def _pid(holder: str) -> int:
    return int(holder.rsplit("-", 1)[1])


async def _start_workers(cluster: Cluster, redis: Redis, names: list[str]) -> dict[int, str]:
    for name in names:
        await cluster.start(name, "worker")
    return await eventually(lambda: _holders(cluster, redis, len(cluster.processes) - 1),
                            "the workers sharing every partition", WAIT)


def _json_lines(cluster: Cluster) -> list[dict[str, Any]]:
    """Every worker's log lines; each must be one JSON object (TRUCO_LOG_FORMAT=json)."""
    lines = []
    for path in sorted(cluster.directory.glob("w*.log")):
        for line in path.read_text(errors="replace").splitlines():
            if line.strip():
                lines.append({**json.loads(line), "file": path.name})
    return lines


def _moment(record_game: dict[str, Any]) -> tuple[int, int, int, str]:
    """(hand, tricks done, cards on the table, phase) of a stored game."""
    table = Table.from_dict(record_game)
    match = table.match
    assert match is not None and match.hand is not None
    hand = match.hand
    return (match.hand_no, len(hand.tricks), len(hand.table), hand.phase)


async def test_a_game_goes_on_through_ten_worker_deaths_at_ten_moments(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, cluster: Cluster,
        redis: Redis) -> None:
    """SIGKILL the worker holding the game, ten times, each at another point of the
    game: right after a person's move with the bots' timers pending on the dead worker,
    and while a person has the inline list open. Each time a fresh worker joins, the
    game goes on where it was (nothing lost, nothing applied twice) and its timers fire.
    The people play calmly (a card, or accept). The bots' raises may still decide a
    game within ten moves of the people: the deaths then go on in the next game, in a
    fresh group (Telegram's shuffle and the bots' choices are not the test's to fix).
    The fresh worker is started right after the death, so that its start-up overlaps
    the takeover (lease expiry, timer sweep): the game goes on through the survivors or
    the newcomer, whichever takes the partition first."""
    server = fake_telegram
    repo = Repository(db_engine)
    rng = random.Random(1313)
    await cluster.start("ingress", "ingress", TRUCO_LOG_FORMAT="json")
    cluster_env = {"TRUCO_BOT_SECONDS": "0.5", "TRUCO_LOG_FORMAT": "json"}
    for number in range(3):
        await cluster.start(f"w{number}", "worker", **cluster_env)
    await eventually(lambda: _holders(cluster, redis, 3), "three workers", WAIT)

    alice, bob = FakeUser(server, 1001, "Alice"), FakeUser(server, 1002, "Bob")
    game = await open_group_table(server, repo, alice, bob)
    games = [game]
    moments: list[tuple[int, int, tuple[int, int, int, str], str]] = []
    killed: list[int] = []
    for death in range(10):
        record = await game.human_turn()
        if record.state in ("finished", "closed"):
            game = await open_group_table(server, repo, alice, bob)
            games.append(game)
            record = await game.human_turn()
        assert record.state not in ("finished", "closed")
        holders = await eventually(lambda: _holders(cluster, redis, 3), "three workers", WAIT)
        holder = _pid(holders[cluster.streams.partition_of(game.group.id)])
        victim = cluster.worker_of_pid(holder)
        assert victim is not None
        if death % 2 == 0:
            # right after a person's move: the bots' next moves are timers of the worker
            # that is killed, so another worker's sweep must fire them
            kind = "bot timers pending"
            moved = await game.play_one(rng, prefer=cards_first)
            await cluster.kill(victim)
            await cluster.start(f"w{3 + death}", "worker", **cluster_env)
            assert (await game.human_turn()).turn_seq >= moved.turn_seq
        else:
            # a person has the inline list open; the pick reaches the next worker
            kind = "inline list open"
            user, answer = await _open_list(game, record)
            await cluster.kill(victim)
            await cluster.start(f"w{3 + death}", "worker", **cluster_env)
            pick = cards_first(answer.results) or rng.choice(answer.results)
            await user.choose_inline(pick["id"], answer=answer)
            await game.moved_past(record.turn_seq)
        killed.append(holder)
        moments.append((game.table_id, record.turn_seq, _moment(record.game), kind))
    print("killed at", moments)
    for table_id in {m[0] for m in moments}:
        seqs = [seq for table, seq, _, _ in moments if table == table_id]
        assert seqs == sorted(set(seqs))  # different points of each game
    assert len({(m[0], *m[2][:2]) for m in moments}) > 1  # in several tricks or hands

    final = await game.play_to_the_end(rng)
    assert final.state == "finished"
    for played in games:
        rows = await repo.list_events(played.table_id)
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1))

    # the logs, one JSON object a line, follow the game across the dead workers
    lines = _json_lines(cluster)
    table_ids = {played.table_id for played in games}
    saved = [x for x in lines if x.get("table") in table_ids
             and str(x["message"]).startswith("saved ")]
    # several workers saved it, the dead among them (how many of the ten victims had
    # saved something before their death depends on when each took the game over, which
    # a loaded machine moves: a worker killed right after its takeover may have saved
    # nothing)
    savers = {x["pid"] for x in saved}
    assert len(savers) >= 2 and savers & set(killed)
    assert all(x["role"] == "worker" for x in lines)
    assert any("update" in x and x.get("chat") in {g.group.id for g in games} for x in saved)


async def _open_list(game: GroupGame, record: Any) -> tuple[FakeUser, Any]:
    """The person to act opens inline mode from the table message (not picking yet)."""
    _, user = game.to_act(record)
    answer = await user.inline_query_from(await game.table_message())
    return user, answer


def _press(server: FakeTelegramServer, user: FakeUser, message: FakeMessage,
           label: str) -> dict[str, Any]:
    """The update of a press on the button labelled ``label``, not yet delivered."""
    data = message.button(label)["callback_data"]
    return server.callback_update({"from": user.to_dict(),
                                   "chat_instance": message.chat.chat_instance,
                                   "data": data, "message": message.to_dict()})


def _keys_on_two_workers(cluster: Cluster, holders: dict[int, str],
                         chat: int) -> tuple[int, int]:
    """The group's key, and a key whose partition another worker holds."""
    mine = holders[cluster.streams.partition_of(chat)]
    other = next(k for k in range(1, 10_000)
                 if holders[cluster.streams.partition_of(k)] != mine)
    return chat, other


async def test_one_press_given_to_two_workers_at_once_is_applied_once(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, cluster: Cluster,
        redis: Redis) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    await cluster.start("ingress", "ingress")
    holders = await _start_workers(cluster, redis, ["w0", "w1", "w2"])
    alice, bob = FakeUser(server, 1001, "Alice"), FakeUser(server, 1002, "Bob")
    group = server.create_group("Truco", members=[alice, bob])
    await alice.send(group, "/new paulista")
    lobby = await server.wait_until(lambda: group.last_bot_message(), what="the lobby",
                                    timeout=WAIT)
    record = await eventually(lambda: repo.get_active_table(group.id), "the table", WAIT)
    game = GroupGame(server, repo, group, {alice.id: alice, bob.id: bob}, record.id,
                     record.code)
    first, second = _keys_on_two_workers(cluster, holders, group.id)
    assert _taken(table_of(record)) == 1

    # the same update twice (Telegram sent it again, or a worker died before its ack),
    # on two workers' streams at once: one bot more, not two
    shown = lobby.text
    again = _press(server, alice, lobby, "Add a bot")
    await cluster.streams.append(redis, [again, again], [first, second])
    await server.wait_callback_answer(again["callback_query"]["id"], WAIT)
    await _idle(cluster, redis)
    assert _taken(table_of(await game.record())) == 2
    # each next press uses the lobby as edited (its buttons carry the table's version)
    for user, label in ((bob, "Join team B"), (alice, "Add a bot")):
        await _edited(server, lobby, shown)
        shown = lobby.text
        answer = await user.press_button(lobby, label)
        assert not answer.show_alert, answer.text
    await eventually(lambda: _full(game), "four seats taken", WAIT)

    # two clicks of Start (two updates) on two workers at once: one game starts
    await _edited(server, lobby, shown)
    start_one, start_two = (_press(server, alice, lobby, "Start") for _ in range(2))
    await cluster.streams.append(redis, [start_one, start_two], [first, second])
    answers = [await server.wait_callback_answer(u["callback_query"]["id"], WAIT)
               for u in (start_one, start_two)]
    await _idle(cluster, redis)
    await game.table_message()
    rows = await repo.list_events(game.table_id)
    assert sum(row.kind == "HandStarted" for row in rows) == 1, [r.kind for r in rows]
    assert len(answers) == 2
    record = await game.record()
    assert record.state.startswith("hand_")


async def _edited(server: FakeTelegramServer, lobby: FakeMessage, shown: str | None) -> None:
    """The lobby's text changed since ``shown`` (the last press was drawn)."""
    await server.wait_until(lambda: lobby.text != shown, timeout=WAIT,
                            what="the lobby edited after the last press")


async def _full(game: GroupGame) -> bool | None:
    return _taken(table_of(await game.record())) == 4 or None


def _taken(table: Table) -> int:
    return sum(seat is not None for seat in table.seats)


async def _idle(cluster: Cluster, redis: Redis) -> None:
    """Every stream read, handled and acknowledged."""
    from chatbot.handlers.cluster.streams import GROUP

    async def probe() -> bool | None:
        for partition in range(cluster.partitions):
            stream = cluster.streams.stream(partition)
            pending = await redis.xpending(stream, GROUP)
            if pending["pending"] or await redis.xlen(stream):
                return None
        return True
    await eventually(probe, "every stream idle", WAIT)


async def test_the_ingress_on_a_webhook_feeds_the_workers(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, cluster: Cluster,
        redis: Redis) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    port = free_port()
    url = f"http://127.0.0.1:{port}/hook"
    await cluster.start("ingress", "ingress", TRUCO_WEBHOOK_URL=url,
                        TRUCO_WEBHOOK_PORT=str(port))
    await _start_workers(cluster, redis, ["w0", "w1"])
    await server.wait_until(lambda: server.webhook_url == url, what="the webhook set",
                            timeout=WAIT)
    alice, bob = FakeUser(server, 1001, "Alice"), FakeUser(server, 1002, "Bob")
    game = await open_group_table(server, repo, alice, bob)
    rng = random.Random(5)
    for _ in range(3):
        await _moves(game, rng)
    assert server.webhook_deliveries and all(
        status == 200 for _, status in server.webhook_deliveries)
    async with aiohttp.ClientSession() as session, \
            session.post(url, json={"update_id": 1}) as answer:  # forged: no secret
        assert answer.status == 403


async def _moves(game: GroupGame, rng: random.Random) -> None:
    record = await game.play_one(rng)
    assert record.active or record.state == "finished"
