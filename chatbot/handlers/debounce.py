"""Latest-wins editing of a table message: a burst of moves costs one edit.

A group allows about 20 bot messages a minute. Each table message is edited
through this debouncer: callers say what the message should show now, and
after a short pause only the newest content is sent. Identical content is
never sent twice (Telegram answers 400 "message is not modified"), and a 429
waits as long as Telegram asks and then sends the newest content, not the
stale one that was refused.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter

log = logging.getLogger(__name__)


def retry_seconds(exc: RetryAfter) -> float:
    """How long Telegram asked us to wait (a timedelta in PTB 22, seconds before)."""
    delay: Any = exc.retry_after
    return float(delay.total_seconds() if hasattr(delay, "total_seconds") else delay)

T = TypeVar("T")


async def sent_despite_flood(send: Callable[[], Awaitable[T]], attempts: int = 3) -> T:
    """``send()``, waiting out Telegram's 429 between attempts (the last one is raised).

    Other errors are not retried: a send that timed out may have arrived.
    """
    for attempt in range(attempts):
        try:
            return await send()
        except RetryAfter as exc:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(retry_seconds(exc))
    raise AssertionError("unreachable")


Sender = Callable[[Hashable, Any], Awaitable[None]]
NETWORK_ATTEMPTS = 3  # tries of one content when the network fails
NETWORK_PAUSE = 1.0  # seconds between them


@dataclass
class _Slot:
    wanted: Any = None
    sent: Any = None
    task: asyncio.Task[None] | None = None
    sending: bool = False  # a call is on its way (newer content would cost another)
    closing: bool = False  # a message's last edit: the slot is dropped once it is sent


class LatestWinsEditor:
    """Coalesce edits per key; ``send(key, content)`` does the real API call."""

    def __init__(self, send: Sender, delay: float = 0.4,
                 ready: Callable[[Hashable], Awaitable[None]] | None = None) -> None:
        self._send = send
        self._delay = delay
        self._ready = ready  # waits for room to send (a group's minute), if given
        self._slots: dict[Hashable, _Slot] = {}
        self.calls = 0  # API calls made, for the benchmark's budget

    def want(self, key: Hashable, content: Any) -> None:
        """The message ``key`` should now show ``content`` (sent soon, unless superseded)."""
        slot = self._slots.setdefault(key, _Slot())
        slot.wanted = content
        slot.closing = False
        if slot.task is None or slot.task.done():
            slot.task = asyncio.get_running_loop().create_task(self._run(key, slot))

    def close(self, key: Hashable, content: Any) -> None:
        """The last content ``key`` will ever show (a superseded message losing its dead
        buttons): sent like any edit, through 429s, a full minute and network failures,
        and then forgotten, so a finished message costs no memory."""
        self.forget(key)
        slot = self._slots.setdefault(key, _Slot(closing=True))
        slot.wanted = content
        slot.task = asyncio.get_running_loop().create_task(self._run(key, slot))

    def pending(self, key: Hashable) -> bool:
        """Whether an edit of ``key`` is still to be sent (so newer content would ride on it)."""
        slot = self._slots.get(key)
        return slot is not None and slot.task is not None and not slot.task.done()

    def refresh(self, key: Hashable, content: Any) -> bool:
        """Newer content for an edit already waiting; schedules nothing by itself.

        For moments not worth an edit of their own: if an edit is still to be
        sent it carries the newest content, otherwise nothing is sent (nor when the
        edit is on its way already: the new content would cost a call of its own).
        """
        slot = self._slots.get(key)
        if slot is not None and self.pending(key) and not slot.sending:
            slot.wanted = content
            return True
        return False

    def forget(self, key: Hashable) -> None:
        """The message is gone (a new hand posts a new one): drop pending edits."""
        slot = self._slots.pop(key, None)
        if slot is not None and slot.task is not None:
            slot.task.cancel()

    def forget_chat(self, chat: Hashable) -> None:
        """The chat is gone for the bot (it moved to a supergroup's id, or the bot was
        removed): drop the edits waiting for its messages (keys that start with it)."""
        for key in [k for k in self._slots if isinstance(k, tuple) and k and k[0] == chat]:
            self.forget(key)

    def release(self, key: Hashable) -> None:
        """Nothing more is expected for ``key`` (a finished game's message): its slot
        goes once the edit waiting, if any, is sent. A later want starts a new one."""
        slot = self._slots.get(key)
        if slot is None:
            return
        if self.pending(key):
            slot.closing = True
        else:
            del self._slots[key]

    def holds(self, key: Hashable) -> bool:
        """Whether anything is kept for ``key`` (what it was sent, an edit to come)."""
        return key in self._slots

    async def flush(self) -> None:
        """Wait until every wanted content has been sent (tests, shutdown)."""
        while True:
            tasks = [s.task for s in self._slots.values() if s.task and not s.task.done()]
            if not tasks:
                return
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, key: Hashable, slot: _Slot) -> None:
        await asyncio.sleep(self._delay)
        failures = 0
        while slot.wanted != slot.sent:
            if self._ready is not None:
                await self._ready(key)  # newer content may come while it waits: it wins
                if slot.wanted == slot.sent:
                    break
            content = slot.wanted
            try:
                self.calls += 1
                slot.sending = True
                try:
                    await self._send(key, content)
                finally:
                    slot.sending = False
            except RetryAfter as exc:
                await asyncio.sleep(retry_seconds(exc))
                continue
            except BadRequest as exc:
                if "not modified" not in str(exc).lower():
                    log.warning("edit of %s refused: %s", key, exc)
            except Forbidden as exc:
                log.info("edit of %s forbidden: %s", key, exc)
            except ChatMigrated as exc:  # the group is a supergroup now: the table is
                # posted there afresh (chat_lifecycle.py), this message is the past
                log.info("edit of %s not sent: the chat moved to %s", key, exc.new_chat_id)
            except NetworkError as exc:  # a timeout, a dropped connection (BadRequest is a
                # NetworkError too, hence this order): try the newest content again soon
                failures += 1
                if failures < NETWORK_ATTEMPTS:
                    await asyncio.sleep(NETWORK_PAUSE)
                    continue
                log.warning("edit of %s failed: %s", key, exc)
            slot.sent = content
        if slot.closing and self._slots.get(key) is slot:
            del self._slots[key]
