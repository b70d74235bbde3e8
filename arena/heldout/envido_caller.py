"""``envido-caller``: calls every envido he may and wants every envido sung to him."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class EnvidoCaller(HeldoutBot):
    """The player who loves the tantos.

    Character: in Argentina he calls envido at every chance, whatever his points, and
    answers every envido with quiero (with 30 points or more he raises it once with the
    cheapest envido that may follow). A flor over his is met with a contraflor from 30
    points. Everything else, and all of Brazil, he plays as a plain honest player.
    """

    name: ClassVar[str] = "envido-caller"
    contraflor_at: ClassVar[int] = 30

    def open_envido(self, spot: Spot) -> Action | None:
        return spot.can(A.ENVIDO)

    def answer_envido(self, spot: Spot) -> Action | None:
        if spot.envido >= 30 and spot.pending == A.ENVIDO and spot.cheapest_envido_raise():
            return spot.cheapest_envido_raise()
        return spot.can(A.ACCEPT)
