"""Errors of the rules layer.

An illegal move is a normal outcome, not a crash: it carries a machine reason and
its parameters so that the i18n layer can explain it in the player's language.
"""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """The action is not allowed now; the game state is left untouched.

    Cheap to build (slots, no second ``Exception.__init__``: ``__new__`` has already set
    ``args`` to ``(reason,)``) because the rules build one for every refused candidate of
    every simulated move.
    """

    __slots__ = ("params", "reason")
    code = "illegal-action"

    def __init__(self, reason: str, **params: Any) -> None:
        self.reason = reason
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled with its parameters (slots are not in the default state)."""
        return _rebuild, (type(self), self.reason, self.params)


def _rebuild(cls: type[IllegalAction], reason: str, params: dict[str, Any]) -> IllegalAction:
    return cls(reason, **params)


class SetupError(ValueError):
    """A game that cannot exist: bad options, seat count, deal or score."""
