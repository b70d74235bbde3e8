"""The Telegram layer's shape (issue 33): one composition root over a frozen Deps, every
module adding its own handlers, and no part wired in after it is built."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest
from telegram.ext import (
    CallbackQueryHandler,
    ChosenInlineResultHandler,
    CommandHandler,
    InlineQueryHandler,
)

from chatbot.handlers.telegram import app as composition_root
from chatbot.handlers.telegram.app import build_application
from chatbot.handlers.telegram.commands import COMMANDS
from chatbot.handlers.telegram.config import Settings
from chatbot.handlers.telegram.deps import Deps

ROOT = Path(composition_root.__file__)


async def test_every_command_in_the_menu_has_a_handler(tmp_path: Path) -> None:
    """What the command menu offers is what the modules registered (plus /start),
    and presses, inline queries and chosen results each have their handler."""
    settings = Settings(token="123:abc", database_url=f"sqlite:///{tmp_path / 'bot.db'}")
    app = build_application(settings, rate_limiter=False)
    deps = app.bot_data["deps"]
    try:
        assert isinstance(deps, Deps)
        handlers = [h for group in app.handlers.values() for h in group]
        commands = {c for h in handlers if isinstance(h, CommandHandler) for c in h.commands}
        assert commands == set(COMMANDS) | {"start"}
        kinds = {type(h) for h in handlers}
        assert {CallbackQueryHandler, InlineQueryHandler, ChosenInlineResultHandler} <= kinds
        with pytest.raises(dataclasses.FrozenInstanceError):
            deps.service = deps.service  # type: ignore[misc]
    finally:
        await deps.engine.dispose()


def test_the_composition_root_assigns_no_attribute() -> None:
    """Parts get their collaborators as constructor arguments: nothing in app.py sets
    an attribute of a part once built (``presenter.reads_privately = ...`` was)."""
    assigned = []
    for node in ast.walk(ast.parse(ROOT.read_text())):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        assigned += [ast.unparse(t) for t in targets if isinstance(t, ast.Attribute)]
    assert assigned == []
