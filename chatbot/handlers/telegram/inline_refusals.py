"""Why a move chosen in inline mode does not count, in words that hold.

Telegram posts a chosen result in the chooser's name before the bot hears of it
(inline_posts.py), and the bot edits that post once the move is judged. A move
refused is not always late: the chooser may not be at the table (a result id
replayed by someone else), or it is another player's turn (another player's
result, or a move of a list shown for this very turn). Each says so, in the
chooser's language; "Too late" is kept for what came too late (the turn it was
offered for has passed, the table has closed).

Nothing here changes a table. A result id that is not signed for its chooser is
never acted on; its fields are only read to choose the words (whose table, which
turn), and only a table the chooser sits at is described.
"""

from __future__ import annotations

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.payload import NO_TABLE, BadPayload, Payload, peek
from chatbot.handlers.refusal import refusal_text
from chatbot.i18n.refusals import explain_at_table
from chatbot.i18n.table_text import inline_not_counted, inline_not_valid, inline_refused
from chatbot.rules.errors import IllegalAction
from chatbot.storage import TableRecord

LATE = frozenset({"stale", "no-table", "sena-stale"})  # the moment it was offered for passed


def refused_post(refused: Refused, locale: str) -> str:
    """What the post of a signed move the table refused becomes."""
    if refused.reason in LATE:
        return inline_refused(locale)
    if refused.reason == "forged":
        return inline_not_valid(locale)
    return inline_not_counted(refusal_text(refused, locale), locale)


def unsigned_fields(result_id: str) -> Payload | None:
    """The fields a result id names, signature unchecked (to choose words, never to act)."""
    try:
        payload = peek(result_id)
    except BadPayload:
        return None
    return payload if payload.code != NO_TABLE and payload.action == "move" else None


def unsigned_post(payload: Payload | None, record: TableRecord | None, user_id: int,
                  locale: str) -> str:
    """What the post of a result not signed for its chooser becomes: "not at this table"
    for someone who is not, "too late" for another turn's, whose turn it is for one of
    this turn chosen by someone else, and otherwise "not valid"."""
    if payload is None or record is None or not record.active:
        return inline_not_valid(locale)
    table = Table.from_dict(record.game)
    seat = table.seat_of(user_id)
    if seat is None:
        return refused_post(Refused("not-at-table"), locale)
    if payload.seq != record.turn_seq:
        return inline_refused(locale)
    match = table.match
    to_act = None if match is None else table.rules.to_act(match)
    if to_act is None or to_act == seat:
        return inline_not_valid(locale)
    error = IllegalAction("not-your-turn", seat=seat, to_act=to_act)
    return inline_not_counted(explain_at_table(error, table, seat, locale), locale)
