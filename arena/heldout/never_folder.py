"""``never-folder``: accepts every raise and every call; never runs, never goes to the mazo."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class NeverFolder(HeldoutBot):
    """The calling station.

    Character: he wants to see every hand through. Every truco and raise is accepted,
    every envido answered with quiero, every contraflor too, and every hand of eleven
    is played. He raises and calls on his own turn as a plain honest player would.
    """

    name: ClassVar[str] = "never-folder"

    def answer_truco(self, spot: Spot) -> Action | None:
        return spot.can(A.ACCEPT)

    def answer_envido(self, spot: Spot) -> Action | None:
        return spot.can(A.ACCEPT)

    def answer_contraflor(self, spot: Spot) -> Action | None:
        return spot.can(A.ACCEPT)

    def eleven(self, spot: Spot) -> Action | None:
        return spot.can(A.ELEVEN_PLAY)
