"""A move from the chat: a hand's button or a chosen inline result, judged by the service."""

from __future__ import annotations

from collections.abc import Callable

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.table import Table
from chatbot.handlers.payload import Payload
from chatbot.handlers.service import GameService, Outcome
from chatbot.handlers.telegram.keyboards import parse_action_arg
from chatbot.rules.actions import Action
from chatbot.rules.cards import CardCodeError


async def play(service: GameService, payload: Payload, user_id: int,
               chat_id: int | None = None,
               told: Callable[[Table, Action], None] | None = None) -> Outcome:
    """A move from a button (pressed in ``chat_id``) or an inline result; the service
    checks seat and turn. A button plays in its table's chat or, from a private hand
    message, in its presser's own private chat. ``told`` sees the table and the move
    as judged, before the move changes that table (a caller that tells the move)."""
    record = await service.by_code(payload.code)
    if record is None:
        raise Refused("no-table")
    if chat_id is not None and chat_id not in (record.chat_id, user_id):
        raise Refused("elsewhere")

    judged: list[Table] = []  # the table the move is judged on, to explain a refusal

    def move(table: Table) -> Action:
        judged.append(table)
        try:
            action = parse_action_arg(payload.arg, table.rules.family)
        except CardCodeError:
            raise Refused("forged") from None
        if told is not None:
            told(table, action)
        return action

    try:
        return await service.play(record.id, user_id, move, payload.seq)
    except Refused as refused:
        if judged and refused.error is not None:
            refused.at = JudgedAt(judged[-1], judged[-1].seat_of(user_id))
        raise
