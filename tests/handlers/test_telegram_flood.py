"""Under a flood of 429s the last word always lands: the group ends up seeing the
table as it is, newest content first, however many times Telegram said "wait"."""

from __future__ import annotations

import random

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    cards_first,
    fresh_deal_for_alice,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot

FLOOD = 4  # 429s in a row for each kind of call


async def play_blind(game: GroupGame, rng: random.Random) -> TableRecord:
    """The person to act types the table's code in inline mode (no message needed) and
    plays calmly."""
    record = await game.human_turn()
    _, user = game.to_act(record)
    answer = await user.inline_query(f"{game.code} ", chat=game.group)
    chosen = cards_first(answer.results) or rng.choice(answer.results)
    await user.choose_inline(chosen["id"], answer=answer)
    return await game.moved_past(record.turn_seq)


async def test_after_429s_the_table_shows_the_newest_turn(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1401, "Alice")
    bob = FakeUser(fake_telegram, 1402, "Bob")
    rng = random.Random(2)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        chat = game.group.id
        await fresh_deal_for_alice(game, deps_of(app))
        edits = fake_telegram.fail_retry_after("editMessageText", 1, times=FLOOD, chat_id=chat)
        posts = fake_telegram.fail_retry_after("sendMessage", 1, times=FLOOD, chat_id=chat)
        mark = fake_telegram.mark()
        for _ in range(8):  # moves while Telegram refuses, across the end of a hand
            record = await play_blind(game, rng)
            if record.state == "finished":
                break
        record = await game.human_turn()  # at rest: a person must act, nobody does
        assert edits.remaining == 0 or posts.remaining == 0, "the flood was not met"

        def shows_now() -> bool:
            table = table_of(record)
            if record.message_id is None or table.match is None:
                return False
            text = game.group.message(record.message_id).text or ""
            if record.state == "finished":
                return "Game over" in text
            seat = table.rules.to_act(table.match)
            assert seat is not None
            return f"Waiting for {table.seats[seat].name}." in text  # type: ignore[union-attr]

        async def current() -> bool:
            nonlocal record
            record = await game.record()
            return shows_now()

        for _ in range(600):  # the table settles on the newest turn (guarded below)
            if await current():
                break
            seen = len(fake_telegram.calls)
            await fake_telegram.wait_until(lambda seen=seen: len(fake_telegram.calls) > seen,
                                           what="the bot to try again")
        assert await current(), game.group.last_bot_message()
        refused = [c for c in fake_telegram.calls[mark:] if c.error_code == 429]
        assert refused, "Telegram said wait at least once"


async def test_a_new_hands_message_refused_by_429s_is_posted_when_the_wait_is_over(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """The hand's message is refused more times than a send is tried at once; nobody
    moves (it is Alice's turn, and she has not seen it): the message still comes."""
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1411, "Alice")
    bob = FakeUser(fake_telegram, 1412, "Bob")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        posts = fake_telegram.fail_retry_after("sendMessage", 1, times=6, chat_id=game.group.id)
        mark = fake_telegram.mark()
        record = await fresh_deal_for_alice(game, deps_of(app), seed=3)
        posted = await fake_telegram.wait_for_call(
            "sendMessage", chat_id=game.group.id, since=mark, where=lambda c: c.ok)
        assert posts.remaining == 0
        assert "Waiting for Alice." in str(posted.params["text"])
        await fake_telegram.wait_until(
            lambda: game.group.last_bot_message().message_id == posted.result["message_id"],
            what="the new hand's message in the group")
        assert (await game.record()).turn_seq == record.turn_seq  # nobody had to move
