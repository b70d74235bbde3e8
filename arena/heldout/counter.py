"""``counter``: answers every raise with the next raise when it may, else accepts."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class Counter(HeldoutBot):
    """The player who never lets a raise stand.

    Character: whatever he holds, a truco is answered with seis (retruco), a seis with
    nove, and so on up the ladder; when no higher raise is left he accepts. He never
    runs. Envidos the same: an envido is answered with the cheapest envido that may
    follow it (envido, real envido, falta), else with quiero; another side's flor with
    a contraflor; a contraflor with quiero. On his own turn he is a plain honest player.
    """

    name: ClassVar[str] = "counter"

    def answer_truco(self, spot: Spot) -> Action | None:
        return spot.can(A.RAISE) or spot.can(A.ACCEPT)

    def answer_envido(self, spot: Spot) -> Action | None:
        return spot.cheapest_envido_raise() or spot.can(A.ACCEPT)

    def sing_flor(self, spot: Spot) -> Action | None:
        return spot.can(A.CONTRAFLOR) or spot.can(A.FLOR)

    def answer_contraflor(self, spot: Spot) -> Action | None:
        return spot.can(A.ACCEPT)
