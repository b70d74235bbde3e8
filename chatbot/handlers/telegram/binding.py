"""The message check of a press (the second of the three bindings of a button).

The signature binds a payload to its chat (chatbot/handlers/payload.py) and the
stored table to its moment; this binds it to its message: Telegram sends the
pressed message with its current keyboard, and the data must be on it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from telegram import Message

from chatbot.handlers.payload import NO_TABLE, Payload


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


def on_redrawn_lobby(message: object, pressed: Payload, lobby_actions: Collection[str],
                     read: Callable[[str], Payload | None]) -> bool:
    """Whether a lobby button no longer on its message was pressed on that table's lobby,
    redrawn since the presser's client drew it: the message's keyboard now carries
    lobby buttons of the same table (``read`` gives a button's payload, None for one
    not signed for this chat). Such a press is judged on the lobby as it stands; a
    lobby button replayed onto any other message is not."""
    if pressed.code == NO_TABLE or pressed.action not in lobby_actions \
            or not isinstance(message, Message) \
            or message.reply_markup is None:
        return False
    for row in message.reply_markup.inline_keyboard:
        for button in row:
            payload = read(str(button.callback_data)) if button.callback_data else None
            if payload is not None and payload.code == pressed.code \
                    and payload.action in lobby_actions:
                return True
    return False
