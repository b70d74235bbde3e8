"""What a bot has learnt of the others at one table: how tight each one raises.

A raise means little from a player who raises on anything and a lot from one
who raises only with the zap. The hard bot therefore keeps, per seat, the
strength of the cards each raiser went on to show (face up, so public) and
shrinks the average towards a prior while there are few hands to go on. The
search uses the estimate twice: to weigh the sampled worlds by how well they
explain a raise (:func:`chatbot.ai.worlds.call_belief`) and to play that seat
in the rollouts with the rule-bot style closest to it.

A seat's raise *frequency* says as much: a player who raises in one hand out
of ten raises only with the best cards, one who raises in every other hand
raises on anything. The estimate therefore moves with the share of hands the
seat raised in, against what a normal player raises at a table of that size,
so a tight raiser reads tight long before any of its raises was called. So
does the share of our raises it runs from: a tight player answers only with
strong cards as well (:meth:`TableReads.fold_swing`). That holds for a player
of one temper, not for a bluffer who runs from raises, so what lowers the
defence floor reads a seat by its raises alone (:meth:`TableReads.raise_tightness`).

It also grades each seat's card plays, in hands it played out face up:
whether it followed with the cheapest card that wins (else its lowest, or
its lowest under a partner's winning card) and led as a sensible player leads
(:mod:`chatbot.ai.card_plays`). A
seat that keeps to those rules has its plays read in the worlds; one that
breaks them often (the frozen search bot leads low to hide a hand) does not
(:meth:`TableReads.play_slip`).

Only public facts go in (who raised, who accepted or refused, the cards played
face up), so one object may serve every bot seat at a table; the caller owns
it and feeds it, action by action (:meth:`TableReads.action`,
:meth:`TableReads.hand_over`) or from the table's public events
(:meth:`TableReads.feed`). It is meant to outlive a game: a series at one
table keeps teaching it, and a seat whose player changes starts afresh
(:meth:`TableReads.reset`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from chatbot.ai.card_plays import graded_plays, play_slip
from chatbot.ai.params import HARD
from chatbot.ai.strength import ranking
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS, envido_count


@dataclass(slots=True)
class SeatRead:
    """One seat's record at this table."""

    shown: list[float] = field(default_factory=list)  # strength shown in hands it raised
    raises: int = 0
    hands: int = 0
    raised_hands: int = 0  # hands in which it made at least one raise
    accepts: int = 0
    runs: int = 0
    envido_opens: int = 0  # hands in which it sang the first envido
    envido_shown: list[int] = field(default_factory=list)  # its count in those, when shown
    graded: int = 0  # plays with a choice, in hands it played out face up
    broken: int = 0  # ... that broke the rules of good play


class TableReads:
    """Per-seat tightness estimates from the public record of the hands played so far."""

    __slots__ = ("_caller", "_cards", "_opener", "_raised", "_raisers", "_started",
                 "_vira", "players", "seats")

    def __init__(self, players: int) -> None:
        self.players = players
        self.seats = [SeatRead() for _ in range(players)]
        self._raised: set[int] = set()  # raisers whose raise was accepted this hand
        self._raisers: set[int] = set()  # seats that raised this hand
        self._caller: int | None = None
        self._vira: Card | None = None  # of the hand being fed by events
        self._started = False  # its start was fed (else its cards are not all known)
        self._cards: dict[int, list[tuple[int, Card | None]]] = {}  # its tricks so far
        self._opener: int | None = None  # who sang this hand's first envido

    def reset(self, seat: int) -> None:
        """Another player took this seat: what the last one did says nothing about them."""
        self.seats[seat] = SeatRead()

    def resync(self) -> None:
        """Some events were missed: forget the hand in progress, keep what earlier ones taught."""
        self._raised.clear()
        self._raisers.clear()
        self._caller = None
        self._cards.clear()
        self._started = False
        self._opener = None

    def raisers(self) -> frozenset[int]:
        """The seats that raised in the hand being played (a raise bets on its cards)."""
        return frozenset(self._raisers)

    def action(self, seat: int, kind: str) -> None:
        """A public raise of ``seat``, or its answer to one (``ACCEPT``, ``RUN``): call it
        for each. Any other kind is a raise: which calls raise is the rules' to say
        (``rules.raise_kinds``, asked by :meth:`feed`), so none is named here."""
        read = self.seats[seat]
        if kind == A.ACCEPT:
            read.accepts += 1
            if self._caller is not None:
                # only a called raise is played out: a run would hide the raiser's cards,
                # and the low cards it led before raising would make it look loose
                self._raised.add(self._caller)
        elif kind == A.RUN:
            read.runs += 1
        else:
            read.raises += 1
            self._caller = seat
            self._raisers.add(seat)

    def hand_over(self, rules: TrickRules[Any], vira: Card | None,
                  tricks: Iterable[Sequence[tuple[int, Card | None]]]) -> None:
        """The hand ended: what each raiser showed face up is now evidence about it."""
        rank = ranking(rules, vira)
        shown: dict[int, list[float]] = {}
        played = [list(trick) for trick in tricks]
        for trick in played:
            for seat, card in trick:
                if card is not None and card in rank.percentile:
                    shown.setdefault(seat, []).append(rank.pct(card))
        if self._opener is not None:
            # the count it opened on, once all three of its cards were played face up
            opened = [c for trick in played for s, c in trick if s == self._opener]
            if len(opened) == 3 and None not in opened:
                counts = self.seats[self._opener].envido_shown
                counts.append(envido_count([c for c in opened if c is not None]))
                del counts[:-HARD.keep_shown]
        size = rules.cards_per_player(self.players)
        for seat, read in enumerate(self.seats):
            grades = graded_plays(rank, seat, played, size,
                                  lambda s: rules.team_of(s, self.players))
            read.graded += len(grades)
            read.broken += grades.count(False)
        for seat, read in enumerate(self.seats):
            read.hands += 1
            read.raised_hands += seat in self._raisers
            cards = shown.get(seat)
            if seat in self._raised and cards:
                read.shown.append(0.6 * max(cards) + 0.4 * sum(cards) / len(cards))
                del read.shown[:-HARD.keep_shown]
        self._raised.clear()
        self._raisers.clear()
        self._caller = None
        self._cards.clear()
        self._opener = None

    def envido(self, seat: int) -> None:
        """``seat`` sang an envido call (call it for every one): the first of a hand counts."""
        if self._opener is None:
            self._opener = seat
            self.seats[seat].envido_opens += 1

    def feed(self, rules: TrickRules[Any], events: Iterable[E.Event]) -> None:
        """Learn from the table's events; only public ones are read (hidden cards stay hidden).

        The raises of the trick ladder and their answers count; an envido's
        answer does not (it says nothing about the raiser's trick cards). A
        hand's end closes the hand's record.
        """
        raises = rules.raise_kinds
        for event in events:
            if event.audience.kind != "public":
                continue
            if isinstance(event, E.HandStarted):
                self.resync()
                self._vira = event.vira
                self._started = True
            elif isinstance(event, E.CallMade):
                if event.call in raises:
                    self.action(event.seat, event.call)
                elif event.call in ENVIDO_CALLS:
                    self.envido(event.seat)
            elif isinstance(event, E.CallAnswered):
                if event.call in raises:
                    self.action(event.seat, A.ACCEPT if event.accepted else A.RUN)
            elif isinstance(event, E.CardPlayed):
                self._cards.setdefault(event.trick, []).append((event.seat, event.card))
            elif isinstance(event, E.HandWon):
                if self._started:
                    tricks = [self._cards[t] for t in sorted(self._cards)]
                    self.hand_over(rules, self._vira, tricks)
                self.resync()

    def raise_rate(self, seat: int) -> float:
        """Share of hands this seat raised in, shrunk towards a normal player's rate."""
        read = self.seats[seat]
        prior = normal_raise_rate(self.players)
        weight = HARD.rate_prior_hands
        return (read.raised_hands + prior * weight) / (read.hands + weight)

    def tightness(self, seat: int) -> float:
        """Estimated strength behind this seat's raises (0.5 = raises on random cards).

        The strength its called raises showed, shrunk towards the prior, moved
        up for a seat that raises more rarely than a normal player and down
        for one that raises more often (a raise in a tenth of the hands is
        made on the top tenth of hands), the more so the fewer of its raises
        were called and shown.
        """
        return max(0.0, min(1.0, self._raised_read(seat) + self.fold_swing(seat)))

    def raise_tightness(self, seat: int) -> float:
        """Strength behind this seat's raises read from its raises alone: the cards
        its called raises showed and how often it raises, not how often it runs.

        Runs are evidence about answers. A player whose raises and answers
        follow one temper (every rule-bot personality but the sly one) runs
        as tightly as it raises, so :meth:`tightness` reads both; a bluffer
        raises on nothing and still runs from raises with weak hands, and
        read by its runs it looked tight. What lowers the defence floor
        (:meth:`tight_evidence`) rests on this read only.
        """
        return max(0.0, min(1.0, self._raised_read(seat)))

    def _raised_read(self, seat: int) -> float:
        """The shown strength shrunk towards the prior, moved by the raise rate."""
        shown = self.seats[seat].shown
        base = (sum(shown) + HARD.prior * HARD.prior_weight) / (len(shown) + HARD.prior_weight)
        ratio = normal_raise_rate(self.players) / self.raise_rate(seat)
        swing = max(-HARD.rate_swing, min(HARD.rate_swing, HARD.rate_gain * math.log(ratio)))
        # the rate is indirect evidence: it stands in for cards not yet shown and gives
        # way as they are (a seat that raises often, at the right moments, shows strength)
        swing *= HARD.prior_weight / (len(shown) + HARD.prior_weight)
        return base + swing

    def fold_swing(self, seat: int) -> float:
        """Tightness read from how often the seat runs from raises.

        A player who raises only on strong cards also answers only with them:
        a tight seat runs from half the raises put to it, a normal one from a
        third, a loose one from almost none. The cards a raiser shows tell
        tight from normal poorly (both raise on the top cards, and a tight
        raise is seldom called and shown), its runs come every time it is
        raised, so they are the earlier and steadier sign. Shrunk towards a
        normal player's rate while there are few answers to go on.
        """
        normal = HARD.normal_fold_rate
        swing = HARD.fold_gain * (self.fold_rate(seat, normal) - normal)
        return max(-HARD.rate_swing, min(HARD.rate_swing, swing))

    def fold_rate(self, seat: int, prior: float = HARD.fold_prior) -> float:
        """Share of the raises put to this seat that it ran from, shrunk towards ``prior``
        (the rollouts start from a cautious stranger's share, the read from a normal one's)."""
        read = self.seats[seat]
        weight = HARD.prior_weight
        return (read.runs + prior * weight) / (read.runs + read.accepts + weight)

    def bluff_share(self, seat: int) -> float:
        """Share of its weak hands this seat raises on anyway, from how often it raises.

        A seat that raises in more hands than a normal player cannot hold the
        cards for all of them: the hands raised beyond a normal player's rate
        are, at best, taken from the hands a normal player holds no raise in.
        The rate is shrunk towards a normal player's, so a stranger bluffs
        never; at a table of two a seat raising a little more often than a
        normal player may be raising on value (``HARD.value_raise_margin``).
        """
        normal = normal_raise_rate(self.players) + HARD.value_raise_margin.get(self.players, 0.0)
        extra = (self.raise_rate(seat) - normal) / (1.0 - normal)
        return max(0.0, min(HARD.max_bluff, extra))

    def play_slip(self, seat: int) -> float:
        """How little a world where this seat's plays broke the rules of good play is
        worth (:func:`chatbot.ai.card_plays.play_belief`): the share of its graded plays
        that broke them, shrunk towards a stranger's, read through
        :func:`chatbot.ai.card_plays.play_slip`."""
        read = self.seats[seat]
        plays = HARD.break_prior_plays
        breaks = (read.broken + HARD.break_prior * plays) / (read.graded + plays)
        return play_slip(breaks)

    def envido_counts(self, seat: int) -> list[int]:
        """The counts this seat showed in hands where it sang the first envido."""
        return self.seats[seat].envido_shown

    def tight_evidence(self, seat: int) -> float:
        """How sure the record is that this seat raises tighter than a normal player:
        0 for a stranger, towards 1 as the read of its raises (:meth:`raise_tightness`,
        not its runs) climbs from the prior to ``HARD.tight_from`` over many hands
        (``hands / (hands + HARD.evidence_hands)``).

        The read itself is shrunk towards the prior, but a few hands still move it;
        whatever leans on "this seat is tight" (the tight rules in the belief, a
        lower defence floor) asks for games of evidence on top.
        """
        hands = self.seats[seat].hands
        trust = hands / (hands + HARD.evidence_hands)
        prior = HARD.prior
        read = self.raise_tightness(seat)
        tight = min(1.0, max(0.0, (read - prior) / (HARD.tight_from - prior)))
        return trust * tight

    def bluff_evidence(self, seat: int) -> float:
        """How likely the record leaves it that this seat's raises include bluffs: 1 for
        a stranger, lower the more of its called raises showed value cards and none.

        A called raise shows the raiser's cards. While our side meets a stranger's
        raises with the defence floor's share of its hands, whatever the raiser
        holds, what gets called is a fair sample of what it raises on, so bluffs
        show as weak cards (``HARD.shown_weak``). Each weak showing counts
        ``HARD.weak_weight`` times, and the stranger's prior is
        ``HARD.showdown_prior`` showings: two clean showings halve it, a bluff
        caught in three brings it back.
        """
        shown = self.seats[seat].shown
        weak = sum(1 for strength in shown if strength < HARD.shown_weak)
        prior = HARD.showdown_prior
        return min(1.0, (HARD.weak_weight * weak + prior) / (len(shown) + prior))

    def style_of(self, seat: int) -> str:
        """The rule-bot style that plays most like this seat so far."""
        t = self.tightness(seat)
        if t >= HARD.tight_from:
            return "tight"
        if t <= HARD.loose_below:
            return "loose"
        return "normal"


def normal_raise_rate(players: int) -> float:
    """Share of hands one normal player raises in at a table of ``players``."""
    if players in HARD.normal_raise_rate:
        return HARD.normal_raise_rate[players]
    return 0.64 / max(players, 2) + 0.05


def raise_weight(strength: float, tightness: float, bluff: float = 0.0) -> float:
    """Likelihood of a raise from a seat whose own chance of winning the hand is ``strength``.

    ``tightness`` is the strength behind the seat's raises (:meth:`TableReads.tightness`):
    a raiser who shows 0.45 or less raises on anything, and the weight is flat;
    at the prior (0.75, a rule bot raising on two top cards or a sure hand)
    the floor left for a bluff is tiny and the curve steep, tuned so that the
    search's estimate of winning after accepting the frozen hard bot's raises
    matches how often those hands were won (docs/ai.md). Above the prior the
    curve keeps sharpening (a lower floor, a higher power), so a seat read as
    tighter than a normal player is believed to raise on stronger hands
    still; below it the curve softens. (The curve used to stop sharpening at
    the prior, so no read could ever make a raise mean more than it does
    from a stranger.)

    ``bluff`` is the share of its weak hands the seat raises on anyway
    (:meth:`TableReads.bluff_share`): a raise is a bluff that often whatever
    the cards, and the curve's otherwise. The shown strength cannot tell it:
    the raises of a bluffer that get called and shown are mostly its strong
    ones, so the aggressive style read 0.55-0.64, where the curve's floor is
    0.1-0.3, while it bluffs with 0.3 of its weak hands and raises on a
    chance of 0.55.
    """
    sharp = min(1.0, max(0.0, (tightness - 0.45) / (HARD.prior - 0.45)))
    # the bluff floor moves geometrically (in odds, as a likelihood does): a read a
    # little below the prior must not make a weak hand's raise several times likelier
    floor = (1.0 - HARD.floor_drop) ** sharp
    power = 1.0 + HARD.power_gain * sharp
    extra = min(1.0, max(0.0, (tightness - HARD.prior) / (1.0 - HARD.prior)))
    if extra > 0.0:
        floor *= 1.0 - 0.9 * extra
        power += 2.0 * HARD.power_gain * extra
    weight = floor + (1.0 - floor) * strength ** power
    return with_bluffs(weight, bluff)


def with_bluffs(weight: float, bluff: float) -> float:
    """A raise's weight in a world, floored by the raiser's bluff share: a bluff is
    made that often whatever the cards, and the weight holds otherwise."""
    return bluff + (1.0 - bluff) * weight
