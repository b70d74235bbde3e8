"""What Truco Paulista and Truco Mineiro share: special hands, covered card, table options.

rules.md §1 and §2. The two variants differ only in data (deck, ranking, ladder,
the score that makes a special hand), which their own modules set.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules import senas
from chatbot.rules.actions import Action
from chatbot.rules.base import OPEN, Check, Events, TrickRules, Verdict
from chatbot.rules.cards import Card
from chatbot.rules.errors import IllegalAction
from chatbot.rules.options import OptionSpec, choice, flag
from chatbot.rules.senas import Sena
from chatbot.rules.state import (
    END_ELEVEN_RUN,
    PHASE_DECIDE,
    PHASE_PLAY,
    SPECIAL_ELEVEN,
    SPECIAL_IRON,
    Extras,
    Hand,
    Match,
    present,
)

# The señas of the manilhas, highest first: zap (clubs), copas (hearts), espadilha
# (spades), pica-fumo (diamonds).
MANILHA_SENAS = ("zap", "copas", "espadilha", "picafumo")
ELEVEN_KINDS = frozenset({A.ELEVEN_PLAY, A.ELEVEN_RUN})
_ELEVEN_PLAY, _ELEVEN_RUN = Action(A.ELEVEN_PLAY), Action(A.ELEVEN_RUN)

BRAZIL_OPTIONS: dict[str, OptionSpec] = {
    "target": choice(12),
    "all_tied": choice("dealer", "none"),
    "lead_after_tie": choice("first_tied_card", "same_leader"),
    "answer_by": choice("next_opponent", "either"),
    "deal_rotation": choice("with_play", "against_play"),
    "forbid_pointless_raise": flag(),
    "covered_card": flag(),
    **senas.option_specs(),
}


@dataclass(slots=True)
class BrazilExtras(Extras):
    """A hand of eleven: the side at 11 (10) and the seat that decides for it (1.6.1)."""

    team: int | None = None
    decider: int | None = None


# A match of this variant: its hands carry BrazilExtras records.
BrazilMatch = Match[BrazilExtras]


class BrazilianRules(TrickRules[BrazilExtras]):
    seat_counts = (2, 4, 6)
    extras = BrazilExtras
    rating_family = "brazilian"  # Paulista and Mineiro players share one rating
    special_at: ClassVar[int] = 11  # a side at this score plays a hand of eleven (ten)
    special_value: ClassVar[int] = 3  # what a hand of eleven (ten) is worth when played

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self._covered = bool(self.options["covered_card"])
        self._handlers[A.ELEVEN_PLAY] = self._on_eleven
        self._handlers[A.ELEVEN_RUN] = self._on_eleven

    def supported_actions(self) -> frozenset[str]:
        base = super().supported_actions() | {A.ELEVEN_PLAY, A.ELEVEN_RUN}
        return base | {A.PLAY_HIDDEN} if self.options["covered_card"] else base

    def sena_list(self, match: BrazilMatch) -> tuple[Sena, ...]:
        """The Brazilian señas: one per manilha, named by its suit (a wink for the zap,
        both eyebrows for copas, the tongue pushed into the cheek for espadilha, the tip
        of the tongue for pica-fumo: rules.md A6), so in Paulista the card each names
        follows the vira; then biting the lip for a three and closing the eyes for
        nothing good, the two other signals players commonly use (docs/rules.md)."""
        hand = match.hand
        if hand is None:
            return ()
        manilhas = self.manilhas(hand.vira)
        threes = tuple(card for card in self.deck() if card.rank == 3 and card not in manilhas)
        listed = [Sena(name, (card,)) for name, card in zip(MANILHA_SENAS, manilhas,
                                                            strict=False)]
        if threes:
            listed.append(Sena("tres", threes))
        listed.append(Sena("nada", (*manilhas, *threes), absent=True))
        return tuple(listed)

    def stake_values(self) -> frozenset[int]:
        return super().stake_values() | {self.special_value}

    def decides_game(self, hand: Hand[BrazilExtras]) -> bool:
        return hand.special == SPECIAL_IRON  # its winner wins the game (trick_points)

    def next_dealer(self, match: BrazilMatch) -> int:
        step = -1 if self.options["deal_rotation"] == "against_play" else 1
        return (match.dealer + step) % match.players

    # ---------------------------------------------------------- special hands
    def setup_hand(self, match: BrazilMatch) -> None:
        hand = match.hand
        assert hand is not None
        at = [t for t, s in enumerate(match.score) if s == self.special_at]
        if len(at) == 2:
            hand.special = SPECIAL_IRON
        elif len(at) == 1:
            hand.special = SPECIAL_ELEVEN
            hand.phase = PHASE_DECIDE
            team = at[0]
            hand.x.team = team
            hand.x.decider = next(
                s for s in [hand.mano, *self.seat_order(match, hand.mano)]
                if self.team_of(s, match.players) == team
            )

    def deal_events(self, match: BrazilMatch, events: list[E.Event]) -> None:
        hand = match.hand
        assert hand is not None
        if hand.special == SPECIAL_IRON:  # blind: nobody sees any card, not even his own
            for seat, cards in enumerate(hand.cards):
                events.append(E.CardsDealt(seat, None, len(cards), audience=E.to_seat(seat)))
            return
        super().deal_events(match, events)
        if hand.special == SPECIAL_ELEVEN:
            team = hand.x.team
            mates = [s for s in range(match.players) if self.team_of(s, match.players) == team]
            for seat in mates:
                for partner in mates:
                    if partner != seat:
                        events.append(E.PartnerCardsShown(
                            seat, partner, hand.dealt[partner], audience=E.to_seat(seat)))

    def visible_cards(self, match: BrazilMatch, seat: int) -> dict[int, tuple[Card, ...]]:
        """In a hand of eleven the deciding team also sees the partners' cards (1.6.1)."""
        seen = super().visible_cards(match, seat)
        hand = match.hand
        if hand is not None and hand.special == SPECIAL_ELEVEN and match.players > 2:
            team = hand.x.team
            if self.team_of(seat, match.players) == team:
                for mate in range(match.players):
                    if self.team_of(mate, match.players) == team:
                        seen[mate] = tuple(hand.cards[mate])
        return seen

    def acting_seat(self, match: BrazilMatch) -> int:
        hand = match.hand
        assert hand is not None
        return present(hand.x.decider) if hand.phase == PHASE_DECIDE else hand.turn

    # ---------------------------------------------------------------- legality
    def candidates(self, match: BrazilMatch, seat: int) -> list[Action]:
        hand = match.hand
        assert hand is not None
        if hand.phase == PHASE_DECIDE:
            return [_ELEVEN_PLAY, _ELEVEN_RUN]
        # on TrickRules, not through super(): this runs for every simulated move, and a
        # super object per call is a measurable part of it
        moves = TrickRules.candidates(self, match, seat)
        if self._covered and hand.pending is None:
            moves.extend(map(A.HIDDEN_PLAY_OF, hand.cards[seat]))
        return moves

    def checks(self) -> dict[str, Check]:
        return {**super().checks(), A.ELEVEN_PLAY: self.check_eleven,
                A.ELEVEN_RUN: self.check_eleven}

    def gate(self, match: BrazilMatch, seat: int, action: Action) -> Verdict:
        """A hand of eleven is decided before anything else is done (1.6.1); a card face
        down only when the table allows it now (1.5)."""
        hand = match.hand
        assert hand is not None
        kind = action.kind
        if hand.phase == PHASE_DECIDE:
            if kind not in ELEVEN_KINDS:
                return IllegalAction("eleven-decision-first", seat=seat, decider=hand.x.decider)
            return None
        if kind == A.PLAY_HIDDEN:
            return None if self.covers_now(match) else IllegalAction(
                "no-covered-card-now", seat=seat)
        return OPEN if not self._covered or self.covers_now(match) else None

    def check_eleven(self, match: BrazilMatch, seat: int, action: Action) -> IllegalAction | None:
        """The deciding seat plays the hand of eleven or runs from it (1.6.1)."""
        hand = match.hand
        assert hand is not None
        if hand.phase != PHASE_DECIDE:
            return IllegalAction("no-eleven-decision", seat=seat)
        if seat != hand.x.decider or action.card is not None:
            return IllegalAction("not-your-decision", seat=seat, decider=hand.x.decider)
        return None

    def covers_now(self, match: BrazilMatch) -> bool:
        """A card face down from the second trick on, never in an iron hand (1.5)."""
        hand = match.hand
        assert hand is not None
        return bool(self._covered and hand.tricks and hand.special != SPECIAL_IRON)

    def _on_eleven(self, match: BrazilMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        team = present(hand.x.team)
        if events is not None:
            events.append(E.CallMade(seat, action.kind))
        if action.kind == A.ELEVEN_RUN:
            other = 1 - team if len(match.score) == 2 else None
            assert other is not None
            self.finish(match, other, self.award(match, other, self.ladder[0]), END_ELEVEN_RUN,
                        events)
            return
        hand.phase = PHASE_PLAY
        hand.stake = self.special_value
        self.announce_turn(match, events)

    def all_tied_winner(self, match: BrazilMatch) -> int | None:
        hand = match.hand
        assert hand is not None
        if hand.special is not None or self.options["all_tied"] == "none":
            return None  # a tied special hand is void and is played again (1.6.3)
        return self.team_of(hand.dealer, match.players)

    def trick_points(self, match: BrazilMatch, winner: int) -> int:
        hand = match.hand
        assert hand is not None
        if hand.special == SPECIAL_IRON:  # the winner of the iron hand wins the game
            return max(hand.stake, self.target_score() - match.score[winner])
        return hand.stake
