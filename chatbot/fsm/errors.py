"""A trigger the table refuses: the reason goes to the player, the table is untouched."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params
