"""``bluffer``: the player who shouts truco when leading the second trick, whatever he holds."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules.actions import Action


class Bluffer(HeldoutBot):
    """A second-trick bluffer.

    Character: honest in everything but one habit. When he leads the second trick and
    may raise, he raises six times in ten, good cards or none, to push the others off
    the hand. Otherwise he raises only good hands, accepts only fair ones, and when a
    raise meets him with a weak hand (his bluff answered with a counter included) he
    runs.
    """

    name: ClassVar[str] = "bluffer"
    bluff_rate: ClassVar[float] = 0.6
    raise_at: ClassVar[float] = 0.72
    accept_at: ClassVar[float] = 0.5  # below this a hand is weak: he runs

    def raise_on_turn(self, spot: Spot) -> Action | None:
        if spot.trick_no == 1 and spot.leading and spot.raise_now is not None \
                and spot.rng.random() < self.bluff_rate:
            return spot.raise_now
        return super().raise_on_turn(spot)
