"""The one path every action takes: load the table, fire the trigger, save, report.

Telegram presses, inline choices, timers and bots all come through
:meth:`GameService.act`, one at a time per table (an asyncio lock), and the
version check of the save guards against a second worker doing the same. A
refused trigger raises :class:`Refused` and saves nothing. After a save the
caller gets an :class:`Outcome` to render and send; no I/O to Telegram here.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from chatbot.ai.rulebot import choose
from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.rules.actions import Action
from chatbot.rules.cards import Family, card_code
from chatbot.rules.errors import IllegalAction
from chatbot.rules.events import Event, GameWon
from chatbot.rules.registry import rules_class
from chatbot.rules.serialize import event_to_dict
from chatbot.rules.views import real_action, seat_view
from chatbot.storage import (
    NotFound,
    Repository,
    SeatRecord,
    StaleVersion,
    StorageError,
    TableRecord,
)

log = logging.getLogger(__name__)

HAND_STATES = ("hand_deciding", "hand_playing", "hand_answering", "hand_phase", "hand")


@dataclass(frozen=True, slots=True)
class Timing:
    """How long people get, and how long bots and the table pause, in seconds."""

    turn: float = 60.0
    bot: float = 1.5
    between_hands: float = 3.0


@dataclass(frozen=True, slots=True)
class Outcome:
    record: TableRecord
    table: Table
    events: list[Event]
    trigger: str


def due_action(table: Table) -> str | None:
    """What the table's timer does when it fires: a bot move, a time-out, or the next deal."""
    if table.state == "scoring":
        return "next_hand"
    if table.state in HAND_STATES and table.match is not None:
        seat = table.rules.to_act(table.match)
        if seat is None:
            return None
        info = table.seats[seat]
        return "bot" if info is None or info.bot_plays else "timeout"
    return None


class GameService:
    def __init__(self, repo: Repository, timing: Timing | None = None,
                 rng: random.Random | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC)) -> None:
        self.repo = repo
        self.timing = timing or Timing()
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    # ------------------------------------------------------------- creating
    async def open_table(self, *, chat_id: int, creator_id: int, creator_name: str,
                         variant: str, players: int, options: dict[str, Any] | None = None,
                         language: str | None = None) -> Outcome:
        """A new table in its lobby, with its creator in seat 0."""
        table = Table(variant, players, dict(options or {}), creator=creator_id)
        events = fire(table, "sit", 0, creator_id, creator_name)
        record = await self.repo.create_table(
            chat_id=chat_id, creator_id=creator_id, variant=variant, state=table.state,
            options=table.options, game=table.to_dict(), language=language)
        record = await self.repo.save_with_events(
            record, record.version, [("input", {"trigger": "open", "args": [creator_id]})]
            + [(type(e).__name__, event_to_dict(e, rules_class(variant).family))
               for e in events])
        await self._sync_seats(record, table)
        return Outcome(record, table, events, "open")

    # ---------------------------------------------------------------- acting
    async def act(self, table_id: int, trigger: str, *args: Any, **kwargs: Any) -> Outcome:
        """Fire ``trigger`` on the stored table and save it; Refused leaves it as it was."""
        async with self.lock(table_id):
            for attempt in range(3):
                record = await self.repo.get_table(table_id)
                if record is None or not record.active:
                    raise Refused("no-table")
                table = Table.from_dict(record.game)
                args = _resolve_blind(table, trigger, args)
                events = fire(table, trigger, *args, rng=self.rng, **kwargs)
                try:
                    saved = await self._save(record, table, trigger, args, events)
                except StaleVersion:
                    if attempt == 2:
                        raise
                    continue  # another worker saved first: reload and judge again
                outcome = Outcome(saved, table, events, trigger)
                try:
                    await self._after(outcome)
                except StorageError:  # the move is saved: a statistic must not undo it
                    log.exception("statistics of table %s not recorded", table_id)
                return outcome
        raise AssertionError("unreachable")

    async def amend(self, table_id: int, change: Callable[[Table], list[Event]],
                    note: str = "amend") -> Outcome:
        """An administrative change of a stored table (a support tool, a test that needs
        a given score): ``change`` edits the table and returns its events; the table
        settles on its phase and is saved like any action, version check and log included.
        """
        async with self.lock(table_id):
            record = await self.repo.get_table(table_id)
            if record is None or not record.active:
                raise Refused("no-table")
            table = Table.from_dict(record.game)
            events = change(table)
            table.seq += 1
            if table.state.startswith("hand"):
                events += fire(table, "settle")
            saved = await self._save(record, table, note, (), events)
            return Outcome(saved, table, events, note)

    async def move(self, table_id: int, seat: int, action: Action, seq: int | None) -> Outcome:
        return await self.act(table_id, "move", seat, action, seq=seq)

    async def run_timer(self, table_id: int, seq: int) -> Outcome | None:
        """A deadline passed: do what is due, unless the table moved on meanwhile."""
        record = await self.repo.get_table(table_id)
        if record is None or not record.active or record.turn_seq != seq:
            return None
        table = Table.from_dict(record.game)
        due = due_action(table)
        try:
            if due == "next_hand":
                return await self.act(table_id, "next_hand")
            if due in ("bot", "timeout") and table.match is not None:
                rules = table.rules
                seat = rules.to_act(table.match)
                assert seat is not None
                view = seat_view(rules, table.match, seat)
                action = await asyncio.to_thread(choose, rules, view, random.Random(seq))
                if due == "bot":
                    return await self.act(table_id, "move", seat, action, seq=seq)
                return await self.act(table_id, "time_out", seq, seat, action)
        except Refused:
            return None  # somebody acted first: their move stands
        return None

    # --------------------------------------------------------------- saving
    async def _save(self, record: TableRecord, table: Table, trigger: str,
                    args: tuple[Any, ...], events: list[Event]) -> TableRecord:
        family = table.rules.family
        log = [("input", {"trigger": trigger, "args": [_plain(a, family) for a in args]})]
        log += [(type(e).__name__, event_to_dict(e, family)) for e in events]
        new = replace(
            record, variant=table.variant, options=table.options, state=table.state,
            game=table.to_dict(), turn_seq=table.seq, turn_deadline=self.deadline(table),
            active=table.state != "closed")
        saved = await self.repo.save_with_events(new, record.version, log)
        if trigger in ("sit", "stand", "add_bot", "configure"):
            await self._sync_seats(saved, table)
        return saved

    def deadline(self, table: Table) -> datetime | None:
        due = due_action(table)
        seconds = {"next_hand": self.timing.between_hands, "bot": self.timing.bot,
                   "timeout": self.timing.turn}.get(due or "")
        return None if seconds is None else self.clock() + timedelta(seconds=seconds)

    async def _sync_seats(self, record: TableRecord, table: Table) -> None:
        seats = [SeatRecord(record.id, i, s.name, s.user_id, s.is_bot, s.bot_level)
                 for i, s in enumerate(table.seats) if s is not None]
        await self.repo.replace_seats(record.id, seats)

    async def _after(self, outcome: Outcome) -> None:
        """Statistics and the running series when a game ends."""
        won = next((e for e in outcome.events if isinstance(e, GameWon)), None)
        if won is None:
            return
        table, record = outcome.table, outcome.record
        teams: dict[int, list[int | None]] = {}
        for seat, info in enumerate(table.seats):
            if info is not None:
                teams.setdefault(table.team_of(seat), []).append(info.user_id)
        winners = teams.get(won.team, [])
        losers = [m for t, members in teams.items() if t != won.team for m in members]
        if winners and losers:
            await self.repo.record_series_win(record.chat_id, winners, losers)
        for members, result in ((winners, 1), (losers, 0)):
            for user_id in members:
                if user_id is None:
                    continue
                try:
                    await self.repo.record_statistics(user_id, games_played=1,
                                                      games_won=result)
                except NotFound:  # never seen by the handlers (seated by a tool)
                    log.info("no statistics for unknown user %s", user_id)


def _resolve_blind(table: Table, trigger: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """A blind pick names a position; the table, which knows the cards, makes it a card."""
    if table.match is None:
        return args
    try:
        if trigger == "move":
            seat, action, *rest = args
            return (seat, real_action(table.match, seat, action), *rest)
        if trigger == "time_out":
            seq, seat, action = args
            return (seq, seat, real_action(table.match, seat, action))
    except IllegalAction as err:
        raise Refused("illegal", error=err) from None
    return args


def _plain(value: Any, family: Family) -> Any:
    """Trigger arguments as JSON for the log (actions as kind and card code)."""
    if isinstance(value, Action):
        return {"action": value.kind,
                "card": card_code(value.card, family) if value.card else None}
    if isinstance(value, dict):
        return dict(value)
    return value
