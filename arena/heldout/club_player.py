"""``club-player``: the average player of a card club's table."""

from __future__ import annotations

from typing import ClassVar

from arena.heldout.base import HeldoutBot
from arena.heldout.spot import Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action


class ClubPlayer(HeldoutBot):
    """A mimic of an average club player.

    Character: sound, unremarkable play. He follows with the cheapest card that takes
    the trick (the lowest when his partner already holds it or nothing takes it), and
    ties a trick when a tie gives his side the hand. He leads the first trick with his
    middle card, and leads high when he must win (after losing the first trick) and low
    after winning it, keeping his best for the last trick. He raises good hands and
    bluffs now and then: one hand in eight, at his first card, with a hand he would
    never raise. He accepts a fair hand, raises back with a top card and a strong hand.
    In Argentina he sings envido by his points (27 as the mano, 28 otherwise; real
    envido from 31, the falta at 33 when behind), may put the envido before a truco he
    is answering, and accepts an envido from 27 points.
    """

    name: ClassVar[str] = "club-player"
    bluff_rate: ClassVar[float] = 0.12
    raise_at: ClassVar[float] = 0.7
    accept_at: ClassVar[float] = 0.42
    counter_at: ClassVar[float] = 0.85
    eleven_at: ClassVar[float] = 0.45

    # ---------------------------------------------------------------- the truco ladder
    def raise_on_turn(self, spot: Spot) -> Action | None:
        if spot.raise_now is None:
            return None
        if spot.chance >= self.raise_at:
            return spot.raise_now
        if spot.first_card_of_hand and spot.rng.random() < self.bluff_rate:
            return spot.raise_now
        return None

    def answer_truco(self, spot: Spot) -> Action | None:
        first = self.envido_first(spot)
        if first is not None:
            return first
        if spot.tops_held and spot.chance >= self.counter_at and spot.can(A.RAISE):
            return spot.can(A.RAISE)
        return spot.can(A.ACCEPT) if spot.chance >= self.accept_at else spot.give_up

    # ---------------------------------------------------------------- envido
    def envido_first(self, spot: Spot) -> Action | None:
        """"El envido está primero": a good count is sung before the truco is answered."""
        return self.open_envido(spot)

    def open_envido(self, spot: Spot) -> Action | None:
        if not spot.can(A.ENVIDO) and not spot.can(A.FALTA_ENVIDO):
            return None
        points = spot.envido
        if points >= 33 and spot.behind:
            return spot.can(A.FALTA_ENVIDO)
        if points >= 31:
            return spot.can(A.REAL_ENVIDO)
        if points >= (27 if spot.is_mano else 28):
            return spot.can(A.ENVIDO)
        return None

    def answer_envido(self, spot: Spot) -> Action | None:
        points = spot.envido
        if points >= 31 and spot.pending != A.FALTA_ENVIDO and spot.cheapest_envido_raise():
            return spot.cheapest_envido_raise()
        needed = 30 if spot.pending == A.FALTA_ENVIDO else 27
        return spot.can(A.ACCEPT) if points >= needed else spot.give_up

    # ---------------------------------------------------------------- the cards
    def play_card(self, spot: Spot) -> Action | None:
        if spot.blind or not spot.held:
            return super().play_card(spot)
        cards = spot.by_strength(spot.held)
        if spot.leading:
            if spot.trick_no == 0 and len(cards) == 3:
                return spot.play(cards[1])
            won_first = spot.results[:1] == ["W"]
            return spot.play(cards[0]) if won_first else spot.play(cards[-1])
        _, ours = spot.table_best
        if ours:
            return spot.play(cards[0])
        winner = spot.cheapest_winner()
        if winner is not None:
            return spot.play(winner)
        if "W" in spot.results[:1] and spot.tying_card() is not None:
            return spot.play(spot.tying_card())  # won the first, a tie now takes the hand
        return spot.play(cards[0])
