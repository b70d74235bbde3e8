"""Each line once, and true: what the table and hand messages say at every version.

Solo: "Your cards" lists the cards held now, the same as the card buttons (not
the deal's cards, played ones included). The group table says the turned-up
card once; a private hand message gives the score once at the hand's end.
"""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import cards_in, open_group_table, table_of
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_private_hands import (
    new_hand,
    play_hands,
    private_hands,
    started,
)
from tests.handlers.test_telegram_solo import open_practice, play_private_game


def versions(message: FakeMessage) -> list[tuple[str, Any]]:
    """Every text the message showed, with its keyboard, oldest first."""
    return [(text or "", markup) for text, _, markup in message.history] + [
        (message.text or "", message.reply_markup)]


def once(text: str, label: str) -> bool:
    """No score said twice: each ``Score: ...`` differs (two hands' results may follow
    each other, each with its own score)."""
    said = [part.split("\n")[0] for part in text.split(label)[1:]]
    return len(said) == len(set(said))


def lines_with(text: str, start: str) -> list[str]:
    return [line for line in text.splitlines() if start in line]


async def test_solo_your_cards_are_the_cards_held(fake_telegram: FakeTelegramServer,
                                                  db_engine: AsyncEngine,
                                                  migrated_db_url: URL) -> None:
    ana = FakeUser(fake_telegram, 5001, "Ana")
    async with running_bot(fake_telegram, migrated_db_url):
        await open_practice(fake_telegram, ana)
        assert "Game over" in await play_private_game(fake_telegram, ana)
    checked = 0
    for message in ana.private.bot_messages():
        for text, markup in versions(message):
            if "Score:" not in text:
                continue  # the welcome
            assert len(lines_with(text, "Turned-up card")) <= 1, text
            assert once(text, "Score:"), text
            held = lines_with(text, "Your cards:")
            assert len(held) <= 1, text
            buttons = [b["text"] for row in (markup or {}).get("inline_keyboard", [])
                       for b in row if "callback_data" in b]
            card_buttons = cards_in(" ".join(buttons))
            if card_buttons:  # her turn: the line and the buttons name the same cards
                assert held and cards_in(held[0]) == card_buttons, (text, buttons)
                checked += 1
    assert checked > 3


async def test_group_table_and_private_hand_say_each_thing_once(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(4)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        codec = deps_of(app).codec
        await started(fake_telegram, alice)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        # a second hand at once, from a seed: the bots sometimes raise each other to 12,
        # and the game could end in its first hand (about 1 deal in 100)
        await new_hand(app, game, seed=1)
        record = await play_hands(game, codec, alice, rng, until_hand=4)
        match = table_of(record).match
        assert match is not None
        hands = min(3, match.hand_no)

        def tables() -> list[FakeMessage]:
            return [m for m in game.group.bot_messages()
                    if "This hand is worth" in (m.text or "")
                    or any("This hand is worth" in t for t, _ in versions(m))]

        # the fourth hand is dealt once the third's table message is saved, but it is
        # shown after the save: wait for the group to show each hand (each posts one)
        await fake_telegram.wait_until(lambda: len(tables()) >= hands,
                                       what="a table message for each hand")
        assert deps_of(app).private_hands is not None
        await deps_of(app).private_hands.flush()
        await deps_of(app).presenter.editor.flush()
    tables_shown = tables()
    assert len(tables_shown) >= hands >= 2
    for message in tables_shown:
        for text, _ in versions(message):
            assert len(lines_with(text, "Turned-up card")) <= 1, text
            assert once(text, "Score:"), text
    ended = 0
    for message in private_hands(alice):
        for text, _ in versions(message):
            assert once(text, "Score:"), text
            ended += "win the hand" in text or "wins the hand" in text  # a side of two: "win"
    assert ended >= 2
