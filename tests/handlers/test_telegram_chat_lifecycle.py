"""A group's life around its table, end to end against the fake Bot API.

A basic group upgraded to a supergroup mid-hand keeps its table: the bot follows
the upgrade (from the service messages, or only from the 400 its next call gets),
moves the table and what is stored under the group's id, posts the table afresh in
the supergroup, and the game finishes there with nothing more sent to the old id.
A group that removes the bot pauses its table (its deadline fired: nothing played,
nothing posted; inline mode says so; a restart keeps it paused); added back within
a day the game goes on to its end; not added back, it closes a day later with its
score. Deadlines are fired by hand, on the service's clock moved forward: no test
waits for real time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram.ext import Application

from chatbot.fsm.table import Table
from chatbot.handlers.service import PAUSED_FOR
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeChat, FakeTelegramServer, FakeUser
from chatbot.testing.fakebotapi.errors import UPGRADED
from tests.handlers.group_helpers import (
    GroupGame,
    eventually,
    open_group_table,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot

PAUSED = "This table is paused: the bot is no longer in its group."


def people(server: FakeTelegramServer) -> tuple[FakeUser, FakeUser]:
    return FakeUser(server, 1001, "Alice"), FakeUser(server, 1002, "Bob")


async def settled(app: Application) -> None:
    """Every edit and private message the bot still had to send, sent."""
    deps = deps_of(app)
    await deps.presenter.editor.flush()
    assert deps.private_hands is not None
    await deps.private_hands.flush()


async def quiet(apps: list[Application], game: GroupGame) -> TableRecord:
    """The table as stored, once a bot (of ``apps``: several workers) has shown that game
    and sent what it asked: nothing is on its way to the chat when the test changes it."""
    record = await game.record()

    async def shown() -> bool:
        presenters = [deps_of(app).presenter for app in apps]
        return any((screen := p.screen(record.id)) is not None and screen.latest is not None
                   and screen.latest[0].game == record.game and not p.showing(record.id)
                   for p in presenters)
    await eventually(shown, f"turn {record.turn_seq} of the table shown")
    for app in apps:
        await settled(app)
    return record


async def in_chat(game: GroupGame, chat: FakeChat) -> TableRecord:
    """The table once it moved to ``chat`` and its fresh message is posted there."""
    async def probe() -> TableRecord | None:
        record = await game.record()
        return record if record.chat_id == chat.id and record.message_id is not None \
            else None
    return await eventually(probe, f"the table posted in chat {chat.id}")


def teams(table: Table) -> tuple[list[int | None], list[int | None]]:
    sides: dict[int, list[int | None]] = {}
    for seat, info in enumerate(table.seats):
        assert info is not None
        sides.setdefault(table.team_of(seat), []).append(info.user_id)
    return sides[0], sides[1]


def calls_to(server: FakeTelegramServer, chat: FakeChat, since: int) -> list[object]:
    return [c for c in server.calls[since:] if str(c.chat_id) == str(chat.id)]


async def test_a_group_upgraded_mid_hand_plays_on_in_the_supergroup(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    repo = Repository(db_engine)
    alice, bob = people(fake_telegram)
    rng = random.Random(5)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob, chat_type="group")
        old = game.group
        for _ in range(3):
            await game.play_one(rng)
        await game.human_turn()
        before = await quiet([app], game)
        assert before.state.startswith("hand_")
        side_a, side_b = teams(table_of(before))
        await repo.record_series_win(old.id, side_a, side_b)  # a game won before
        await repo.set_chat_language(old.id, "en")

        mark = fake_telegram.mark()
        new = alice.upgrade_group(old)  # both service messages
        record = await in_chat(game, new)
        await fake_telegram.wait_updates_delivered()
        await deps_of(app).presenter.editor.flush()
        await app.bot_data["lifecycle"].flush()
        assert record.turn_seq == before.turn_seq and record.game == before.game
        assert len(fake_telegram.calls_to("sendMessage", chat_id=new.id, since=mark)) == 1
        posted = new.message(record.message_id)  # type: ignore[arg-type]
        assert any("switch_inline_query_current_chat" in b for b in posted.buttons)
        series = await repo.get_series(new.id, side_a, side_b)
        assert series is not None and series.wins == (1, 0)
        assert await repo.get_series(old.id, side_a, side_b) is None
        chat = await repo.get_chat(new.id)
        assert chat is not None and chat.language == "en"
        assert await repo.get_chat(old.id) is None

        game.group = new
        final = await game.play_to_the_end(rng)
        assert final.state == "finished" and final.chat_id == new.id
        over = new.message(final.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(lambda: "Game over" in (over.text or ""),
                                       what="the game over in the supergroup")
        await settled(app)
        assert calls_to(fake_telegram, old, mark) == []  # nothing to the old id
        series = await repo.get_series(new.id, side_a, side_b)
        assert series is not None and sum(series.wins) == 2


async def test_the_bot_learns_of_an_upgrade_from_a_refused_call(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    """No service message: the 400 "upgraded" (with the new id) of the next edit is the
    news, and the table follows it at once."""
    repo = Repository(db_engine)
    alice, bob = people(fake_telegram)
    rng = random.Random(6)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob, chat_type="group")
        old = game.group
        await game.human_turn()
        message = await game.table_message()
        before = await quiet([app], game)

        mark = fake_telegram.mark()
        new = alice.upgrade_group(old, notify=False)
        assert fake_telegram.pending_updates == []
        _, user = game.to_act(before)
        answer = await user.inline_query_from(message)
        await user.choose_inline(answer.results[0]["id"], answer=answer, chat=new)
        record = await in_chat(game, new)
        assert record.turn_seq > before.turn_seq
        refused = calls_to(fake_telegram, old, mark)
        assert refused and all(c.error_code == 400 and c.description == UPGRADED  # type: ignore[attr-defined]
                               for c in refused)

        game.group = new
        final = await game.play_to_the_end(rng)
        assert final.state == "finished" and final.chat_id == new.id
        await settled(app)
        moved_at = next(c.seq for c in fake_telegram.calls[mark:]  # type: ignore[attr-defined]
                        if str(c.chat_id) == str(new.id) and c.ok)
        assert [c for c in calls_to(fake_telegram, old, mark)
                if c.seq > moved_at] == []  # type: ignore[attr-defined]


def moved_clock(app: Application, by: timedelta) -> Callable[[], datetime]:
    """Move the service's clock ``by`` forward (virtual time); returns the old clock."""
    service = deps_of(app).service
    real = service.clock
    service.clock = lambda: real() + by
    return real


async def fire_deadline(app: Application, game: GroupGame) -> TableRecord:
    """What the table's timer does when its deadline comes, done now."""
    record = await game.record()
    await deps_of(app).stage.on_timer(record.id, record.turn_seq)
    await settled(app)
    return await game.record()


async def paused(game: GroupGame) -> TableRecord:
    async def probe() -> TableRecord | None:
        record = await game.record()
        return record if record.paused_at is not None else None
    return await eventually(probe, "the table paused")


async def test_a_table_waits_while_the_bot_is_out_and_plays_on_when_it_is_back(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    repo = Repository(db_engine)
    alice, bob = people(fake_telegram)
    rng = random.Random(7)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        for _ in range(2):
            await game.play_one(rng)
        await game.human_turn()
        message = await game.table_message()
        before = await quiet([app], game)

        mark = fake_telegram.mark()
        bob.remove_bot_from(game.group)
        record = await paused(game)
        assert record.paused_at is not None
        assert record.turn_deadline == record.paused_at + PAUSED_FOR  # its closing time
        assert (record.turn_seq, record.game) == (before.turn_seq, before.game)
        moved_clock(app, timedelta(hours=23))  # the deadline fires: not a day yet
        after = await fire_deadline(app, game)
        assert after.active and after.version == record.version
        _, user = game.to_act(before)
        answer = await user.inline_query_from(message)
        assert [r["title"] for r in answer.results] == [PAUSED]
        assert not any(r.get("reply_markup") for r in answer.results)  # no moves

    async with running_bot(fake_telegram, migrated_db_url) as app:  # a restart
        after = await fire_deadline(app, game)
        assert after.paused_at == record.paused_at and after.version == record.version
        answer = await user.inline_query_from(message)
        assert [r["title"] for r in answer.results] == [PAUSED]
        assert calls_to(fake_telegram, game.group, mark) == []  # nothing posted

        mark = fake_telegram.mark()
        await alice.add_bot_to(game.group)
        async def back() -> TableRecord | None:
            current = await game.record()
            return current if current.paused_at is None and current.message_id not in (
                None, record.message_id) else None
        resumed = await eventually(back, "the table back, posted afresh")
        assert resumed.turn_seq == before.turn_seq and resumed.game == before.game
        assert resumed.turn_deadline is not None
        assert resumed.turn_deadline < datetime.now(resumed.turn_deadline.tzinfo) + \
            timedelta(hours=2)  # a turn's deadline again, not the closing one
        final = await game.play_to_the_end(rng)
        assert final.state == "finished"


async def test_a_table_the_bot_is_not_added_back_to_closes_after_a_day(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    repo = Repository(db_engine)
    alice, bob = people(fake_telegram)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await game.human_turn()
        outcome = await deps_of(app).service.amend(game.table_id,
                                                       special_hand([4, 7], 3, 2))
        await deps_of(app).stage.after(outcome)
        await game.human_turn()
        await quiet([app], game)

        mark = fake_telegram.mark()
        alice.remove_bot_from(game.group, kicked=False)  # the bot "left"
        record = await paused(game)
        moved_clock(app, PAUSED_FOR + timedelta(seconds=1))
        game.group.bot_status = "member"  # added back too late: it stays paused
        await app.bot_data["lifecycle"].added(game.group.id)
        assert await game.record() == record
        closed = await fire_deadline(app, game)
        assert not closed.active and closed.state == "closed"
        match = table_of(closed).match
        assert match is not None and match.score == [4, 7]  # the score kept
        log = await repo.list_events(game.table_id)
        assert log[-1].kind == "TableClosed"
        assert calls_to(fake_telegram, game.group, mark) == []


async def test_a_403_on_a_post_pauses_the_table_too(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    """The bot removed while it was down, or its news lost: the refusal of the next
    call to the group pauses the table, and no bot plays on for anyone."""
    repo = Repository(db_engine)
    alice, bob = people(fake_telegram)
    rng = random.Random(9)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await game.human_turn()
        message = await game.table_message()
        before = await quiet([app], game)
        game.group.bot_status = "kicked"  # no my_chat_member update
        _, user = game.to_act(before)
        answer = await user.inline_query_from(message)
        await user.choose_inline(rng.choice(answer.results)["id"], answer=answer)
        record = await paused(game)
        mark = fake_telegram.mark()
        moved_clock(app, timedelta(hours=1))
        after = await fire_deadline(app, game)
        assert after.version == record.version and after.paused_at is not None
        assert calls_to(fake_telegram, game.group, mark) == []
