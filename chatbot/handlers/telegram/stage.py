"""Where every outcome goes: shown in the chat, told to whoever follows the table, its
next deadline armed.

A press, an inline move, a command, a web move and a deadline all end here, so the
order of those three things is written once: the private hands first (they must see
outcomes in the service's order), then the observers (the web table's pages), then
the table's message; whatever befell the message, the timer for what is due next is
armed. The stage owns the timer board, since a deadline's work ends on the stage
too (``on_timer``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.presenter import Presenter
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.handlers.telegram.timers import Fire, TimerBoard

Observer = Callable[[Outcome], None]


def _as_is(fire: Fire) -> Fire:
    return fire


class Stage:
    """``through`` wraps the timers' callback: with several workers a deadline fires
    only where it is claimed (cluster/timer_sweep.py), and the benchmark times it."""

    def __init__(self, service: GameService, presenter: Presenter,
                 private_hands: PrivateHands, observers: Sequence[Observer] = (),
                 through: Callable[[Fire], Fire] = _as_is) -> None:
        self.service = service
        self.presenter = presenter
        self.private_hands = private_hands
        self.observers = tuple(observers)
        self.timers = TimerBoard(through(self.on_timer))

    async def after(self, outcome: Outcome) -> None:
        """Present an outcome and arm the table's timer for whatever is due next."""
        self.private_hands.follow(outcome)  # first: outcomes reach it in the service's order
        for observer in self.observers:
            observer(outcome)
        record = outcome.record
        try:
            record = await self.presenter.show(outcome)
        finally:  # whatever befell the message, the game's next step stays due (or, for
            # a table paused meanwhile, its closing)
            record = self.service.newest(record)
            self.timers.schedule(record.id, record.turn_seq, record.turn_deadline)

    async def on_timer(self, table_id: int, seq: int) -> None:
        """A deadline came due: the service does what it says, if it still stands."""
        outcome = await self.service.run_timer(table_id, seq)
        if outcome is not None:
            await self.after(outcome)

    async def resume(self) -> int:
        """At start-up: re-arm every stored deadline (bot moves, time-outs, next deals)."""
        deadlines = await self.service.repo.pending_deadlines()
        for d in deadlines:
            self.timers.schedule(d.table_id, d.turn_seq, d.deadline)
        return len(deadlines)
