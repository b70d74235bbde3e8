"""``rock``: raises only with a top card, accepts only strong hands, otherwise runs."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class Rock(HeldoutBot):
    """The tight player who never bets without the goods.

    Character: he raises (truco or any step of the ladder, on his turn or as a counter)
    only while holding one of the four top cards of the hand: a manilha in Brazil, the
    1 of swords, 1 of clubs, 7 of swords or 7 of coins in Argentina, and then only with
    a strong hand. He accepts a raise only with a strong hand and runs from everything
    else. He plays the hand of eleven only with a top card between the partners. His
    envido and flor are as tight: 30 points to call or accept, a contraflor only at 35.
    """

    name: ClassVar[str] = "rock"
    raise_at: ClassVar[float] = 0.7
    accept_at: ClassVar[float] = 0.65
    counter_at: ClassVar[float] = 0.85
    envido_open_at: ClassVar[int] = 30
    envido_accept_at: ClassVar[int] = 30
    envido_raise_at: ClassVar[int] = 33
    contraflor_at: ClassVar[int] = 35

    def raise_on_turn(self, spot: Spot) -> Action | None:
        return super().raise_on_turn(spot) if spot.tops_held else None

    def answer_truco(self, spot: Spot) -> Action | None:
        if spot.tops_held and spot.chance >= self.counter_at and spot.can(A.RAISE):
            return spot.can(A.RAISE)
        return spot.can(A.ACCEPT) if spot.chance >= self.accept_at else spot.give_up

    def eleven(self, spot: Spot) -> Action | None:
        ours = {c for seat, cards in spot.view.seen.items()
                if spot.team_of(seat) == spot.view.team for c in cards}
        if ours & spot.top_cards and spot.team_chance() >= self.eleven_at:
            return spot.can(A.ELEVEN_PLAY)
        return spot.can(A.ELEVEN_RUN)
