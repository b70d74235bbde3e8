"""Argentine truco (rules.md §3): Spanish deck, pardas, truco/retruco/vale cuatro, envido, flor.

The shared flow of a hand (tricks, C5/C6, the C7 ladder) comes from TrickRules;
this module adds what only Argentina has: calls settled inside the hand (envido,
flor, contraflor), which may interrupt a pending truco ("el envido está primero"),
and points from several sources paid in order at the hand's end; with the table option
``envido_immediate`` envido and flor are paid as soon as settled, and a game they win
ends mid-hand (the hand's reason is then ``"envido"`` or ``"flor"``).

Hand extras live in an :class:`ArgentinoExtras` record, ``hand.x`` (JSON-able values):

- ``envido_counts``: envido count per seat, computed once at the deal;
- ``flor_counts``: flor count per seat (0 = none); ``owed``: seats holding a flor not
  yet announced; ``flors``: seats that announced one, in order (only with flor on);
- ``chain``: the envido calls sung (present from the first one: one chain per hand);
- ``suspended_truco``: a truco waiting, as Pending fields, while an envido or contraflor
  sung over it is settled;
- ``contest``: contraflor profile, the second flor side's answer: ``(call, side)``, then
  ``(call, side, accepted)`` once answered;
- ``calls``: what was settled, as the scenario output shows it (with ``paid`` once its
  points are on the score: ``envido_immediate``); ``flor_done`` once the flor has been
  scored; ``prove``: the seat whose envido cards are shown at hand end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from chatbot.rules import actions as A
from chatbot.rules import argentino_worlds, draws, senas
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.base import OPEN, Check, Events, TrickRules, Verdict
from chatbot.rules.cards import Card, Family, spanish_deck
from chatbot.rules.envido import (
    ACHICO,
    CONTEST_REFUSED,
    CONTRAFLOR_WON,
    ENVIDO_CALLS,
    FALTA,
    FLOR_EACH,
    LEADER_NEEDS,
    MALAS_WINS_GAME,
    OPENINGS,
    STAKE,
    best_seat,
    envido_cards,
    envido_count,
    envido_points,
    envido_raises,
    falta_value,
    flor_count,
    singing,
)
from chatbot.rules.errors import IllegalAction
from chatbot.rules.options import OptionSpec, choice, flag
from chatbot.rules.senas import Sena
from chatbot.rules.state import (
    END_FOLD,
    PHASE_OVER,
    Extras,
    Hand,
    Match,
    Pending,
    present,
    stored_as,
)
from chatbot.rules.views import SeatView

DECK = spanish_deck()

# The Argentine señas and the cards each names (docs/rules.md, with sources): raised
# eyebrows for the ancho de espada, a wink for the ancho de basto, the mouth twisted
# right for the siete de espada and left for the siete de oro, the lower lip bitten for
# a three, a kiss for a two, the mouth open for a false ace (oro, copa), puffed cheeks
# for a flor (only where flor is played) and the eyes closed for nothing.
CARD_SENAS: tuple[tuple[str, tuple[Card, ...]], ...] = (
    ("ancho_espada", (Card(1, "E"),)),
    ("ancho_basto", (Card(1, "B"),)),
    ("siete_espada", (Card(7, "E"),)),
    ("siete_oro", (Card(7, "O"),)),
    ("tres", tuple(Card(3, suit) for suit in ("E", "B", "O", "C"))),
    ("dos", tuple(Card(2, suit) for suit in ("E", "B", "O", "C"))),
    ("ancho_falso", (Card(1, "O"), Card(1, "C"))),
)
FLOR_SENA = "flor"
TOP = {Card(1, "E"): 14, Card(1, "B"): 13, Card(7, "E"): 12, Card(7, "O"): 11}
COMMON = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
STRENGTH = {card: TOP.get(card, COMMON[card.rank]) for card in DECK}  # 3.2.2

FLOR_CALLS = frozenset({A.FLOR, A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
CONTEST_CALLS = frozenset({A.CONTRAFLOR, A.CONTRAFLOR_AL_RESTO})
ACHICO_CALL = "achico"  # plain flor over an opposing flor: "con flor me achico"

ARGENTINO_OPTIONS: dict[str, OptionSpec] = {
    "target": choice(30, 15),
    "flor": choice("off", "basic", "contraflor"),
    "falta": choice(LEADER_NEEDS, MALAS_WINS_GAME),
    "lead_after_parda": choice("same_leader", "first_tied_card"),
    "answer_by": choice("next_opponent", "either"),
    "envido_first_after_playing": flag(),
    "mazo_penalty_first_trick": flag(),
    "prove_envido": flag(),
    "envido_immediate": flag(),
    **senas.option_specs(),
}

# Shared action values: legal() runs for every simulated move, so build nothing twice.
_ACCEPT, _RUN, _FOLD = Action(A.ACCEPT), Action(A.RUN), Action(A.FOLD)
_TRUCO, _RAISE = Action(A.TRUCO), Action(A.RAISE)
_FLOR_ONLY = (Action(A.FLOR),)
_FLOR_CONTEST = (Action(A.FLOR), Action(A.CONTRAFLOR), Action(A.CONTRAFLOR_AL_RESTO))
_OPENINGS = tuple(Action(kind) for kind in OPENINGS)
_ENVIDO_ANSWERS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def _envido_answers(chain: Sequence[str]) -> tuple[Action, ...]:
    key = tuple(chain)
    moves = _ENVIDO_ANSWERS.get(key)
    if moves is None:
        moves = (_ACCEPT, _RUN, _FOLD, *(Action(k) for k in envido_raises(key)))
        _ENVIDO_ANSWERS[key] = moves
    return moves


def spoken(call: str) -> str:
    """A call as players say it ("real-envido" -> "real envido")."""
    return call.replace("-", " ")


@dataclass(slots=True)
class ArgentinoExtras(Extras):
    """Envido and flor within the hand (the module's docstring says what each holds)."""

    envido_counts: tuple[int, ...] | None = field(default=None, metadata=stored_as("env"))
    flor_counts: tuple[int, ...] | list[int] | None = field(default=None,
                                                            metadata=stored_as("florc"))
    owed: list[int] | None = None
    flors: list[int] | None = None
    chain: list[str] | None = None
    suspended_truco: tuple[str, int, int, int] | None = field(default=None,
                                                              metadata=stored_as("susp"))
    contest: tuple[Any, ...] | None = None
    flor_done: bool | None = None
    prove: int | None = None
    sung: list[list[int | None]] | None = None  # the counts declared after a quiero


# A match of this variant: its hands carry ArgentinoExtras records.
ArgentinoMatch = Match[ArgentinoExtras]


class ArgentinoRules(TrickRules[ArgentinoExtras]):
    name = "argentino"
    family = Family.SPANISH
    seat_counts = (2, 4, 6)
    target = 30
    ladder = (1, 2, 3, 4)
    raise_calls = ("truco", "retruco", "vale cuatro")
    option_specs: ClassVar[dict[str, OptionSpec]] = ARGENTINO_OPTIONS
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {
        "target": (30, 15), "flor": ("off", "basic", "contraflor"),
        "envido_immediate": (False, True), "senas": senas.LOBBY_VALUES}
    extras = ArgentinoExtras
    accept_call = "quiero"
    refuse_call = "no-quiero"
    fold_call = "mazo"

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        opts = self.options
        self._target = int(opts["target"])
        self._flor = opts["flor"] != "off"
        self._contraflor = opts["flor"] == "contraflor"
        self._either = opts["answer_by"] == "either"
        self._after_playing = bool(opts["envido_first_after_playing"])
        self._prove = bool(opts["prove_envido"])
        self._immediate = bool(opts["envido_immediate"])
        self._handlers[A.ACCEPT] = self._on_answer
        self._handlers[A.RUN] = self._on_answer
        self._handlers[A.FOLD] = self._on_fold
        for kind in ENVIDO_CALLS:
            self._handlers[kind] = self._on_envido
        supported = {A.PLAY, A.TRUCO, A.RAISE, A.ACCEPT, A.RUN, A.FOLD, *ENVIDO_CALLS}
        if self._flor:
            supported.add(A.FLOR)
            self._handlers[A.FLOR] = self._on_flor
        if self._contraflor:
            supported |= CONTEST_CALLS
            for kind in CONTEST_CALLS:
                self._handlers[kind] = self._on_flor
        self._supported = frozenset(supported)

    # ------------------------------------------------------------------ data
    def deck(self) -> tuple[Card, ...]:
        return DECK

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        return STRENGTH

    def envido_counts(self, match: ArgentinoMatch) -> tuple[int, ...] | None:
        return match.hand.x.envido_counts if match.hand is not None else None

    def envido_sung(self, match: ArgentinoMatch) -> tuple[tuple[int, int | None], ...]:
        sung = match.hand.x.sung if match.hand is not None else None
        return tuple((int(seat), count) for seat, count in sung or ())  # type: ignore[arg-type]  # [seat, count]: a seat is never None

    def envido_declarations(self, match: ArgentinoMatch) -> tuple[tuple[int, int | None], ...]:
        hand = match.hand
        if hand is None or hand.x.envido_counts is None:
            return ()
        order = self.from_mano(match)
        teams = {s: self.team_of(s, match.players) for s in order}
        return singing(hand.x.envido_counts, order, teams)

    def answer_stakes(self, match: ArgentinoMatch) -> tuple[int | None, int] | None:
        """An envido chain: quiero plays for its stakes (or the falta), no quiero gives what
        was accepted before (3.5.4); a contraflor: quiero plays for 6 (al resto: the falta),
        refused it gives 4 (decision 17). A falta that takes either side to the target is
        played for the game."""
        hand = match.hand
        pending = hand.pending if hand is not None else None
        if hand is None or pending is None:
            return None
        if pending.call in ENVIDO_CALLS:
            chain = hand.x.chain or [pending.call]
            accepted = self._falta_stake(match) if FALTA in chain else envido_points(
                chain, True, 0)
            return accepted, envido_points(chain, False, 0)
        if pending.call == A.CONTRAFLOR:
            return CONTRAFLOR_WON, CONTEST_REFUSED
        if pending.call == A.CONTRAFLOR_AL_RESTO:
            return self._falta_stake(match), CONTEST_REFUSED
        return None

    def contest_stakes(self, match: ArgentinoMatch) -> tuple[int, int, int | None] | None:
        """Decision 17: achico gives the first flor side 4, a contraflor accepted plays for 6,
        al resto for the falta."""
        if not self._contraflor or match.hand is None:
            return None
        return ACHICO, CONTRAFLOR_WON, self._falta_stake(match)

    def _falta_stake(self, match: ArgentinoMatch) -> int | None:
        """The falta as a stake: its points, or None when either side winning it wins the
        game."""
        score = match.score
        values = [self._falta(match, team) for team in range(len(score))]
        if all(s + v >= self._target for s, v in zip(score, values, strict=True)):
            return None
        return max(values)

    def calls_scored_at_end(self) -> bool:
        return not self._immediate  # 3.5.7

    def target_score(self) -> int:
        return self._target

    def supported_actions(self) -> frozenset[str]:
        return self._supported

    # the envido chain, flors and contraflor of a bot's sampled world
    def world_patch(self, view: SeatView, match: ArgentinoMatch) -> None:
        argentino_worlds.patch(self, view, match)

    def world_pending_level(self, view: SeatView) -> int:
        level = argentino_worlds.pending_level(view)
        return super().world_pending_level(view) if level is None else level

    def world_repair(self, view: SeatView, match: ArgentinoMatch) -> None:
        argentino_worlds.repair(self, view, match)

    def world_fit(self, view: SeatView, held: list[list[Card]], down: list[list[Card]],
                  stock: list[Card], rng: random.Random) -> None:
        argentino_worlds.fit_sung(view, held, down, stock, rng)

    def sena_list(self, match: ArgentinoMatch) -> tuple[Sena, ...]:
        """The same señas every hand (no vira here): the strong cards, a flor where the
        table plays flor, and nothing."""
        listed = [Sena(name, cards) for name, cards in CARD_SENAS]
        if self._flor:
            listed.append(Sena(FLOR_SENA, ()))
        strong = tuple(card for _, cards in CARD_SENAS for card in cards)
        return (*listed, Sena("nada", strong, absent=True))

    def sena_fits(self, sena: Sena, cards: Sequence[Card]) -> bool:
        """A flor is told of the three cards dealt: all of one suit."""
        if sena.name == FLOR_SENA:
            return flor_count(cards) > 0
        return sena.fits(cards)

    def draw(self, rng: random.Random, count: int) -> list[Card]:
        """Only the cards dealt: a full shuffle of 40 cards was most of the cost of a
        simulated hand. Same distribution (and the cards ``rng.sample`` would draw)."""
        return draws.sample(rng, DECK, count)

    def from_mano(self, match: ArgentinoMatch) -> list[int]:
        """Seats in play order from the mano: the order counts are declared and ties broken."""
        assert match.hand is not None
        n, mano = match.players, match.hand.mano
        return [(mano + i) % n for i in range(n)]

    def setup_hand(self, match: ArgentinoMatch) -> None:
        """Counts are fixed by the deal: compute them once, not on every legal() call."""
        hand = match.hand
        assert hand is not None
        x = hand.x
        x.envido_counts = tuple(map(envido_count, hand.cards))
        if self._flor:
            florc = tuple(map(flor_count, hand.cards))
            x.flor_counts = florc
            x.owed = [seat for seat, count in enumerate(florc) if count]
            x.flors = []

    # ---------------------------------------------------------- tricks (3.3)
    def lead_after_tie(
        self, match: ArgentinoMatch, plays: Sequence[tuple[int, Card | None]], top: list[int]
    ) -> int:
        """3.3.3: the leader of the parda leads again, unless the table says otherwise (A33)."""
        if self.options["lead_after_parda"] == "first_tied_card":
            return top[0]
        return plays[0][0]

    def all_tied_winner(self, match: ArgentinoMatch) -> int | None:
        assert match.hand is not None
        return self.team_of(match.hand.mano, match.players)  # 3.3.2

    def after_trick(self, match: ArgentinoMatch, events: Events) -> None:
        """The flor is scored as soon as trick 1 is over (decision 6); with
        ``envido_immediate`` it is paid then too, and may end the game there."""
        hand = match.hand
        assert hand is not None
        if self._flor and len(hand.tricks) == 1:
            self._settle_flor(match, events)
            if "flor" in (hand.x.calls or {}):
                self._pay_at_once(match, A.FLOR, events)

    # ---------------------------------------------------------------- legality
    def candidates(self, match: ArgentinoMatch, seat: int) -> list[Action]:
        """The envido openings only when ``_envido_open`` holds: it is all that
        ``check_envido`` asks of an opening here, so a refusal is not built for each."""
        hand = match.hand
        assert hand is not None
        # ``or ()``, not ``present()``: a call less on every simulated move (a flor table
        # always sets ``owed``)
        if self._flor and seat in (hand.x.owed or ()):  # decision 5: the flor comes first
            return list(_FLOR_CONTEST if self._contraflor else _FLOR_ONLY)
        pending = hand.pending
        if pending is None:
            moves = [*map(A.PLAY_OF, hand.cards[seat]),
                     _TRUCO if hand.level == 0 else _RAISE, _FOLD]
            if self._envido_open(hand, seat, answering=False):
                moves += _OPENINGS
            return moves
        if pending.call in A.LADDER_CALLS:
            if self._envido_open(hand, seat, answering=True):
                return [_ACCEPT, _RUN, _FOLD, _RAISE, *_OPENINGS]
            return [_ACCEPT, _RUN, _FOLD, _RAISE]
        if pending.call in ENVIDO_CALLS:
            return list(_envido_answers(present(hand.x.chain)))
        return [_ACCEPT, _RUN, _FOLD]  # a contraflor

    def checks(self) -> dict[str, Check]:
        return {**super().checks(), A.FOLD: self.check_fold,
                **dict.fromkeys(ENVIDO_CALLS, self.check_envido),
                **dict.fromkeys(FLOR_CALLS, self.check_flor)}

    def gate(self, match: ArgentinoMatch, seat: int, action: Action) -> Verdict:
        """Who acts (the seat to play, or an answerer); an owed flor before anything."""
        hand = match.hand
        assert hand is not None
        kind, pending = action.kind, hand.pending
        if pending is None:
            if seat != hand.turn:
                if kind in (A.ACCEPT, A.RUN):
                    return IllegalAction("nothing-to-answer", seat=seat)
                return IllegalAction("not-your-turn", seat=seat, to_act=self.to_act(match))
        elif seat != pending.answerer and not (
                self._either and seat in self.answerers(match, pending)):
            return IllegalAction("not-your-answer", seat=seat, answerer=pending.answerer,
                                 call=pending.call)
        if self._flor and seat in (hand.x.owed or ()):  # as in ``candidates``
            return None if kind in FLOR_CALLS else IllegalAction("flor-first", seat=seat)
        return OPEN

    def _answer_first(self, match: ArgentinoMatch, seat: int) -> IllegalAction | None:
        """While a call waits, nothing but its answers."""
        pending = match.hand.pending if match.hand else None
        if pending is None:
            return None
        return IllegalAction("must-answer", seat=seat, call=self._call_word(pending))

    def must_answer(self, match: ArgentinoMatch, seat: int) -> IllegalAction:
        """A card while a call waits: the call is answered first, named as it was sung
        (the gate let only its answerers by)."""
        reason = self._answer_first(match, seat)
        assert reason is not None
        return reason

    # The shared check is called on TrickRules, not through super(): it runs for nearly
    # every simulated move, and a super object per call is a measurable part.
    def check_raise(self, match: ArgentinoMatch, seat: int, action: Action) -> IllegalAction | None:
        pending = match.hand.pending if match.hand else None
        if pending is not None and not (action.kind == A.RAISE and pending.call in A.LADDER_CALLS):
            return self._answer_first(match, seat)
        return TrickRules.check_raise(self, match, seat, action)

    def check_answer(self, match: ArgentinoMatch, seat: int, action: Action) -> Verdict:
        """Quiero or no quiero to the call waiting (the gate let only its answerers by);
        OPEN: the other answer is as open (``checks`` maps both to this check)."""
        hand = match.hand
        assert hand is not None
        if hand.pending is None:
            return IllegalAction("nothing-to-answer", seat=seat)
        return self._answer_first(match, seat) if action.card is not None else OPEN

    def check_fold(self, match: ArgentinoMatch, seat: int, action: Action) -> IllegalAction | None:
        """Going to the deck: always open to the seat that acts (3.4)."""
        if action.card is None:
            return None
        return self._answer_first(match, seat) or IllegalAction(
            "not-now", seat=seat, action=action.kind)

    def check_flor(self, match: ArgentinoMatch, seat: int, action: Action) -> IllegalAction | None:
        """A flor is announced by its holder before anything else, once (3.6)."""
        hand = match.hand
        assert hand is not None
        if self._flor and seat in present(hand.x.owed):
            if action in self._flor_moves(match, seat):
                return None
            return IllegalAction("flor-no-contest", seat=seat, call=spoken(action.kind))
        if self._flor and seat in present(hand.x.flors):
            return IllegalAction("flor-announced", seat=seat)
        return IllegalAction("no-flor", seat=seat)

    def check_envido(self, match: ArgentinoMatch, seat: int, action: Action) -> Verdict:
        """3.5.2: envido on the first trick before one's own card, once a hand; raised in
        its chain; also over a truco (el envido está primero). An opening open to the
        seat is OPEN: the three openings are open alike (``checks`` maps them all here)."""
        hand = match.hand
        assert hand is not None
        x, pending, kind = hand.x, hand.pending, action.kind
        if pending is not None:
            if pending.call in ENVIDO_CALLS:
                chain = x.chain  # not ``present()``: a call less for each raise offered
                assert chain is not None
                if action.card is None and kind in envido_raises(tuple(chain)):
                    return None
                return IllegalAction("envido-no-raise", seat=seat, call=spoken(kind),
                                     chain=", ".join(spoken(c) for c in chain))
            if pending.call not in A.LADDER_CALLS:
                return self._answer_first(match, seat)
        if action.card is None and self._envido_open(hand, seat, answering=pending is not None):
            return OPEN
        call = spoken(kind)
        if self._flor and x.flors:
            return IllegalAction("envido-after-flor", seat=seat, call=call)
        if x.chain is not None:
            return IllegalAction("envido-sung", seat=seat, call=call)
        if hand.tricks:
            return IllegalAction("envido-first-trick", seat=seat, call=call)
        if hand.level:
            return IllegalAction("envido-after-truco", seat=seat, call=call)
        if len(hand.cards[seat]) < self.hand_size:
            return IllegalAction("envido-after-card", seat=seat, call=call)
        return self._answer_first(match, seat) or IllegalAction("not-now", seat=seat, action=kind)

    def _flor_moves(self, match: ArgentinoMatch, seat: int) -> tuple[Action, ...]:
        """The first flor of the second side chooses how to meet the first (3.6.4)."""
        assert match.hand is not None
        x = match.hand.x
        flors = x.flors
        n = match.players
        if (self._contraflor and flors and x.contest is None
                and self.team_of(flors[0], n) != self.team_of(seat, n)):
            return _FLOR_CONTEST
        return _FLOR_ONLY

    def _envido_open(self, hand: Hand[ArgentinoExtras], seat: int, *, answering: bool) -> bool:
        """3.5.2: trick 1, before one's own card, once per hand, not after an accepted truco
        or a flor; answering a truco also after one's card where the table allows it."""
        x = hand.x
        if hand.tricks or hand.level or x.chain is not None or (self._flor and x.flors):
            return False
        if len(hand.cards[seat]) == self.hand_size:
            return True
        return answering and self._after_playing

    # ---------------------------------------------------------------- envido
    def _on_envido(self, match: ArgentinoMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        x = hand.x
        pending = hand.pending
        if pending is not None and pending.call in ENVIDO_CALLS:
            chain = present(x.chain)
            chain.append(action.kind)
        else:
            if pending is not None:  # el envido está primero: the truco waits
                x.suspended_truco = (pending.call, pending.caller, pending.level, pending.answerer)
            chain = x.chain = [action.kind]
        hand.pending = Pending(action.kind, seat, len(chain), self.next_opponent(match, seat))
        if events is not None:
            value = None if FALTA in chain else sum(STAKE[c] for c in chain)
            events.append(E.CallMade(seat, action.kind, value))
            self.announce_turn(match, events)

    def _settle_envido(
        self, match: ArgentinoMatch, seat: int, accepted: bool, events: Events, *,
        resume: bool = True
    ) -> None:
        """Quiero: the best count from the mano wins the stakes; no quiero: the caller's side
        wins what was accepted before (3.5.4, 3.5.5). Paid at hand end (3.5.7), or at
        once with ``envido_immediate`` unless a flor still to be announced will void it."""
        hand = match.hand
        assert hand is not None and hand.pending is not None
        x = hand.x
        pending, hand.pending = hand.pending, None
        chain = present(x.chain)
        n = match.players
        count = None
        if accepted:
            winner_seat = best_seat(present(x.envido_counts), self.from_mano(match))
            team = self.team_of(winner_seat, n)
            falta = self._falta(match, team) if FALTA in chain else 0
            points = envido_points(chain, True, falta)
            count = present(x.envido_counts)[winner_seat]
            x.sung = [[seat, said] for seat, said in self.envido_declarations(match)]
            if self._prove:
                x.prove = winner_seat
        else:
            team = self.team_of(pending.caller, n)
            points = envido_points(chain, False, 0)
        if x.calls is None:
            x.calls = {}
        x.calls["envido"] = {"winner": team, "points": points}
        if events is not None:
            events.append(E.CallAnswered(seat, pending.call, accepted, points))
            events.append(E.CallScored(A.ENVIDO, team, points, count))
        if not (self._flor and x.owed) and self._pay_at_once(match, A.ENVIDO, events):
            return  # the game is won: nothing left to resume
        if resume:
            self._resume(match, events)

    def _pay_at_once(self, match: ArgentinoMatch, call: str, events: Events) -> bool:
        """``envido_immediate`` (3.5.7): put a settled envido or flor on the score now, not
        at hand end; True when that wins the game, which then ends mid-hand."""
        if not self._immediate:
            return False
        hand = match.hand
        assert hand is not None
        settled = present(hand.x.calls)[call]
        settled["paid"] = True
        team, points = settled["winner"], settled["points"]
        hand.points[team] += points
        self.add_to_score(match, self.award(match, team, points))
        if match.winner is None:
            return False
        self._close(match, team, call)
        self._hand_over_events(match, events)
        return True

    def _falta(self, match: ArgentinoMatch, winner: int) -> int:
        return falta_value(match.score, winner, self._target, self.options["falta"])

    def _resume(self, match: ArgentinoMatch, events: Events) -> None:
        """After an envido or contraflor, a truco it interrupted is answered again."""
        hand = match.hand
        assert hand is not None
        susp, hand.x.suspended_truco = hand.x.suspended_truco, None
        if susp is not None:
            hand.pending = Pending(*susp)
        self.announce_turn(match, events)

    # ------------------------------------------------------------------ flor
    def _on_flor(self, match: ArgentinoMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        x = hand.x
        n = match.players
        present(x.owed).remove(seat)
        flors = present(x.flors)
        flors.append(seat)
        if events is not None:
            events.append(E.CallMade(seat, action.kind))
        if x.chain is not None:
            self._cancel_envido(match, events)
        if (self._contraflor and x.contest is None and len(flors) > 1
                and self.team_of(flors[0], n) != self.team_of(seat, n)):
            side = self.team_of(seat, n)
            if action.kind == A.FLOR:
                x.contest = (ACHICO_CALL, side)
            else:
                x.contest = (action.kind, side)
                pending = hand.pending
                if pending is not None:  # a truco answered after the contraflor
                    x.suspended_truco = (pending.call, pending.caller, pending.level,
                                         pending.answerer)
                hand.pending = Pending(action.kind, seat, 1, self.next_opponent(match, seat))
        self.announce_turn(match, events)

    def _cancel_envido(self, match: ArgentinoMatch, events: Events) -> None:
        """3.6.2 and decision 16: a flor voids the envido, pending or already settled."""
        hand = match.hand
        assert hand is not None
        x = hand.x
        cancelled = False
        pending = hand.pending
        if pending is not None and pending.call in ENVIDO_CALLS:
            hand.pending = None
            susp, x.suspended_truco = x.suspended_truco, None
            if susp is not None:
                hand.pending = Pending(*susp)
            cancelled = True
        calls = x.calls
        if calls and "envido" in calls:
            assert not calls["envido"].get("paid"), "only a flor still owed voids an envido"
            del calls["envido"]
            x.prove = None
            cancelled = True
        if cancelled and events is not None:
            events.append(E.CallScored(A.ENVIDO, None, 0))

    def _answer_contest(
        self, match: ArgentinoMatch, seat: int, accepted: bool, events: Events, *,
        resume: bool = True
    ) -> None:
        hand = match.hand
        assert hand is not None and hand.pending is not None
        x = hand.x
        pending, hand.pending = hand.pending, None
        call, side = present(x.contest)[:2]
        x.contest = (call, side, accepted)
        if events is not None:
            events.append(E.CallAnswered(seat, pending.call, accepted))
        if resume:
            self._resume(match, events)

    def _settle_flor(self, match: ArgentinoMatch, events: Events) -> None:
        """Score the announced flors once: 3.6.3 basic, 3.6.4 and decision 17 contraflor."""
        hand = match.hand
        assert hand is not None
        x = hand.x
        flors = x.flors
        if not flors or x.flor_done is not None:
            return
        x.flor_done = True
        n = match.players
        first = self.team_of(flors[0], n)
        contest = x.contest
        count = None
        if contest is None:
            points = FLOR_EACH * len(flors)
            winner = first
            if any(self.team_of(s, n) != first for s in flors):
                best = best_seat(present(x.flor_counts),
                                 [s for s in self.from_mano(match) if s in flors])
                winner, count = self.team_of(best, n), present(x.flor_counts)[best]
        elif contest[0] == ACHICO_CALL:
            winner, points = first, ACHICO
        elif len(contest) < 3 or not contest[2]:
            winner, points = contest[1], CONTEST_REFUSED
        else:
            best = best_seat(present(x.flor_counts),
                             [s for s in self.from_mano(match) if s in flors])
            winner, count = self.team_of(best, n), present(x.flor_counts)[best]
            points = CONTRAFLOR_WON if contest[0] == A.CONTRAFLOR else self._falta(match, winner)
        if x.calls is None:
            x.calls = {}
        x.calls["flor"] = {"winner": winner, "points": points}
        if events is not None:
            events.append(E.CallScored(A.FLOR, winner, points, count))

    # ---------------------------------------------------------- answers, fold
    def _on_answer(self, match: ArgentinoMatch, seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None and hand.pending is not None
        call = hand.pending.call
        accepted = action.kind == A.ACCEPT
        if call in ENVIDO_CALLS:
            self._settle_envido(match, seat, accepted, events)
        elif call in CONTEST_CALLS:
            self._answer_contest(match, seat, accepted, events)
        elif accepted:
            self._on_accept(match, seat, action, events)
        else:
            self._on_run(match, seat, action, events)

    def _on_fold(self, match: ArgentinoMatch, seat: int, action: Action, events: Events) -> None:
        """3.4.4: the opponents score the truco value; a pending call counts as refused."""
        hand = match.hand
        assert hand is not None
        x = hand.x
        n = match.players
        if events is not None:
            events.append(E.CallMade(seat, A.FOLD))
        pending = hand.pending
        if pending is not None:
            if pending.call in ENVIDO_CALLS:
                self._settle_envido(match, seat, False, events, resume=False)
                if hand.over:  # envido_immediate: the refused envido won the game
                    return
            elif pending.call in CONTEST_CALLS:
                self._answer_contest(match, seat, False, events, resume=False)
        x.suspended_truco = None
        team = self.team_of(seat, n)
        other = 1 - team
        points = hand.stake
        if (self.options["mazo_penalty_first_trick"] and not hand.tricks
                and team == self.team_of(hand.mano, n)
                and x.chain is None and not x.flors):
            points += 1
        self.finish(match, other, self.award(match, other, points), END_FOLD, events)

    # ---------------------------------------------------------------- finish
    def finish(
        self, match: ArgentinoMatch, winner: int | None, points: list[int], reason: str,
        events: Events
    ) -> None:
        """Envido and flor first, then the truco points (3.5.7): if both sides reach the
        target in this hand, the one that got there by envido or flor wins (decision 13).
        What ``envido_immediate`` already paid is not paid again."""
        hand = match.hand
        assert hand is not None
        self._close(match, winner, reason)
        self._settle_flor(match, events)
        calls = hand.x.calls
        if calls:  # most hands settle no call: nothing to add before the truco points
            extra = [0] * len(match.score)
            for settled in calls.values():
                if not settled.get("paid"):
                    extra[settled["winner"]] += settled["points"]
            hand.points = [h + e for h, e in zip(hand.points, extra, strict=True)]
            self.add_to_score(match, extra)
        hand.points = [h + p for h, p in zip(hand.points, points, strict=True)]
        self.add_to_score(match, points)
        self._hand_over_events(match, events)

    def _close(self, match: ArgentinoMatch, winner: int | None, reason: str) -> None:
        """Mark the hand over; a call still pending or on hold lapses."""
        hand = match.hand
        assert hand is not None
        hand.phase = PHASE_OVER
        hand.pending = None
        hand.x.suspended_truco = None
        hand.winner = winner
        hand.reason = reason

    def _hand_over_events(self, match: ArgentinoMatch, events: Events) -> None:
        """The envido proof, the hand's result and, if it came, the game's."""
        hand = match.hand
        if events is None or hand is None:
            return
        x = hand.x
        if x.prove is not None:
            seat = x.prove
            events.append(E.CardsRevealed(seat, envido_cards(hand.dealt[seat])))
        assert hand.reason is not None
        events.append(E.HandWon(hand.winner, tuple(hand.points), tuple(match.score),
                                hand.reason))
        if match.winner is not None:
            events.append(E.GameWon(match.winner, tuple(match.score)))

    def add_to_score(self, match: ArgentinoMatch, points: Sequence[int]) -> None:
        """Add one scoring item; the first side to reach the target keeps the win."""
        score = match.score
        for team, p in enumerate(points):
            score[team] += p
        if match.winner is None and max(score) >= self._target:  # mostly nobody is there
            leaders = [t for t, s in enumerate(score) if s >= self._target]
            match.winner = max(leaders, key=score.__getitem__)

    # ----------------------------------------------------------- explanation
    def _call_word(self, pending: Pending) -> str:
        if pending.call in A.LADDER_CALLS:
            return self.call_name(pending.level)
        return spoken(pending.call)
