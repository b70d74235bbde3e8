"""What a bot has learnt of the others at one table: how tight each one raises.

A raise means little from a player who raises on anything and a lot from one
who raises only with the zap. The hard bot therefore keeps, per seat, the
strength of the cards each raiser went on to show (face up, so public) and
shrinks the average towards a prior while there are few hands to go on. The
search uses the estimate twice: to weigh the sampled worlds by how well they
explain a raise (:func:`chatbot.ai.worlds.call_belief`) and to play that seat
in the rollouts with the rule-bot style closest to it.

Only public facts go in (who raised, who accepted or refused, the cards played
face up), so one object may serve every bot seat at a table; the caller owns
it and feeds it (:meth:`TableReads.action`, :meth:`TableReads.hand_over`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from chatbot.rules import actions as A
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card

RAISE_KINDS = frozenset({A.TRUCO, A.RAISE, A.MON_RESTE, A.PUT})
PRIOR = 0.75  # shown strength of a raiser we know nothing about: a normal bot's, roughly
FOLD_PRIOR = 0.45  # share of raises a seat we know nothing about runs from
PRIOR_WEIGHT = 3.0  # the prior counts as this many observed hands
TIGHT_FROM = 0.8  # a raiser who shows at least this is played as the tight style
LOOSE_BELOW = 0.62  # ... at most this, as the loose one


@dataclass(slots=True)
class SeatRead:
    """One seat's record at this table."""

    shown: list[float] = field(default_factory=list)  # strength shown in hands it raised
    raises: int = 0
    hands: int = 0
    accepts: int = 0
    runs: int = 0


class TableReads:
    """Per-seat tightness estimates from the public record of the hands played so far."""

    __slots__ = ("_caller", "_raised", "seats")

    def __init__(self, players: int) -> None:
        self.seats = [SeatRead() for _ in range(players)]
        self._raised: set[int] = set()  # raisers whose raise was accepted this hand
        self._caller: int | None = None

    def action(self, seat: int, kind: str) -> None:
        """A public action of ``seat`` (call it for every action applied at the table)."""
        read = self.seats[seat]
        if kind in RAISE_KINDS:
            read.raises += 1
            self._caller = seat
        elif kind == A.ACCEPT:
            read.accepts += 1
            if self._caller is not None:
                # only a called raise is played out: a run would hide the raiser's cards,
                # and the low cards it led before raising would make it look loose
                self._raised.add(self._caller)
        elif kind == A.RUN:
            read.runs += 1

    def hand_over(self, rules: TrickRules, vira: Card | None,
                  tricks: Iterable[Sequence[tuple[int, Card | None]]]) -> None:
        """The hand ended: what each raiser showed face up is now evidence about it."""
        table = rules.strength_table(vira)
        values = sorted(table.values())
        below: dict[int, float] = {}
        for i, v in enumerate(values):
            below.setdefault(v, i / max(len(values) - 1, 1))
        shown: dict[int, list[float]] = {}
        for trick in tricks:
            for seat, card in trick:
                if card is not None and card in table:
                    shown.setdefault(seat, []).append(below[table[card]])
        for seat, read in enumerate(self.seats):
            read.hands += 1
            cards = shown.get(seat)
            if seat in self._raised and cards:
                read.shown.append(0.6 * max(cards) + 0.4 * sum(cards) / len(cards))
        self._raised.clear()
        self._caller = None

    def tightness(self, seat: int) -> float:
        """Estimated strength behind this seat's raises (0.5 = raises on random cards)."""
        shown = self.seats[seat].shown
        return (sum(shown) + PRIOR * PRIOR_WEIGHT) / (len(shown) + PRIOR_WEIGHT)

    def fold_rate(self, seat: int) -> float:
        """Share of the raises put to this seat that it ran from, shrunk towards a prior."""
        read = self.seats[seat]
        return (read.runs + FOLD_PRIOR * PRIOR_WEIGHT) / (read.runs + read.accepts
                                                           + PRIOR_WEIGHT)

    def style_of(self, seat: int) -> str:
        """The rule-bot style that plays most like this seat so far."""
        t = self.tightness(seat)
        if t >= TIGHT_FROM:
            return "tight"
        if t <= LOOSE_BELOW:
            return "loose"
        return "normal"
