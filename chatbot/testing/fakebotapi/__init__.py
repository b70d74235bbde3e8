"""A fake Telegram Bot API server and scripted users for end-to-end bot tests.

The real python-telegram-bot stack (Application, Bot, HTTPXRequest, getUpdates
long polling) talks HTTP to ``FakeTelegramServer``; ``FakeUser`` queues the
updates people would cause. A bot test reads like a conversation::

    async def test_join(fake_telegram):            # fixture: tests/fakebotapi/fixtures.py
        alice = FakeUser(fake_telegram, 1001, "Alice", "pt-BR")
        group = fake_telegram.create_group("Truco", members=[alice])
        app = application_builder(fake_telegram).build()   # + the bot's handlers
        async with polling(app):
            mark = fake_telegram.mark()
            await alice.send(group, "/new paulista")
            await fake_telegram.wait_for_call("sendMessage", chat_id=group.id, since=mark)
            table = group.last_bot_message()
            answer = await alice.press_button(table, "Join")
            assert answer.text ...
        assert fake_telegram.counted_per_chat(since=mark)[group.id] <= 3

See ``tests/fakebotapi/test_fakebotapi.py`` for every feature in use.
"""

from .errors import ApiError
from .models import (
    ApiCall,
    CallbackAnswer,
    FakeChat,
    FakeMessage,
    Fault,
    InlineAnswer,
    RateLimitPolicy,
)
from .ptb import application_builder, polling
from .server import COUNTED_METHODS, DEFAULT_TIMEOUT, DEFAULT_TOKEN, FakeTelegramServer
from .users import FakeUser

__all__ = [
    "COUNTED_METHODS",
    "DEFAULT_TIMEOUT",
    "DEFAULT_TOKEN",
    "ApiCall",
    "ApiError",
    "CallbackAnswer",
    "FakeChat",
    "FakeMessage",
    "FakeTelegramServer",
    "FakeUser",
    "Fault",
    "InlineAnswer",
    "RateLimitPolicy",
    "application_builder",
    "polling",
]
