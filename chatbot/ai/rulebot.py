"""The rule-based bot: plays with purpose from a :class:`SeatView` only.

It never sees the match, so it cannot peek at hidden cards; everything it knows
is the public ranking (``rules.strength_table``), the table, the score and its
own cards. Decisions follow what a sensible human does: win a trick as cheaply
as possible, keep the top cards for when they matter, call with a strong hand,
run from a hopeless raise. A seeded ``random.Random`` breaks ties, so a game
replays exactly.

One class plays two levels through a :class:`Style`: ``normal`` counts cards
(its odds use only the cards it has not seen yet), ``easy`` does not, judges
its chances with noise and now and then plays a careless card, like a beginner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chatbot.ai.equity import view_break_even
from chatbot.ai.strength import (
    LiveOdds,
    Ranking,
    card_trick_chance,
    hand_chance,
    known_cards,
    ranking,
    sides,
)
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.envido import ENVIDO_CALLS, envido_count, flor_count
from chatbot.rules.views import SeatView

FLOR_CALLS = frozenset({A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
# Envido counts (Argentine, 20 + two of a suit) that justify each call or answer.
ENVIDO_CALL_AT: dict[str, int] = {A.ENVIDO: 27, A.REAL_ENVIDO: 30, A.FALTA_ENVIDO: 32}
# Chance of winning the hand from which every style makes these calls (Put, Le Truc)
CALL_AT: dict[str, float] = {A.PUT: 0.7, A.MON_RESTE: 0.93}
ENVIDO_ACCEPT_AT: dict[str, int] = {A.ENVIDO: 25, A.REAL_ENVIDO: 27, A.FALTA_ENVIDO: 30}


@dataclass(frozen=True, slots=True)
class Style:
    """How a rule bot plays: card counting, judgement noise, careless cards and temper.

    The temper fields make the personalities (tight, loose, aggressive,
    cautious) from one set of rules: where the normal bot raises, how much a
    raise against it must be backed by its chances, how often it bluffs.
    """

    counting: bool = True
    noise: float = 0.0  # standard deviation added to every chance it bets on
    slip: float = 0.0  # chance of playing a random legal card instead of the right one
    envido_noise: int = 0  # envido thresholds move by up to this many points
    raise_at: float = 0.8  # raises when its chance of winning the hand is at least this
    top_raise: int = 2  # ... or when it holds this many top cards (0: never on cards alone)
    up_raise: bool = True  # ... or when a trick up with a strong card
    bluff: float = 0.0  # chance of raising anyway with a weak hand
    accept_margin: float = 0.03  # accepts a raise when its chance beats break-even by this
    respect: float = 1.6  # a raiser's cards count as the best of this many random hands
    counter_at: float = 0.85  # answers a raise with a higher one from this chance
    envido_bias: int = 0  # added to its envido count before it decides to sing or accept
    eleven_at: float = 0.6  # plays a hand of eleven when its side's cards are this good


NORMAL = Style()
EASY = Style(counting=False, noise=0.2, slip=0.25, envido_noise=4, accept_margin=0.0,
             respect=1.3)
# Personalities (levels a player may face): they differ the way people do at a table.
TIGHT = Style(raise_at=0.85, top_raise=2, up_raise=False, accept_margin=0.1, respect=2.2,
              counter_at=0.9, envido_bias=-2)
LOOSE = Style(raise_at=0.65, top_raise=1, accept_margin=-0.12, respect=1.0, bluff=0.08,
              counter_at=0.8, envido_bias=2)
AGGRESSIVE = Style(raise_at=0.55, top_raise=1, bluff=0.3, accept_margin=-0.04, respect=1.3,
                   counter_at=0.7, envido_bias=3)
CAUTIOUS = Style(raise_at=0.85, top_raise=2, up_raise=False, accept_margin=0.15, respect=2.5,
                 counter_at=0.92, envido_bias=-3, eleven_at=0.72)
# A tuning opponent only (no player picks it): raises loosely, bluffing often, and answers
# tightly, running from raises it would have to judge. Every personality above raises and
# answers by one temper, so a seat's runs told how it raises; this one's do not (issue 37:
# a held-out second-trick bluffer that runs from raises read as tight at a table of four).
SLY = Style(raise_at=0.8, top_raise=1, bluff=0.15, accept_margin=0.1, respect=2.2,
            counter_at=0.9)
STYLES: dict[str, Style] = {"normal": NORMAL, "easy": EASY, "tight": TIGHT, "loose": LOOSE,
                            "aggressive": AGGRESSIVE, "cautious": CAUTIOUS, "sly": SLY}


class RuleBot:
    """One decision: the view's facts plus the percentiles of the cards."""

    def __init__(self, rules: TrickRules[Any], view: SeatView, rng: random.Random,
                 style: Style = NORMAL, rank: Ranking | None = None) -> None:
        self.rules = rules
        self.view = view
        self.rng = rng
        self.style = style
        self.rank: Ranking = rank if rank is not None else ranking(rules, view.vira)
        self.opponents, self.partners = sides(rules, view)
        self.legal = view.legal
        self.kinds = {a.kind for a in view.legal}
        self._live: LiveOdds | None = None
        self._respect = 1.0  # >1 while judging cards against a raiser's (stronger) hand

    # ------------------------------------------------------------- helpers
    def find(self, kind: str) -> Action | None:
        return next((a for a in self.legal if a.kind == kind), None)

    def plays(self) -> list[Action]:
        return [a for a in self.legal if a.kind == A.PLAY and a.card is not None]

    def team(self, seat: int) -> int:
        return self.rules.team_of(seat, self.view.players)

    def sorted_low_high(self, actions: Sequence[Action]) -> list[Action]:
        """Weakest first; equal cards in a seeded random order (suits rarely matter)."""
        shuffled = list(actions)
        self.rng.shuffle(shuffled)
        return sorted(shuffled, key=lambda a: self.rank.of(a.card))

    def done_tricks(self) -> list[int]:
        mine = self.view.team
        return [0 if t is None else (1 if t == mine else -1) for t in self.view.tricks]

    def table_best(self) -> tuple[int, bool]:
        """Strength on the table to beat, and whether my side holds it alone."""
        best, ours, theirs = -1, False, False
        for seat, card in self.view.table:
            s = self.rank.of(card)
            mine = self.team(seat) == self.view.team
            if s > best:
                best, ours, theirs = s, mine, not mine
            elif s == best:
                ours, theirs = ours or mine, theirs or not mine
        return best, ours and not theirs

    def opponents_to_play(self) -> int:
        """Opponents still to put a card on the current trick (after this seat)."""
        played = {seat for seat, _ in self.view.table}
        return sum(1 for s in range(self.view.players)
                   if s not in played and s != self.view.seat and self.team(s) != self.view.team)

    def partners_to_play(self) -> int:
        played = {seat for seat, _ in self.view.table}
        return sum(1 for s in range(self.view.players)
                   if s not in played and s != self.view.seat and self.team(s) == self.view.team)

    # ----------------------------------------------------------- strength
    @property
    def live(self) -> LiveOdds | None:
        """The counted odds, built on first use (many decisions never need them)."""
        if self._live is None and self.style.counting:
            self._live = LiveOdds(self.rank, known_cards(self.view))
        return self._live

    def odds(self, card: Card) -> float:
        """Share of the cards an opponent may hold that this card beats."""
        live = self.live
        if live is not None:
            pct = live.pct_of_strength(self.rank.strength[card])
        else:
            pct = self.rank.pct(card)
        return pct ** self._respect if self._respect != 1.0 else pct

    def chance_against_raise(self) -> float:
        """The hand's chance when an opponent's raise says its cards are better than random."""
        self._respect = self.style.respect
        try:
            return self.chance()
        finally:
            self._respect = 1.0

    def judge(self, chance: float) -> float:
        """The chance as this style sees it: exact for normal, blurred for easy."""
        if self.style.noise:
            return chance + self.rng.gauss(0.0, self.style.noise)
        return chance

    def envido_shift(self) -> int:
        spread = self.style.envido_noise
        return self.rng.randint(-spread, spread) if spread else 0

    def own_cards(self) -> list[Card]:
        return list(self.view.hand or ())

    def chance(self, cards: Sequence[Card] | None = None) -> float:
        """Estimated chance that my side wins the hand from here."""
        view = self.view
        if view.hand is None and cards is None:
            return 0.5  # played blind: nobody knows anything
        cards = sorted(self.own_cards() if cards is None else cards,
                       key=self.rank.of, reverse=True)
        if view.players > 2 and self.rules.teams(view.players) == view.players:
            # every seat for itself (Put 3+): share of tricks my best cards may take
            if not cards:
                return 0.0
            return sum(card_trick_chance(self.odds(c), self.opponents, 0)
                       for c in cards[:2]) / 2
        chances: list[float] = []
        played_here = any(seat == view.seat for seat, _ in view.table)
        if view.table and not played_here and cards:
            best, ours = self.table_best()
            beaters = [c for c in cards if self.rank.of(c) > best]
            left = self.opponents_to_play()
            if ours:
                chances.append(max(0.5, self._pct_of_strength(best) ** max(left, 1)))
                cards = cards[:-1]
            elif beaters:
                card = min(beaters, key=self.rank.of)
                chances.append(self.odds(card) ** left if left else 1.0)
                cards = [c for c in cards if c != card]
            else:
                chances.append(1 - (1 - PARTNER_HOPE) ** self.partners_to_play()
                               if self.partners_to_play() else 0.0)
                cards = cards[:-1]
        elif view.table and played_here:
            _, ours = self.table_best()
            chances.append(0.7 if ours else 0.2)
        for card in cards:
            chances.append(card_trick_chance(self.odds(card), self.opponents, self.partners))
        remaining = max(0, 3 - len(view.tricks))
        chances = chances[:remaining] + [0.3] * (remaining - len(chances))
        return hand_chance(self.done_tricks(), chances)

    def _pct_of_strength(self, strength: int) -> float:
        live = self.live
        if live is not None:
            return live.pct_of_strength(strength)
        return self.rank.by_strength.get(strength, 0.0)

    def top_count(self, cards: Sequence[Card] | None = None) -> int:
        return sum(1 for c in (self.own_cards() if cards is None else cards)
                   if self.rank.is_top(c))

    # ---------------------------------------------------------- decisions
    def choose(self) -> Action:
        legal = self.legal
        if not legal:
            raise ValueError("this seat has nothing to do now")
        if len(legal) == 1:
            return legal[0]
        flor = self.find(A.FLOR)
        if flor is not None:
            return flor
        view = self.view
        if view.pending_call is not None:
            return self.answer(view.pending_call)
        if A.ELEVEN_PLAY in self.kinds:
            return self.eleven()
        if A.PASS in self.kinds:
            return self.sorted_low_high([a for a in legal if a.kind == A.PASS])[-1]
        if A.DISCARD in self.kinds:
            return self.sorted_low_high([a for a in legal if a.kind == A.DISCARD])[0]
        return self.on_turn()

    def answer(self, call: str) -> Action:
        """Answer a pending call: by envido/flor count, or by the hand's chance for raises."""
        if call == A.REDEAL_PROPOSE:
            weak = self.judge(self.chance()) < 0.4
            choice = self.find(A.REDEAL_ACCEPT if weak else A.REDEAL_REFUSE)
            return choice or self.legal[0]
        if call in ENVIDO_CALLS:
            return self.answer_envido(call)
        if call in FLOR_CALLS:
            good = flor_count(self.own_cards()) >= 30 + self.envido_shift()
            for kind in ((A.CONTRAFLOR, A.ACCEPT) if good else (A.ACCEPT,)):
                action = self.find(kind)
                if action is not None:
                    return action
            return self.find(A.RUN) or self.legal[0]
        accept, run = self.find(A.ACCEPT), self.find(A.RUN)
        if call == A.MON_RESTE:
            chance, threshold = self.judge(self.chance()), 0.6
        elif call == A.PUT:
            chance, threshold = self.judge(self.chance()), 0.45
        else:
            chance = self.judge(self.chance_against_raise())
            threshold = self.break_even() + self.style.accept_margin
            counter = self.find(A.RAISE)
            if counter is not None and chance >= self.style.counter_at:
                return counter
        if chance >= threshold and accept is not None:
            return accept
        if run is not None:
            return run
        return accept or self.legal[0]

    def break_even(self) -> float:
        """Chance to win the hand that makes accepting the pending raise worth it (equity)."""
        value = view_break_even(self.rules, self.view)
        return 0.34 if value is None else value

    def answer_envido(self, call: str) -> Action:
        count = envido_count(self.own_cards()) + self.envido_shift() + self.style.envido_bias
        for kind in (A.FALTA_ENVIDO, A.REAL_ENVIDO, A.ENVIDO):
            action = self.find(kind)
            if action is not None and count >= ENVIDO_CALL_AT[kind] + 1:
                return action
        accept = self.find(A.ACCEPT)
        if accept is not None and count >= ENVIDO_ACCEPT_AT.get(call, 27):
            return accept
        return self.find(A.RUN) or accept or self.legal[0]

    def eleven(self) -> Action:
        """Hand of eleven/ten: play when the team's visible cards are good enough."""
        view = self.view
        team_cards = [c for cards in view.seen.values() for c in cards]
        best = sorted(team_cards, key=self.rank.of, reverse=True)
        per_player = max(len(view.seen), 1)
        strong = sum(self.rank.pct(c) for c in best[: 2 * per_player]) / max(
            len(best[: 2 * per_player]), 1)
        other = [s for t, s in enumerate(view.score) if t != view.team]
        running_loses = any(s + 1 >= view.target for s in other)
        play = (self.judge(strong) >= self.style.eleven_at or self.top_count(team_cards) >= 1
                or running_loses)
        return self.find(A.ELEVEN_PLAY if play else A.ELEVEN_RUN) or self.legal[0]

    def on_turn(self) -> Action:
        """My turn with no call pending: maybe a call first, else a card."""
        view = self.view
        cards = self.own_cards()
        if cards:
            call = self.envido_call(cards)
            if call is not None:
                return call
        chance = self.judge(self.chance())
        redeal = self.find(A.REDEAL_PROPOSE)
        if redeal is not None and cards and max(self.rank.pct(c) for c in cards) < 0.55:
            return redeal
        put = self.find(A.PUT)
        if put is not None and chance >= CALL_AT[A.PUT]:
            return put
        mon = self.find(A.MON_RESTE)
        if mon is not None and chance >= CALL_AT[A.MON_RESTE]:
            return mon
        raise_action = self.find(A.TRUCO) or self.find(A.RAISE)
        if raise_action is not None and (self.wants_raise(chance) or self.bluffs()):
            return raise_action
        plays = self.plays()
        if not plays:  # nothing but calls we do not want: take the mildest
            return self.legal[0]
        if view.hand is None:
            return self.rng.choice(plays)  # blind hand: any card is as good as another
        return self.card(plays)

    def wants_raise(self, chance: float) -> bool:
        """Top cards, a trick up with a strong card, or simply a likely win (by style)."""
        cards = self.own_cards()
        level = self.view.level
        style = self.style
        if chance >= style.raise_at + 0.03 * level:
            return True
        if level > 1:
            return False
        up = self.done_tricks().count(1) > self.done_tricks().count(-1)
        strong = any(self.rank.pct(c) >= 0.8 for c in cards)
        if style.top_raise and self.top_count() >= style.top_raise:
            return True
        return style.up_raise and up and strong

    def bluffs(self) -> bool:
        """Now and then a raise on nothing (only styles that bluff draw from the stream)."""
        return bool(self.style.bluff) and self.rng.random() < self.style.bluff

    def envido_call(self, cards: Sequence[Card]) -> Action | None:
        if not self.kinds & ENVIDO_CALLS:
            return None
        count = envido_count(cards) + self.envido_shift() + self.style.envido_bias
        for kind in (A.FALTA_ENVIDO, A.REAL_ENVIDO, A.ENVIDO):
            action = self.find(kind)
            if action is not None and count >= ENVIDO_CALL_AT[kind]:
                return action
        return None

    def card(self, plays: list[Action]) -> Action:
        """Lead or follow: the cheapest card that does the job (or, now and then, any)."""
        if self.style.slip and self.rng.random() < self.style.slip:
            return self.rng.choice(plays)
        ordered = self.sorted_low_high(plays)
        lowest, highest = ordered[0], ordered[-1]
        done = self.done_tricks()
        decisive = done.count(-1) > done.count(1) or 0 in done
        if not self.view.table:
            return self.lead(ordered, done, decisive)
        best, ours = self.table_best()
        if ours and (self.opponents_to_play() == 0 or best >= self.rank.of(highest.card)):
            return lowest
        beaters = [a for a in ordered if self.rank.of(a.card) > best]
        if not beaters:
            return lowest
        cheapest = beaters[0]
        if ours:
            return lowest  # my partner already wins it
        assert cheapest.card is not None
        if (self.rank.is_top(cheapest.card) and not decisive and self.partners_to_play()
                and len(ordered) > 1):
            return lowest  # a partner plays after me: keep the manilha for later
        return cheapest

    def lead(self, ordered: list[Action], done: list[int], decisive: bool) -> Action:
        """Leading a trick: strong when it decides, probing when ahead, middle first."""
        lowest, highest = ordered[0], ordered[-1]
        if decisive:
            return highest
        if done.count(1) > done.count(-1):
            return lowest  # a trick up: make them spend a card
        if len(ordered) >= 3:
            top = highest.card
            assert top is not None
            if self.rank.is_top(top):
                return ordered[-2]  # keep the manilha, lead the next best
            return highest
        return highest


PARTNER_HOPE = 0.35  # chance an unseen partner still to play takes the trick


def choose(rules: TrickRules[Any], view: SeatView, rng: random.Random,
           style: Style = NORMAL) -> Action:
    """The bot's action for this seat (the ``normal`` level): always one of ``view.legal``."""
    return RuleBot(rules, view, rng, style).choose()
