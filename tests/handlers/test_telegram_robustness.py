"""Bad input and a hostile network: the table changes only through a valid move.

Stale, doubled, forged and outsiders' presses get a polite alert and leave the
stored table exactly as it was; a restart resumes the game and its timers from
the database; Telegram's 429, 400 "not modified" and 403 answers never stop a game.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram.ext import Application

from chatbot.handlers.payload import BadPayload, Payload, chat_scope
from chatbot.handlers.service import Timing
from chatbot.handlers.telegram.keyboards import action_arg
from chatbot.i18n.render import Viewer, render_all
from chatbot.i18n.table_text import ALERTS, seat_names
from chatbot.rules.actions import Action
from chatbot.rules.events import HandStarted, TurnStarted
from chatbot.rules.serialize import event_from_dict
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import (
    eventually,
    fresh_deal_for_alice,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot

STALE = ALERTS["stale"]


def snapshot(record: TableRecord) -> tuple[Any, ...]:
    """What must not change when a press is refused: not even the version."""
    return (record.version, record.turn_seq, record.state, record.game, record.message_id)


def button_for(app: Application, message: FakeMessage, arg: str) -> str:
    """The callback data of the table message's button for this move (e.g. "truco")."""
    codec = deps_of(app).codec
    for data in message.callback_data:
        try:
            payload = codec.decode(data, chat_scope(message.chat.id))
        except BadPayload:
            continue
        if payload.action == "move" and payload.arg == arg:
            return data
    raise AssertionError(f"no {arg!r} button on the table message: {message.buttons}")


async def test_stale_double_forged_outsider_and_illegal_presses(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        carol.join(game.group)
        record = await fresh_deal_for_alice(game, deps_of(app))
        message = await game.table_message()
        truco = button_for(app, message, "truco")
        before = snapshot(record)

        # an outsider: no cards, no moves, no effect
        for data in (truco, message.button("My cards")["callback_data"]):
            answer = await carol.press(message, data)
            assert answer.show_alert and answer.text == ALERTS["not-at-table"]
        answer = await carol.inline_query_from(message)
        assert answer.results == []

        # not your turn: the reason, with whose turn it is, nothing changes
        answer = await bob.press(message, truco)
        assert answer.show_alert and answer.text == "It is Alice's turn, not yours."

        # forged: a made-up payload, and a real one with its turn changed
        codec = deps_of(app).codec
        real = codec.decode(truco, chat_scope(game.group.id))
        tampered = truco.replace(f"|{real.seq}|", f"|{real.seq + 1}|")
        for data in ("1|ZZZZZZ|1|move|truco|AAAAAAAA", tampered, "hello"):
            answer = await alice.press(message, data, check=False)
            assert answer.show_alert and answer.text == ALERTS["forged"]
        # a payload signed for this chat, for a card Alice does not hold: it is not a
        # button of the message, so it is refused before it is even judged
        table = table_of(record)
        assert table.match is not None and table.match.hand is not None
        foreign = table.match.hand.cards[1][0]
        data = codec.encode(Payload(real.code, real.seq, "move",
                                    action_arg(Action("play", foreign), table.rules.family)),
                            chat_scope(game.group.id))
        answer = await alice.press(message, data, check=False)
        assert answer.show_alert and answer.text == STALE
        assert snapshot(await game.record()) == before

        # a double click: both presses arrive together, one truco is called
        logged = len(await repo.list_events(game.table_id))
        first, second = alice.click(message, truco), alice.click(message, truco)
        answers = [await fake_telegram.wait_callback_answer(q) for q in (first, second)]
        texts = sorted((a.text or "") for a in answers)
        assert texts == ["", STALE], texts
        record = await game.moved_past(real.seq)
        events = (await repo.list_events(game.table_id))[logged:]
        calls = [e for e in events if e.kind == "CallMade" and e.payload["call"] == "truco"]
        assert len(calls) == 1
        assert record.turn_seq == real.seq + 1  # Bob must answer: nothing else moved

        # the old button again, after the game moved on
        before = snapshot(await game.record())
        answer = await alice.press(message, truco, check=False)
        assert answer.show_alert and answer.text == STALE
        assert snapshot(await game.record()) == before

        # an old lobby button after the start
        lobby = game.group.message(min(m.message_id for m in game.group.bot_messages()))
        join = next(b["callback_data"] for _, _, markup in reversed(lobby.history) if markup
                    for row in markup["inline_keyboard"] for b in row
                    if b.get("text") == "Join team A")  # the lobby shows no buttons now
        answer = await carol.press(lobby, join, check=False)
        assert answer.show_alert and answer.text == ALERTS["game-started"]
        assert snapshot(await game.record()) == before


async def test_restart_in_the_middle_of_a_hand(fake_telegram: FakeTelegramServer,
                                               db_engine: AsyncEngine,
                                               migrated_db_url: URL) -> None:
    """Stop the bot while a bot's move is pending; a new process on the same database
    finds the deadline, lets the bot move, and the game goes on to its end."""
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(5)
    slow_bots = Timing(turn=3600.0, bot=3600.0, between_hands=0.0)
    async with running_bot(fake_telegram, migrated_db_url, slow_bots):
        game = await open_group_table(fake_telegram, repo, alice, bob)

        async def bot_due() -> TableRecord | None:
            record = await game.record()
            table = table_of(record)
            if table.match is None or not record.state.startswith("hand_"):
                return None
            seat = table.rules.to_act(table.match)
            if seat is None:
                return None
            info = table.seats[seat]
            assert info is not None
            if info.is_bot:
                return record
            await game.play_one(rng)
            return None
        record = await eventually(bot_due, "a bot's move to be due")
    stopped = snapshot(record)
    assert record.turn_deadline is not None
    assert record.turn_deadline > datetime.now(UTC) + timedelta(minutes=30)
    after_stop = await repo.get_table(game.table_id)
    assert after_stop is not None and snapshot(after_stop) == stopped

    # the hour passed while the bot was down
    overdue = replace(after_stop, turn_deadline=datetime.now(UTC) - timedelta(seconds=1))
    overdue = await repo.save(overdue, after_stop.version)
    logged = await repo.list_events(game.table_id)
    events_before = len(logged)
    last_line = last_public_line(logged, after_stop)
    shown = game.group.message(after_stop.message_id)  # type: ignore[arg-type]
    edits_before = shown.edits
    async with running_bot(fake_telegram, migrated_db_url):
        record = await game.moved_past(after_stop.turn_seq)
        # the new process redraws the whole hand from the log, not only what it saw
        await fake_telegram.wait_until(
            lambda: shown.edits > edits_before or game.group.last_bot_message() is not shown,
            what="the table message to change after the restart")
        if game.group.last_bot_message() is shown:
            assert last_line in (shown.text or "").splitlines()
        events = (await repo.list_events(game.table_id))[events_before:]
        # the bots' señas of the hand, if not made yet, come first (every bot at the table
        # signals once a hand, chatbot/ai/senas.py), then the overdue bot's move
        inputs = [e for e in events if e.kind == "input"]
        signals = list(itertools.takewhile(lambda e: e.payload["trigger"] == "sena", inputs))
        move = inputs[len(signals)]
        assert events[0].kind == "input" and move.payload["trigger"] == "move"
        stopped_table = table_of(after_stop)
        seat = stopped_table.rules.to_act(stopped_table.match)  # type: ignore[arg-type]
        assert move.payload["args"][0] == seat
        bots = {i for i, info in enumerate(stopped_table.seats) if info is not None and info.is_bot}
        assert all(signal.payload["args"][0] in bots for signal in signals)
        final = await game.play_to_the_end(rng)
        assert final.state == "finished"
        assert final.message_id is not None
        finished = game.group.message(final.message_id)
        await fake_telegram.wait_until(lambda: "Game over" in (finished.text or ""),
                                       what="the game over after the restart")


def last_public_line(logged: list[Any], record: TableRecord) -> str:
    """How the table message renders the newest public event logged for ``record``."""
    table = table_of(record)
    family = table.rules.family
    events = [event_from_dict(e.payload, family) for e in logged if e.kind != "input"]
    viewer = Viewer(table.rules, table.players, seat_names(table, "en"), None)
    # the hand is being played: its own line says the turned-up card, not the deal's
    lines = render_all([replace(e, vira=None) if isinstance(e, HandStarted) else e
                        for e in events if e.audience.kind == "public"
                        and not isinstance(e, TurnStarted)], viewer, "en")
    return lines[-1]


async def test_telegram_errors_never_stop_the_game(fake_telegram: FakeTelegramServer,
                                                   db_engine: AsyncEngine,
                                                   migrated_db_url: URL) -> None:
    """429 on an edit: the newest content is sent later; 400 "not modified" and 403
    on an edit are harmless; a 502 on a hand's message is followed by a new one;
    the stored game is never touched by them."""
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(8)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        chat = game.group.id
        record = await fresh_deal_for_alice(game, deps_of(app))
        message = await game.table_message()
        await fake_telegram.wait_until(lambda: "Waiting for Alice" in (message.text or ""),
                                       what="the table waiting for Alice")

        # Alice calls truco; Bob must answer; the edit telling him so gets a 429
        fault = fake_telegram.fail_retry_after("editMessageText", 2, chat_id=chat)
        mark = fake_telegram.mark()
        answer = await alice.inline_query_from(message)
        call = next(r for r in answer.results if r["title"] == "Truco!")
        await alice.choose_inline(call["id"], answer=answer)
        await fake_telegram.wait_for_call(
            "editMessageText", chat_id=chat, since=mark, where=lambda c: c.error_code == 429)
        assert fault.remaining == 0
        record = await game.human_turn()
        refused = snapshot(record)
        answer = await bob.inline_query_from(message)
        accept = next(r for r in answer.results if r["title"].startswith("Accept"))
        await bob.choose_inline(accept["id"], answer=answer)
        await game.moved_past(record.turn_seq)
        sent = await fake_telegram.wait_for_call(
            "editMessageText", chat_id=chat, since=mark, where=lambda c: c.ok)
        assert "Bob accepts" in sent.params["text"]  # the newest content, not the refused one
        assert len(fake_telegram.calls_to("editMessageText", chat_id=chat, since=mark,
                                          ok=True)) == 1
        assert snapshot(await game.record()) != refused

        # 400 "not modified" and 403 on the next edits: logged, the game goes on
        for inject, code in ((fake_telegram.fail_bad_request, 400),
                             (fake_telegram.fail_forbidden, 403)):
            fault = inject("editMessageText", chat_id=chat)
            mark = fake_telegram.mark()
            for _ in range(100):  # play until the bot edits the table message again
                if fault.remaining == 0:
                    break
                record = await game.human_turn()
                assert record.state.startswith("hand_"), "the game ended first"
                await game.play_one(rng)
            failed = await fake_telegram.wait_for_call(
                "editMessageText", chat_id=chat, since=mark,
                where=lambda c, code=code: c.error_code == code)
            seq = (await game.human_turn()).turn_seq
            await game.play_one(rng)  # and the game goes on
            assert (await game.moved_past(seq)).turn_seq > seq
            assert failed.seq >= mark

        # a 502 on a new hand's message (the network, not Telegram's answer): the hand
        # goes on and the table posts a new message at its next change
        earlier = await game.table_message()  # its inline button keeps working
        fault = fake_telegram.fail_next("sendMessage", chat_id=chat, error_code=502,
                                        description="Bad Gateway")
        mark = fake_telegram.mark()
        record = await fresh_deal_for_alice(game, deps_of(app), seed=2)  # a new message
        await fake_telegram.wait_for_call("sendMessage", chat_id=chat, since=mark,
                                          where=lambda c: c.error_code == 502)
        assert fault.remaining == 0
        answer = await alice.inline_query_from(earlier)
        await alice.choose_inline(answer.results[0]["id"], answer=answer)
        await game.moved_past(record.turn_seq)
        await fake_telegram.wait_for_call("sendMessage", chat_id=chat, since=mark,
                                          where=lambda c: c.ok)
        final = await game.play_to_the_end(rng)
        assert final.state == "finished"
        finished = game.group.message(final.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(lambda: "Game over" in (finished.text or ""),
                                       what="the game over after the errors")
        assert deps_of(app) is not None


async def test_a_player_who_blocked_the_bot_does_not_stop_the_game(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """A solo game: Ana blocks the bot, every message to her fails with 403, her turns
    time out and a bot plays for her; the game ends; after /start she plays again."""
    repo = Repository(db_engine)
    ana = FakeUser(fake_telegram, 5001, "Ana")
    quick = Timing(turn=0.05, bot=0.0, between_hands=0.0)
    async with running_bot(fake_telegram, migrated_db_url, quick):
        await ana.start()
        menu = await fake_telegram.wait_until(lambda: ana.private.last_bot_message(),
                                              what="the welcome")
        ana.block_bot()
        mark = fake_telegram.mark()
        await ana.press_button(menu, "Truco Paulista: me against the bot")
        record = await eventually(lambda: repo.get_active_table(ana.private.id),
                                  "the solo table")

        async def over() -> TableRecord | None:
            current = await repo.get_table(record.id)
            return current if current is not None and current.state == "finished" else None
        final = await eventually(over, "the game to end without Ana")
        blocked = [c for c in fake_telegram.calls[mark:] if c.error_code == 403]
        assert blocked and all(str(c.chat_id) == str(ana.id) for c in blocked)
        assert table_of(final).seats[0].away  # type: ignore[union-attr]

        await ana.start()  # unblocks: the bot may write again
        await fake_telegram.wait_until(
            lambda: "Welcome" in (ana.private.last_bot_message().text or ""),
            what="the welcome after unblocking")
        await asyncio.sleep(0)
