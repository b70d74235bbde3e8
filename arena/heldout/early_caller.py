"""``early-caller``: calls truco before his first card of the hand, then plays simply."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class EarlyCaller(HeldoutBot):
    """The player who opens every hand with a shout.

    Character: at his first turn of a hand, before his first card, he calls truco
    whenever he may (in Argentina before any envido of his own). After that he is a
    plain player: the cheapest card that takes the trick, raises again only with a
    good hand, accepts fair hands and runs from weak ones.
    """

    name: ClassVar[str] = "early-caller"

    def open_envido(self, spot: Spot) -> Action | None:
        if spot.first_card_of_hand and spot.can(A.TRUCO):
            return None  # the truco comes first
        return super().open_envido(spot)

    def raise_on_turn(self, spot: Spot) -> Action | None:
        if spot.first_card_of_hand and spot.can(A.TRUCO):
            return spot.can(A.TRUCO)
        return super().raise_on_turn(spot)
