"""Helpers for the group tests: open a 2v2 table through Telegram, read the stored
table, find card faces in texts, and play a game through inline mode.

Waits are on conditions (the fake server's state or the stored table), never on
sleeps: a slow machine makes the tests slower, not flaky.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from chatbot.fsm.table import Table
from chatbot.handlers.telegram.deps import Deps
from chatbot.i18n.render import action_label
from chatbot.rules.cards import Card, Family, parse_card
from chatbot.rules.events import Event
from chatbot.rules.views import seat_view
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import (
    FakeChat,
    FakeMessage,
    FakeTelegramServer,
    FakeUser,
    InlineAnswer,
)

T = TypeVar("T")

WAIT = 120.0  # a guard against a hang only: a wait ends as soon as its condition holds

SUITS = {"♣": "C", "♥": "H", "♠": "S", "♦": "D"}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}
CARD_RE = re.compile(r"(10|[2-9AJQK])([♣♥♠♦])")


def cards_in(text: str | None) -> set[Card]:
    """Every French card face written in a text (``7♥``, ``10♦``, ``A♠``)."""
    return {Card(RANKS[rank], SUITS[suit]) for rank, suit in CARD_RE.findall(text or "")}


async def eventually(probe: Callable[[], Awaitable[T | None]], what: str,
                     timeout: float = WAIT) -> T:
    """Poll an async condition (the stored table lives outside the fake server)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = await probe()
        if value:
            return value
        if loop.time() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        await asyncio.sleep(0.01)


def table_of(record: TableRecord) -> Table:
    return Table.from_dict(record.game)


@dataclass
class GroupGame:
    """A 2v2 Paulista table in a group: Alice (team A, seat 0), Bob (team B, seat 1),
    and two bots (seats 2 and 3)."""

    server: FakeTelegramServer
    repo: Repository
    group: FakeChat
    people: dict[int, FakeUser]
    table_id: int
    code: str
    inline_answers: list[tuple[FakeUser, InlineAnswer, TableRecord]] = field(default_factory=list)
    started_at: int = 0  # the fake's call log position when Start was pressed

    async def record(self) -> TableRecord:
        record = await self.repo.get_table(self.table_id)
        assert record is not None
        return record

    async def table_message(self) -> FakeMessage:
        """The current hand's table message, once posted with its inline-play button."""
        async def probe() -> FakeMessage | None:
            record = await self.record()
            if record.message_id is None:
                return None
            message = self.group.message(record.message_id)
            inline = any("switch_inline_query_current_chat" in b for b in message.buttons)
            return message if inline else None
        return await eventually(probe, "the table message with its inline button")

    async def human_turn(self) -> TableRecord:
        """Wait until a person must act, or the game is over."""
        async def probe() -> TableRecord | None:
            record = await self.record()
            table = table_of(record)
            if record.state in ("finished", "closed"):
                return record
            if not record.state.startswith("hand_") or table.match is None:
                return None
            seat = table.rules.to_act(table.match)
            info = None if seat is None else table.seats[seat]
            if info is not None and info.user_id in self.people and not info.away:
                return record
            return None
        return await eventually(probe, "a person's turn or the end of the game")

    async def moved_past(self, seq: int) -> TableRecord:
        async def probe() -> TableRecord | None:
            record = await self.record()
            return record if record.turn_seq > seq else None
        return await eventually(probe, f"the table to move past turn {seq}")

    def to_act(self, record: TableRecord) -> tuple[int, FakeUser]:
        """The seat to act in a stored game, and the person sitting there."""
        table = table_of(record)
        assert table.match is not None
        seat = table.rules.to_act(table.match)
        assert seat is not None
        info = table.seats[seat]
        assert info is not None and info.user_id is not None
        return seat, self.people[info.user_id]

    async def play_one(self, rng: random.Random,
                       prefer: Callable[[list[dict[str, Any]]], dict[str, Any] | None]
                       | None = None) -> TableRecord:
        """The person to act opens inline mode from the table message and picks a result."""
        record = await self.human_turn()
        if record.state in ("finished", "closed"):
            return record
        table = table_of(record)
        seat, user = self.to_act(record)
        message = await self.table_message()
        answer = await user.inline_query_from(message)
        self.inline_answers.append((user, answer, record))
        check_inline_answer(answer, table, seat)
        chosen = (prefer(answer.results) if prefer else None) or rng.choice(answer.results)
        await user.choose_inline(chosen["id"], answer=answer)
        return await self.moved_past(record.turn_seq)

    async def stale_pick(self, rng: random.Random) -> FakeMessage | None:
        """Somebody picks from an inline list of an earlier turn (a client still showing
        it): Telegram posts it all the same, the bot refuses it. Returns the post once
        the bot has settled it (None: no earlier list to pick from)."""
        record = await self.record()
        old = [(user, answer) for user, answer, seen in self.inline_answers
               if seen.turn_seq < record.turn_seq
               and any(r.get("reply_markup") for r in answer.results)]
        if not old:
            return None
        user, answer = rng.choice(old)
        result = rng.choice([r for r in answer.results if r.get("reply_markup")])
        post = await user.choose_inline(result["id"], answer=answer)
        assert post is not None and not cards_in(post.text), post.text
        await self.server.wait_until(lambda: post.edits > 0, what="the stale pick settled")
        assert post.text == "Too late: this move does not count.", post.text
        return post

    async def play_to_the_end(self, rng: random.Random, max_moves: int = 600,
                              prefer: Callable[[list[dict[str, Any]]], dict[str, Any] | None]
                              | None = None) -> TableRecord:
        for _ in range(max_moves):
            record = await self.human_turn()
            if record.state in ("finished", "closed"):
                return record
            await self.play_one(rng, prefer)
        raise AssertionError("the game did not end")


def cards_first(results: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A calm player: plays a card, accepts a raise, never calls."""
    for result in results:
        if cards_in(result["title"]) or result["title"].startswith("Card "):
            return result
    return next((r for r in results if r["title"].startswith(("Accept", "Play this hand"))), None)


def special_hand(score: list[int], dealer: int, seed: int) -> Callable[[Table], list[Event]]:
    """An amendment: the stored game gets this score and a fresh deal by ``dealer``."""
    def change(table: Table) -> list[Event]:
        match = table.match
        assert match is not None
        match.score, match.dealer = list(score), dealer
        return table.rules.deal(match, random.Random(seed))
    return change


async def fresh_deal_for_alice(game: GroupGame, deps: Deps,
                               seed: int = 1) -> TableRecord:
    """A new hand at 0 to 0 dealt by seat 3, so Alice (seat 0) leads and may call truco."""
    await game.human_turn()
    outcome = await deps.service.amend(game.table_id, special_hand([0, 0], 3, seed))
    await deps.stage.after(outcome)
    record = await game.human_turn()
    table = table_of(record)
    assert table.match is not None and table.rules.to_act(table.match) == 0
    return record


def result_texts(result: dict[str, Any]) -> list[str]:
    content = result.get("input_message_content") or {}
    return [result.get("title") or "", result.get("description") or "",
            content.get("message_text") or ""]


def check_inline_answer(answer: InlineAnswer, table: Table, seat: int) -> None:
    """Only the asker's legal actions, personal and uncached: titles name the asker's
    own cards, descriptions only public ones (the table, the turned-up card), and the
    text a chosen result posts in the chat names at most the card that result plays face
    up (public the moment it is played), never another."""
    assert answer.is_personal and answer.cache_time == 0
    match = table.match
    assert match is not None and match.hand is not None
    rules = table.rules
    view = seat_view(rules, match, seat)
    titles = [r["title"] for r in answer.results]
    assert titles == [action_label(a, view, rules, "en") for a in view.legal]
    own = set(view.hand or ())
    public = {c for _, c in match.hand.table if c is not None}
    public |= {match.hand.vira} if match.hand.vira is not None else set()
    for result in answer.results:
        title, description, content = result_texts(result)
        assert cards_in(title) <= own, (title, own)
        assert cards_in(description) <= public, (description, public)
        assert cards_in(content) <= (cards_in(title) & own), (content, title)


async def open_group_table(server: FakeTelegramServer, repo: Repository, alice: FakeUser,
                           bob: FakeUser, *, start: bool = True,
                           chat_type: str = "supergroup") -> GroupGame:
    """/new paulista, Bob joins team B from the lobby, two bots, start (in a new group of
    ``chat_type``: a supergroup, or a basic "group")."""
    group = server.create_group("Truco", members=[alice, bob], type=chat_type)
    await alice.send(group, "/new paulista")
    lobby = await server.wait_until(lambda: group.last_bot_message(), what="the lobby")
    assert "Truco Paulista" in (lobby.text or "")
    record = await eventually(lambda: repo.get_active_table(group.id), "the stored table")
    game = GroupGame(server, repo, group, {alice.id: alice, bob.id: bob}, record.id,
                     record.code)
    answer = await bob.press_button(lobby, "Join team B")
    assert not answer.show_alert
    await server.wait_until(lambda: "Bob" in (lobby.text or ""), what="Bob in the lobby")
    for expected in ("Bot 2", "Bot 3"):
        await alice.press_button(lobby, "Add a bot")
        await server.wait_until(lambda e=expected: e in (lobby.text or ""),
                                what=f"{expected} in the lobby")
    if start:
        game.started_at = server.mark()
        await alice.press_button(lobby, "Start")
        await game.table_message()
    return game


def seats_of(table: Table, users: Iterable[FakeUser]) -> dict[int, int]:
    """user id -> seat."""
    out = {}
    for user in users:
        seat = table.seat_of(user.id)
        assert seat is not None
        out[user.id] = seat
    return out


def decode_cards(value: Any, family: Family = Family.FRENCH) -> list[Card]:
    """Cards of an event payload ({"$c": code}, {"$t": [...]}, lists) in order."""
    if isinstance(value, dict) and "$c" in value:
        return [parse_card(value["$c"], family)]
    if isinstance(value, dict) and "$t" in value:
        return [c for v in value["$t"] for c in decode_cards(v, family)]
    if isinstance(value, list):
        return [c for v in value for c in decode_cards(v, family)]
    return []
