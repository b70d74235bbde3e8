"""Errors of the rules layer.

An illegal move is a normal outcome, not a crash: it carries a machine reason and
its parameters so that the i18n layer can explain it in the player's language.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """The action is not allowed now; the game state is left untouched."""

    code = "illegal-action"

    def __init__(self, reason: str, **params: Any) -> None:
        # ``Exception.__new__`` has already set ``args`` to ``(reason,)``; a refusal is
        # built for every refused candidate of a simulated move, so nothing more is done.
        self.reason = reason
        self.params = params


class SetupError(ValueError):
    """A game that cannot exist: bad options, seat count, deal or score."""
