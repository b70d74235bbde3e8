"""Put (rules.md §6): 2 players, 4 in partnerships with passing, or 3 to 6 each for himself.

One class covers the three forms because they share the deck, the ranking, the
tie rule (a tied trick belongs to nobody and its leader leads again) and the
put itself. They differ in who is still in the hand (``x.active``), how a
hand is resolved (:mod:`put_resolution`) and, with four partners, a passing
phase before the play. There is no raise ladder: the put is the only call.

State kept in a :class:`PutExtras` record, ``Hand.x`` (JSON-able, copied with the hand):

- ``active``: seats still taking part in the play, in seat order;
- ``put``: the putter's seat, once a put has been made (at most one per hand);
- ``stayed`` / ``resigned``: the answers to the put so far;
- ``seen``: True once a put has been seen (the hand is then played for the game);
- ``passers`` / ``receivers`` / ``discarded``: the four-player passing phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules import put_worlds
from chatbot.rules.actions import Action
from chatbot.rules.base import OPEN, Check, Events, TrickRules, Verdict
from chatbot.rules.cards import Card, french_deck
from chatbot.rules.errors import IllegalAction
from chatbot.rules.options import OptionSpec, choice, flag
from chatbot.rules.put_events import CardPassed, CardsDiscarded, CardWithdrawn
from chatbot.rules.put_resolution import card_strength, collect, most_tricks, two_sided_result
from chatbot.rules.state import (
    END_DRAW,
    END_FOLD,
    END_RUN,
    END_TRICKS,
    PHASE_DISCARD,
    PHASE_PASS,
    PHASE_PLAY,
    Extras,
    Hand,
    Match,
    Pending,
    present,
)
from chatbot.rules.views import SeatView

PUT_OPTIONS: dict[str, OptionSpec] = {
    "target": OptionSpec(minimum=1, default=5),  # race target; also the ledger's game stake G
    "throw_in": flag(),  # 6.1.7
    "outright_on_playout": flag(),  # 6.1.8
    "passer": choice("fixed", "agreed"),  # 6.2.4
    "four_players": choice("partnership", "individual"),  # 6.3.1
    "scoring": choice("race", "ledger"),  # 6.3.6
}

PUT = Action(A.PUT)
FOLD = Action(A.FOLD)
ANSWERS = (Action(A.ACCEPT), Action(A.RUN))


@dataclass(slots=True)
class PutExtras(Extras):
    """Who is in the hand, the four partners' passing, and the put and its answers."""

    active: list[int] | None = None  # seats still in the hand, in seat order
    passers: list[int] | None = None  # four partners: who passed a card
    receivers: list[int] | None = None  # ... who received one, in that order
    discarded: list[int] | None = None  # ... receivers who laid a card away
    put: int | None = None  # the seat that put
    stayed: list[int] | None = None  # seats that saw the put
    resigned: list[int] | None = None  # seats that threw their cards in
    seen: bool | None = None  # the put was seen


# A match of this variant: its hands carry PutExtras records.
PutMatch = Match[PutExtras]


class PutRules(TrickRules[PutExtras]):
    name = "put"
    seat_counts = (2, 3, 4, 5, 6)
    hand_size = 3
    target = 5
    ladder = (1,)
    first_raise = A.PUT
    counter_raise = False
    option_specs: ClassVar[dict[str, OptionSpec]] = PUT_OPTIONS
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {"target": (3, 5, 7, 11)}
    extras = PutExtras

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self._individual4 = self.options["four_players"] == "individual"
        self._agreed = self.options["passer"] == "agreed"
        self._ledger = self.options["scoring"] == "ledger"
        self._throw_in = bool(self.options["throw_in"])
        self._outright = bool(self.options["outright_on_playout"])
        self._turn_calls = (PUT, FOLD) if self._throw_in else (PUT,)
        self._deck = french_deck(range(1, 14))  # built once: ``deal`` asks for it every hand
        self._handlers.update({
            A.PUT: self._on_put,
            A.ACCEPT: self._on_see,
            A.RUN: self._on_throw_in,
            A.FOLD: self._on_fold,
            A.PASS: self._on_pass,
            A.DISCARD: self._on_discard,
        })

    # ------------------------------------------------------------------ data
    def deck(self) -> tuple[Card, ...]:
        return self._deck

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        return {card: card_strength(card) for card in self.deck()}

    def individual(self, players: int) -> bool:
        """Every seat for itself (6.3): 3, 5 or 6 players, or 4 when the table says so."""
        return players > 2 and (players != 4 or self._individual4)

    def partnership4(self, players: int) -> bool:
        return players == 4 and not self._individual4

    def teams(self, players: int) -> int:
        return players if self.individual(players) else 2

    def team_of(self, seat: int, players: int) -> int:
        return seat if players == 2 or self.individual(players) else seat % 2

    def cards_per_player(self, players: int) -> int:
        """6.3.2: one card more than players when each plays for himself, else 3."""
        return players + 1 if self.individual(players) else self.hand_size

    def supported_actions(self) -> frozenset[str]:
        base = frozenset({A.PLAY, A.PUT, A.ACCEPT, A.RUN, A.PASS, A.DISCARD})
        return base | {A.FOLD} if self._throw_in else base

    # who plays, the passing and the put of a bot's sampled world
    def world_seats(self, view: SeatView) -> list[int]:
        return put_worlds.active(self, view)

    def world_patch(self, view: SeatView, match: PutMatch) -> None:
        put_worlds.patch(self, view, match)

    def world_leader(self, match: PutMatch) -> int | None:
        return put_worlds.leader(match)

    # ------------------------------------------------------------ new games
    def races_to_target(self) -> bool:
        """Ledger chips may be negative and have no target, so they skip the race checks."""
        return not self._ledger

    def setup_hand(self, match: PutMatch) -> None:
        hand = match.hand
        assert hand is not None
        if self.partnership4(match.players):
            hand.phase = PHASE_PASS
            hand.x.update(active=[], passers=[], receivers=[], discarded=[])
        else:
            hand.x.active = list(range(match.players))

    # ------------------------------------------------------- who acts, legal
    def acting_seat(self, match: PutMatch) -> int:
        hand = match.hand
        assert hand is not None
        if hand.phase == PHASE_PASS:
            return self._passers_now(match)[0]
        if hand.phase == PHASE_DISCARD:
            return self._waiting_discards(match)[0]
        return hand.turn

    # ---------------------------------------------------------------- legality
    def candidates(self, match: PutMatch, seat: int) -> list[Action]:
        hand = match.hand
        assert hand is not None
        cards = hand.cards[seat]
        if hand.pending is not None:
            return list(ANSWERS)  # a put is seen or thrown in: there is nothing to raise
        if hand.phase == PHASE_PASS:  # the highest only: the card ``check_pass`` asks for
            return [*map(A.PASS_OF, self._highest(cards))] if cards else []
        if hand.phase == PHASE_DISCARD:
            return [*map(A.DISCARD_OF, cards)]
        if self._put_spent(hand, seat):  # the one refusal ``check_put`` would build
            return [*map(A.PLAY_OF, cards), *self._turn_calls[1:]]
        return [*map(A.PLAY_OF, cards), *self._turn_calls]

    def checks(self) -> dict[str, Check]:
        return {**super().checks(), A.PUT: self.check_put, A.FOLD: self.check_throw_in,
                A.PASS: self.check_pass, A.DISCARD: self.check_discard}

    def gate(self, match: PutMatch, seat: int, action: Action) -> Verdict:
        """The passing and discarding of four partners come first; a seat out of the hand
        does nothing."""
        hand = match.hand
        assert hand is not None
        phase = hand.phase
        if phase != PHASE_PASS and phase != PHASE_DISCARD:  # the play: asked most
            active = hand.x.active  # not ``present()``: the gate runs for every move
            assert active is not None
            return OPEN if seat in active else IllegalAction("out-of-hand", seat=seat)
        kind = action.kind
        if phase == PHASE_PASS:
            if kind != A.PASS:
                return IllegalAction("pass-first", seat=seat, action=kind,
                                     passer=self._passers_now(match)[0])
            return None
        if seat in present(hand.x.passers):  # the discard
            reason = "passer-no-discard" if kind == A.DISCARD else "out-of-hand"
            return IllegalAction(reason, seat=seat)
        if kind == A.PASS:
            return IllegalAction("passing-over", seat=seat, action=kind)
        if kind != A.DISCARD:
            return IllegalAction("discard-first", seat=seat, action=kind)
        return None

    def check_put(self, match: PutMatch, seat: int, action: Action) -> IllegalAction | None:
        """One put a hand (6.1.6), then as any call on one's turn."""
        hand = match.hand
        assert hand is not None
        if self._put_spent(hand, seat):
            return IllegalAction("put-once", seat=seat)
        return self.check_call(match, seat, action)

    def _put_spent(self, hand: Hand[PutExtras], seat: int) -> bool:
        """At one's turn with no call waiting, the hand's put was already made."""
        return hand.pending is None and seat == hand.turn and hand.x.put is not None

    def check_throw_in(self, match: PutMatch, seat: int, action: Action) -> IllegalAction | None:
        """Throwing in (6.1.7): two sides only, and not after a put; then as any call."""
        hand = match.hand
        assert hand is not None
        if hand.pending is None and seat == hand.turn:
            if self.individual(match.players):
                return IllegalAction("no-throw-in-individual", seat=seat)
            if hand.x.put is not None:
                return IllegalAction("no-throw-in-after-put", seat=seat)
        return self.check_call(match, seat, action)

    def _out_of_phase(self, match: PutMatch, seat: int, kind: str) -> IllegalAction:
        """A pass or a discard in the play (the gate keeps the other phases)."""
        reason = "passing-over" if self.partnership4(match.players) else "no-passing"
        return IllegalAction(reason, seat=seat, action=kind)

    def check_pass(self, match: PutMatch, seat: int, action: Action) -> IllegalAction | None:
        """6.2.4: a passer gives the partner his highest card."""
        hand = match.hand
        assert hand is not None
        if hand.phase != PHASE_PASS:
            return self._out_of_phase(match, seat, action.kind)
        passers = self._passers_now(match)
        if seat not in passers:
            partner = (seat + 2) % 4
            if partner in present(hand.x.passers):
                return IllegalAction("partner-passed", seat=seat, partner=partner)
            return IllegalAction("not-your-pass", seat=seat, passer=passers[0])
        if action.card not in hand.cards[seat]:
            return IllegalAction("card-not-held", seat=seat)
        if action.card not in self._highest(hand.cards[seat]):
            return IllegalAction("pass-highest", seat=seat)
        return None

    def check_discard(self, match: PutMatch, seat: int, action: Action) -> Verdict:
        """A receiver with four cards lays one away: any of them (OPEN)."""
        hand = match.hand
        assert hand is not None
        if hand.phase != PHASE_DISCARD:
            return self._out_of_phase(match, seat, action.kind)
        if seat in present(hand.x.discarded):
            return IllegalAction("already-discarded", seat=seat)
        if action.card not in hand.cards[seat]:
            return IllegalAction("card-not-held", seat=seat)
        return OPEN

    def _passers_now(self, match: PutMatch) -> tuple[int, ...]:
        """6.2.4: the dealer's left passes first, then the dealer; agreed: either partner."""
        hand = match.hand
        assert hand is not None
        first = (hand.dealer + 1) % 4 if not hand.x.passers else hand.dealer
        return (first, (first + 2) % 4) if self._agreed else (first,)

    def _waiting_discards(self, match: PutMatch) -> list[int]:
        """Receivers still holding four cards, in the order they received (decision 9)."""
        assert match.hand is not None
        x = match.hand.x
        discarded = present(x.discarded)  # once, not once per receiver
        return [r for r in present(x.receivers) if r not in discarded]

    def _highest(self, cards: Sequence[Card]) -> list[Card]:
        """The strongest of ``cards`` (ties all): read off the hand's strength table, a
        lookup rather than a call per card (a passer's cards are asked each move)."""
        strength = self.strength_table(None)  # Put turns up no card
        best = max(map(strength.__getitem__, cards))
        return [c for c in cards if strength[c] == best]

    def _next_active(self, match: PutMatch, seat: int) -> int:
        """The next seat after ``seat`` in play order that is still in the hand."""
        assert match.hand is not None
        active = match.hand.x.active  # not ``present()``: asked for every card played
        assert active is not None
        n = match.players
        if len(active) == n:
            return (seat + 1) % n
        for step in range(1, n):
            nxt = (seat + step) % n
            if nxt in active:
                return nxt
        raise AssertionError("nobody else is in the hand")

    def seat_order(self, match: PutMatch, after: int) -> list[int]:
        assert match.hand is not None
        active = present(match.hand.x.active)
        n = match.players
        return [s for s in ((after + i) % n for i in range(1, n)) if s in active]

    # ----------------------------------------------------------------- tricks
    def trick_size(self, match: PutMatch) -> int:
        assert match.hand is not None
        active = match.hand.x.active  # not ``present()``: asked for every card played
        assert active is not None
        return len(active)

    def next_to_play(self, match: PutMatch, seat: int) -> int:
        return self._next_active(match, seat)

    def lead_after_tie(
        self, match: PutMatch, plays: Sequence[tuple[int, Card | None]], top: list[int]
    ) -> int:
        """6.1.3 / 6.3.3: a tied trick belongs to nobody and its leader leads again."""
        return plays[0][0]

    def hand_result(self, match: PutMatch) -> tuple[bool, int | None]:
        hand = match.hand
        assert hand is not None
        if self.individual(match.players):
            if len(hand.tricks) < match.players + 1:  # 6.3.2: every trick is played
                return False, None
            return True, most_tricks(hand.tricks, present(hand.x.active))
        return two_sided_result(hand.tricks)

    def answer_stakes(self, match: PutMatch) -> tuple[int | None, int] | None:
        """A put: seeing it plays the hand for the game (in a ledger, for the stake G);
        thrown in by all, the putter scores 1 (6.1.6)."""
        hand = match.hand
        if hand is None or hand.pending is None:
            return None
        return (self.target_score() if self._ledger else None), 1

    def decides_game(self, hand: Hand[PutExtras]) -> bool:
        """A seen put (or outright play) gives the hand's winner the race (finish_by_tricks);
        in a ledger there is no game to decide."""
        return not self._ledger and (bool(hand.x.seen) or self._outright)

    def finish_by_tricks(self, match: PutMatch, winner: int | None, events: Events) -> None:
        """Score a hand played out: 1, or the game after a seen put (decision 11)."""
        hand = match.hand
        assert hand is not None
        sides = len(match.score)
        if winner is None:
            self.finish(match, None, [0] * sides, END_DRAW, events)
            return
        seen = bool(hand.x.seen)
        if self._ledger:
            if seen:  # the stake G from every other player still in (decision 18)
                payers = {self.team_of(s, match.players) for s in present(hand.x.active)}
                points = collect(sides, winner, payers, self.target_score(), ledger=True)
            else:
                points = collect(sides, winner, range(sides), 1, ledger=True)
        elif seen or self._outright:
            points = collect(sides, winner, (), self.target_score() - match.score[winner],
                             ledger=False)
        else:
            points = collect(sides, winner, (), 1, ledger=False)
        self.finish(match, winner, points, END_TRICKS, events)

    def add_to_score(self, match: PutMatch, points: Sequence[int]) -> None:
        """Race: first to the target wins. Ledger: chips only move, the game never ends."""
        if not self._ledger:
            super().add_to_score(match, points)
            return
        for side, p in enumerate(points):
            match.score[side] += p

    # --------------------------------------------------------------- the put
    def _on_put(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        hand.x.update(put=seat, stayed=[], resigned=[])
        hand.pending = Pending(A.PUT, seat, 0, self._next_active(match, seat))
        if events is not None:
            events.append(E.CallMade(seat, A.PUT))
            self.announce_turn(match, events)

    def _on_see(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        self._answer(match, seat, True, events)

    def _on_throw_in(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        self._answer(match, seat, False, events)

    def _answer(self, match: PutMatch, seat: int, stays: bool, events: Events) -> None:
        """6.1.6 / 6.3.4: answers come in rotation after the putter; the last one settles it."""
        hand = match.hand
        assert hand is not None and hand.pending is not None
        x = hand.x
        (present(x.stayed) if stays else present(x.resigned)).append(seat)
        if events is not None:
            events.append(E.CallAnswered(seat, A.PUT, stays))
        putter = hand.pending.caller
        following = self._next_active(match, seat)
        if following != putter:
            hand.pending.answerer = following
            self.announce_turn(match, events)
            return
        hand.pending = None
        stayed, resigned = present(x.stayed), present(x.resigned)
        x.calls = {"put": {"caller": putter, "seen": bool(stayed),
                              "stayed": list(stayed), "resigned": list(resigned)}}
        side = self.team_of(putter, match.players)
        if not stayed:  # thrown in by all: the putter scores 1 (from each, in a ledger)
            payers = [self.team_of(s, match.players) for s in resigned]
            points = collect(len(match.score), side, payers, 1, ledger=self._ledger)
            self.finish(match, side, points, END_RUN, events)
            return
        x.seen = True
        for quitter in resigned:
            self._drop(match, quitter, events)
        self.announce_turn(match, events)

    def _drop(self, match: PutMatch, seat: int, events: Events) -> None:
        """A resigner leaves: his held cards are dropped, his card on the table withdrawn."""
        hand = match.hand
        assert hand is not None
        present(hand.x.active).remove(seat)
        dropped = len(hand.cards[seat])
        hand.cards[seat] = []
        for i, (owner, card) in enumerate(hand.table):
            if owner == seat:
                del hand.table[i]
                if events is not None:
                    events.append(CardWithdrawn(seat, card))
                break
        hand.leader = hand.table[0][0] if hand.table else hand.turn
        if events is not None and dropped:
            events.append(CardsDiscarded(seat, dropped))

    def _on_fold(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        """6.1.7: throwing in without a put gives the other side 1."""
        hand = match.hand
        assert hand is not None
        side = self.team_of(seat, match.players)
        other = 1 - side
        if events is not None:
            events.append(E.CallMade(seat, A.FOLD))
        points = collect(len(match.score), other, (side,), 1, ledger=self._ledger)
        self.finish(match, other, points, END_FOLD, events)

    # ------------------------------------------------------------ passing
    def _on_pass(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        """6.2.3: the highest card goes face down to the partner, the other two are discarded."""
        hand = match.hand
        assert hand is not None and action.card is not None
        partner = (seat + 2) % 4
        rest = len(hand.cards[seat]) - 1
        hand.cards[seat] = []
        hand.cards[partner].append(action.card)
        x = hand.x
        present(x.passers).append(seat)
        present(x.receivers).append(partner)
        if len(present(x.passers)) == 2:
            hand.phase = PHASE_DISCARD
        if events is not None:
            events.append(CardPassed(seat, partner, None))
            events.append(CardPassed(seat, partner, action.card, audience=E.to_seat(partner)))
            events.append(CardsDiscarded(seat, rest))
            self.announce_turn(match, events)

    def _on_discard(self, match: PutMatch, seat: int, action: Action, events: Events) -> None:
        """6.2.3 / A27: a receiver discards any one card; after both, the play begins."""
        hand = match.hand
        assert hand is not None and action.card is not None
        hand.cards[seat].remove(action.card)
        x = hand.x
        present(x.discarded).append(seat)
        if len(present(x.discarded)) == 2:
            hand.phase = PHASE_PLAY
            x.active = sorted(present(x.receivers))
            hand.turn = hand.leader = present(x.receivers)[0]  # the non-dealer side leads (6.2.5)
        if events is not None:
            events.append(CardsDiscarded(seat, 1))
            self.announce_turn(match, events)

    # ---------------------------------------------------------------- events
    def announce_turn(self, match: PutMatch, events: Events) -> None:
        """Both receivers may discard at once, so each is told it is his turn."""
        hand = match.hand
        if events is None or hand is None or hand.phase != PHASE_DISCARD:
            super().announce_turn(match, events)
            return
        for seat in self._waiting_discards(match):
            events.append(E.TurnStarted(seat, PHASE_DISCARD))
