"""Around every update: the ids on its log lines, a repeat acting once, a failure logged.

These run before (or after) the handlers of the other modules: the log ids first
(group -2), then the check that an update delivered twice acts once (group -1,
``repeats.py``), and the error handler last, which logs by ids only (an update's
text could hold a card).
"""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import Application, ContextTypes, TypeHandler

from chatbot import logs
from chatbot.handlers.telegram.deps import Deps
from chatbot.handlers.telegram.repeats import quiet_repeat

log = logging.getLogger(__name__)


def register(application: Application, deps: Deps) -> None:
    application.add_handler(TypeHandler(Update, bind_log_ids), group=-2)
    application.add_handler(deps.repeats.handler(), group=-1)  # before any other handler
    application.add_error_handler(on_error)


async def bind_log_ids(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The update's and chat's ids on every line logged while it is handled (the
    service adds the table's): each update runs in a task of its own."""
    logs.bind_update(update)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log it with the update's ids only: an update's text could hold a card."""
    if await quiet_repeat(update, context.error):
        return
    kind = type(update).__name__
    uid = getattr(update, "update_id", None)
    log.error("update %s (%s) failed", uid, kind, exc_info=context.error)
