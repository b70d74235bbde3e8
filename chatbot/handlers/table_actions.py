"""Every table action, judged once for every front end: what it fires, and what changed.

What a person can do at a table (open it, join, leave, add a bot, change the game or
an option, start, move, make a seña, ask for a hint, come back, ask for a rematch,
stop) and what the table does by itself (the bots' señas, a bot's move, a move for a
person whose time ran out, the next deal) is judged here, on the table as it stands:
each action is a :class:`Decision` whose ``judge`` names the triggers to fire or
raises :class:`Refused`, and :func:`apply_steps` fires them through the machine. This
module is the only one under ``chatbot/handlers`` that fires the machine
(``tests/handlers/test_table_actions.py``), so a move means the same in every front end.

Where the table lives is the store's business (:class:`Store`): :class:`Memory` keeps
the terminal game's table in the caller's hands, changed in place and saved nowhere;
``GameService`` (``service.py``) judges a decision on the stored table under its lock,
chooses a bot's move off the event loop, saves with a version check and logs. Both are
driven by the same :class:`TableActions`, one named method per action. Nothing here
touches storage: the terminal game imports this module and must not load the database
stack (``tests/handlers/test_console_start.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from chatbot.ai import decide
from chatbot.ai.hint import hint
from chatbot.ai.senas import preview, table_senas
from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import HAND_STATES, fire
from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import carry_over, configure_args, settings
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.errors import IllegalAction
from chatbot.rules.events import Event
from chatbot.rules.registry import available_variants, rules_class
from chatbot.rules.views import SeatView, real_action, seat_view

LOBBY = "lobby"

# One trigger to fire: its name, positional and keyword arguments.
Step = tuple[str, tuple[Any, ...], dict[str, Any]]
# A trigger fired: its name, its arguments as fired (a blind pick made a card), its events.
Fired = tuple[str, tuple[Any, ...], list[Event]]
# The stream a trigger draws from (deals, catches), asked just before it is fired.
RngFor = Callable[[Table, str], random.Random]


@dataclass(frozen=True, slots=True)
class Think:
    """A bot must choose before an action's triggers are known. The store chooses (the
    terminal at once, the service off the event loop and with what the bots learnt of
    the table's players) and ``then`` turns the choice into the triggers."""

    rules: TrickRules[Any]
    view: SeatView
    level: str
    seq: int  # the turn it is chosen for (the service seeds the bot with it)
    then: Callable[[Action], list[Step]]


# What an action does on the table as it stands: the triggers to fire, a bot's choice
# to make first, or None (nothing to do); Refused when it cannot be done.
Judge = Callable[[Table], list[Step] | Think | None]


@dataclass(frozen=True, slots=True)
class Decision:
    """One table action, ready for a store to judge on its table."""

    judge: Judge
    # a person's move or seña: a table its chat cannot see (paused) makes it wait
    in_play: bool = False
    # a button's press (JSON: a list), remembered with its effect: see ``decide``
    press: list[Any] | None = None

    def decide(self, table: Table) -> list[Step] | Think | None:
        """``judge`` on the table, unless this very press was acted on already.

        A press drawn on a keyboard a moment old still does what it says on the table
        as it stands, but the very same press again (a double click) is "done
        already". A store calls :meth:`remember` once the triggers fired, so the press
        is saved with its effect and two workers judging a double press act once."""
        if self.press is not None and repeated(table, self.press):
            raise Refused("already-done")
        return self.judge(table)

    def remember(self, table: Table) -> None:
        """The table remembers the press it acted on (its last ``REMEMBERED``)."""
        if self.press is not None:
            table.presses = [*table.presses, self.press][-REMEMBERED:]


@dataclass(frozen=True, slots=True)
class Changed:
    """What one action changed: the table after it and each trigger fired, with its events."""

    table: Table
    fired: tuple[Fired, ...]

    @property
    def events(self) -> list[Event]:
        return [event for _, _, batch in self.fired for event in batch]

    @property
    def trigger(self) -> str:
        return self.fired[-1][0]


def apply_steps(table: Table, steps: list[Step], rng_for: RngFor) -> list[Fired]:
    """Fire ``steps`` on ``table`` in order; a blind pick becomes its card just before its
    move. Refused by any step: the caller drops the table (the steps before it fired)."""
    fired: list[Fired] = []
    for trigger, args, kwargs in steps:
        args = _resolve_blind(table, trigger, args)
        fired.append((trigger, args, fire(table, trigger, *args, rng=rng_for(table, trigger),
                                          **kwargs)))
    return fired


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


def settled(table: Table) -> list[Event]:
    """A table changed by hand (an administrative amend) settles on the phase its rules
    report, like a move; a table outside a hand has nothing to settle."""
    return fire(table, "settle") if table.state.startswith("hand") else []


def open_table(variant: str, players: int, options: dict[str, Any], creator_id: int,
               creator_name: str) -> Changed:
    """A new table in its lobby, its creator in seat 0. A new table is no one's yet, so no
    store is asked: the service saves it as it creates its record."""
    table = Table(variant, players, dict(options), creator=creator_id)
    steps: list[Step] = [("sit", (0, creator_id, creator_name), {})]
    return Changed(table, tuple(apply_steps(table, steps, _unused_rng)))


def _unused_rng(table: Table, trigger: str) -> random.Random:
    """Sitting draws nothing: any stream will do."""
    return random.Random(0)


def started(table: Table) -> Refused:
    """What a lobby action finds once the game began."""
    return Refused("game-started", state=table.state)


# ------------------------------------------------------------------ seats
def join(table: Table, user_id: int, name: str, team: int | None = None) -> list[Step]:
    """A free seat (of ``team``, if given), so two people joining at once get two seats."""
    if table.state != LOBBY:
        raise Refused("already-seated" if table.seat_of(user_id) is not None
                      else "seats-fixed")
    if table.seat_of(user_id) is not None:
        raise Refused("already-seated")
    free = [s for s, info in enumerate(table.seats) if info is None]
    if not free:
        raise Refused("no-free-seat")
    mine = [s for s in free if team is None or table.team_of(s) == team]
    if not mine:
        raise Refused("team-full")
    return [("sit", (mine[0], user_id, name), {})]


def leave(table: Table, user_id: int) -> list[Step]:
    seated = table.seat_of(user_id) is not None
    if table.state != LOBBY:
        raise Refused("seats-fixed" if seated else "not-at-table")
    if not seated:
        raise Refused("not-at-table")
    return [("stand", (user_id,), {})]


def add_bot(table: Table, name_of: Callable[[int], str], level: str,
            seat: int | None = None) -> list[Step]:
    """A bot of ``level`` in ``seat`` if it is still free, else in the first free one:
    someone who sat meanwhile took a seat, not the wish for a bot."""
    if table.state != LOBBY:
        raise started(table)
    free = [s for s, info in enumerate(table.seats) if info is None]
    if not free:
        raise Refused("no-free-seat")
    chosen = seat if seat in free else free[0]
    return [("add_bot", (chosen, name_of(chosen), level), {})]


# --------------------------------------------------------------- settings
def next_setting(table: Table, what: str) -> tuple[str, int]:
    """The lobby's cycling choices: the next game, or the next seat count of this game."""
    if what == "variant":
        variants = available_variants()
        index = variants.index(table.variant) if table.variant in variants else -1
        for step in range(1, len(variants) + 1):
            candidate = variants[(index + step) % len(variants)]
            if table.players in rules_class(candidate).seat_counts:
                return candidate, table.players
        return table.variant, table.players
    counts = rules_class(table.variant).seat_counts
    later = [n for n in counts if n > table.players]
    return table.variant, later[0] if later else counts[0]


def setting(table: Table, what: str, shown: str) -> list[Step]:
    """The game (``what`` "variant") or the seat count, cycled from the value ``shown``;
    when someone else changed that value since, the action says what it is now."""
    if table.state != LOBBY:
        raise started(table)
    current: Any = table.variant if what == "variant" else table.players
    if shown != str(current):
        raise Refused("option-changed", option=what, value=current)
    variant, players = next_setting(table, what)
    return [("configure", (variant, players, carry_over(table.options, variant)), {})]


def set_option(table: Table, name: str, shown: str, turn_default: float) -> list[Step]:
    """An option's next value after the one ``shown``. When the game changed and has no
    such option, or someone else changed the option, the action says so."""
    if table.state != LOBBY:
        raise started(table)
    now = {s.name: s for s in settings(table, turn_default)}.get(name)
    if now is None:
        raise Refused("game-changed", value=table.variant)
    if str(now.value) != shown:
        raise Refused("option-changed", option=name, value=now.value)
    return [("configure", configure_args(table, name, shown, turn_default), {})]


# ------------------------------------------------------------ the game itself
def start(table: Table) -> list[Step]:
    if table.state != LOBBY:
        raise started(table)
    return [("start", (), {})]


def rematch(table: Table, user_id: int | None = None) -> list[Step]:
    """The next game of a finished one; a person asking must have played it (``user_id``:
    None for a front end that checked the seat already)."""
    if user_id is not None and table.seat_of(user_id) is None:
        raise Refused("not-at-table")
    if table.state != "finished":
        raise started(table)
    return [("rematch", (), {})]


def stop(table: Table) -> list[Step]:
    return [("stop", (), {})]


def come_back(table: Table, seat: int) -> list[Step]:
    return [("come_back", (seat,), {})]


def play(table: Table, user_id: int, action: Action | Callable[[Table], Action],
         seq: int) -> list[Step]:
    """A person's move, for the turn it was offered for (else "stale"); an away player is
    brought back by it. ``action`` may need the table (a card code read in its deck)."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refused("not-at-table")
    if seq != table.seq:
        raise Refused("stale", seq=seq)
    move = action(table) if callable(action) else action
    steps: list[Step] = []
    info = table.seats[seat]
    if info is not None and info.away:
        steps.append(("come_back", (seat,), {}))
    steps.append(("move", (seat, move), {"seq": seq}))
    return steps


def sena(table: Table, user_id: int, name: str, hand_no: int | None = None) -> list[Step]:
    """A person's seña, at any moment of the hand (no turn asked: a seña makes nobody's
    buttons stale). ``hand_no``, the hand it was offered in: after that hand ended it
    makes no seña in the next."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refused("not-at-table")
    if hand_no is not None and (table.match is None or table.match.hand_no != hand_no):
        raise Refused("sena-stale")
    return [("sena", (seat, name), {})]


def _bots(table: Table) -> dict[int, str]:
    """The bots' seats and levels (chatbot/ai/senas.py signals by level)."""
    return {s: info.bot_level or "normal" for s, info in enumerate(table.seats)
            if info is not None and info.is_bot}


def _told(table: Table) -> list[tuple[int, str]]:
    """The señas the bots make now, seeded by the turn (each bot once a hand)."""
    assert table.match is not None
    seq = table.seq
    return table_senas(table.rules, table.match, _bots(table),
                       lambda s: random.Random(f"senas {seq} {s}"))


def bot_senas(table: Table) -> list[Step] | None:
    """The bots' señas of this hand before anyone plays (a person reads their partner's
    before choosing); None when there are none to make."""
    if table.state not in HAND_STATES or table.match is None:
        return None
    return [("sena", (s, name), {}) for s, name in _told(table)] or None


def due_action(table: Table) -> str | None:
    """What the table does by itself when its turn's time comes: a bot's move, a time-out,
    or the next deal."""
    if table.state == "scoring":
        return "next_hand"
    if table.state in HAND_STATES and table.match is not None:
        seat = table.rules.to_act(table.match)
        if seat is None:
            return None
        info = table.seats[seat]
        return "bot" if info is None or info.bot_plays else "timeout"
    return None


def due(table: Table, seq: int) -> list[Step] | Think | None:
    """What is due at turn ``seq``: the next deal, or a bot's move (for a bot, or for a
    person whose time ran out), the bots' señas of the hand first so that the bot
    deciding has read its partners'. None when the table moved on since ``seq``."""
    if table.seq != seq:
        return None
    what = due_action(table)
    if what == "next_hand":
        return [("next_hand", (), {})]
    if what not in ("bot", "timeout") or table.match is None:
        return None
    rules = table.rules
    seat = rules.to_act(table.match)
    assert seat is not None
    told = _told(table)
    view = seat_view(rules, preview(rules, table.match, told), seat)
    info = table.seats[seat]
    level = info.bot_level if info is not None and info.bot_level else "normal"
    signals: list[Step] = [("sena", (s, name), {}) for s, name in told]

    def then(action: Action) -> list[Step]:
        if what == "bot":
            return [*signals, ("move", (seat, action), {"seq": seq})]
        return [*signals, ("time_out", (seq, seat, action), {})]
    return Think(rules, view, level, seq, then)


# ------------------------------------------------------------ reading only
@dataclass(frozen=True, slots=True)
class Advice:
    """The hint of one turn: the hard bot's search, seeded by the turn so that every front
    end gives the same advice for it. ``search`` may take a while: the service runs it
    off the event loop."""

    rules: TrickRules[Any]
    view: SeatView
    seq: int

    def search(self) -> tuple[Action, str]:
        return hint(self.rules, self.view, random.Random(self.seq))


def advice(table: Table, seat: int, seq: int) -> Advice:
    """The hint for ``seat`` at turn ``seq`` (a hint changes nothing, so no store is
    asked); "not your turn" when the seat has no move."""
    assert table.match is not None
    rules = table.rules
    view = seat_view(rules, table.match, seat)
    if not view.legal:
        raise Refused("not-your-turn")
    return Advice(rules, view, seq)


# ---------------------------------------------------------------- presses
REMEMBERED = 8  # presses a table remembers: a double click is two presses in a row


def repeated(table: Table, mark: list[Any]) -> bool:
    """Whether this very press (``mark``: JSON, a list) was acted on already."""
    return mark in table.presses


# ------------------------------------------------------------------ stores
K = TypeVar("K")  # how a store names a table: the terminal's Table, the service's id
R = TypeVar("R")  # what a store answers: Changed, or the service's awaitable Outcome
K_in = TypeVar("K_in", contravariant=True)
R_out = TypeVar("R_out", covariant=True)


class Store(Protocol[K_in, R_out]):
    """Where tables live: judges a decision on its table, fires it, keeps the result."""

    def carry_out(self, key: K_in, decision: Decision) -> R_out: ...


class TableActions(Generic[K, R]):
    """Every table action as one call on a store, answering what the store answers for
    what changed (None: nothing to do); Refused when the action cannot be done.
    ``pressed`` gives the same actions for one button press (:meth:`Decision.decide`)."""

    def __init__(self, store: Store[K, R], press: list[Any] | None = None) -> None:
        self.store = store
        self.press = press

    def pressed(self, mark: list[Any]) -> TableActions[K, R]:
        """The actions of the press ``mark``, whose double click acts once."""
        return TableActions(self.store, mark)

    def _do(self, key: K, judge: Judge, in_play: bool = False) -> R:
        return self.store.carry_out(key, Decision(judge, in_play, self.press))

    def join(self, key: K, user_id: int, name: str, team: int | None = None) -> R:
        return self._do(key, lambda t: join(t, user_id, name, team))

    def leave(self, key: K, user_id: int) -> R:
        return self._do(key, lambda t: leave(t, user_id))

    def add_bot(self, key: K, name_of: Callable[[int], str], level: str,
                seat: int | None = None) -> R:
        return self._do(key, lambda t: add_bot(t, name_of, level, seat))

    def set_game(self, key: K, what: str, shown: str) -> R:
        return self._do(key, lambda t: setting(t, what, shown))

    def set_option(self, key: K, name: str, shown: str, turn_default: float) -> R:
        return self._do(key, lambda t: set_option(t, name, shown, turn_default))

    def start(self, key: K) -> R:
        return self._do(key, start)

    def play(self, key: K, user_id: int, action: Action | Callable[[Table], Action],
             seq: int) -> R:
        return self._do(key, lambda t: play(t, user_id, action, seq), in_play=True)

    def sena(self, key: K, user_id: int, name: str, hand_no: int | None = None) -> R:
        return self._do(key, lambda t: sena(t, user_id, name, hand_no), in_play=True)

    def bot_senas(self, key: K) -> R:
        return self._do(key, bot_senas)

    def proceed(self, key: K, seq: int) -> R:
        """What is due at turn ``seq`` (:func:`due`): a bot's move, a time-out, a deal."""
        return self._do(key, lambda t: due(t, seq))

    def come_back(self, key: K, seat: int) -> R:
        return self._do(key, lambda t: come_back(t, seat))

    def rematch(self, key: K, user_id: int | None = None) -> R:
        return self._do(key, lambda t: rematch(t, user_id))

    def stop(self, key: K) -> R:
        return self._do(key, stop)


class Memory:
    """The terminal game's store: the table is the caller's, changed in place and saved
    nowhere. Deals draw from ``rng``; a bot chooses from ``bot_rng`` (one stream for the
    whole game, so a seed replays it); a seña's catches draw from a stream of their own,
    seeded by the turn, so that signalling never changes the deals a seed gives."""

    def __init__(self, rng: random.Random, bot_rng: random.Random) -> None:
        self.rng = rng
        self.bot_rng = bot_rng

    def carry_out(self, key: Table, decision: Decision) -> Changed | None:
        judged = decision.decide(key)
        if isinstance(judged, Think):
            judged = judged.then(decide(judged.rules, judged.view, judged.level,
                                        self.bot_rng))
        if not judged:
            return None
        fired = apply_steps(key, judged, self.rng_for)
        decision.remember(key)
        return Changed(key, tuple(fired))

    def rng_for(self, table: Table, trigger: str) -> random.Random:
        return catches(table) if trigger == "sena" else self.rng


def catches(table: Table) -> random.Random:
    """The stream of the next seña's catches: the turn and the señas made so far."""
    hand = table.match.hand if table.match else None
    made = len(hand.x.senas or ()) if hand is not None else 0
    return random.Random(f"catches {table.seq} {made}")
