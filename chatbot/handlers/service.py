"""The one path every action on a stored table takes: load, judge, fire, save, report.

Telegram presses, inline choices, the web table, timers and bots all come through
:meth:`GameService.perform`, one at a time per table (an asyncio lock), and the
version check of the save guards against a second worker doing the same. What an
action does is judged by the table actions the terminal game shares
(``chatbot/handlers/table_actions.py``): the service is their store
(:meth:`GameService.carry_out`, :attr:`GameService.actions`), which adds what a stored
table needs (a paused table, the bots' reads, the lock, the save). A refused action
raises :class:`Refused` and saves nothing. After a save the caller gets an
:class:`Outcome` to render and send; no I/O to Telegram here.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from chatbot import logs
from chatbot.ai import TableReads, decide
from chatbot.fsm.errors import Refused
from chatbot.fsm.events import PlayerLeft, PlayerSat, TableClosed
from chatbot.fsm.table import Table
from chatbot.handlers import once
from chatbot.handlers.table_actions import (
    Decision,
    Fired,
    Step,
    TableActions,
    Think,
    apply_steps,
    due,
    due_action,
    open_table,
    settled,
)
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Family, card_code
from chatbot.rules.events import Event, GameWon
from chatbot.rules.registry import rules_class
from chatbot.rules.serialize import event_from_dict, event_to_dict
from chatbot.storage import (
    AlreadyApplied,
    EventRecord,
    Repository,
    SeatRecord,
    StaleVersion,
    StorageError,
    TableRecord,
)
from chatbot.storage.locks import TableLocks

log = logging.getLogger(__name__)

REMEMBERED = 20_000  # active tables whose last record a process keeps in memory



@dataclass(frozen=True, slots=True)
class Timing:
    """How long people get, and how long bots and the table pause, in seconds."""

    turn: float = 60.0
    bot: float = 1.5
    between_hands: float = 3.0


# Decides the triggers from the table as stored now (see GameService.perform); a
# Step and a Fired trigger are the table actions' (table_actions.py).
Plan = Callable[[TableRecord, Table], Awaitable[list[Step] | None]]
SAVE_TRIES = 4  # a save that keeps losing the race to other workers gives up after these
PAUSED_FOR = timedelta(days=1)  # a table whose group removed the bot closes after this


@dataclass(frozen=True, slots=True)
class Outcome:
    record: TableRecord
    table: Table
    events: list[Event]
    trigger: str


@dataclass(frozen=True, slots=True)
class Revised:
    """A table after a change beside its game (paused, resumed), and whether it changed."""

    record: TableRecord
    changed: bool


class GameService:
    """The store of stored tables: every action judged by :attr:`actions` (the table
    actions the terminal game shares) on the table as stored now, and saved."""

    def __init__(self, repo: Repository, timing: Timing | None = None,
                 rng: random.Random | None = None,
                 clock: Callable[[], datetime] = lambda: datetime.now(UTC),
                 table_locks: TableLocks | None = None, alone: bool = True) -> None:
        self.repo = repo
        # across processes (several workers on PostgreSQL); nothing held by default
        self.table_locks = table_locks or TableLocks()
        # False: other processes save tables too, so what is shown is read anew (a move
        # is judged on the stored table either way, see perform)
        self.alone = alone
        self.timing = timing or Timing()
        self.rng = rng or random.SystemRandom()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._records: dict[int, TableRecord] = {}  # last record saved or read, per table
        self._ids: dict[str, int] = {}  # table codes never change
        # what the bots learnt of the players at each table, for the whole series, read
        # from the table's log: kept here with the table version and the last log entry
        # it was fed up to, so only newer entries are read (another worker's saves, or
        # the whole log after a restart)
        self._reads: dict[int, ReadsEntry] = {}
        # every table action by name, each answering the Outcome saved (None: nothing to do)
        self.actions: TableActions[int, Awaitable[Outcome | None]] = TableActions(self)

    def lock(self, table_id: int) -> asyncio.Lock:
        """One action at a time per table in this process (the version check guards the
        rest); locks of tables no longer remembered are dropped when they pile up."""
        if len(self._locks) > 2 * REMEMBERED:
            for key in [k for k, v in self._locks.items()
                        if k not in self._records and not v.locked()]:
                del self._locks[key]
        return self._locks.setdefault(table_id, asyncio.Lock())

    # -------------------------------------------------------------- reading
    def remember(self, record: TableRecord) -> None:
        """Keep the newest record of an active table; a closed one is forgotten."""
        known = self._records.get(record.id)
        if known is not None and known.version > record.version:
            return  # a read that raced with a save: the saved record is newer
        self._records.pop(record.id, None)
        if not record.active:
            return
        self._records[record.id] = record
        self._ids[record.code] = record.id
        while len(self._records) > REMEMBERED:
            self._records.pop(next(iter(self._records)))
        while len(self._ids) > 4 * REMEMBERED:
            self._ids.pop(next(iter(self._ids)))

    def newest(self, record: TableRecord) -> TableRecord:
        """``record``, or the newer record of its table this process saved or read since
        (an outcome shown late must not undo a pause or a move beside the game)."""
        known = self._records.get(record.id)
        return known if known is not None and known.version > record.version else record

    def reads(self, table_id: int) -> TableReads | None:
        """What the bots at this table have learnt of its players so far, as this process
        last read it (None: not read yet; :meth:`reads_for` reads the log)."""
        entry = self._reads.get(table_id)
        return None if entry is None else entry.reads

    async def reads_for(self, record: TableRecord, table: Table) -> TableReads | None:
        """The table's reads up to ``record``, caught up from the table's log.

        The reads are a fold over the table's public events, which the log keeps
        for the whole series, so they survive a restart and follow a table that
        several workers save: whatever this process has not fed yet is read from
        the log after the last entry it fed (all of it the first time). None if the
        log cannot be read (the bot then plays from its priors, as before reads).
        """
        entry = self._reads.get(record.id)
        if entry is not None and entry.version == record.version:
            return entry.reads
        if entry is None or entry.reads.players != table.players:
            entry = ReadsEntry(0, 0, TableReads(table.players))
        try:
            rows = await self.repo.list_events(record.id, after_seq=entry.seq)
            feed_log(entry.reads, table.rules, rows)
        except (StorageError, KeyError, TypeError, ValueError, IndexError):
            log.exception("log of table %s unreadable for the bots' reads", record.id)
            self._reads.pop(record.id, None)
            return None
        if rows:
            entry.seq = rows[-1].seq
        entry.version = record.version
        self._remember_reads(record.id, entry)
        return entry.reads

    def learn(self, before: TableRecord, after: TableRecord, table: Table,
              events: list[Event], written: int) -> None:
        """Feed the table's reads with one save this process made (``written`` log rows),
        without reading them back; reads this process was behind on wait for
        :meth:`reads_for`, which reads the log."""
        entry = self._reads.pop(before.id, None)
        if after.state == "closed" or entry is None or entry.version != before.version \
                or entry.reads.players != table.players:
            return
        feed(entry.reads, table.rules, events)
        entry.version, entry.seq = after.version, entry.seq + written
        self._remember_reads(before.id, entry)

    def _remember_reads(self, table_id: int, entry: ReadsEntry) -> None:
        self._reads.pop(table_id, None)
        self._reads[table_id] = entry
        while len(self._reads) > REMEMBERED:
            self._reads.pop(next(iter(self._reads)))

    def forget(self, table_id: int) -> None:
        """Call after saving a table outside this service (a language change, a tool):
        the next read comes from the database."""
        self._records.pop(table_id, None)

    async def load(self, table_id: int) -> TableRecord | None:
        """The table as this process last saw it (read once if it never did).

        Only for showing things (an inline answer, "my cards"): a move is judged
        by :meth:`perform`, which rereads the table whenever the remembered copy
        might be behind another worker. A move in progress here is waited for, so
        what is shown is never older than what is stored.
        """
        lock = self.lock(table_id)
        if lock.locked():
            async with lock:
                pass
        record = self._records.get(table_id) if self.alone else None
        if record is None:
            record = await self.repo.get_table(table_id)
            if record is not None:
                self.remember(record)
        return record

    async def by_code(self, code: str) -> TableRecord | None:
        table_id = self._ids.get(code)
        if table_id is not None and self.alone:
            return await self.load(table_id)
        record = await self.repo.get_table_by_code(code)
        if record is not None:
            self.remember(record)
        return record

    # ------------------------------------------------------------- creating
    async def open_table(self, *, chat_id: int, creator_id: int, creator_name: str,
                         variant: str, players: int, options: dict[str, Any] | None = None,
                         language: str | None = None) -> Outcome:
        """A new table in its lobby, with its creator in seat 0."""
        opened = open_table(variant, players, dict(options or {}), creator_id, creator_name)
        table, events = opened.table, opened.events
        record = await self.repo.create_table(
            chat_id=chat_id, creator_id=creator_id, variant=variant, state=table.state,
            options=table.options, game=table.to_dict(), language=language)
        applied = once.pending()
        try:
            record = await self.repo.save_with_events(
                record, record.version, [("input", {"trigger": "open", "args": [creator_id]})]
                + [(type(e).__name__, event_to_dict(e, rules_class(variant).family))
                   for e in events], _seat_records(record.id, table), applied=applied)
        except AlreadyApplied:  # a repeated /new: the table just created must not stay
            await self.repo.close_table(record.id)
            raise
        once.recorded(applied)
        self.remember(record)
        return Outcome(record, table, events, "open")

    # ---------------------------------------------------------------- acting
    async def carry_out(self, table_id: int, decision: Decision) -> Outcome | None:
        """The store of the table actions: ``decision`` judged on the stored table and
        saved (:meth:`perform`)."""
        return await self.perform(table_id, self.plan_of(decision))

    def plan_of(self, decision: Decision) -> Plan:
        """A table action as a plan: a paused table's game waits (its group cannot see
        it), and a bot's choice is made with the table's reads, off the event loop. A
        press is remembered on the table before its triggers fire: a refused one drops
        the table, so it is saved only with its effect."""
        async def plan(record: TableRecord, table: Table) -> list[Step] | None:
            if decision.in_play and record.paused_at is not None:
                raise Refused("paused")
            steps = await self._steps(record, table, decision.decide(table))
            if steps:
                decision.remember(table)
            return steps
        return plan

    async def _steps(self, record: TableRecord, table: Table,
                     judged: list[Step] | Think | None) -> list[Step] | None:
        """The triggers of a judged action, a bot's choice made first where it needs one
        (seeded by the turn, so a retried judgement chooses alike)."""
        if not isinstance(judged, Think):
            return judged
        reads = await self.reads_for(record, table)
        action = await asyncio.to_thread(decide, judged.rules, judged.view, judged.level,
                                         random.Random(judged.seq), reads)
        return judged.then(action)

    async def act(self, table_id: int, trigger: str, *args: Any, **kwargs: Any) -> Outcome:
        """Fire ``trigger`` on the stored table and save it; Refused leaves it as it was.
        The machine alone judges it, so no front end calls it: what a person or the
        table does is judged by :attr:`actions` (``tests/handlers/test_table_actions.py``
        holds the handlers to that). It stays for the tests of the service, the stats
        and the web table, which set a table up trigger by trigger (a seat by number, a
        bot's name) as the machine's own tests do."""
        async def plan(record: TableRecord, table: Table) -> list[Step]:
            return [(trigger, args, kwargs)]
        outcome = await self.perform(table_id, plan)
        assert outcome is not None
        return outcome

    async def perform(self, table_id: int, plan: Plan) -> Outcome | None:
        """The one path of every action: load, decide, fire, save with events.

        ``plan`` sees the table as stored now, under the table's lock, and names
        the triggers to fire (None: nothing to do). Deciding there, not from an
        earlier read, is what makes a seat lookup, a turn check or a bot's choice
        hold at the moment of the move, and saves the caller a query. All the
        triggers are saved together or, if one is refused, none.

        The load is usually free: the record this process saved last is kept,
        and the save's version check proves it was still current. When it was
        not (another worker saved), or a refusal was judged on it, the table is
        read again and judged anew, so no answer ever rests on a stale copy.
        """
        logs.bind(table=table_id)
        async with self.lock(table_id), self.table_locks.hold(table_id):
            copy = self._records.get(table_id)
            if copy is not None:
                outcome = await self._on_copy(copy, plan)
                if outcome is not None:
                    return outcome
            tries = SAVE_TRIES - (copy is not None)  # the copy counted as the first try
            for attempt in range(tries):
                record = await self.repo.get_table(table_id)
                table, fired = await self._judge(record, plan)
                assert record is not None  # _judge refuses a missing table
                if not fired:
                    return None
                try:
                    return await self._commit(record, table, fired)
                except StaleVersion:  # another worker saved first: read and judge again
                    if attempt == tries - 1:
                        raise
        raise AssertionError("unreachable")

    async def _on_copy(self, copy: TableRecord, plan: Plan) -> Outcome | None:
        """Judge and save on the remembered record; None when only the stored table may
        answer: a refusal or "nothing to do" judged on a copy, or a save that lost the
        race to another worker (the copy was behind)."""
        try:
            table, fired = await self._judge(copy, plan)
            return await self._commit(copy, table, fired) if fired else None
        except (Refused, StaleVersion):
            return None

    async def _judge(self, record: TableRecord | None, plan: Plan) -> tuple[Table, list[Fired]]:
        """Run ``plan`` on the table of ``record`` and fire its steps (nothing is saved);
        Refused when the table is gone or a step is refused."""
        if record is None or not record.active:
            raise Refused("no-table")
        table = Table.from_dict(record.game)
        steps = await plan(record, table) or []
        return table, apply_steps(table, steps, lambda table, trigger: self.rng)

    async def _commit(self, record: TableRecord, table: Table, fired: list[Fired]) -> Outcome:
        """Save what was fired (StaleVersion if another worker saved since ``record``),
        then count a game won in its teams' running series."""
        saved = await self._save(record, table, fired)
        self.remember(saved)
        # triggers and counts only: an action's arguments may name a hidden card
        log.info("saved %s: version %d, turn %d, %d events",
                 "+".join(trigger for trigger, _, _ in fired), saved.version,
                 saved.turn_seq, sum(len(batch) for _, _, batch in fired))
        events = [e for _, _, batch in fired for e in batch]
        try:
            self.learn(record, saved, table, events, len(fired) + len(events))
        except Exception:  # the move is saved: what the bots learn must not undo it
            log.exception("reads of table %s dropped", record.id)
            self._reads.pop(record.id, None)
        outcome = Outcome(saved, table, events, fired[-1][0])
        try:
            await self._after(outcome)
        except StorageError:  # the move is saved: the series must not undo it
            log.exception("series of table %s not recorded", record.id)
        return outcome

    async def play(self, table_id: int, user_id: int, action: Action | Callable[[Table], Action],
                   seq: int) -> Outcome:
        """A person's move, judged against the stored table: their seat, the turn the
        button or inline result was drawn for (else "stale"), and an away player is
        brought back in the same save. ``action`` may need the table to be read
        (a card code is read in the table's deck).
        """
        outcome = await self.actions.play(table_id, user_id, action, seq)
        assert outcome is not None
        return outcome

    async def sena(self, table_id: int, user_id: int, name: str,
                   hand_no: int | None = None) -> Outcome:
        """A person's seña, at any moment of the hand (not only their turn, so no seq is
        asked: a seña never makes anyone's buttons stale). ``hand_no``, the hand a
        button was drawn in: a press after that hand ended makes no seña in the next."""
        outcome = await self.actions.sena(table_id, user_id, name, hand_no)
        assert outcome is not None
        return outcome

    async def amend(self, table_id: int, change: Callable[[Table], list[Event]],
                    note: str = "amend") -> Outcome:
        """An administrative change of a stored table (a support tool, a test that needs
        a given score): ``change`` edits the table and returns its events; the table
        settles on its phase and is saved like any action, version check and log included.
        """
        logs.bind(table=table_id)
        async with self.lock(table_id), self.table_locks.hold(table_id):
            record = await self.repo.get_table(table_id)
            if record is None or not record.active:
                raise Refused("no-table")
            table = Table.from_dict(record.game)
            events = change(table)
            table.seq += 1
            events += settled(table)
            saved = await self._save(record, table, [(note, (), events)])
            self.remember(saved)
            return Outcome(saved, table, events, note)

    async def save_message_id(self, record: TableRecord, message_id: int | None) -> TableRecord:
        """Remember the table's message (no game change, so no event)."""
        return await self.update_record(record, message_id=message_id)

    async def set_language(self, table_id: int, language: str) -> TableRecord | None:
        """The table speaks ``language`` from its next message on (a group's /language)."""
        record = await self.load(table_id)
        if record is None or not record.active:
            return None
        return await self.update_record(record, language=language)

    async def update_record(self, record: TableRecord, **changes: Any) -> TableRecord:
        """Change columns of the table's record beside the game, through the service so
        that its remembered copy stays the newest; usually nobody saved since
        ``record``, so the first try needs no read (the version check catches the
        other case). Returns ``record`` unchanged if the table is gone."""
        async with self.lock(record.id):
            current: TableRecord | None = self._records.get(record.id, record)
            for _ in range(3):
                if current is None:
                    return record
                if all(getattr(current, k) == v for k, v in changes.items()):
                    return current
                try:
                    saved = await self.repo.save(replace(current, **changes), current.version)
                except StaleVersion:
                    current = await self.repo.get_table(record.id)
                    continue
                self.remember(saved)
                return saved
        return record

    # ------------------------------------------------------ the chat's lifecycle
    async def move_chat(self, old_chat_id: int, new_chat_id: int) -> TableRecord | None:
        """The group became a supergroup: its open table (under its lock, so no move is
        half saved across the change) and everything stored under the group's id move
        to the new id (``Repository.move_chat``). Returns the open table as moved, None
        when there was none or it moved already."""
        found = await self.repo.get_active_table(old_chat_id)
        if found is None:
            await self.repo.move_chat(old_chat_id, new_chat_id)  # its series, its settings
            return None
        logs.bind(table=found.id)
        async with self.lock(found.id), self.table_locks.hold(found.id):
            moved = await self.repo.move_chat(old_chat_id, new_chat_id)
            self.forget(found.id)
            if moved is not None:
                self.remember(moved)
            return moved

    async def pause(self, chat_id: int) -> Revised | None:
        """The bot was removed from the group: its open table waits, and its deadline
        becomes the moment it closes (:data:`PAUSED_FOR` later, see :meth:`run_timer`).
        A table paused already keeps the moment it was paused."""
        now = self.clock()

        def change(record: TableRecord, table: Table) -> dict[str, Any] | None:
            if record.paused_at is not None:
                return None
            return {"paused_at": now, "turn_deadline": now + PAUSED_FOR}
        return await self._revise(chat_id, change)

    async def resume(self, chat_id: int) -> Revised | None:
        """The bot is back in the group: the open table plays on where it stood, with a
        fresh deadline for whatever is due (nobody lost time while it waited). A table
        paused for longer than :data:`PAUSED_FOR` stays paused: its deadline closes it."""
        now = self.clock()

        def change(record: TableRecord, table: Table) -> dict[str, Any] | None:
            if record.paused_at is None or now >= closes_at(record):
                return None
            return {"paused_at": None, "turn_deadline": self.deadline(table)}
        return await self._revise(chat_id, change)

    async def _revise(self, chat_id: int,
                      change: Callable[[TableRecord, Table], dict[str, Any] | None],
                      ) -> Revised | None:
        """Change columns of the chat's open table beside the game, as ``change``
        decides on the table as stored now (None: nothing to change), under the
        table's lock; returns the table as it stands after and whether it changed,
        None if there is none."""
        found = await self.repo.get_active_table(chat_id)
        if found is None:
            return None
        logs.bind(table=found.id)
        async with self.lock(found.id), self.table_locks.hold(found.id):
            for _ in range(SAVE_TRIES):
                record = await self.repo.get_table(found.id)
                if record is None or not record.active:
                    return None
                changes = change(record, Table.from_dict(record.game))
                if not changes:
                    self.remember(record)
                    return Revised(record, False)
                try:
                    saved = await self.repo.save(replace(record, **changes), record.version)
                except StaleVersion:
                    continue
                self.remember(saved)
                return Revised(saved, True)
        raise StaleVersion(found.id, found.version, -1)

    async def run_timer(self, table_id: int, seq: int) -> Outcome | None:
        """A deadline passed: do what is due, unless the table moved on meanwhile.

        The bot decides inside the table's lock from the table as stored, so a
        person who acted first simply wins: the timer then finds another turn.
        """
        async def plan(record: TableRecord, table: Table) -> list[Step] | None:
            if record.turn_seq != seq:
                return None
            if record.paused_at is not None:  # the deadline of a paused table: it closes
                return [("stop", (), {})] if self.clock() >= closes_at(record) else None
            return await self._steps(record, table, due(table, seq))
        try:
            return await self.perform(table_id, plan)
        except Refused:
            return None  # the table closed meanwhile

    # --------------------------------------------------------------- saving
    async def _save(self, record: TableRecord, table: Table,
                    fired: list[Fired]) -> TableRecord:
        family = table.rules.family
        log_: list[tuple[str, dict[str, Any]]] = []
        for trigger, args, events in fired:
            log_.append(("input", {"trigger": trigger,
                                   "args": [_plain(a, family) for a in args]}))
            log_ += [(type(e).__name__, event_to_dict(e, family)) for e in events]
        # a seña moves no turn: the turn's clock runs on as it was
        only_senas = all(trigger == "sena" for trigger, _, _ in fired)
        deadline = record.turn_deadline if only_senas else self.deadline(table)
        new = replace(
            record, variant=table.variant, options=table.options, state=table.state,
            game=table.to_dict(), turn_seq=table.seq, turn_deadline=deadline,
            active=table.state != "closed")
        seated = any(t in ("sit", "stand", "add_bot", "configure") for t, _, _ in fired)
        applied = once.pending()  # the update being handled, recorded with its effect
        saved = await self.repo.save_with_events(
            new, record.version, log_, _seat_records(record.id, table) if seated else None,
            applied=applied)
        once.recorded(applied)
        return saved

    def deadline(self, table: Table) -> datetime | None:
        what = due_action(table)
        seconds = {"next_hand": self.timing.between_hands, "bot": self.timing.bot,
                   "timeout": table.turn_seconds or self.timing.turn}.get(what or "")
        return None if seconds is None else self.clock() + timedelta(seconds=seconds)

    async def _after(self, outcome: Outcome) -> None:
        """The running series of the game's teams when a game ends (the players'
        records are counted by the save that logs the end, ``chatbot/stats/records.py``)."""
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


def closes_at(record: TableRecord) -> datetime:
    """When a paused table closes (its group removed the bot and did not take it back)."""
    assert record.paused_at is not None
    return record.paused_at + PAUSED_FOR


def _seat_records(table_id: int, table: Table) -> list[SeatRecord]:
    """The seats as stored beside the game (who sits where, for queries by user)."""
    return [SeatRecord(table_id, i, s.name, s.user_id, s.is_bot, s.bot_level)
            for i, s in enumerate(table.seats) if s is not None]


def _plain(value: Any, family: Family) -> Any:
    """Trigger arguments as JSON for the log (actions as kind and card code)."""
    if isinstance(value, Action):
        return {"action": value.kind,
                "card": card_code(value.card, family) if value.card else None}
    if isinstance(value, dict):
        return dict(value)
    return value


@dataclass(slots=True)
class ReadsEntry:
    """A table's reads in this process: fed up to log entry ``seq``, table ``version``."""

    version: int
    seq: int
    reads: TableReads


def feed(reads: TableReads, rules: TrickRules, events: list[Event]) -> None:
    """Events of the table in order: a seat taken by someone else starts afresh."""
    for event in events:
        if isinstance(event, TableClosed):
            for seat in range(reads.players):
                reads.reset(seat)
        elif isinstance(event, PlayerSat | PlayerLeft) and event.seat < reads.players:
            reads.reset(event.seat)
    reads.feed(rules, events)


def feed_log(reads: TableReads, rules: TrickRules, rows: list[EventRecord]) -> None:
    """Feed the reads with log entries, the triggers' inputs skipped. A reconfigured
    table (another variant or table size) has a log its seats' reads cannot follow:
    the caller starts afresh when the size changed, and the table's current rules
    judge every hand (the reads only rank the cards raisers showed)."""
    events = [event_from_dict(row.payload, rules.family) for row in rows if row.kind != "input"]
    if events:
        feed(reads, rules, events)
