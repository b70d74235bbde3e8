"""At start-up, the updates that waited while the bot was down come before overdue deadlines.

While the bot is down Telegram keeps the updates; a person who played in time
during an outage longer than the turn time has their move in that queue. If the
re-armed timers fired first, the overdue deadline would play for them ("Ana ran
out of time") and their own move, handled next, would be refused as stale. So
the timers are held (``TimerBoard.hold``) while the waiting updates are fetched
and handled one by one, in the order they were made, and released afterwards:
a deadline then fires only if the move it waits for has not arrived.

Telegram's own dates cannot decide it: a button press and a chosen inline result
carry no date (a callback's message date is when the *bot* sent the message), so
a move waiting at start-up counts as made in time. The outage was the bot's fault,
not the player's.

With a webhook Telegram pushes the waiting updates as soon as the webhook is set,
and getUpdates is refused meanwhile; there the timers wait ``WEBHOOK_GRACE``
seconds after the start instead.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application

from chatbot.handlers.telegram.timers import TimerBoard

log = logging.getLogger(__name__)

BATCHES = 20  # of up to 100 updates: a backlog beyond that is left to the usual polling
WEBHOOK_GRACE = 10.0  # seconds held timers wait for a webhook's redelivered backlog


async def handle_backlog(app: Application, timers: TimerBoard, *, webhook: bool) -> int:
    """Handle the updates waiting at start-up, then release the held timers.

    Returns how many updates were handled. Always releases the timers, even when
    fetching fails, so a broken start never leaves a game without its deadlines.
    """
    if webhook:
        asyncio.get_running_loop().call_later(WEBHOOK_GRACE, timers.release)
        return 0
    handled = 0
    offset = 0
    try:
        for _ in range(BATCHES):
            updates = await app.bot.get_updates(offset=offset, timeout=0, limit=100,
                                                allowed_updates=Update.ALL_TYPES)
            if not updates:
                break
            for update in updates:
                await app.process_update(update)  # one at a time, in the order made
                handled += 1
            offset = updates[-1].update_id + 1
        if offset:  # confirm them, so that polling does not deliver them again
            await app.bot.get_updates(offset=offset, timeout=0, limit=1,
                                      allowed_updates=Update.ALL_TYPES)
    except TelegramError as exc:
        log.warning("updates waiting at start-up not fetched: %s", exc)
    finally:
        timers.release()
    if handled:
        log.info("%d updates that waited during the outage handled first", handled)
    return handled
