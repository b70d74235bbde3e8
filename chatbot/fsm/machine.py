"""The table's state machine: which phase a table is in and which triggers exist there.

One ``HierarchicalMachine`` is built at import. Each trigger sets a
:class:`TableFlow` (the model) to the table and its state, fires, and lets go of
the table, so no game keeps a machine in memory and restoring a table fires no
callbacks; the flows stay attached to the machine for the next trigger.
Conditions ask the rules whether a move is legal; callbacks apply it and collect
events. No I/O and no ``await`` in here: compute, then the caller saves and sends.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from transitions.core import MachineError
from transitions.extensions.nesting import HierarchicalMachine

from chatbot.fsm import events as TE
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import SeatInfo, Table
from chatbot.rules.actions import Action
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.events import Event
from chatbot.rules.registry import UnknownVariant, rules_class, rules_for
from chatbot.rules.state import Phase

MAX_IDLE_FLOWS = 4  # flows kept attached to the machine for the next trigger
MAX_TIMEOUTS = 2  # consecutive time-outs before a bot keeps the seat
TURN_SECONDS_RANGE = (10, 600)  # a table's own turn time: time to think, not to doze off

HAND_PHASES = ("deciding", "playing", "answering", "phase")
# The states a hand is played in (the keyboards offer moves there), and the same with the
# bare "hand" a table passes through between a move and the phase it settles on.
PLAY_STATES: tuple[str, ...] = tuple(f"hand_{phase}" for phase in HAND_PHASES)
HAND_STATES: tuple[str, ...] = (*PLAY_STATES, "hand")

STATES: list[Any] = [
    "lobby",
    {"name": "hand", "children": list(HAND_PHASES)},
    "scoring",  # a hand is over, the next is not dealt yet
    "finished",  # the game is won
    "closed",
]

TRANSITIONS: list[dict[str, Any]] = [
    # lobby: seats and settings
    {"trigger": "sit", "source": "lobby", "dest": None, "conditions": "can_sit",
     "after": "do_sit"},
    {"trigger": "add_bot", "source": "lobby", "dest": None, "conditions": "can_add_bot",
     "after": "do_add_bot"},
    {"trigger": "stand", "source": "lobby", "dest": None, "conditions": "is_seated",
     "after": "do_stand"},
    {"trigger": "configure", "source": "lobby", "dest": None, "conditions": "can_configure",
     "after": "do_configure"},
    {"trigger": "start", "source": "lobby", "dest": "hand", "conditions": "is_full",
     "after": "deal_first"},
    # a hand: every move goes through the rules, then the table settles on the phase
    {"trigger": "move", "source": "hand", "dest": None, "conditions": "move_is_legal",
     "after": "apply_move"},
    {"trigger": "time_out", "source": "hand", "dest": None, "conditions": "timeout_is_due",
     "after": "apply_timeout"},
    # a seña is made at any moment of a hand, turn or not; it moves no turn (the seq
    # stays, so nobody's buttons go stale) and needs no settling
    {"trigger": "sena", "source": "hand", "dest": None, "conditions": "sena_is_allowed",
     "after": "make_sena"},
    {"trigger": "settle", "source": "hand", "dest": "finished", "conditions": "game_is_won"},
    {"trigger": "settle", "source": "hand", "dest": "scoring", "conditions": "hand_is_over"},
    {"trigger": "settle", "source": "hand", "dest": "hand_answering",
     "conditions": "call_is_pending"},
    {"trigger": "settle", "source": "hand", "dest": "hand_deciding",
     "conditions": "decision_is_due"},
    {"trigger": "settle", "source": "hand", "dest": "hand_phase",
     "conditions": "special_phase"},
    {"trigger": "settle", "source": "hand", "dest": "hand_playing"},
    {"trigger": "next_hand", "source": "scoring", "dest": "hand", "after": "deal_next"},
    {"trigger": "rematch", "source": "finished", "dest": "hand", "after": "deal_rematch"},
    # people coming back, and the end of a table
    {"trigger": "come_back", "source": ["hand", "scoring"], "dest": None,
     "conditions": "is_away", "after": "do_come_back"},
    {"trigger": "stop", "source": ["lobby", "hand", "scoring", "finished"], "dest": "closed",
     "after": "do_stop"},
]


class TableFlow:
    """The model for one trigger: a table, the events it produces, and the callbacks."""

    def __init__(self, table: Table, rng: random.Random | None) -> None:
        self.reset(table, rng)
        self.state = table.state

    def reset(self, table: Table, rng: random.Random | None) -> None:
        self.table = table
        self.rng = rng or random.SystemRandom()
        self.events: list[Event] = []
        self.refusal: Refused | None = None

    def release(self) -> None:
        """Back to the idle flows, holding on to no table."""
        # an idle flow holds no table; it is attached to one before any trigger reads it
        self.table = None  # type: ignore[assignment]
        if len(_IDLE) < MAX_IDLE_FLOWS:
            _IDLE.append(self)
        else:
            MACHINE.remove_model(self)

    def refuse(self, reason: str, **params: Any) -> bool:
        self.refusal = Refused(reason, **params)
        return False

    # ----------------------------------------------------------------- lobby
    def can_sit(self, seat: int, user_id: int, name: str) -> bool:
        table = self.table
        if not 0 <= seat < table.players:
            return self.refuse("no-such-seat", seat=seat)
        if table.seat_of(user_id) is not None:
            return self.refuse("already-seated")
        if table.seats[seat] is not None:
            return self.refuse("seat-taken", seat=seat)
        return True

    def do_sit(self, seat: int, user_id: int, name: str) -> None:
        self.table.seats[seat] = SeatInfo(user_id, name)
        self.table.seq += 1
        self.events.append(TE.PlayerSat(seat, name, False))

    def can_add_bot(self, seat: int, name: str, level: str = "normal") -> bool:
        if not 0 <= seat < self.table.players:
            return self.refuse("no-such-seat", seat=seat)
        if self.table.seats[seat] is not None:
            return self.refuse("seat-taken", seat=seat)
        return True

    def do_add_bot(self, seat: int, name: str, level: str = "normal") -> None:
        self.table.seats[seat] = SeatInfo(None, name, level)
        self.table.seq += 1
        self.events.append(TE.PlayerSat(seat, name, True))

    def is_seated(self, user_id: int) -> bool:
        if self.table.seat_of(user_id) is None:
            return self.refuse("not-at-table")
        return True

    def do_stand(self, user_id: int) -> None:
        seat = self.table.seat_of(user_id)
        assert seat is not None
        info = self.table.seats[seat]
        assert info is not None
        self.table.seats[seat] = None
        self.table.seq += 1
        self.events.append(TE.PlayerLeft(seat, info.name))

    def can_configure(self, variant: str, players: int, options: dict[str, Any],
                      turn_seconds: int | None = None) -> bool:
        """Settings a lobby may choose; ``turn_seconds`` None keeps the table's turn time."""
        if turn_seconds is not None and not _good_turn(turn_seconds):
            return self.refuse("bad-option", detail=f"turn time {turn_seconds!r}")
        try:
            cls = rules_class(variant)
            rules = rules_for(variant, options)
        except UnknownVariant:
            return self.refuse("unknown-variant", variant=variant)
        except SetupError as exc:
            return self.refuse("bad-option", detail=str(exc))
        if players not in cls.seat_counts:
            return self.refuse("bad-player-count", players=players)
        del rules
        occupied = [i for i, s in enumerate(self.table.seats) if s is not None]
        if any(i >= players for i in occupied):
            return self.refuse("seats-in-use")
        return True

    def do_configure(self, variant: str, players: int, options: dict[str, Any],
                     turn_seconds: int | None = None) -> None:
        table = self.table
        table.variant, table.options = variant, dict(options)
        if turn_seconds is not None:
            table.turn_seconds = turn_seconds
        table.seats = (table.seats + [None] * players)[:players]
        table.players = players
        table.seq += 1
        self.events.append(TE.TableConfigured(variant, players))

    def is_full(self) -> bool:
        if any(s is None for s in self.table.seats):
            return self.refuse("table-not-full")
        return True

    def deal_first(self) -> None:
        table = self.table
        rules = table.rules
        table.match = rules.new_match(table.players, self.rng.randrange(table.players))
        self.events.append(TE.GameStarted(table.variant, table.players))
        self.events.extend(rules.deal(table.match, self.rng))
        table.seq += 1

    # ------------------------------------------------------------------ hand
    def move_is_legal(self, seat: int, action: Action, seq: int | None = None) -> bool:
        table = self.table
        if seq is not None and seq != table.seq:
            return self.refuse("stale", seq=seq)
        match = table.match
        assert match is not None
        rules = table.rules
        if action not in rules.legal(match, seat):
            err = rules.why_illegal(match, seat, action)
            return self.refuse("illegal", error=err)
        return True

    def apply_move(self, seat: int, action: Action, seq: int | None = None) -> None:
        table = self.table
        assert table.match is not None
        table.rules.apply(table.match, seat, action, self.events)
        table.seq += 1
        info = table.seats[seat]
        if info is not None and not info.is_bot:
            info.timeouts = 0

    def timeout_is_due(self, seq: int, seat: int, action: Action) -> bool:
        if seq != self.table.seq:
            return self.refuse("stale", seq=seq)
        return self.move_is_legal(seat, action)

    def apply_timeout(self, seq: int, seat: int, action: Action) -> None:
        info = self.table.seats[seat]
        away = False
        if info is not None and not info.is_bot:
            info.timeouts += 1
            if info.timeouts >= MAX_TIMEOUTS and not info.away:
                info.away = away = True
            self.events.append(TE.SeatTimedOut(seat, away))
        table = self.table
        assert table.match is not None
        table.rules.apply(table.match, seat, action, self.events)
        table.seq += 1

    def sena_is_allowed(self, seat: int, name: str) -> bool:
        table = self.table
        assert table.match is not None
        error = table.rules.check_sena(table.match, seat, name)
        if error is not None:
            return self.refuse("illegal", error=error)
        return True

    def make_sena(self, seat: int, name: str) -> None:
        table = self.table
        assert table.match is not None
        self.events.extend(table.rules.make_sena(table.match, seat, name, self.rng))

    def game_is_won(self) -> bool:
        return self.table.match is not None and self.table.match.winner is not None

    def hand_is_over(self) -> bool:
        match = self.table.match
        return match is not None and match.hand is not None and match.hand.over

    def call_is_pending(self) -> bool:
        match = self.table.match
        return match is not None and match.hand is not None and match.hand.pending is not None

    def decision_is_due(self) -> bool:
        match = self.table.match
        return match is not None and match.hand is not None and match.hand.phase == Phase.DECIDE

    def special_phase(self) -> bool:
        match = self.table.match
        return match is not None and match.hand is not None and match.hand.phase != Phase.PLAY

    def deal_next(self) -> None:
        table = self.table
        assert table.match is not None
        self.events.extend(table.rules.next_hand(table.match, self.rng))
        table.seq += 1

    def deal_rematch(self) -> None:
        table = self.table
        old = table.match
        assert old is not None
        rules = table.rules
        table.match = rules.new_match(table.players, rules.next_dealer(old))
        self.events.append(TE.GameStarted(table.variant, table.players))
        self.events.extend(rules.deal(table.match, self.rng))
        table.seq += 1

    # ------------------------------------------------------------ any time
    def is_away(self, seat: int) -> bool:
        info = self.table.seats[seat] if 0 <= seat < self.table.players else None
        if info is None or not info.away:
            return self.refuse("not-away")
        return True

    def do_come_back(self, seat: int) -> None:
        info = self.table.seats[seat]
        assert info is not None
        info.away, info.timeouts = False, 0
        self.events.append(TE.PlayerReturned(seat))

    def do_stop(self, reason: str = "stopped") -> None:
        self.events.append(TE.TableClosed(reason))


MACHINE = HierarchicalMachine(
    model=None,
    states=STATES,
    transitions=TRANSITIONS,
    initial="lobby",
    auto_transitions=False,
    model_override=False,
    send_event=False,
)

SETTLING = frozenset({"start", "move", "time_out", "next_hand", "rematch"})


def _good_turn(seconds: Any) -> bool:
    low, high = TURN_SECONDS_RANGE
    return isinstance(seconds, int) and not isinstance(seconds, bool) and low <= seconds <= high


def fire(table: Table, trigger: str, *args: Any, rng: random.Random | None = None,
         **kwargs: Any) -> list[Event]:
    """Fire one trigger on a table; return its events or raise :class:`Refused`.

    A refused trigger leaves the table exactly as it was.
    """
    with _FIRING:  # the machine keeps its scope while firing: one trigger at a time
        flow = _attached_flow(table, rng)
        try:
            try:
                # the machine gives its model ``trigger`` at run time
                done = flow.trigger(trigger, *args, **kwargs)  # type: ignore[attr-defined]
            except MachineError:
                raise Refused("not-now", trigger=trigger, state=table.state) from None
            except IllegalAction as err:  # only if the rules disagree with their own legal list
                raise Refused("illegal", error=err) from None
            if not done:
                raise flow.refusal or Refused("not-now", trigger=trigger, state=table.state)
            if trigger in SETTLING:
                flow.trigger("settle")  # type: ignore[attr-defined]  # as above
            table.state = flow.state
        finally:
            flow.release()
    return flow.events


# The machine's scope stack is shared, so triggers are fired one at a time; the
# flows stay attached between them (attaching costs a third of a trigger).
_FIRING = threading.Lock()
_IDLE: list[TableFlow] = []


def _attached_flow(table: Table, rng: random.Random | None) -> TableFlow:
    """A flow attached to the machine and set to ``table`` (under ``_FIRING``)."""
    if _IDLE:
        flow = _IDLE.pop()
        flow.reset(table, rng)
        MACHINE.set_state(table.state, model=flow)
    else:
        flow = TableFlow(table, rng)
        MACHINE.add_model(flow, initial=table.state)
    return flow


def triggers_now(table: Table) -> list[str]:
    """The triggers that exist in the table's current state (for help and tests)."""
    return [t for t in MACHINE.get_triggers(table.state) if t != "settle"]
