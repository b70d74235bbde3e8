"""What a held-out bot reads from its seat's view: the cards' worth, the trick, the calls.

Everything here is worked out from the :class:`SeatView` and the rules of the game
(the deck, the strength of each card, the teams): what any player at the table knows.
Nothing is sampled or searched: these bots judge their cards the way a person does,
by how many cards of the deck each one beats.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import cached_property

from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import envido_count, flor_count
from chatbot.rules.views import SeatView, played_by

TRUCO_CALLS = frozenset({A.TRUCO, A.RAISE})
ENVIDO_CALLS = frozenset({A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO})
FLOR_CALLS = frozenset({A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
CONTEST_CALLS = frozenset({A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
ENVIDO_LADDER = (A.ENVIDO, A.REAL_ENVIDO, A.FALTA_ENVIDO)  # cheapest first
TOP_CARDS = 4  # the manilhas of Brazil, the four "matas" of Argentina


@dataclass
class Spot:
    """One decision: the rules, the seat's view, the arena's random stream, and readings."""

    rules: TrickRules
    view: SeatView
    rng: random.Random

    # ------------------------------------------------------------ what may be done
    @cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(action.kind for action in self.view.legal)

    def can(self, kind: str) -> Action | None:
        """The legal action of ``kind`` that carries no card (a call or an answer), if any."""
        for action in self.view.legal:
            if action.kind == kind and action.card is None:
                return action
        return None

    def first(self, *kinds: str) -> Action | None:
        """The first of ``kinds`` that is legal now."""
        for kind in kinds:
            action = self.can(kind)
            if action is not None:
                return action
        return None

    @property
    def plays(self) -> list[Action]:
        """The face-up card plays on offer (by position in a blind hand)."""
        return [a for a in self.view.legal if a.kind == A.PLAY and a.card is not None]

    @property
    def raise_now(self) -> Action | None:
        """Truco, or the next raise of the ladder, if this seat may make it now."""
        return self.first(A.TRUCO, A.RAISE)

    @property
    def give_up(self) -> Action | None:
        """Refuse what is on offer: run (no quiero), else the mazo."""
        return self.first(A.RUN, A.FOLD)

    # ------------------------------------------------------------ the situation
    @property
    def pending(self) -> str | None:
        return self.view.pending_call

    @property
    def answering(self) -> bool:
        """A call waits and this seat is the one to answer it."""
        return self.pending is not None and A.ACCEPT in self.kinds

    @property
    def owes_flor(self) -> bool:
        return A.FLOR in self.kinds

    @property
    def deciding_eleven(self) -> bool:
        return A.ELEVEN_PLAY in self.kinds

    @property
    def blind(self) -> bool:
        return self.view.hand is None

    @property
    def trick_no(self) -> int:
        """The trick being played, from 0."""
        return len(self.view.played)

    @property
    def leading(self) -> bool:
        """Nobody has played to this trick yet."""
        return not self.view.table

    @cached_property
    def mine_played(self) -> list[Card | None]:
        return played_by(self.view)[self.view.seat]

    @property
    def first_card_of_hand(self) -> bool:
        """This seat has not yet played a card this hand."""
        return not self.mine_played

    @cached_property
    def dealt(self) -> tuple[Card, ...]:
        """The cards this seat was dealt, as far as it knows them (its own plays included)."""
        held = self.view.hand or ()
        return (*held, *(c for c in self.mine_played if c is not None), *self.view.covered)

    def team_of(self, seat: int) -> int:
        return self.rules.team_of(seat, self.view.players)

    @property
    def opponents_per_trick(self) -> int:
        """How many cards of the other side(s) each trick of ours must beat."""
        return self.view.players - self.view.players // self.rules.teams(self.view.players)

    # ------------------------------------------------------------ the cards' worth
    @cached_property
    def strength(self) -> dict[Card, int]:
        return self.rules.strength_table(self.view.vira)

    def of(self, card: Card | None) -> int:
        """A card's strength in this hand; a face-down card beats nothing."""
        return -1 if card is None else self.strength.get(card, 0)

    @cached_property
    def _deck(self) -> list[Card]:
        return [c for c in self.rules.deck() if c != self.view.vira]

    @cached_property
    def top_cards(self) -> frozenset[Card]:
        """The four strongest cards of this hand (ties at the fourth included)."""
        ranked = sorted((self.of(c) for c in self._deck), reverse=True)
        bar = ranked[min(TOP_CARDS, len(ranked)) - 1]
        return frozenset(c for c in self._deck if self.of(c) >= bar)

    def power(self, card: Card | None) -> float:
        """The share of the other cards of the deck this card beats (half a tie each)."""
        if card is None:
            return 0.0
        own = self.of(card)
        lower = sum(1 for c in self._deck if c != card and self.of(c) < own)
        equal = sum(1 for c in self._deck if c != card and self.of(c) == own)
        return (lower + equal / 2) / max(1, len(self._deck) - 1)

    @property
    def held(self) -> tuple[Card, ...]:
        return self.view.hand or ()

    @property
    def tops_held(self) -> int:
        return sum(1 for c in self.held if c in self.top_cards)

    def by_strength(self, cards: tuple[Card, ...] | list[Card]) -> list[Card]:
        """Weakest first."""
        return sorted(cards, key=self.of)

    # ------------------------------------------------------------ the trick on the table
    @cached_property
    def table_best(self) -> tuple[int, bool | None]:
        """The strongest card on the table, and whether it is ours (None: tied across
        sides, or an empty table)."""
        if not self.view.table:
            return -1, None
        best = max(self.of(card) for _, card in self.view.table)
        sides = {self.team_of(seat) for seat, card in self.view.table if self.of(card) == best}
        if best < 0 or len(sides) > 1:
            return best, None
        return best, sides == {self.view.team}

    def cheapest_winner(self) -> Card | None:
        """The weakest held card that beats everything on the table."""
        best, _ = self.table_best
        winners = [c for c in self.by_strength(self.held) if self.of(c) > best]
        return winners[0] if winners else None

    def tying_card(self) -> Card | None:
        best, _ = self.table_best
        return next((c for c in self.held if self.of(c) == best), None)

    def play(self, card: Card | None) -> Action | None:
        """The legal face-up play of ``card``."""
        if card is None:
            return None
        action = Action(A.PLAY, card)
        return action if action in self.view.legal else None

    def lowest(self) -> Action | None:
        return self.play(self.by_strength(self.held)[0]) if self.held else None

    def highest(self) -> Action | None:
        return self.play(self.by_strength(self.held)[-1]) if self.held else None

    # ------------------------------------------------------------ the hand's chances
    @property
    def results(self) -> list[str]:
        """The finished tricks from our side: "W" won, "L" lost, "T" tied."""
        return ["T" if t is None else "W" if t == self.view.team else "L"
                for t in self.view.tricks]

    def trick_chance(self, power: float) -> float:
        """Our side's chance of taking a trick with a card of this power, partners playing
        cards unknown to us and each opponent a card at random from the deck."""
        m = self.opponents_per_trick
        partners = m - 1
        top = 2 * m - 1
        return power ** top + partners / top * (1 - power ** top)

    @cached_property
    def chance(self) -> float:
        """A rough chance that our side takes this hand: each remaining trick won or lost on
        its own with our cards' chances, then the tricks read as C6 reads them."""
        cards = [*(c for s, c in self.view.table if s == self.view.seat), *self.held]
        chances = [self.trick_chance(self.power(c)) for c in cards]
        left = max(0, 3 - len(self.results))
        chances = (sorted(chances, reverse=True) + [0.5] * left)[:left]
        return hand_chance(self.results, chances)

    def team_chance(self) -> float:
        """The hand's chance from the best cards our side shows us (the hand of eleven,
        where partners see each other's cards)."""
        ours = [c for seat, cards in self.view.seen.items()
                if self.team_of(seat) == self.view.team for c in cards]
        if not ours or len(ours) <= len(self.held):
            return self.chance
        best = sorted((self.power(c) for c in ours), reverse=True)[:3]
        return hand_chance([], [p ** self.opponents_per_trick for p in best])

    # ------------------------------------------------------------ envido and flor
    @cached_property
    def sings(self) -> bool:
        """This table plays envido (and so counts envido points)."""
        return A.ENVIDO in self.rules.supported_actions()

    @property
    def envido(self) -> int:
        """Our envido points (0 at a table without envido, or before knowing our cards)."""
        return envido_count(self.dealt) if self.sings and self.dealt else 0

    @property
    def flor(self) -> int:
        return flor_count(self.dealt) if self.sings else 0

    @property
    def is_mano(self) -> bool:
        return self.view.seat == self.view.mano

    @property
    def behind(self) -> bool:
        """Our side has fewer points than the best of the others."""
        ours = self.view.score[self.view.team]
        return ours < max(s for t, s in enumerate(self.view.score) if t != self.view.team)

    def cheapest_envido_raise(self) -> Action | None:
        return self.first(*ENVIDO_LADDER)


def hand_result(results: list[str]) -> str | None:
    """C6 read from our side: "W", "L", or None while undecided or all tied."""
    won, lost = results.count("W"), results.count("L")
    if won >= 2:
        return "W"
    if lost >= 2:
        return "L"
    if "T" in results and (won or lost):
        return next(r for r in results if r != "T")
    return None


def hand_chance(results: list[str], chances: list[float]) -> float:
    """The chance of taking the hand when each remaining trick is won with its chance
    (a tie is not foreseen; a hand left all tied counts half)."""
    total = 0.0
    for outcome in itertools.product("WL", repeat=len(chances)):
        weight = 1.0
        for result, chance in zip(outcome, chances, strict=True):
            weight *= chance if result == "W" else 1 - chance
        seen: list[str] = []
        verdict = hand_result(results)
        for result in outcome:
            if verdict is not None:
                break
            seen.append(result)
            verdict = hand_result([*results, *seen])
        total += weight * (1.0 if verdict == "W" else 0.5 if verdict is None else 0.0)
    return total
