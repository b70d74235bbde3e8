"""The shape every held-out bot shares: one decision, dispatched by what the seat faces.

A bot is asked for an action with :meth:`HeldoutBot.choose` (the rules, its seat's
view and a random stream the arena seeds). The base class reads the situation once
(:class:`~arena.heldout.spot.Spot`) and hands it to one hook: a flor owed, the hand
of eleven, a truco, an envido or a contraflor to answer, or its own turn (an envido
to open, a raise, the mazo, then a card). The hooks' defaults are a plain honest
player's; each bot overrides the few that make its character.

A bot object may keep what it learns between decisions: the arena keeps the same
objects for all the games of a series at one table.
"""

from __future__ import annotations

import random
from typing import ClassVar

from arena.heldout.spot import CONTEST_CALLS, ENVIDO_CALLS, TRUCO_CALLS, Spot
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView


class HeldoutBot:
    """A plain honest player: raises good hands, accepts fair ones, plays simply."""

    name: ClassVar[str] = "honest"
    raise_at: ClassVar[float] = 0.75  # the hand's chance to raise on one's turn
    accept_at: ClassVar[float] = 0.45  # ... to accept a raise
    counter_at: ClassVar[float] = 0.9  # ... to answer a raise with the next one
    eleven_at: ClassVar[float] = 0.5  # ... to play the hand of eleven
    envido_open_at: ClassVar[int] = 28  # envido points to open an envido
    envido_accept_at: ClassVar[int] = 27
    envido_raise_at: ClassVar[int] = 31
    contraflor_at: ClassVar[int] = 33  # flor points to sing contraflor or accept one

    def __init__(self) -> None:
        self.decisions = 0
        self.fallbacks = 0  # a hook that offered no legal action (the tests hold it at 0)

    def choose(self, rules: TrickRules, view: SeatView, rng: random.Random) -> Action:
        """The bot's action: always one of ``view.legal``."""
        if not view.legal:
            raise ValueError("this seat has nothing to do now")
        self.decisions += 1
        action = self.decide(Spot(rules, view, rng))
        if action is None or action not in view.legal:
            self.fallbacks += 1
            action = HeldoutBot.play_card(self, Spot(rules, view, rng)) or view.legal[0]
        return action

    def decide(self, spot: Spot) -> Action | None:
        if spot.owes_flor:
            return self.sing_flor(spot)
        if spot.deciding_eleven:
            return self.eleven(spot)
        if spot.answering:
            if spot.pending in TRUCO_CALLS:
                return self.answer_truco(spot)
            if spot.pending in ENVIDO_CALLS:
                return self.answer_envido(spot)
            if spot.pending in CONTEST_CALLS:
                return self.answer_contraflor(spot)
            return spot.can(A.ACCEPT)
        for step in (self.open_envido, self.raise_on_turn, self.fold_on_turn):
            action = step(spot)
            if action is not None:
                return action
        return self.play_card(spot)

    # ---------------------------------------------------------------- the truco ladder
    def raise_on_turn(self, spot: Spot) -> Action | None:
        """On one's turn: truco (or the next raise) with a good hand."""
        return spot.raise_now if spot.chance >= self.raise_at else None

    def answer_truco(self, spot: Spot) -> Action | None:
        """A raise to answer: raise again with a very good hand, accept a fair one, else run."""
        if spot.chance >= self.counter_at and spot.can(A.RAISE):
            return spot.can(A.RAISE)
        if spot.chance >= self.accept_at:
            return spot.can(A.ACCEPT)
        return spot.give_up

    def fold_on_turn(self, spot: Spot) -> Action | None:
        """Going to the mazo on one's own turn (Argentine): the plain player never does."""
        return None

    def eleven(self, spot: Spot) -> Action | None:
        """The hand of eleven: play it with a fair hand between the partners, else run."""
        if spot.team_chance() >= self.eleven_at:
            return spot.can(A.ELEVEN_PLAY)
        return spot.can(A.ELEVEN_RUN)

    # ---------------------------------------------------------------- envido and flor
    def open_envido(self, spot: Spot) -> Action | None:
        if spot.envido >= self.envido_open_at:
            return spot.can(A.ENVIDO)
        return None

    def answer_envido(self, spot: Spot) -> Action | None:
        if spot.envido >= self.envido_raise_at and spot.cheapest_envido_raise():
            return spot.cheapest_envido_raise()
        if spot.envido >= self.envido_accept_at:
            return spot.can(A.ACCEPT)
        return spot.give_up

    def sing_flor(self, spot: Spot) -> Action | None:
        """A flor must be sung; over the other side's flor, a contraflor with a big one."""
        if spot.flor >= self.contraflor_at and spot.can(A.CONTRAFLOR):
            return spot.can(A.CONTRAFLOR)
        return spot.can(A.FLOR)

    def answer_contraflor(self, spot: Spot) -> Action | None:
        if spot.flor >= self.contraflor_at:
            return spot.can(A.ACCEPT)
        return spot.give_up

    # ---------------------------------------------------------------- the cards
    def play_card(self, spot: Spot) -> Action | None:
        """Simple play: lead the best card; follow with the cheapest card that takes the
        trick, the lowest when the partner already holds it or nothing takes it."""
        if spot.blind:
            return spot.rng.choice(spot.plays) if spot.plays else None
        if spot.leading:
            return spot.highest()
        _, ours = spot.table_best
        if ours:
            return spot.lowest()
        return spot.play(spot.cheapest_winner()) or spot.lowest()
