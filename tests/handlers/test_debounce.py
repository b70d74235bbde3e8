"""Latest-wins editing: bursts coalesce, duplicates are skipped, 429 and 400 are survived."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Hashable
from datetime import timedelta
from typing import Any

import pytest
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut

from chatbot.handlers.debounce import LatestWinsEditor, sent_despite_flood


class Recorder:
    def __init__(self, failures: list[Exception] | None = None) -> None:
        self.sent: list[tuple[Hashable, Any]] = []
        self.failures = failures or []

    async def __call__(self, key: Hashable, content: Any) -> None:
        if self.failures:
            raise self.failures.pop(0)
        self.sent.append((key, content))


async def test_a_burst_costs_one_edit_with_the_latest_content() -> None:
    rec = Recorder()
    editor = LatestWinsEditor(rec, delay=0.01)
    for n in range(10):
        editor.want("table", f"state {n}")
    await editor.flush()
    assert rec.sent == [("table", "state 9")]


async def test_identical_content_is_not_sent_again() -> None:
    rec = Recorder()
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("t", "same")
    await editor.flush()
    editor.want("t", "same")
    await editor.flush()
    assert rec.sent == [("t", "same")]


async def test_retry_after_sends_the_newest_content() -> None:
    rec = Recorder([RetryAfter(timedelta(seconds=0.02))])
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("t", "old")
    await asyncio.sleep(0.005)
    editor.want("t", "new")
    await editor.flush()
    assert rec.sent == [("t", "new")]
    assert editor.calls == 2


async def test_not_modified_is_harmless() -> None:
    rec = Recorder([BadRequest("Message is not modified: specified new message content")])
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("t", "a")
    await editor.flush()
    editor.want("t", "b")
    await editor.flush()
    assert rec.sent == [("t", "b")]


async def test_keys_are_independent() -> None:
    rec = Recorder()
    editor = LatestWinsEditor(rec, delay=0)
    editor.want(1, "x")
    editor.want(2, "y")
    await editor.flush()
    assert sorted(rec.sent) == [(1, "x"), (2, "y")]


async def test_a_network_failure_is_tried_again_with_the_newest_content(
        monkeypatch: Any) -> None:
    monkeypatch.setattr("chatbot.handlers.debounce.NETWORK_PAUSE", 0)
    rec = Recorder([TimedOut(), NetworkError("connection reset")])
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("t", "first")
    await editor.flush()
    assert rec.sent == [("t", "first")]
    rec.failures = [TimedOut()] * 5  # the network stays down: given up, nothing raised
    editor.want("t", "second")
    await editor.flush()
    assert rec.sent == [("t", "first")]


async def test_a_send_waits_out_floods_then_gives_up(monkeypatch: Any) -> None:
    calls: list[int] = []

    async def send() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise RetryAfter(timedelta(seconds=0))
        return "sent"

    assert await sent_despite_flood(send, attempts=3) == "sent" and len(calls) == 3
    calls.clear()
    with pytest.raises(RetryAfter):  # still flooded after the last attempt
        await sent_despite_flood(send, attempts=2)
    calls.clear()

    async def timed_out() -> str:
        calls.append(1)
        raise TimedOut()

    with pytest.raises(TimedOut):  # not retried: it may have arrived
        await sent_despite_flood(timed_out)
    assert len(calls) == 1


async def test_a_closing_edit_survives_a_flood_and_the_network_and_is_then_forgotten(
        monkeypatch: Any) -> None:
    monkeypatch.setattr("chatbot.handlers.debounce.NETWORK_PAUSE", 0)
    rec = Recorder([RetryAfter(timedelta(seconds=0.01)), TimedOut()])
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("old", "in play")  # an edit still waiting when the message is retired
    editor.close("old", "no dead buttons")
    await editor.flush()
    assert rec.sent == [("old", "no dead buttons")]
    assert editor.calls == 3
    assert not editor.pending("old")
    editor.want("old", "no dead buttons")  # a fresh slot: nothing remembered of the closing
    await editor.flush()
    assert rec.sent == [("old", "no dead buttons")] * 2


async def test_a_released_message_is_let_go_once_its_last_edit_is_sent() -> None:
    rec = Recorder()
    editor = LatestWinsEditor(rec, delay=0)
    editor.want("done", "Game over")
    editor.release("done")
    assert editor.holds("done")  # its edit still waits: it is sent, then let go
    await editor.flush()
    assert rec.sent == [("done", "Game over")] and not editor.holds("done")
    editor.want("idle", "shown")
    await editor.flush()
    editor.release("idle")  # nothing waiting: let go at once
    assert not editor.holds("idle")
    editor.want("again", "a")
    editor.release("again")
    editor.want("again", "b")  # wanted anew: kept after all
    await editor.flush()
    assert editor.holds("again") and rec.sent[-1] == ("again", "b")


async def test_a_chat_that_moved_or_closed_ends_the_edit_quietly(
        caplog: pytest.LogCaptureFixture) -> None:
    """ChatMigrated (a group became a supergroup) and Forbidden (the bot was removed)
    end the edit: logged at INFO, never a task's exception left unretrieved."""
    caplog.set_level(logging.INFO)
    rec = Recorder([ChatMigrated(-1009), Forbidden("Forbidden: bot was kicked")])
    editor = LatestWinsEditor(rec, delay=0)
    editor.want(("chat", 1), "a")
    editor.want(("chat", 2), "b")
    editor.want(("other", 3), "c")
    editor.forget_chat("other")
    await editor.flush()
    assert rec.sent == [] and not editor.pending(("chat", 1))
    assert [r.levelname for r in caplog.records if "edit of" in r.getMessage()] == ["INFO"] * 2
