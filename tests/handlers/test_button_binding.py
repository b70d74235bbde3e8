"""The message check of a press: the data must be one of the pressed message's buttons."""

from __future__ import annotations

from datetime import UTC, datetime

from telegram import Chat, InaccessibleMessage, InlineKeyboardButton, InlineKeyboardMarkup, Message

from chatbot.handlers.telegram.binding import on_keyboard

CHAT = Chat(-1001, "supergroup")
WHEN = datetime(2026, 12, 1, tzinfo=UTC)


def message(markup: InlineKeyboardMarkup | None) -> Message:
    return Message(7, WHEN, CHAT, reply_markup=markup)


def test_only_a_button_of_the_message_counts() -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("a", callback_data="2|A|1|x||s"),
                                    InlineKeyboardButton("inline",
                                                         switch_inline_query_current_chat="A ")]])
    assert on_keyboard(message(markup), "2|A|1|x||s")
    assert not on_keyboard(message(markup), "2|A|1|y||s")
    assert not on_keyboard(message(markup), None)
    assert not on_keyboard(message(None), "2|A|1|x||s")  # its buttons were removed


def test_a_message_too_old_to_be_shown_is_judged_by_the_rest() -> None:
    """Telegram sends an InaccessibleMessage for messages older than 48 hours: no
    keyboard to check, so the signature and the table's checks decide alone."""
    assert on_keyboard(InaccessibleMessage(CHAT, 7), "2|A|1|x||s")
