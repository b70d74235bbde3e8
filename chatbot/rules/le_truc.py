"""Le Truc: the 4-player partnership game and the 2-player French form (rules.md §4).

Everything a hand shares with the Truco family (tricks, C5/C6, scoring) comes from
:class:`TrickRules`; this module adds what is Le Truc's own:

- governors: the dealer and the mano; the *opposing governor* answers every call;
- the redeal the mano may ask for as the very first action of a hand (4.1.8, 4.2.2);
  with two players and ``multiple_redeals``, one agreed when the stock has run out
  voids the hand: the deck is shuffled again and the deal passes;
- "Two more?" raises (always the action ``raise``, never a counter) and Mon Reste;
- spoiled tricks led again by their leader, and the all-spoiled rule per table size;
- optional signals: each governor sees his partner's cards and may give him one
  public instruction per hand (4.1.14).

The hand's own state is a :class:`LeTrucExtras` record, ``hand.x`` (JSON-able values):
``redeal`` ("asked" | "accepted" | "refused"), ``redeals`` (redeals dealt),
``mon_reste`` (True once a Mon Reste is accepted), ``orders`` ([[partner, kind, rank], ...] not yet
obeyed) and ``instructed`` (governor seats that gave their instruction).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules import le_truc_worlds
from chatbot.rules.actions import Action
from chatbot.rules.base import OPEN, Check, Events, TrickRules, Verdict
from chatbot.rules.cards import FRENCH_RANK_CODES, Card, french_deck
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.options import OptionSpec, choice, flag
from chatbot.rules.state import (
    END_RESHUFFLE,
    PHASE_PLAY,
    Extras,
    Hand,
    Match,
    Pending,
    present,
    stored_as,
)
from chatbot.rules.views import SeatView

# Ranks low -> high: 9, 10, J, Q, K, A, 8, 7 (4.1.3); suits never matter.
ORDER = (9, 10, 11, 12, 13, 1, 8, 7)
STRENGTH = {rank: i + 1 for i, rank in enumerate(ORDER)}
DECK = french_deck(ORDER)

# Signals (4.1.14): the scenario format has no such actions, so they are Le Truc's
# own names. "instruct-rank" carries one of the partner's cards naming the rank;
# only the rank is made public.
INSTRUCT_HIGHEST = A.INSTRUCT_HIGHEST
INSTRUCT_LOWEST = A.INSTRUCT_LOWEST
INSTRUCT_RANK = A.INSTRUCT_RANK
INSTRUCT_KINDS = A.INSTRUCTIONS

_RAISE = Action(A.RAISE)
_MON_RESTE = Action(A.MON_RESTE)
_PROPOSE = Action(A.REDEAL_PROPOSE)
_CALL_ANSWERS = [Action(A.ACCEPT), Action(A.RUN)]
_REDEAL_ANSWERS = [Action(A.REDEAL_ACCEPT), Action(A.REDEAL_REFUSE)]
_SUPPORTED = frozenset({
    A.PLAY, A.RAISE, A.ACCEPT, A.RUN, A.MON_RESTE,
    A.REDEAL_PROPOSE, A.REDEAL_ACCEPT, A.REDEAL_REFUSE,
})


# The cut for the deal in the 2-player form uses the normal order, ace high (4.2.1).
NORMAL_ORDER = (7, 8, 9, 10, 11, 12, 13, 1)


def draw_for_seats(players: int, rng: random.Random) -> tuple[list[int], int]:
    """The draw for partnerships and first dealer (4.1.4, 4.2.1): (seat per player, dealer).

    Players are numbered as they sit down (0..n-1). With 4 players each draws a card:
    the two highest (game ranking) play against the two lowest and the highest deals.
    With 2 players the lower card (ace high) deals. Equal cards draw again among the
    tied players only (A25), until every player's place in the order is settled.
    """
    if players not in (2, 4):
        raise SetupError(f"le-truc is not played by {players} players")
    order = ORDER if players == 4 else NORMAL_ORDER
    value = {rank: i for i, rank in enumerate(order)}
    keys: dict[int, tuple[int, ...]] = {p: () for p in range(players)}
    deck: list[Card] = []
    tied = [list(range(players))]
    while tied:
        group = tied.pop()
        if len(deck) < len(group):
            deck = list(french_deck(ORDER))
            rng.shuffle(deck)
        for p in group:
            keys[p] += (value[deck.pop().rank],)
        by_key: dict[tuple[int, ...], list[int]] = {}
        for p in group:
            by_key.setdefault(keys[p], []).append(p)
        tied.extend(g for g in by_key.values() if len(g) > 1)
    ranked = sorted(range(players), key=keys.__getitem__, reverse=True)  # highest first
    if players == 2:
        return [0, 1], ranked[-1]
    seats = [0] * 4
    for seat, p in zip((0, 2, 1, 3), ranked, strict=True):  # highest two: seats 0 and 2
        seats[p] = seat
    return seats, 0


def rank_code(rank: int) -> str:
    """The rank as players write it (A, K, Q, J, T, 9, 8, 7), for messages."""
    return FRENCH_RANK_CODES.get(rank, str(rank))


@dataclass(slots=True)
class LeTrucExtras(Extras):
    """The redeal asked, how many were dealt, an accepted Mon Reste, the instructions."""

    redeal: str | None = None  # "asked", "accepted", "refused"
    redeals: int | None = None
    # True once a Mon Reste is accepted
    mon_reste: bool | None = field(default=None, metadata=stored_as("mr"))
    instructed: list[int] | None = None  # governors who gave their instruction
    orders: list[list[Any]] | None = None  # [partner, instruction, rank] still to obey


# A match of this variant: its hands carry LeTrucExtras records.
LeTrucMatch = Match[LeTrucExtras]


class LeTrucRules(TrickRules[LeTrucExtras]):
    """Le Truc with 2 or 4 players; teams are ``seat % 2`` in both forms."""

    name = "le-truc"
    seat_counts = (2, 4)
    target = 12
    ladder = (1, 2, 4, 6, 8, 10, 12)  # S001's table (4.1.12)
    first_raise = A.RAISE  # every "Two more?" is the action "raise"
    counter_raise = False  # the governor only accepts or refuses
    raise_calls = ("two more",) * 6
    refuse_call = "refuse"  # the governor refuses: there is no running in Le Truc
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        "target": OptionSpec(minimum=1, maximum=100, default=12),
        # by_players: first_leader_team with 4 players (4.1.11), none with 2 (4.2.4)
        "all_spoiled": choice("by_players", "first_leader_team", "none"),
        "alternate_raises": choice(True, False),  # A19: on by default
        "multiple_redeals": flag(),  # 4.2.2, jeuxloisirs
        "signals": flag(),  # 4.1.14
    }
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (7, 12, 21)}
    own_actions = INSTRUCT_KINDS
    own_raises = frozenset({A.MON_RESTE})  # the hand for the game, off the ladder
    extras = LeTrucExtras

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self._alternate: bool = self.options["alternate_raises"]
        self._multiple: bool = self.options["multiple_redeals"]  # 2 players only (4.2.2)
        self._signals: bool = self.options["signals"]
        self._top = len(self.ladder) - 1
        self._handlers.update({
            A.RAISE: self._on_le_raise,
            A.MON_RESTE: self._on_mon_reste,
            A.ACCEPT: self._on_le_accept,
            A.REDEAL_PROPOSE: self._on_redeal_propose,
            A.REDEAL_ACCEPT: self._on_redeal_answer,
            A.REDEAL_REFUSE: self._on_redeal_answer,
            INSTRUCT_HIGHEST: self._on_instruct,
            INSTRUCT_LOWEST: self._on_instruct,
            INSTRUCT_RANK: self._on_instruct,
        })
        del self._handlers[A.TRUCO], self._handlers[A.PLAY_HIDDEN]

    # ------------------------------------------------------------------ data
    def deck(self) -> tuple[Card, ...]:
        return DECK  # built once: every deal asks for it

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        return {card: STRENGTH[card.rank] for card in self.deck()}

    def supported_actions(self) -> frozenset[str]:
        return _SUPPORTED | INSTRUCT_KINDS if self._signals else _SUPPORTED

    # the redeal, Mon Reste and instructions of a bot's sampled world
    def world_patch(self, view: SeatView, match: LeTrucMatch) -> None:
        le_truc_worlds.patch(self, view, match)

    def world_pending_level(self, view: SeatView) -> int:
        if view.pending_call == A.MON_RESTE:
            return view.level
        return super().world_pending_level(view)

    def opposing_governor(self, match: LeTrucMatch, seat: int) -> int:
        """Who answers a call made by ``seat``: the governor of the other side (4.1.12, A20)."""
        hand = match.hand
        assert hand is not None
        if seat % 2 == hand.dealer % 2:
            return hand.mano
        return hand.dealer

    def is_governor(self, match: LeTrucMatch, seat: int) -> bool:
        hand = match.hand
        assert hand is not None
        return seat in (hand.dealer, hand.mano)

    # ---------------------------------------------------------------- legality
    def candidates(self, match: LeTrucMatch, seat: int) -> list[Action]:
        """Cards, then raise, Mon Reste, the mano's redeal and (signals) an instruction;
        the calls left out where the predicate their checks ask (``_mon_reste_made``,
        ``_may_propose``) already refuses them, so no refusal is built for them."""
        hand = match.hand
        assert hand is not None
        if hand.pending is not None:
            if hand.pending.call == A.REDEAL_PROPOSE:
                return list(_REDEAL_ANSWERS)
            return list(_CALL_ANSWERS)
        moves = [*map(A.PLAY_OF, hand.cards[seat])]
        if not self._mon_reste_made(hand, seat):
            moves += _RAISE, _MON_RESTE
        if self._may_propose(match, seat):
            moves.append(_PROPOSE)
        if self._signals and match.players == 4:
            moves.extend(self._instructions(match, seat))
        return moves

    def checks(self) -> dict[str, Check]:
        return {**super().checks(), A.MON_RESTE: self.check_mon_reste,
                A.REDEAL_PROPOSE: self.check_propose,
                **dict.fromkeys((A.REDEAL_ACCEPT, A.REDEAL_REFUSE), self.check_redeal_answer),
                **dict.fromkeys(INSTRUCT_KINDS, self.check_instruct)}

    def unsupported(self, seat: int, action: Action) -> IllegalAction:
        if action.kind in INSTRUCT_KINDS:
            return IllegalAction("no-signals", seat=seat)
        return super().unsupported(seat, action)

    def gate(self, match: LeTrucMatch, seat: int, action: Action) -> Verdict:
        """Which answer a call takes (instructions have their own check); with no call
        waiting, each kind's check says the rest."""
        hand = match.hand
        assert hand is not None
        kind, pending = action.kind, hand.pending
        if kind in INSTRUCT_KINDS:
            return None
        if pending is not None:
            redeal = pending.call == A.REDEAL_PROPOSE
            if seat != pending.answerer:
                if redeal:
                    return IllegalAction("not-your-redeal-answer", seat=seat,
                                         answerer=pending.answerer)
                return None  # the generic "not your answer"
            if redeal and kind in (A.ACCEPT, A.RUN):
                return IllegalAction("answer-redeal", seat=seat)
            if not redeal and kind in (A.REDEAL_ACCEPT, A.REDEAL_REFUSE):
                return IllegalAction("no-redeal-to-answer", seat=seat)
            if not redeal and kind == A.RAISE:
                return IllegalAction("no-counter-raise", seat=seat)
            return None
        return OPEN

    def check_play(self, match: LeTrucMatch, seat: int, action: Action) -> Verdict:
        """A card as the governor instructed (4.1.14), then the shared check; while an
        instruction stands each card is asked about (not OPEN)."""
        hand = match.hand
        assert hand is not None
        # The shared checks are called on TrickRules, not through super(): they run for
        # nearly every simulated move, and a super object per call is a measurable part.
        if hand.pending is not None or not (self._signals and hand.x.orders):
            return TrickRules.check_play(self, match, seat, action)
        held = hand.cards[seat]
        if (action.kind == A.PLAY and seat == hand.turn and action.card in held
                and action.card not in self._obeying(match, seat, held)):
            for partner, order, rank in hand.x.orders:
                if partner == seat:
                    shown = rank_code(rank) if rank is not None else ""
                    return IllegalAction("must-obey-" + order.removeprefix("instruct-"),
                                         seat=seat, rank=shown)
        return TrickRules.check_play(self, match, seat, action) or None

    def check_raise(self, match: LeTrucMatch, seat: int, action: Action) -> IllegalAction | None:
        return (self._after_mon_reste(match, seat)
                or TrickRules.check_raise(self, match, seat, action))

    def check_mon_reste(self,
                        match: LeTrucMatch, seat: int, action: Action) -> IllegalAction | None:
        return self._after_mon_reste(match, seat) or self.check_call(match, seat, action)

    def _after_mon_reste(self, match: LeTrucMatch, seat: int) -> IllegalAction | None:
        """Nothing is raised at one's turn once a Mon Reste is accepted (4.1.13)."""
        assert match.hand is not None
        if self._mon_reste_made(match.hand, seat):
            return IllegalAction("mon-reste-accepted", seat=seat)
        return None

    def _mon_reste_made(self, hand: Hand[LeTrucExtras], seat: int) -> bool:
        return hand.pending is None and bool(hand.x.mon_reste) and seat == hand.turn

    def check_redeal_answer(self, match: LeTrucMatch, seat: int, action: Action) -> Verdict:
        """Only a redeal asked for is answered with the redeal's words."""
        if match.hand is not None and match.hand.pending is None:
            return IllegalAction("no-redeal-to-answer", seat=seat)
        return self.check_answer(match, seat, action)

    def raise_refusal(self,
                      match: LeTrucMatch, seat: int, *, on_turn: bool) -> IllegalAction | None:
        """Below 12, never after an accepted Mon Reste, and (by default) alternating; a
        refusal says what the shared ladder would say."""
        if not on_turn:
            return TrickRules.raise_refusal(self, match, seat, on_turn=on_turn)
        hand = match.hand
        assert hand is not None
        if hand.level < self._top and not hand.x.mon_reste and not (
                self._alternate and hand.last_raiser == seat % 2):
            return None  # (the shared refusal, asked only to be said, is not asked)
        return (TrickRules.raise_refusal(self, match, seat, on_turn=on_turn)
                or self._not_now(seat, hand.level + 1))

    def check_propose(self, match: LeTrucMatch, seat: int, action: Action) -> IllegalAction | None:
        """The mano asks for a new deal, as the very first action of the hand (4.1.8)."""
        hand = match.hand
        assert hand is not None
        if hand.pending is not None:
            return self.answering(match, seat) or IllegalAction(
                "must-answer", seat=seat, call=hand.pending.call)
        if action.card is None and self._may_propose(match, seat):
            return None
        if seat != hand.mano:
            return IllegalAction("redeal-not-mano", seat=seat, mano=hand.mano)
        if not self._may_ask_again(match):
            return IllegalAction("redeal-once", seat=seat)
        return IllegalAction("redeal-too-late", seat=seat)

    def _may_propose(self, match: LeTrucMatch, seat: int) -> bool:
        """With no call waiting: ``seat`` is the mano, may ask (again) and nothing has
        been done yet this hand, at its turn."""
        hand = match.hand
        assert hand is not None
        return (seat == hand.mano and seat == hand.turn and hand.phase == PHASE_PLAY
                and self._may_ask_again(match) and self._nothing_done_yet(hand))

    def check_instruct(self, match: LeTrucMatch, seat: int, action: Action) -> IllegalAction | None:
        """A governor tells the partner which card to play, once a hand (4.1.14)."""
        hand = match.hand
        assert hand is not None
        if match.players != 4:
            return IllegalAction("no-signals", seat=seat)
        if not self.is_governor(match, seat):
            return IllegalAction("instruct-not-governor", seat=seat)
        if hand.pending is not None:
            return IllegalAction("must-answer", seat=seat, call=hand.pending.call)
        if seat != hand.turn:
            return IllegalAction("not-your-turn", seat=seat, to_act=self.to_act(match))
        if seat in (hand.x.instructed or ()):
            return IllegalAction("instruct-once", seat=seat)
        if not hand.cards[(seat + 2) % 4]:
            return IllegalAction("instruct-too-late", seat=seat)
        if hand.phase != PHASE_PLAY or action not in self._instructions(match, seat):
            return IllegalAction("instruct-card-not-held", seat=seat)
        return None

    def answerers(self, match: LeTrucMatch, pending: Pending) -> tuple[int, ...]:
        return (pending.answerer,)

    def _nothing_done_yet(self, hand: Hand[LeTrucExtras]) -> bool:
        """The redeal must be the very first action (decision 7): no card, call or order."""
        return (not hand.played and not hand.table and hand.level == 0
                and not hand.x.mon_reste and not hand.x.instructed)

    def _may_ask_again(self, match: LeTrucMatch) -> bool:
        """No request yet, or (2 players, option on) the last one was agreed.

        The option is the French two-player form's; four players ask once (4.1.8).
        """
        hand = match.hand
        assert hand is not None
        state = hand.x.redeal
        repeats = self._multiple and match.players == 2
        return state is None or (repeats and state == "accepted")

    def _deal_size(self, match: LeTrucMatch) -> int:
        return match.players * self.cards_per_player(match.players)

    def _stock_ran_out(self, match: LeTrucMatch) -> bool:
        """Every card of the deck is accounted for, so a short stock is the real one
        running out, not a hand-made deal (a scenario) that left cards unsaid."""
        hand = match.hand
        assert hand is not None
        given = self._deal_size(match) * ((hand.x.redeals or 0) + 1) + len(hand.stock)
        return given == len(self.deck())

    # ----------------------------------------------------------------- calls
    def _on_le_raise(self, match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        level = hand.level + 1
        hand.pending = Pending(A.RAISE, seat, level, self.opposing_governor(match, seat))
        if events is not None:
            events.append(E.CallMade(seat, A.RAISE, self.ladder[level]))
            self.announce_turn(match, events)

    def _on_mon_reste(self, match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        hand.pending = Pending(A.MON_RESTE, seat, hand.level, self.opposing_governor(match, seat))
        if events is not None:
            events.append(E.CallMade(seat, A.MON_RESTE))
            self.announce_turn(match, events)

    def _on_le_accept(self, match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        """A raise accepted moves up the ladder; a Mon Reste accepted plays for the game."""
        hand = match.hand
        assert hand is not None and hand.pending is not None
        if hand.pending.call != A.MON_RESTE:
            self._on_accept(match, seat, action, events)
            return
        hand.pending = None
        hand.x.mon_reste = True
        if events is not None:
            events.append(E.CallAnswered(seat, A.MON_RESTE, True, hand.stake))
            self.announce_turn(match, events)

    # run: the base handler already gives the caller's side the current value, which is
    # the pre-raise value for a raise (4.1.12) and the current value for Mon Reste (4.1.13).

    # ---------------------------------------------------------------- redeal
    def _on_redeal_propose(self,
                           match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        hand.x.redeal = "asked"
        hand.pending = Pending(A.REDEAL_PROPOSE, seat, 0, hand.dealer)
        if events is not None:
            events.append(E.CallMade(seat, A.REDEAL_PROPOSE))
            self.announce_turn(match, events)

    def _on_redeal_answer(self,
                          match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        """Refused: the hands stand. Accepted: 3 new cards each from the top of the stock,
        or, when the stock has run out, a void hand and a new deal by the other player."""
        hand = match.hand
        assert hand is not None and hand.pending is not None
        accepted = action.kind == A.REDEAL_ACCEPT
        if accepted:
            need = self._deal_size(match)
            if len(hand.stock) < need:
                if self._stock_ran_out(match):
                    self._reshuffle(match, seat, events)
                    return
                # a hand-made deal that did not give the cards (the runner's input error)
                raise IllegalAction("redeal-no-stock", seat=seat, needed=need,
                                    left=len(hand.stock))
            self._redeal(match, need)
        hand.x.redeal = "accepted" if accepted else "refused"
        hand.pending = None
        if events is not None:
            events.append(E.CallAnswered(seat, A.REDEAL_PROPOSE, accepted))
            if accepted:
                self.deal_events(match, events)
            self.announce_turn(match, events)

    def _redeal(self, match: LeTrucMatch, need: int) -> None:
        """Deal ``need`` cards off the top of the stock, one at a time from the mano."""
        hand = match.hand
        assert hand is not None
        n, mano = match.players, hand.mano
        fresh: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(hand.stock[:need]):
            fresh[(mano + i) % n].append(card)
        del hand.stock[:need]
        hand.cards = fresh
        hand.dealt = [tuple(h) for h in fresh]
        hand.x.redeals = (hand.x.redeals or 0) + 1

    def _reshuffle(self, match: LeTrucMatch, seat: int, events: Events) -> None:
        """4.2.2 (jeuxloisirs): agreed new cards the stock cannot give. The hand ends void
        (no points, score unchanged) and the next deal, by the other player, shuffles the
        whole deck: ``next_hand`` does both, as after any hand (docs/rules.md, Le Truc 1)."""
        hand = match.hand
        assert hand is not None
        dealer = self.next_dealer(match)
        hand.x.redeal = "accepted"
        hand.x.calls = {"reshuffle": {"redeals": (hand.x.redeals or 0),
                                         "next_dealer": dealer}}
        if events is not None:
            events.append(E.CallAnswered(seat, A.REDEAL_PROPOSE, True))
            events.append(E.StockReshuffled(dealer))
        self.finish(match, None, [0] * len(match.score), END_RESHUFFLE, events)

    # ---------------------------------------------------------------- tricks
    def lead_after_tie(
        self, match: LeTrucMatch, plays: Sequence[tuple[int, Card | None]], top: list[int]
    ) -> int:
        """A spoiled trick is led again by whoever led it (4.1.10, 4.2.3)."""
        return plays[0][0]

    def all_spoiled_rule(self, players: int) -> str:
        rule: str = self.options["all_spoiled"]
        if rule == "by_players":
            return "first_leader_team" if players == 4 else "none"
        return rule

    def all_tied_winner(self, match: LeTrucMatch) -> int | None:
        """Three spoiled tricks: the side that led trick 1 (4p seed) or nobody (2p, A22)."""
        hand = match.hand
        assert hand is not None
        if self.all_spoiled_rule(match.players) == "none":
            return None
        return hand.played[0][0][0] % 2

    def decides_game(self, hand: Hand[LeTrucExtras]) -> bool:
        return bool(hand.x.mon_reste)  # an accepted Mon Reste (trick_points)

    def trick_points(self, match: LeTrucMatch, winner: int) -> int:
        """An accepted Mon Reste gives the winner the game: target - score (decision 11)."""
        hand = match.hand
        assert hand is not None
        if hand.x.mon_reste:
            return self.target_score() - match.score[winner]
        return hand.stake

    def before_play(self, match: LeTrucMatch, seat: int, action: Action) -> None:
        hand = match.hand
        assert hand is not None
        if self._signals and hand.x.orders:  # an instruction binds one card only
            hand.x.orders = [o for o in hand.x.orders if o[0] != seat]

    # --------------------------------------------------------------- signals
    def visible_cards(self, match: LeTrucMatch, seat: int) -> dict[int, tuple[Card, ...]]:
        """With signals a governor also sees his partner's cards (4.1.14, 5.2)."""
        seen = super().visible_cards(match, seat)
        hand = match.hand
        if self._signals and hand is not None and match.players == 4 \
                and self.is_governor(match, seat):
            partner = (seat + 2) % 4
            seen[partner] = tuple(hand.cards[partner])
        return seen

    def deal_events(self, match: LeTrucMatch, events: list[E.Event]) -> None:
        super().deal_events(match, events)
        hand = match.hand
        assert hand is not None
        if self._signals and match.players == 4:
            for governor in (hand.mano, hand.dealer):
                partner = (governor + 2) % 4
                events.append(E.PartnerCardsShown(
                    governor, partner, tuple(hand.cards[partner]),
                    audience=E.to_seat(governor)))

    def _instructions(self, match: LeTrucMatch, seat: int) -> list[Action]:
        """Highest, lowest, or one of the ranks the partner holds (he must be able to obey)."""
        hand = match.hand
        assert hand is not None
        moves = [Action(INSTRUCT_HIGHEST), Action(INSTRUCT_LOWEST)]
        ranks: set[int] = set()
        for card in hand.cards[(seat + 2) % 4]:
            if card.rank not in ranks:
                ranks.add(card.rank)
                moves.append(Action(INSTRUCT_RANK, card))
        return moves

    def _on_instruct(self, match: LeTrucMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        partner = (seat + 2) % 4
        rank = action.card.rank if action.card is not None else None
        x = hand.x
        x.instructed = [*(x.instructed or ()), seat]
        x.orders = [*(x.orders or ()), [partner, action.kind, rank]]
        if events is not None:  # public: everybody hears it, but only the rank is told
            events.append(E.CallMade(seat, action.kind, rank))
            self.announce_turn(match, events)

    def _obeying(self, match: LeTrucMatch, seat: int, cards: list[Card]) -> list[Card]:
        """The cards ``seat`` may play under its governor's instruction, if it can obey."""
        hand = match.hand
        assert hand is not None
        for partner, kind, rank in present(hand.x.orders):
            if partner != seat:
                continue
            if kind == INSTRUCT_RANK:
                fit = [c for c in cards if c.rank == rank]
                return fit or cards
            strength = [STRENGTH[c.rank] for c in cards]
            want = max(strength) if kind == INSTRUCT_HIGHEST else min(strength)
            return [c for c, s in zip(cards, strength, strict=True) if s == want]
        return cards
