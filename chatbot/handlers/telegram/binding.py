"""The message check of a press (the second of the three bindings of a button).

The signature binds a payload to its chat (chatbot/handlers/payload.py) and the
stored table to its moment; this binds it to its message: Telegram sends the
pressed message with its current keyboard, and the data must be on it.
"""

from __future__ import annotations

from telegram import Message


def on_keyboard(message: object, data: str | None) -> bool:
    """Whether ``data`` is a button of the message as Telegram reports it. A message too
    old for Telegram to show (InaccessibleMessage) cannot be checked: the signature and
    the table's own checks judge it alone."""
    if not data:
        return False
    if not isinstance(message, Message):
        return True
    markup = message.reply_markup
    if markup is None:
        return False
    return any(b.callback_data == data for row in markup.inline_keyboard for b in row)
