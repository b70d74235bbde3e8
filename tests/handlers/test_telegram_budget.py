"""The group's flood budget: no hand's message costs more than HAND_CALLS counted calls.

Two people who raise at every chance give a hand many decisions, each of which
would deserve an edit; the hand's message stops at its budget, says so in its
last edit, and the people play on through inline mode, which is always current.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.telegram import presenter
from chatbot.i18n.table_text import paused_line
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import cards_first, open_group_table, table_of
from tests.handlers.telegram_harness import running_bot


def raise_first(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A player who calls and raises whenever offered, else plays calmly."""
    calls = [r for r in results if r["title"].endswith("!")]
    return calls[0] if calls else cards_first(results)


async def test_no_hand_costs_more_than_its_budget(fake_telegram: FakeTelegramServer,
                                                  db_engine: AsyncEngine,
                                                  migrated_db_url: URL,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a small budget, so that every game spends it (the real one is checked in
    # test_presenter: a post, HAND_EDITS edits and the game's end make at most 8)
    edits = 2
    monkeypatch.setattr(presenter, "HAND_EDITS", edits)
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1101, "Alice")
    bob = FakeUser(fake_telegram, 1102, "Bob")
    async with running_bot(fake_telegram, migrated_db_url):
        game = await open_group_table(fake_telegram, repo, alice, bob)
        final = await game.play_to_the_end(random.Random(3), prefer=raise_first)
        assert final.state == "finished"
        message = game.group.message(final.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(lambda: "Game over" in (message.text or ""),
                                       what="the game over, which the budget never withholds")
    hands = list(fake_telegram.counted_per_message(game.group.id,
                                                   since=game.started_at).values())
    assert len(hands) == table_of(final).match.hand_no  # type: ignore[union-attr]
    assert max(len(h) for h in hands) <= 1 + edits + 1
    paused = paused_line("en")

    def budgeted(hand: list[Any]) -> list[str]:
        """The texts of a hand's edits while it was played (the game's end is free; the
        closing call that drops the old message's dead buttons keeps its text)."""
        return [c.params.get("text") or "" for c in hand if c.method == "editMessageText"
                and "Game over" not in (c.params.get("text") or "")]

    spent = [budgeted(h) for h in hands if len(budgeted(h)) >= edits]
    assert spent, "raising people should spend some hand's budget"
    for texts in spent:  # the hand's last budgeted edit says why the message rests
        assert len(texts) == edits
        assert paused in texts[edits - 1]
        assert all(paused not in text for text in texts[:edits - 1])
