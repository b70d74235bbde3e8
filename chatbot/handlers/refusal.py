"""A refusal in words, the same for Telegram and the terminal.

An illegal move is explained with the table it was judged on (its names, whose
turn it is), when the refusal says where that was; any other refusal is one of
the alerts, or the caller's own sentence for it.
"""

from __future__ import annotations

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.i18n.refusals import explain_at_table, explain_to_player
from chatbot.i18n.table_text import alert


def refusal_text(refused: Refused, locale: str, at: JudgedAt | None = None,
                 otherwise: str | None = None) -> str:
    """Why the table refused, for the player who tried. ``at`` is where the move was
    judged when the refusal does not say; ``otherwise`` replaces the alert of a
    refusal that is not an illegal move."""
    error, at = refused.error, refused.at or at
    if error is not None:
        if at is not None:
            return explain_at_table(error, at.table, at.seat, locale)
        return explain_to_player(error, None, locale)
    return otherwise if otherwise is not None else alert(refused.reason, locale)
