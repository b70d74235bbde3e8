"""Bots and señas: which signals a bot makes, and what the señas it saw say about a hand.

A bot signals once a hand, as soon as a bot at the table acts in it (as players do,
when the cards are dealt and before the first trick; ``table_senas``): honestly its
strongest cards, at most two señas, or "nothing" when it holds none of the cards the
señas name. The aggressive style now and then signals a card it does not hold, as a
bluff that a caught seña may sell to the opponents.

What a seña says is a belief, never a certainty: a world where the signaller holds
what it signalled weighs ``HARD.sena_honest`` against ``1 - HARD.sena_honest`` for one
where it does not (a person's seña is usually honest, but a bluff is part of the
game). The search reads its partner's señas and the ones it caught from the other
side the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from chatbot.ai.params import HARD
from chatbot.ai.worlds import Belief, layout
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.senas import Sena
from chatbot.rules.state import Extras, Hand, Match
from chatbot.rules.views import SeatView, played_by, seat_view

MAX_TOLD = 2  # señas a bot makes in a hand (its two best cards say enough)
BLUFF = {"aggressive": 0.25}  # styles that bluff, and how often
SILENT = frozenset({"random", "easy"})  # levels that make no señas


def own_cards(view: SeatView) -> tuple[Card, ...]:
    """The cards this seat was dealt that it still knows: held and played face up."""
    held = view.hand or ()
    played = tuple(card for card in played_by(view)[view.seat] if card is not None)
    return (*held, *played, *view.covered)


def bot_senas(rules: TrickRules[Any], view: SeatView, available: Sequence[Sena], level: str,
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


def sena_belief(rules: TrickRules[Any], view: SeatView) -> Belief | None:
    """Worlds where the others' señas this seat saw are true weigh more (None when it
    saw none), so that a seña is believed ``HARD.sena_honest`` of the time, whatever its odds.

    A world where the seña is true weighs 1; one where it is false weighs the odds
    ratio that brings the share of true worlds from its chance before the seña
    (``prior``, from the cards this seat cannot see) to ``HARD.sena_honest``: a zap signalled
    is then held nine times in ten, where a flat weight would leave a rare card (one
    chance in twelve) a coin toss. A seña already proved false by a card played stays
    false in every world: that weighs nothing against the others.
    """
    told = [(who, name) for who, name in view.senas if who != view.seat]
    if not told:
        return None
    lay = layout(rules, view)
    unseen = frozenset(lay.pool)
    hand = view.hand
    listed = {sena.name: sena for sena in _listed(rules, view)}
    odds: list[tuple[int, Sena, float]] = []
    for who, name in told:
        sena = listed.get(name)
        if sena is None or hand is None:
            continue
        before = prior(sena, lay.held[who] + lay.facedown[who], unseen)
        odds.append((who, sena, false_weight(before)))
    if not odds:
        return None

    def belief(world: Match[Any]) -> float:
        assert world.hand is not None  # a sampled world is a hand in play
        dealt = world.hand.dealt
        weight = 1.0
        for who, sena, lie in odds:
            if not rules.sena_fits(sena, dealt[who]):
                weight *= lie
        return weight

    return belief




def prior(sena: Sena, hidden: int, unseen: frozenset[Card]) -> float:
    """The chance that ``hidden`` cards drawn from ``unseen`` make the seña true (a card
    it names among them; none, for "nothing")."""
    if not sena.cards:
        return HARD.sena_no_prior
    named = sum(1 for card in sena.cards if card in unseen)
    pool = len(unseen)
    none = 1.0
    for i in range(min(hidden, pool)):  # no named card in ``hidden`` draws
        none *= max(0, pool - named - i) / (pool - i)
    return none if sena.absent else 1.0 - none


def false_weight(before: float) -> float:
    """The weight of a world where a seña is false, so that it is believed ``HARD.sena_honest`` of
    the time: the odds before it, divided by the odds of ``HARD.sena_honest``; never above 1 (a
    seña never makes its own falsehood likelier)."""
    if before <= 0.0 or before >= 1.0:
        return 1.0  # impossible or certain already: the seña tells nothing more
    return min(1.0, (before / (1.0 - before)) * ((1.0 - HARD.sena_honest) / HARD.sena_honest))


def _listed(rules: TrickRules[Any], view: SeatView) -> tuple[Sena, ...]:
    """The señas of the view's hand (a variant's list depends on the hand's vira only)."""
    match: Match[Any] = Match(view.variant, dict(rules.options), view.players,
                              list(view.score), view.dealer)
    match.hand = Hand(dealer=view.dealer, mano=view.mano, cards=[], dealt=[], vira=view.vira,
                      x=Extras())
    return rules.sena_list(match)


def table_senas(rules: TrickRules[Any], match: Match[Any], bots: Mapping[int, str],
                rng_for: Callable[[int], random.Random]) -> list[tuple[int, str]]:
    """The señas the bots at a table make now, as ``(seat, name)`` in play order from
    the mano: each bot (``bots``: seat -> level) signals once a hand, from its own view
    only, the first time any bot acts in the hand, so a bot's partner reads it before
    playing its first card, as at a real table where señas go round with the deal."""
    hand = match.hand
    if hand is None or hand.over or rules.senas_mode(match) == "off":
        return []
    order = [hand.mano, *rules.seat_order(match, hand.mano)]
    out: list[tuple[int, str]] = []
    for seat in order:
        level = bots.get(seat)
        if level is None:
            continue
        view = seat_view(rules, match, seat)
        names = bot_senas(rules, view, rules.senas_available(match, seat), level,
                          rng_for(seat))
        out.extend((seat, name) for name in names)
    return out


class _NoCatch(random.Random):
    """A stream under which no opponent ever catches a seña (a preview's)."""

    def random(self) -> float:
        return 1.0


def preview(rules: TrickRules[Any], match: Match[Any],
            senas: Sequence[tuple[int, str]]) -> Match[Any]:
    """A copy of ``match`` with these señas made and none caught: what a bot deciding in
    the same step knows of its partners' señas before they are fired for real (a catch
    is drawn then, from the game's stream)."""
    if not senas:
        return match
    shadow = match.copy()
    for seat, name in senas:
        rules.make_sena(shadow, seat, name, _NoCatch())
    return shadow
