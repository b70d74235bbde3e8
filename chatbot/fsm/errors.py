"""A trigger the table refuses: the reason goes to the player, the table is untouched."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from chatbot.rules.errors import IllegalAction

if TYPE_CHECKING:
    from chatbot.fsm.table import Table


@dataclass(frozen=True, slots=True)
class JudgedAt:
    """The table a refused move was judged on and the seat of whoever made it: what
    explains an illegal move with the table's own names ("Bia has to answer")."""

    table: Table
    seat: int | None


class Refused(Exception):
    """``reason`` is a key of the alerts; ``error`` the rules' reason when the move
    itself is illegal; ``at`` where it was judged, when the caller knows it (see
    :func:`chatbot.handlers.refusal.refusal_text`). ``params`` are further details
    for logs and tests (a seat, the trigger, the state)."""

    def __init__(self, reason: str, *, error: IllegalAction | None = None,
                 at: JudgedAt | None = None, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.error = error
        self.at = at
        self.params = params
