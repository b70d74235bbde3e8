"""``random``: every legal action equally likely."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules.actions import Action


class RandomPlayer(HeldoutBot):
    """The uniform random player.

    Character: none. Each decision is one of the legal actions, all equally likely:
    cards, calls, answers, the mazo, a card face down where the table allows it. The
    floor every other bot must beat by far.
    """

    name: ClassVar[str] = "random"

    def decide(self, spot: Spot) -> Action | None:
        return spot.rng.choice(spot.view.legal)
