"""A private hand message follows its hand even when the outcome that dealt it is missed."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.payload import PayloadCodec
from chatbot.handlers.service import Outcome
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.i18n.cards import card_label
from chatbot.storage import Repository, TableRecord
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here


class StubBot:
    """Records what would go to Telegram (this test is about ordering, not the network)."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, str]] = []
        self.edits: list[tuple[int, int, str]] = []

    async def send_message(self, chat_id: int, text: str, **_: Any) -> Any:
        self.sent.append((chat_id, text))
        return SimpleNamespace(message_id=len(self.sent))

    async def edit_message_text(self, text: str, chat_id: int, message_id: int,
                                **_: Any) -> None:
        self.edits.append((chat_id, message_id, text))

    async def get_chat(self, chat_id: int) -> Any:
        return SimpleNamespace(title="Truco")


def until_next_hand(table: Table, rng: random.Random,
                    shown: Callable[[list[Any], str], None] | None = None) -> None:
    """Play the current hand to its end and deal the next one; ``shown`` gets each
    step's events and kind (``move``, then ``next_hand``) as the table stands after it."""
    while table.state != "scoring":
        assert table.match is not None
        rules = table.rules
        seat = rules.to_act(table.match)
        assert seat is not None
        moved = fire(table, "move", seat, rng.choice(rules.legal(table.match, seat)),
                     seq=table.seq)
        if shown is not None:
            shown(moved, "move")
    dealt = fire(table, "next_hand", rng=rng)
    if shown is not None:
        shown(dealt, "next_hand")


async def first_hand_posted(db_engine: AsyncEngine, seed: int) -> tuple[
        StubBot, PrivateHands, Table, TableRecord, random.Random]:
    """Ana (who reads privately) and a bot at a group table: its first hand is dealt
    and its private message posted (outcome version 2)."""
    repo = Repository(db_engine)
    await repo.get_or_create_user(10, "Ana", "en")
    await repo.set_started_private(10)
    bot = StubBot()
    hands = PrivateHands(lambda: bot, repo, Keyboards(PayloadCodec(b"k")), 0.0)  # type: ignore[arg-type, return-value]
    table = Table("paulista", 2)
    fire(table, "sit", 0, 10, "Ana")
    fire(table, "add_bot", 1, "Bot 1")
    rng = random.Random(seed)
    dealt = fire(table, "start", rng=rng)
    record: TableRecord = await repo.create_table(chat_id=-100, creator_id=10,
                                                  variant="paulista", state=table.state)
    hands.follow(Outcome(replace(record, version=2), Table.from_dict(table.to_dict()), dealt,
                         "start"))
    await hands.flush()
    assert [chat for chat, _ in bot.sent] == [10]
    return bot, hands, table, record, rng


async def test_a_missed_deal_still_opens_the_new_hands_message(db_engine: AsyncEngine) -> None:
    bot, hands, table, record, rng = await first_hand_posted(db_engine, 4)

    until_next_hand(table, rng)  # its outcomes never reach the private hands
    assert table.match is not None and table.match.hand_no == 2
    seat = table.rules.to_act(table.match)
    assert seat is not None
    moved = fire(table, "move", seat, table.rules.legal(table.match, seat)[0], seq=table.seq)
    hands.follow(Outcome(replace(record, version=40), Table.from_dict(table.to_dict()), moved,
                         "move"))
    await hands.flush()
    assert [chat for chat, _ in bot.sent] == [10, 10]  # hand 2 has its own message
    assert all(message_id == 1 for _, message_id, _ in bot.edits)  # none went to it instead


async def test_hands_dealt_faster_than_they_can_be_posted_post_only_the_newest(
        db_engine: AsyncEngine) -> None:
    """Two hands ended while the private chat's messages waited: the hand being
    followed still gets its moves, the overtaken hand no message, the newest its own."""
    bot, hands, table, record, rng = await first_hand_posted(db_engine, 7)
    kinds: list[str] = []

    def follow(events: list[Any], kind: str) -> None:  # only queued: the worker runs later
        kinds.append(kind)
        hands.follow(Outcome(replace(record, version=2 + len(kinds)),
                             Table.from_dict(table.to_dict()), events, kind))

    for _ in range(2):  # hand 1's moves and hand 2's, each deal its own outcome
        until_next_hand(table, rng, follow)
    queued = kinds.count("move")
    assert queued >= 2 and table.match is not None and table.match.hand_no == 3
    await hands.flush()

    assert [chat for chat, _ in bot.sent] == [10, 10]  # hand 2 never posted: hand 3 only
    newest = bot.sent[1][1]
    assert all(card_label(card, table.rules.family, "en") in newest
               for card in table.match.hand.dealt[0])
    assert bot.edits and all(message_id == 1 for _, message_id, _ in bot.edits)  # hand 1's end
