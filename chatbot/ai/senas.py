"""Bots and señas: which signals a bot makes, and what the señas it saw say about a hand.

A bot signals once a hand, at its first turn (as players do, before or during the
first trick): honestly its strongest cards, at most two señas, or "nothing" when it
holds none of the cards the señas name. The aggressive style now and then signals a
card it does not hold, as a bluff that a caught seña may sell to the opponents.

What a seña says is a belief, never a certainty: a world where the signaller holds
what it signalled weighs ``HONEST`` against ``1 - HONEST`` for one where it does not
(a person's seña is usually honest, but a bluff is part of the game). The search
reads its partner's señas and the ones it caught from the other side the same way.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from chatbot.ai.worlds import Belief
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.senas import Sena
from chatbot.rules.state import Match
from chatbot.rules.views import SeatView, played_by

HONEST = 0.9  # how far a seña is believed: one in ten is read as a bluff
MAX_TOLD = 2  # señas a bot makes in a hand (its two best cards say enough)
BLUFF = {"aggressive": 0.25}  # styles that bluff, and how often
SILENT = frozenset({"random", "easy", "baseline"})  # levels that make no señas


def own_cards(view: SeatView) -> tuple[Card, ...]:
    """The cards this seat was dealt that it still knows: held and played face up."""
    held = view.hand or ()
    played = tuple(card for card in played_by(view)[view.seat] if card is not None)
    return (*held, *played, *view.covered)


def bot_senas(rules: TrickRules, view: SeatView, available: Sequence[Sena], level: str,
              rng: random.Random) -> list[str]:
    """The señas a bot of ``level`` makes now (``available``: what the rules let it
    make): nothing once it has signalled this hand, nothing for a blind hand."""
    if level in SILENT or not available or view.hand is None:
        return []
    if any(who == view.seat for who, _ in view.senas):
        return []
    cards = own_cards(view)
    strength = rules.strength_table(view.vira)
    told = [sena for sena in available if not sena.absent and rules.sena_fits(sena, cards)]
    told.sort(key=lambda sena: -max((strength.get(c, 0) for c in sena.cards), default=0))
    if rng.random() < BLUFF.get(level, 0.0):
        lies = [sena for sena in available if not sena.absent and sena not in told]
        if lies:
            return [max(lies, key=lambda s: max((strength.get(c, 0) for c in s.cards),
                                                default=0)).name]
    if told:
        return [sena.name for sena in told[:MAX_TOLD]]
    nothing = [sena for sena in available if sena.absent and rules.sena_fits(sena, cards)]
    return [nothing[0].name] if nothing else []


def sena_belief(rules: TrickRules, view: SeatView) -> Belief | None:
    """Worlds where the others' señas this seat saw are true weigh more (None when it
    saw none)."""
    told = [(who, name) for who, name in view.senas if who != view.seat]
    if not told:
        return None

    def belief(world: Match) -> float:
        hand = world.hand
        assert hand is not None
        listed = {sena.name: sena for sena in rules.sena_list(world)}
        weight = 1.0
        for who, name in told:
            sena = listed.get(name)
            if sena is not None:
                weight *= HONEST if rules.sena_fits(sena, hand.dealt[who]) else 1 - HONEST
        return weight

    return belief
