"""Which update is being handled, so that its first save records it (exactly-once effect).

An update may arrive twice: a worker saved its move and died before acknowledging
it, or Telegram sent it again because the answer to its webhook POST was lost. The
handler that receives an update calls :func:`deliver`; the first game save made
while handling it (``GameService``) takes the key with :func:`pending` and the
repository records it in the same transaction as the save, so a repeat is refused
by the database even when it races the first delivery on another worker.

A context variable carries it, so no handler signature changes. It belongs to the
task that handles the update: a task started from there (a turn timer) inherits
the variable, but is not that update, so :func:`pending` answers None to it.
Only the first save of an update records it; the later ones of the same update
(a bot added after a join) are that same update's effect.
"""

from __future__ import annotations

import asyncio
from contextvars import ContextVar
from dataclasses import dataclass

from chatbot.storage import UpdateKey


@dataclass(slots=True)
class Delivery:
    key: UpdateKey
    task: asyncio.Task[object] | None
    recorded: bool = False


_CURRENT: ContextVar[Delivery | None] = ContextVar("truco_delivery", default=None)


def deliver(key: UpdateKey) -> None:
    """The current task handles the update ``key`` from now on."""
    _CURRENT.set(Delivery(key, asyncio.current_task()))


def pending() -> UpdateKey | None:
    """The update a save made now must record, or None (none, or recorded already)."""
    delivery = _CURRENT.get()
    if delivery is None or delivery.recorded or delivery.task is not asyncio.current_task():
        return None
    return delivery.key


def recorded(key: UpdateKey | None) -> None:
    """The save that recorded ``key`` committed: later saves of the update record nothing."""
    delivery = _CURRENT.get()
    if key is not None and delivery is not None and delivery.key == key:
        delivery.recorded = True
