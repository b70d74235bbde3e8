"""Log lines an operator can search: plain text, or one JSON object a line.

With several workers an operator follows one game across processes: every line
written while an update or a table is being handled carries its ids (``update``,
``chat``, ``table``), in both formats. The ids live in a context variable, so they
follow the asyncio task that handles the update (PTB runs each update in a task of
its own, and so does ``truco-bot worker``) and never leak into another update's
lines. JSON comes from the standard library's ``json`` and a ``logging.Formatter``
subclass: one short formatter is all a log collector (journald, Loki, a container
runtime) needs, and no extra dependency is worth that.

Nothing here reads a message's text: log calls pass ids, never a user's words or
cards (hidden cards stay hidden in logs too).
"""

from __future__ import annotations

import json
import logging
import os
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")
FIELDS = ("update", "chat", "table")  # the ids a line may carry, in this order

_context: ContextVar[dict[str, int]] = ContextVar("truco_log_context", default={})  # noqa: B039 (never mutated: replaced)


def bind(**ids: int | None) -> None:
    """Attach ids to every line logged from now on in this task (and tasks it starts).

    The task that handles one update is the scope: nothing to undo afterwards.
    """
    values = {k: int(v) for k, v in ids.items() if v is not None and k in FIELDS}
    if values:
        _context.set({**_context.get(), **values})


def bound() -> dict[str, int]:
    """The ids bound in this task so far."""
    return dict(_context.get())


def bind_update(update: Any) -> None:
    """A PTB update's id and chat (its first handler calls this, in every process)."""
    chat = getattr(getattr(update, "effective_chat", None), "id", None)
    bind(update=getattr(update, "update_id", None), chat=chat)


class ContextFilter(logging.Filter):
    """Copies the bound ids onto each record (``record.table`` and so on)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, value in _context.get().items():
            setattr(record, name, value)
        return True


class TextFormatter(logging.Formatter):
    """The usual line, with `` [table=12 update=345]`` when ids are bound."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = " ".join(f"{n}={getattr(record, n)}" for n in FIELDS if hasattr(record, n))
        if not ids:
            return line
        first, newline, rest = line.partition("\n")  # a traceback stays below
        return f"{first} [{ids}]{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message, role, pid, the ids, and
    the traceback (``exc``) as one string, so a multi-line error stays one record."""

    def __init__(self, role: str) -> None:
        super().__init__()
        self.role = role

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "role": self.role,
            "pid": os.getpid(),
        }
        for name in FIELDS:
            if hasattr(record, name):
                line[name] = getattr(record, name)
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exc"] = record.exc_text
        return json.dumps(line, ensure_ascii=False)


def configure(level: str, fmt: str = "text", role: str = "run") -> None:
    """The root logger of a process, once, at start-up (replaces earlier handlers)."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(role) if fmt == "json" else TextFormatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
