"""A refusal in words, the same for Telegram and the terminal.

An illegal move is explained with the table it was judged on (its names, whose
turn it is), when the refusal says where that was; any other refusal is one of
the alerts, or the caller's own sentence for it.
"""

from __future__ import annotations

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.i18n.refusals import explain_at_table, explain_to_player
from chatbot.i18n.table_text import LOBBY_CHANGES, alert, lobby_change


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
    if otherwise is not None:
        return otherwise
    if refused.reason in LOBBY_CHANGES:  # a lobby press: what someone else changed
        return lobby_change(refused.reason, refused.params, locale)
    return alert(refused.reason, locale)
