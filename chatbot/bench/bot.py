"""The Telegram front end under load: ``python -m chatbot.bench bot [--games N]``.

N 2v2 Truco Paulista games run at once against one bot process: in each, two
scripted people open the table, fill it with two bots, start, and play every
hand through inline mode (as the group tests do). The bot is the real
``build_application`` on a fresh SQLite database (or ``--db URL``); the people
and the fake Bot API of ``chatbot.testing.fakebotapi`` (a dev tool: run this from the
repository) live in a second process, so the bot's figures are its own, as in
production where Telegram is elsewhere.

It prints JSON: updates handled per second, p50/p99 time to handle one update
(from the handler's start to its end, database and Bot API answers included) and
one timer (bot moves, next deals), and the Bot API calls per hand that spend the
group's flood budget (sendMessage and edits with a chat id, as the fake counts
them), against the targets of 8 calls per hand and 50 ms p99 on SQLite.

``traffic`` gives what Telegram counts against its limits: bot messages (sends
and edits) per game-minute to each game's group, to each of its private chats and
to all of them together, and the peak in any 60 s of a group and of a private
chat (targets: 20 per 60 s per group, 15 a minute per private chat, 60 a minute
for a game's chats together). ``--private`` seats four people who read their
hands privately and play from there, no bots: the costliest table.

Times are production's divided by ``--speed`` (default 1: production's pace):
people think for ``--think`` seconds, bots wait ``--bot-delay``, the table
message waits ``--edit-delay`` before an edit and ``--pause`` separates hands.
Each game stops after ``--hands`` hands (0: play it to the end).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import logging
import multiprocessing
import os
import platform
import random
import re
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any

from telegram import Update
from telegram.ext import SimpleUpdateProcessor

from chatbot.fsm.table import Table
from chatbot.handlers.service import Timing
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.lifecycle import running
from chatbot.handlers.telegram.timers import Fire
from chatbot.i18n.table_text import paused_line
from chatbot.stats.records import RECORDS_AT_GAME_END
from chatbot.storage import Repository, make_engine
from chatbot.testing.virtual_clock import peak_in_window

try:
    from chatbot.testing.fakebotapi import (
        ApiCall,
        CallbackAnswer,
        FakeChat,
        FakeMessage,
        FakeTelegramServer,
        FakeUser,
        InlineAnswer,
    )
except ImportError as exc:  # pragma: no cover - only outside a checkout
    raise ImportError("the bot benchmark needs the repository's tests/fakebotapi: "
                      "run it from the repository root") from exc

TARGET_CALLS_PER_HAND = 8
TARGET_P99_MS = 50.0
WAITING = re.compile(r"^Waiting for (.+)\.$", re.MULTILINE)
PAUSED = paused_line("en")
STUCK_AFTER = 120.0  # seconds without any change of the table: the driver gives up


# ---------------------------------------------------------------- measuring
class TimedProcessor(SimpleUpdateProcessor):
    """PTB's concurrent processor, timing each update from its handler's start to its end."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self.durations: list[float] = []
        self.by_kind: dict[str, list[float]] = {}

    async def do_process_update(self, update: object,
                                coroutine: Awaitable[Any]) -> None:
        start = time.perf_counter()
        try:
            await coroutine
        finally:
            took = time.perf_counter() - start
            self.durations.append(took)
            self.by_kind.setdefault(update_kind(update), []).append(took)


def update_kind(update: object) -> str:
    """"callback_query", "inline_query", "chosen_inline_result", "message"..."""
    if isinstance(update, Update):
        for kind in ("callback_query", "inline_query", "chosen_inline_result", "message"):
            if getattr(update, kind) is not None:
                return kind
    return "other"


class BenchServer(FakeTelegramServer):
    """The fake Bot API, waking only the driver whose chat or query changed.

    The fake's own ``wait_until`` re-checks every waiter on every change, which
    is fine for a test and quadratic for a thousand games.
    """

    def __init__(self) -> None:
        super().__init__()
        self._chat_events: dict[int, asyncio.Event] = {}
        self._answers: dict[str, asyncio.Future[Any]] = {}

    def chat_event(self, chat_id: int) -> asyncio.Event:
        return self._chat_events.setdefault(chat_id, asyncio.Event())

    def answer_of(self, query_id: str) -> asyncio.Future[Any]:
        return self._answers.setdefault(query_id, asyncio.get_running_loop().create_future())

    def _notify(self, chat_id: int) -> None:
        event = self._chat_events.get(chat_id)
        if event is not None:
            event.set()

    def add_message(self, chat: FakeChat, sender: dict[str, Any], **kwargs: Any) -> FakeMessage:
        message = super().add_message(chat, sender, **kwargs)
        if message.from_bot:
            self._notify(chat.id)
        return message

    def _apply_edit(self, message: FakeMessage, text: str | None, entities: list[Any],
                    markup: dict[str, Any] | None) -> Any:
        result = super()._apply_edit(message, text, entities, markup)
        self._notify(message.chat.id)
        return result

    def _resolve(self, query_id: str, answer: Any) -> None:
        future = self.answer_of(query_id)
        if not future.done():
            future.set_result(answer)

    async def _answer_callback_query(self, params: dict[str, Any], call: Any) -> bool:
        result = await super()._answer_callback_query(params, call)
        query_id = str(params.get("callback_query_id", ""))
        self._resolve(query_id, self.callback_answers[query_id])
        return result

    async def _answer_inline_query(self, params: dict[str, Any], call: Any) -> bool:
        result = await super()._answer_inline_query(params, call)
        query_id = str(params.get("inline_query_id", ""))
        self._resolve(query_id, self.inline_answers[query_id])
        return result


# ----------------------------------------------------------------- playing
@dataclass
class Pace:
    think: float
    stuck_after: float = STUCK_AFTER

    @property
    def patience(self) -> float:
        """How long a person waits for the table before looking again by themselves."""
        return max(2.0, 20 * self.think)


@dataclass
class Driver:
    """Two people at one group table; they act when the table message waits for them."""

    server: BenchServer
    index: int
    pace: Pace
    hands_limit: int | None
    start_after: float
    rng: random.Random = field(default_factory=random.Random)
    private: bool = False  # four people who read their hands privately, no bots
    _last_private_change: float = 0.0  # loop time a private hand message last changed
    finished: bool = False
    stuck: bool = False
    hands: int = 0

    def __post_init__(self) -> None:
        base = 10_000_000 + 4 * self.index
        self.alice = FakeUser(self.server, base, "Alice")
        self.bob = FakeUser(self.server, base + 1, "Bob")
        self.people = {"Alice": self.alice, "Bob": self.bob}
        if self.private:
            self.people |= {"Carol": FakeUser(self.server, base + 2, "Carol"),
                            "Dave": FakeUser(self.server, base + 3, "Dave")}
        self.group = self.server.create_group(f"Truco {self.index}",
                                              members=list(self.people.values()))

    @property
    def private_chats(self) -> list[int]:
        """The private chats of the people who read their hands there."""
        return [u.id for u in self.people.values()] if self.private else []

    def last(self) -> FakeMessage | None:
        return self.group.last_bot_message()

    async def until(self, ready: Callable[[], bool], patience: float | None = None,
                    chat: int | None = None) -> bool:
        """Wait until ``ready()`` (re-checked whenever this chat's messages change, the
        group's unless ``chat`` says which); False after ``patience`` seconds (then the
        game counts as stuck)."""
        event = self.server.chat_event(self.group.id if chat is None else chat)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + (patience or self.pace.stuck_after)
        while not ready():
            event.clear()
            if ready():
                break
            remaining = deadline - loop.time()
            if remaining <= 0:
                self.stuck = patience is None
                return False
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                continue
        return True

    async def press(self, user: FakeUser, message: FakeMessage, label: str) -> CallbackAnswer:
        query_id = user.click(message, message.button(label)["callback_data"])
        answer: CallbackAnswer = await self.server.answer_of(query_id)
        return answer

    async def inline(self, user: FakeUser, message: FakeMessage) -> InlineAnswer | None:
        button = next((b for b in message.buttons if "switch_inline_query_current_chat" in b),
                      None)
        if button is None:
            return None
        query_id = user.ask_inline(button["switch_inline_query_current_chat"], chat=self.group)
        answer: InlineAnswer = await self.server.answer_of(query_id)
        return answer

    async def look_inline(self) -> None:
        """Both people open inline mode; whoever has moves plays one (a paused table)."""
        message = self.last()
        assert message is not None
        for user in (self.alice, self.bob):
            if await self.play_inline(user, message):
                return

    async def play_inline(self, user: FakeUser, message: FakeMessage) -> bool:
        """The person opens inline mode and plays one of their moves, if they have any."""
        answer = await self.inline(user, message)
        moves = [r for r in (answer.results if answer else [])
                 if not (r.get("description") or "").startswith("Not your turn")]
        if not moves or answer is None:
            return False
        await user.choose_inline(self.decide(moves)["id"], answer=answer, chat=self.group)
        return True

    def decide(self, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A plausible person: plays cards, calls now and then, usually accepts."""
        titles = {m["title"]: m for m in moves}
        rng = self.rng
        if "Accept" in titles:
            raise_ = next((m for t, m in titles.items() if t.endswith("!")), None)
            roll = rng.random()
            if raise_ is not None and roll < 0.1:
                return raise_
            return titles["Accept"] if roll < 0.75 else titles.get("Run", titles["Accept"])
        if "Play this hand" in titles:
            return titles["Play this hand"] if rng.random() < 0.8 else titles[
                "Run from this hand"]
        calls = [m for t, m in titles.items() if t.endswith("!")]
        if calls and rng.random() < 0.12:
            return rng.choice(calls)
        cards = [m for t, m in titles.items() if not t.endswith("!")]
        return rng.choice(cards or moves)

    async def run(self) -> None:
        await asyncio.sleep(self.start_after)
        group, alice, bob = self.group, self.alice, self.bob
        if self.private:  # /start once in a private chat: their hands come there
            for user in self.people.values():
                await user.start()
                await self.until(lambda u=user: u.private.last_bot_message() is not None,  # type: ignore[misc]  # mypy types no lambda default
                                 chat=user.id)
        await alice.send(group, "/new paulista")
        if not await self.until(lambda: self.last() is not None):
            return
        lobby = self.last()
        assert lobby is not None
        if self.private:
            seats = [("Bob", bob, "Join team B"), ("Carol", self.people["Carol"], "Join team A"),
                     ("Dave", self.people["Dave"], "Join team B")]
        else:
            seats = [("Bob", bob, "Join team B"), ("Bot 2", alice, "Add a bot"),
                     ("Bot 3", alice, "Add a bot")]
        for name, user, label in seats:
            await self.press(user, lobby, label)
            if not await self.until(lambda n=name: n in (lobby.text or "")):  # type: ignore[misc]  # mypy types no lambda default
                return
        await self.press(alice, lobby, "Start")
        if not await self.until(lambda: self.last() is not lobby):
            return
        if self.private:
            await self.play_privately(lobby.message_id)
        else:
            await self.play(lobby.message_id)

    async def play_privately(self, lobby_id: int) -> None:
        """Each person plays from their private hand message when it says it is their
        turn; the group's message only tells when the game is over."""
        self._last_private_change = asyncio.get_running_loop().time()
        people = [asyncio.create_task(self._person(user)) for user in self.people.values()]
        hand_messages: set[int] = set()
        try:
            while True:
                message = self.last()
                assert message is not None
                if message.message_id != lobby_id:
                    hand_messages.add(message.message_id)
                self.hands = len(hand_messages)
                if "Game over" in (message.text or ""):
                    self.finished = True
                    return
                if self.hands_limit is not None and self.hands > self.hands_limit:
                    await self.alice.send(self.group, "/stop")
                    self.finished = True
                    self.hands -= 1
                    return
                seen = (message.message_id, message.edits)
                if not await self.until(lambda s=seen: self._state() != s,  # type: ignore[misc]  # mypy types no lambda default
                                        self.pace.stuck_after):
                    self.stuck = not any(not p.done() for p in people) or self._quiet()
                    if self.stuck:
                        return
        finally:
            for person in people:
                person.cancel()
            await asyncio.gather(*people, return_exceptions=True)

    def _quiet(self) -> bool:
        """Nobody's private message changed for a while either: the game is stuck."""
        loop_time = asyncio.get_running_loop().time()
        return loop_time - self._last_private_change > self.pace.stuck_after

    async def _person(self, user: FakeUser) -> None:
        chat = user.private
        event = self.server.chat_event(chat.id)
        acted: tuple[int, int] | None = None
        loop = asyncio.get_running_loop()
        while True:
            message = chat.last_bot_message()
            seen = None if message is None else (message.message_id, message.edits)
            if (message is not None and seen != acted
                    and "Your turn" in (message.text or "")):
                acted = seen
                await asyncio.sleep(self.pace.think * self.rng.uniform(0.5, 1.5))
                moves = [{"title": b["text"], "data": b["callback_data"]}
                         for b in message.buttons
                         if "callback_data" in b and not b["text"].startswith("Stop")]
                if moves:
                    query_id = user.click(message, self.decide(moves)["data"], check=False)
                    await self.server.answer_of(query_id)
                continue
            event.clear()
            if chat.last_bot_message() is message and (
                    message is None or (message.message_id, message.edits) == seen):
                await event.wait()
            self._last_private_change = loop.time()

    async def play(self, lobby_id: int) -> None:
        acted_on: tuple[int, int] | None = None
        hand_messages: set[int] = set()
        quiet = 0.0  # seconds the table has not changed
        while True:
            message = self.last()
            assert message is not None
            if message.message_id != lobby_id:
                hand_messages.add(message.message_id)
            self.hands = len(hand_messages)
            text = message.text or ""
            if "Game over" in text:
                self.finished = True
                return
            if self.hands_limit is not None and self.hands > self.hands_limit:
                await self.alice.send(self.group, "/stop")
                self.finished = True
                self.hands -= 1  # the hand just dealt is not played
                return
            seen = (message.message_id, message.edits)
            if PAUSED in text:  # the message rests until the next hand: follow inline
                await asyncio.sleep(self.pace.think * self.rng.uniform(0.5, 1.5))
                await self.look_inline()
                continue
            found = WAITING.search(text)
            user = self.people.get(found.group(1)) if found else None
            if user is not None and seen != acted_on:
                acted_on = seen
                await asyncio.sleep(self.pace.think * self.rng.uniform(0.5, 1.5))
                await self.play_inline(user, message)
            if await self.until(lambda s=seen: self._state() != s,  # type: ignore[misc]  # mypy types no lambda default
                                self.pace.patience):
                quiet = 0.0
                continue
            quiet += self.pace.patience  # nothing new: look again, like a person would
            acted_on = None
            if quiet >= self.pace.stuck_after:
                self.stuck = True
                return

    def _state(self) -> tuple[int, int] | None:
        message = self.last()
        return None if message is None else (message.message_id, message.edits)


# ---------------------------------------------------------------- figures
def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def ms(values: list[float]) -> dict[str, float]:
    return {"p50": round(percentile(values, 0.5) * 1000, 2),
            "p99": round(percentile(values, 0.99) * 1000, 2),
            "max": round(max(values, default=0.0) * 1000, 2),
            "count": len(values)}


def calls_per_hand(server: FakeTelegramServer, drivers: list[Driver],
                   worst: str | None = None) -> dict[str, Any]:
    """Counted calls of each group's hand messages: a message's post and its edits
    (the last ones, or the game over, and its closing edit whenever it came).

    The first message of a group is its lobby; each later one is a hand's. Only
    hands that were played to their end are counted.
    """
    lobby: list[int] = []
    hands: list[int] = []
    costliest: list[Any] = []
    for driver in drivers:
        messages = list(server.counted_per_message(driver.group.id).values())
        if not messages:
            continue
        lobby.append(len(messages[0]))
        segments = messages[1:]
        hands.extend(len(s) for s in segments[:driver.hands])
        costliest = max([costliest, *segments[:driver.hands]], key=len)
    if worst:  # the texts of the most expensive hand, to see where its calls went
        Path(worst).write_text("\n".join(f"--- {c.method}\n{c.params.get('text')}"
                                          for c in costliest), encoding="utf-8")
    return {
        "hands": len(hands),
        "mean": round(statistics.fmean(hands), 2) if hands else None,
        "p50": percentile([float(h) for h in hands], 0.5),
        "p90": percentile([float(h) for h in hands], 0.9),
        "max": max(hands, default=None),
        "target": TARGET_CALLS_PER_HAND,
        "lobby_per_game": round(statistics.fmean(lobby), 2) if lobby else None,
    }


def peak_in_60s(times: list[float]) -> int:
    times = sorted(times)
    peak, first = 0, 0
    for last, at in enumerate(times):
        while times[first] <= at - 60.0:
            first += 1
        peak = max(peak, last - first + 1)
    return peak


def chat_of(call: ApiCall) -> int:
    """The chat a counted call went to: a call that spends a chat's budget names it."""
    assert call.chat_id is not None
    return int(call.chat_id)


def traffic(server: FakeTelegramServer, drivers: list[Driver]) -> dict[str, Any]:
    """Bot messages (sends and edits, as Telegram counts them) per game-minute, for the
    game's group, each of its private chats and all of them together, from the first
    hand's message to the game's last call (a game stopped after ``--hands`` hands: to
    the deal of the hand it did not play); and the peak in any 60 s of each chat."""
    by_chat: dict[int, list[float]] = {}
    for call in server.counted_calls():
        by_chat.setdefault(chat_of(call), []).append(call.at)
    sends: dict[int, list[float]] = {chat_of(c): [] for c in server.counted_calls()}
    for call in server.counted_calls():
        if call.method == "sendMessage":
            sends[chat_of(call)].append(call.at)
    all_rates, group_rates, private_rates = [], [], []
    group_peaks, private_peaks = [], []
    for driver in drivers:
        posts = sends.get(driver.group.id, [])
        if len(posts) < 2:
            continue
        start = posts[1]  # the first hand's message (the first post is the lobby)
        # a game stopped after its hands ends where the hand it did not play was dealt
        stop = (posts[driver.hands + 1] if driver.hands_limit is not None
                and len(posts) > driver.hands + 1 else float("inf"))
        chats = [driver.group.id, *driver.private_chats]
        calls = {c: [t for t in by_chat.get(c, []) if start <= t < stop] for c in chats}
        end = max((t for times in calls.values() for t in times), default=start)
        end = stop if stop != float("inf") else end
        minutes = max(end - start, 1.0) / 60.0
        all_rates.append(sum(len(t) for t in calls.values()) / minutes)
        group_rates.append(len(calls[driver.group.id]) / minutes)
        group_peaks.append(peak_in_60s(by_chat.get(driver.group.id, [])))
        for chat in driver.private_chats:
            private_rates.append(len(calls[chat]) / minutes)
            private_peaks.append(peak_in_60s(calls[chat]))

    def summary(values: list[float]) -> dict[str, float] | None:
        if not values:
            return None
        return {"mean": round(statistics.fmean(values), 1), "max": round(max(values), 1)}

    to_chats = sorted(c.at for c in server.calls if c.chat_id is not None)
    return {
        "bot_calls_to_chats_peak_per_1s": peak_in_window(to_chats, 1.0),
        "messages_per_game_minute": {"all_chats_of_a_game": summary(all_rates),
                                     "group": summary(group_rates),
                                     "private_chat": summary(private_rates)},
        "peak_per_60s": {"group": max(group_peaks, default=None),
                         "private_chat": max(private_peaks, default=None)},
        "targets": {"bot_per_1s": 30, "group_per_60s": 20, "private_chat_per_minute": 15,
                    "all_chats_of_a_game_per_minute": 60},
    }


# ------------------------------------------------------------------- run
def _people_side(conn: Connection, options: dict[str, Any]) -> None:
    """The other process: the fake Bot API and the scripted people (``spawn`` target)."""
    logging.basicConfig(level=logging.ERROR)
    asyncio.run(_people(conn, argparse.Namespace(**options)))


async def _people(conn: Connection, args: argparse.Namespace) -> None:
    loop = asyncio.get_running_loop()
    server = BenchServer()
    await server.start()
    try:
        conn.send({"token": server.token, "root": server.url})
        await loop.run_in_executor(None, conn.recv)  # the bot is polling
        rng = random.Random(args.seed)
        pace = Pace(think=args.think / args.speed)
        drivers = [Driver(server, i, pace, args.hands, args.ramp * i / max(args.games, 1),
                          random.Random(rng.random()), private=args.private)
                   for i in range(args.games)]
        started = time.perf_counter()
        await asyncio.gather(*(d.run() for d in drivers))
        elapsed = time.perf_counter() - started
        for _ in range(600):  # let the bot take the last updates (the /stop of each game)
            if not server.pending_updates:
                break
            await asyncio.sleep(0.05)
        conn.send({
            "seconds": elapsed,
            "games_finished": sum(d.finished for d in drivers),
            "games_stuck": sum(d.stuck for d in drivers),
            "counted_calls_per_hand": calls_per_hand(server, drivers, args.worst_hand),
            "traffic": traffic(server, drivers),
            "api_calls": len(server.calls),
        })
        await loop.run_in_executor(None, conn.recv)  # the bot has stopped
    finally:
        await server.stop()


def start_people(args: argparse.Namespace) -> tuple[Connection, BaseProcess]:
    """The people's process (fake Bot API and drivers) and the pipe to it."""
    context = multiprocessing.get_context("spawn")
    conn, child_conn = context.Pipe()
    people = context.Process(target=_people_side, args=(child_conn, vars(args)), daemon=True)
    people.start()
    return conn, people


async def _bot_side(args: argparse.Namespace) -> dict[str, Any]:
    """This process: the real bot, timed, against the fake Bot API of the other one."""
    loop = asyncio.get_running_loop()
    conn, people = start_people(args)
    tmp = tempfile.TemporaryDirectory(prefix="truco-bench-")
    try:
        api = await loop.run_in_executor(None, conn.recv)
        speed = args.speed
        url = args.db or f"sqlite+aiosqlite:///{Path(tmp.name) / 'bench.db'}"
        timing = Timing(turn=60.0, bot=args.bot_delay / speed,
                        between_hands=args.pause / speed)
        settings = Settings(token=api["token"], database_url=url,
                            api_root=api["root"],
                            timing=timing, edit_delay=args.edit_delay / speed,
                            log_level="WARNING")
        processor = TimedProcessor(args.concurrency)
        timer_durations: list[float] = []

        def timed(on_timer: Fire) -> Fire:
            """Each deadline's work, timed (the timers fire through it)."""
            async def timed_timer(table_id: int, seq: int) -> None:
                start = time.perf_counter()
                try:
                    await on_timer(table_id, seq)
                finally:
                    timer_durations.append(time.perf_counter() - start)
            return timed_timer

        app = build_application(settings, rate_limiter=False, update_processor=processor,
                                fire_through=timed)
        async with running(app, settings):
            profiler = cProfile.Profile() if args.profile else None
            cpu, main_cpu = time.process_time(), time.thread_time()
            if profiler is not None:
                profiler.enable()
            conn.send("go")
            figures = await loop.run_in_executor(None, conn.recv)
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(args.profile)
            cpu, main_cpu = time.process_time() - cpu, time.thread_time() - main_cpu
        conn.send("stop")
        hands_dealt = await _hands(url)
    finally:
        await loop.run_in_executor(None, people.join, 30)
        tmp.cleanup()
    elapsed = figures.pop("seconds")
    updates = len(processor.durations)
    return {
        "benchmark": "bot",
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "database": url.split(":", 1)[0],
        "games": args.games,
        **{k: figures[k] for k in ("games_finished", "games_stuck")},
        "hands_dealt": hands_dealt,
        "seconds": round(elapsed, 2),
        "updates": updates,
        "updates_per_second": round(updates / elapsed, 1),
        "update_handling_ms": ms(processor.durations),
        "update_handling_ms_by_kind": {k: ms(v) for k, v in sorted(processor.by_kind.items())},
        "timer_handling_ms": ms(timer_durations),
        "target_p99_ms": TARGET_P99_MS,
        "bot_cpu_seconds_per_update_or_timer_ms": round(
            cpu / max(updates + len(timer_durations), 1) * 1000, 2),
        "bot_cpu_share": round(cpu / elapsed, 2),
        "bot_main_thread_cpu_share": round(main_cpu / elapsed, 2),
        **{k: figures[k] for k in ("counted_calls_per_hand", "traffic", "api_calls")},
        "settings": {"speed": speed, "think": args.think, "bot_delay": args.bot_delay,
                     "edit_delay": args.edit_delay, "pause": args.pause,
                     "hands_limit": args.hands, "ramp": args.ramp,
                     "people": 4 if args.private else 2, "private": args.private},
    }


async def _hands(url: str) -> int:
    """Hands dealt in all games, from the stored tables."""
    engine = make_engine(url)
    try:
        repo = Repository(engine, RECORDS_AT_GAME_END)
        total = 0
        table_id = 1
        while (record := await repo.get_table(table_id)) is not None:
            match = Table.from_dict(record.game).match
            total += match.hand_no if match is not None else 0
            table_id += 1
        return total
    finally:
        await engine.dispose()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m chatbot.bench bot")
    parser.add_argument("--games", type=int, default=50, help="simultaneous games")
    parser.add_argument("--hands", type=int, default=3,
                        help="stop each game after this many hands (0: play to the end)")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="divide every delay below by this (1: production's pace)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="seconds a person takes per move (±50%%)")
    parser.add_argument("--bot-delay", type=float, default=1.5)
    parser.add_argument("--edit-delay", type=float, default=1.0)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between hands")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="seconds over which the games start")
    parser.add_argument("--concurrency", type=int, default=256,
                        help="updates handled at once")
    parser.add_argument("--private", action="store_true",
                        help="four people who read their hands privately (no bots), "
                             "playing from their private chats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", default=None, help="database URL (default: a new SQLite file)")
    parser.add_argument("--worst-hand", default=None, metavar="FILE",
                        help="write the texts of the hand that cost the most calls")
    parser.add_argument("--profile", default=None, metavar="FILE",
                        help="write a cProfile of the bot's event loop thread (pstats format)")
    parser.add_argument("--workers", type=int, default=0,
                        help="run the bot as one ingress and this many worker processes "
                             "(needs --db postgresql://... of an empty database, and Redis)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0",
                        help="the Redis of --workers (keys under a random prefix)")
    args = parser.parse_args(argv)
    args.hands = args.hands or None
    logging.basicConfig(level=logging.ERROR)
    if args.workers:
        from chatbot.bench.cluster import cluster_side

        if not (args.db or "").startswith("postgresql"):
            parser.error("--workers needs --db postgresql://... (an empty database)")
        print(json.dumps(asyncio.run(cluster_side(args)), indent=2))
        return 0
    print(json.dumps(asyncio.run(_bot_side(args)), indent=2))
    return 0
