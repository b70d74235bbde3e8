"""The shared engine of the Truco family: tricks, the raise ladder and scoring.

A variant is a subclass that sets data (deck, ranking, ladder, target, who
answers) and overrides hooks, only those named in ``TrickRules.HOOKS`` (a test
holds every variant to it); the flow of a hand lives here once, its methods
marked ``@final``. Every public method takes a :class:`Match` and leaves it
consistent: ``apply`` either changes it completely or raises
:class:`IllegalAction` having changed nothing.

Legality is written once: ``check`` gives the reason an action is refused (None
when it is legal), asking the table-wide questions, then the variant's ``gate``,
then the one check of the action's kind (``checks``); ``legal`` is the
``candidates`` that ``check`` lets through, and ``apply`` refuses with
``check``'s reason. Because ``legal`` runs for every simulated move, a gate or
a check may answer ``OPEN`` (its "legal" holds for the seat's other actions, or
other held cards of the kind), and ``legal`` then asks it no more.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, cast, final

from chatbot.rules import actions as A
from chatbot.rules import draws, senas
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card, Family
from chatbot.rules.errors import IllegalAction, SetupError
from chatbot.rules.options import OptionSpec, resolve_options
from chatbot.rules.senas import Sena
from chatbot.rules.state import (
    END_ALL_TIED,
    END_RUN,
    END_TRICKS,
    PHASE_OVER,
    PHASE_PLAY,
    SPECIAL_IRON,
    Extras,
    Hand,
    Match,
    Pending,
    X,
)
from chatbot.rules.texts import CallText, ReasonText

if TYPE_CHECKING:
    from chatbot.rules.views import SeatView



@final
class Open:
    """The type of ``OPEN``: one value, falsy like None."""

    __slots__ = ()

    def __bool__(self) -> Literal[False]:  # the literal lets a type checker narrow ``or``
        return False

    def __repr__(self) -> str:
        return "OPEN"


# What a gate or a check may answer instead of None when its "legal" holds beyond the
# action it was asked about: a gate that lets every action of this table through for this
# seat now, a check that lets through every well-formed action (a card the seat holds, or
# no card for a call) of each kind it checks: the action's kind, and any other kind that
# ``checks`` maps to the very same check object (``dict.fromkeys(kinds, self.check_x)``;
# the gate is still asked of each kind). ``legal`` then asks no more for them (a card is
# checked once, not once per card; Argentine envido's three openings once, not thrice);
# ``check`` reads it as None. None is always a right answer, only a slower one.
OPEN = Open()

Events = list[E.Event] | None
Verdict = IllegalAction | Open | None
Check = Callable[[Match[Any], int, Action], Verdict]
COVERED_STRENGTH = -1

# Shared action values: candidates are listed for every simulated move, so build them once.
_ACCEPT, _RUN, _RAISE = Action(A.ACCEPT), Action(A.RUN), Action(A.RAISE)


class TrickRules(Generic[X]):
    """Truco-family rules: three tricks, C5/C6 resolution, a C7 raise ladder.

    Generic in ``X``, the variant's record of its own state of a hand (``extras``):
    ``ArgentinoRules`` is ``TrickRules[ArgentinoExtras]``, so its hooks read
    ``match.hand.x`` as an ``ArgentinoExtras``.
    """

    name: ClassVar[str] = ""
    family: ClassVar[Family] = Family.FRENCH
    seat_counts: ClassVar[tuple[int, ...]] = (2, 4)
    # Variants whose players share one skill rating (chatbot/stats/ratings.py); "":
    # the variant's own name.
    rating_family: ClassVar[str] = ""
    hand_size: ClassVar[int] = 3
    target: ClassVar[int] = 12
    ladder: ClassVar[tuple[int, ...]] = (1,)  # accepted hand value per level
    first_raise: ClassVar[A.Kind] = A.TRUCO  # action of the first raise
    counter_raise: ClassVar[bool] = True  # may answer a raise with the next raise
    raise_calls: ClassVar[tuple[str, ...]] = ()  # spoken name of each ladder level (1..)
    # What the table says to accept and to refuse a call, and to give up the hand: the
    # texts look these spoken names up (an Argentine table says "quiero", "no quiero",
    # "me voy al mazo"; Le Truc's governor refuses; the others accept, run and throw their
    # cards in).
    accept_call: ClassVar[str] = "accept"
    refuse_call: ClassVar[str] = "run"
    fold_call: ClassVar[str] = "throw-in"
    # The score at which a side plays a hand of eleven (ten in Mineiro); None: no such hand.
    special_at: ClassVar[int | None] = None
    special_value: ClassVar[int | None] = None  # what that hand is worth when played
    option_specs: ClassVar[dict[str, OptionSpec]] = {}
    # The record of the variant's own state of a hand (chatbot/rules/state.py).
    extras: ClassVar[type[Extras]] = Extras
    # Action names of the variant's own beyond the family's (chatbot/rules/actions.py).
    own_actions: ClassVar[frozenset[str]] = frozenset()
    # Those of the variant's calls that bet more on the hand off the ladder (Le Truc's mon
    # reste). With the ladder's own they make ``raise_kinds``, which the bots and the
    # records ask instead of naming any game's calls.
    own_raises: ClassVar[frozenset[str]] = frozenset()
    # How the table says each call of the variant's own, and the reasons only it refuses
    # with: message ids (chatbot/rules/texts.py), which chatbot/i18n only translates.
    call_texts: ClassVar[Mapping[str, CallText]] = {}
    reason_texts: ClassVar[Mapping[str, ReasonText]] = {}
    # The options a lobby offers as buttons, each with the values its button cycles
    # through (the default among them): the few that players agree on before a game.
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {}

    # The hooks: the only methods a variant overrides (a test holds every variant to it);
    # everything else is the shared flow, marked @final. Grouped as docs/architecture.md
    # lists them.
    HOOKS: ClassVar[frozenset[str]] = frozenset({
        # data
        "deck", "strengths", "manilhas", "stake_values", "supported_actions", "turns_up_card",
        "cards_per_player", "teams", "team_of", "target_score", "decides_game",
        "calls_scored_at_end", "races_to_target", "check_score", "envido_counts",
        "envido_sung", "envido_declarations", "answer_stakes", "contest_stakes",
        # deal
        "draw", "setup_hand", "deal_events", "next_dealer",
        # order
        "acting_seat", "next_to_play", "seat_order", "trick_size", "answerers",
        "lead_after_tie", "announce_turn",
        # legality
        "candidates", "checks", "gate", "unsupported", "raise_refusal", "covers_now",
        "must_answer",
        "check_play", "check_raise", "check_answer", "check_call",
        # scoring
        "before_play", "after_trick", "hand_result", "all_tied_winner", "trick_points",
        "finish_by_tricks", "finish", "add_to_score",
        # seeing
        "visible_cards",
        # señas
        "sena_list", "sena_fits",
        # bots
        "world_seats", "world_patch", "world_leader", "world_pending_level", "world_repair",
        "world_fit",
        "__init__",  # reads its options once
    })

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.options = resolve_options(self.option_specs, options or {})
        self._strength_cache: dict[Card | None, dict[Card, int]] = {}
        self._check_table: dict[str, Check] | None = None
        self._forbid_pointless = bool(self.options.get("forbid_pointless_raise"))
        # ``before_play`` is asked only of a variant that has one: most have none, and
        # it would be a call for every card of every simulation.
        self._has_before_play = type(self).before_play is not TrickRules.before_play
        # Likewise the order of a trick: a variant that seats everybody in turn (all but
        # Put) has it played inline, not asked of two hooks for every card.
        self._plain_tricks = (type(self).trick_size is TrickRules.trick_size
                              and type(self).next_to_play is TrickRules.next_to_play)
        # And the seats: where the base says them (all but Put), who answers a call of a
        # seat depends on the seat count only, so ``next_opponent`` is found once each.
        cls = type(self)
        self._plain_seats = (cls.seat_order is TrickRules.seat_order
                             and cls.team_of is TrickRules.team_of
                             and cls.teams is TrickRules.teams)
        self._next_opponents: dict[tuple[int, int], int] = {}
        self._first_raise = Action(self.first_raise)
        self._top_level = len(self.ladder) - 1  # the ladder's last step: none above it
        # The calls of the raise ladder (its first step and every later one; Put's put is
        # its first step), and every call that raises the stake: the ladder's and the
        # variant's own. A bot reads a raiser's cards from any of them and answers each
        # with its chance of winning the hand; the records count the ladder's steps.
        self.ladder_kinds: frozenset[str] = frozenset({self.first_raise, A.RAISE})
        self.raise_kinds: frozenset[str] = self.ladder_kinds | self.own_raises
        self._handlers: dict[str, Callable[[Match[X], int, Action, Events], None]] = {
            A.PLAY: self._on_play,
            A.PLAY_HIDDEN: self._on_play,
            A.TRUCO: self._on_raise,
            A.RAISE: self._on_raise,
            A.ACCEPT: self._on_accept,
            A.RUN: self._on_run,
        }

    # ------------------------------------------------------------------ data
    def deck(self) -> tuple[Card, ...]:
        raise NotImplementedError

    @final
    def strength_table(self, vira: Card | None) -> dict[Card, int]:
        """Card -> strength for a hand; cached because a variant has few tables."""
        table = self._strength_cache.get(vira)
        if table is None:
            table = self.strengths(vira)
            self._strength_cache[vira] = table
        return table

    def strengths(self, vira: Card | None) -> dict[Card, int]:
        raise NotImplementedError

    def manilhas(self, vira: Card | None) -> tuple[Card, ...]:
        """This hand's manilhas, highest first (none in a game without them): the texts
        name them so a newcomer learns what beats what."""
        return ()

    @final
    def card_order(self, cards: Sequence[Card], vira: Card | None) -> list[Card]:
        """Cards strongest first, as a player sorts a hand (ties keep their order)."""
        strength = self.strength_table(vira)
        return sorted(cards, key=lambda card: -strength.get(card, 0))

    def decides_game(self, hand: Hand[X]) -> bool:
        """Whether the winner of this hand wins the game whatever the score (an iron
        hand, an accepted mon reste, a seen put): its texts say so instead of a value."""
        return False

    def answer_stakes(self, match: Match[X]) -> tuple[int | None, int] | None:
        """Hook: what the answers to the pending call are worth, for the texts that teach
        them: (the points accepting plays for, None for the game; the points refusing
        gives the caller's side). None where the ladder says it (a raise: its next value
        and the stake as it stands) or there is no call. Public: every seat heard the
        calls."""
        return None

    def contest_stakes(self, match: Match[X]) -> tuple[int, int, int | None] | None:
        """Hook: where a flor may be met by the other side's flor (Argentine contraflor),
        what each way of meeting it is worth, for the buttons' texts: (the points a plain
        flor, "con flor me achico", gives the first side; the points a contraflor plays
        for; those of a contraflor al resto, None for the game). None elsewhere."""
        return None

    def calls_scored_at_end(self) -> bool:
        """Whether a call scored mid-hand (envido, flor) reaches the score only when the
        hand ends: its line says so, since the score does not move yet."""
        return False

    def envido_counts(self, match: Match[X]) -> tuple[int, ...] | None:
        """Hook: each seat's envido count this hand, in a game that sings them (None)."""
        return None

    def envido_sung(self, match: Match[X]) -> tuple[tuple[int, int | None], ...]:
        """Hook: the counts declared this hand once an envido was accepted, in the order
        they were said: (seat, count), or (seat, None) for "son buenas". Public, like a
        card played: every seat's view carries it, and a bot's sampled worlds must agree."""
        return ()

    def envido_declarations(self, match: Match[X]) -> tuple[tuple[int, int | None], ...]:
        """Hook: what the seats would declare on this hand's counts if an envido were
        accepted now (the form of ``envido_sung``): a bot keeps the sampled worlds whose
        counts say what was said. () in a game without envido."""
        return ()

    def teams(self, players: int) -> int:
        """Number of sides: partnerships of two sides, or every seat for itself."""
        return 2

    def team_of(self, seat: int, players: int) -> int:
        return seat % self.teams(players)

    def target_score(self) -> int:
        return int(self.options.get("target", self.target))

    def turns_up_card(self) -> bool:
        return False

    def cards_per_player(self, players: int) -> int:
        return self.hand_size

    # ------------------------------------------------------------ new games
    @final
    def new_extras(self) -> X:
        """A fresh record of this variant's own state of a hand (``extras``, empty)."""
        # ``extras`` is a class variable, and a class variable cannot name the type
        # variable X; each variant sets it to the record its X names.
        return cast(X, self.extras())

    @final
    def new_match(self, players: int, dealer: int,
                  score: Sequence[int] | None = None) -> Match[X]:
        if players not in self.seat_counts:
            raise SetupError(f"{self.name} is not played by {players} players")
        if not 0 <= dealer < players:
            raise SetupError(f"dealer {dealer} is not a seat")
        teams = self.teams(players)
        score = list(score) if score is not None else [0] * teams
        racing = self.races_to_target()
        if len(score) != teams or any(not isinstance(s, int) or isinstance(s, bool)
                                      or (racing and s < 0) for s in score):
            kind = "non-negative whole numbers" if racing else "whole numbers"
            raise SetupError(f"score must be {teams} {kind}")
        if not racing:
            return Match(self.name, dict(self.options), players, score, dealer)
        if any(s >= self.target_score() for s in score):
            raise SetupError("a score at or above the target: the game is already over")
        self.check_score(score)
        return Match(self.name, dict(self.options), players, score, dealer)

    def races_to_target(self) -> bool:
        """Hook: whether the score is a race to the target (Put's ledger of chips is not:
        it may go below nothing and never ends the game)."""
        return True

    def check_score(self, score: Sequence[int]) -> None:
        """Variant hook: refuse scores the variant can never reach."""

    @final
    def deal(self, match: Match[X], rng: random.Random) -> list[E.Event]:
        """Shuffle and deal the next hand of ``match`` (its dealer is already set)."""
        n, k = match.players, self.cards_per_player(match.players)
        deck = self.draw(rng, n * k)
        mano = (match.dealer + 1) % n
        # one at a time, from the mano to the dealer: the i-th card goes to seat mano + i
        hands = [deck[(seat - mano) % n : n * k : n] for seat in range(n)]
        rest = deck[n * k :]
        vira = rest.pop(0) if self.turns_up_card() else None
        return self.start_hand(match, hands, vira, rest)

    def draw(self, rng: random.Random, count: int) -> list[Card]:
        """Hook: the shuffled deck in dealing order; a variant with no stock nor turned-up
        card may draw only the ``count`` cards dealt."""
        deck = list(self.deck())
        draws.shuffle(rng, deck)  # as ``rng.shuffle(deck)``, for less
        return deck

    @final
    def start_hand(
        self,
        match: Match[X],
        hands: Sequence[Sequence[Card]],
        vira: Card | None = None,
        stock: Sequence[Card] = (),
    ) -> list[E.Event]:
        """Begin a hand with these exact cards (used by ``deal`` and by scenarios)."""
        n = match.players
        mano = (match.dealer + 1) % n
        hand = Hand(
            dealer=match.dealer,
            mano=mano,
            cards=list(map(list, hands)),
            dealt=list(map(tuple, hands)),
            vira=vira,
            stock=list(stock),
            turn=mano,
            leader=mano,
            stake=self.ladder[0],
            points=[0] * self.teams(n),
            x=self.new_extras(),
        )
        match.hand = hand
        match.hand_no += 1
        self.setup_hand(match)
        events: list[E.Event] = [
            E.HandStarted(match.hand_no, hand.dealer, vira, hand.special, hand.stake)
        ]
        self.deal_events(match, events)
        self.announce_turn(match, events)
        return events

    def setup_hand(self, match: Match[X]) -> None:
        """Variant hook: special hands, extra phases, stake of the hand."""

    def deal_events(self, match: Match[X], events: list[E.Event]) -> None:
        hand = match.hand
        assert hand is not None
        for seat, cards in enumerate(hand.cards):
            events.append(E.CardsDealt(seat, tuple(cards), len(cards), audience=E.to_seat(seat)))

    def next_dealer(self, match: Match[X]) -> int:
        return (match.dealer + 1) % match.players

    @final
    def next_hand(self, match: Match[X], rng: random.Random) -> list[E.Event]:
        """Rotate the deal and deal again; only after a hand ended without a winner."""
        if match.winner is not None:
            raise IllegalAction("game-over")
        if match.hand is not None and not match.hand.over:
            raise IllegalAction("hand-in-progress")
        match.dealer = self.next_dealer(match)
        return self.deal(match, rng)

    # ------------------------------------------------------- who acts, legal
    @final
    def to_act(self, match: Match[X]) -> int | None:
        hand = match.hand
        if hand is None or hand.phase == PHASE_OVER or match.winner is not None:  # ``over``
            return None
        pending = hand.pending
        if pending is not None:
            return pending.answerer
        if hand.phase == PHASE_PLAY:  # the turn, as ``acting_seat`` says: a call less
            return hand.turn
        return self.acting_seat(match)

    def acting_seat(self, match: Match[X]) -> int:
        """The seat to act when no call is pending (variants with extra phases override).

        In the play phase it is ``hand.turn`` in every variant: the checks, which run for
        every simulated move, rely on it and ask this hook only outside that phase or for
        another seat (``tests/rules/test_properties.py`` holds every variant to it)."""
        assert match.hand is not None
        return match.hand.turn

    # Legality is written once. ``check`` says why an action is refused (None: it is
    # legal): the table-wide reasons, the variant's ``gate``, then the check of the
    # action's kind (``checks``). ``legal`` is the ``candidates`` that ``check`` lets
    # through, in the order the buttons show them; ``apply`` refuses with the same reason.
    @final
    def legal(self, match: Match[X], seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in button order."""
        hand = match.hand
        if (hand is None or hand.phase == PHASE_OVER or match.winner is not None
                or not 0 <= seat < match.players):
            return []
        # ``_check_now`` for each candidate (the gate, then the kind's check), inlined and
        # asking no more once an answer is OPEN: legal runs for every simulated move, so
        # the loop is written for the interpreter: ``action[0]`` is the kind (an index is
        # cheaper than a named field), kinds are compared by identity (candidates carry
        # the members; an equal kind that is another object only costs a check more), and
        # the gate is called as a method each time it is asked (mostly once).
        table = self._check_table or self._checks_once()
        gate_open = False
        open_kind: A.Kind | None = None  # the last kind an OPEN check let through
        open_check: Check | None = None  # the last check that said OPEN (for its kinds)
        refused: list[Action] | None = None  # mostly none: the candidates are the answer
        candidates = self.candidates(match, seat)
        for action in candidates:
            kind = action[0]
            if kind is open_kind:  # cards come in runs: one check lets the run through
                continue
            if not gate_open:  # the gate is asked of each kind (it may tell kinds apart)
                reason = self.gate(match, seat, action)
                if reason is OPEN:
                    gate_open = True
                elif reason is not None:
                    if refused is None:
                        refused = []
                    refused.append(action)
                    continue
            check = table[kind]
            if check is not open_check:
                verdict = check(match, seat, action)
                if verdict is None:
                    continue
                if verdict is not OPEN:
                    if refused is None:
                        refused = []
                    refused.append(action)
                    continue
                open_check = check
            open_kind = kind
        if refused is None:
            return candidates  # a list of its own (``candidates`` builds one per call)
        return [action for action in candidates if action not in refused]

    @final
    def check(self, match: Match[X], seat: int, action: Action) -> IllegalAction | None:
        """Why ``seat`` may not take ``action`` now, the most specific reason first;
        None when it may."""
        hand = match.hand
        if action.kind not in A.ALL_ACTIONS and action.kind not in self.own_actions:
            return IllegalAction("unknown-action", action=action.kind)
        if match.winner is not None:
            return IllegalAction("game-over")
        if hand is None or hand.over:
            return IllegalAction("hand-over")
        if not 0 <= seat < match.players:
            return IllegalAction("not-a-seat", seat=seat)
        if action.kind not in self.supported_actions():
            return self.unsupported(seat, action)
        return self._check_now(match, seat, action)

    def unsupported(self, seat: int, action: Action) -> IllegalAction:
        """Hook: why an action of the game's vocabulary is not played at this table."""
        return IllegalAction("not-in-variant", action=action.kind)

    @final
    def why_illegal(self, match: Match[X], seat: int, action: Action) -> IllegalAction:
        """The reason an action known to be refused is refused (for a clear answer)."""
        return self.check(match, seat, action) or IllegalAction("not-now", seat=seat,
                                                               action=action.kind)

    @final
    def _check_now(self, match: Match[X], seat: int, action: Action) -> IllegalAction | None:
        reason = self.gate(match, seat, action)
        if reason:  # OPEN, like None, lets the kind's check decide
            return reason
        verdict = (self._check_table or self._checks_once())[action.kind](match, seat, action)
        return verdict or None

    @final
    def _checks_once(self) -> dict[str, Check]:
        """The variant's ``checks``, asked once, on first use (after its ``__init__``)."""
        table = self._check_table = self.checks()
        return table

    def checks(self) -> dict[str, Check]:
        """Hook: the check of each kind of action the variant has (extend the base's)."""
        return {A.PLAY: self.check_play, A.PLAY_HIDDEN: self.check_play,
                A.TRUCO: self.check_raise, A.RAISE: self.check_raise,
                **dict.fromkeys((A.ACCEPT, A.RUN), self.check_answer)}

    def gate(self, match: Match[X], seat: int, action: Action) -> Verdict:
        """Hook: a reason that comes before any kind's own (a phase the variant plays
        first); None lets the kind's check decide, OPEN too, for every action now. A gate
        looks at the seat and the action's kind, never its card (the kind's check does)."""
        return OPEN

    def candidates(self, match: Match[X], seat: int) -> list[Action]:
        """Hook: what ``seat`` could be offered now, in button order, before any check
        (more is harmless: ``check`` decides). A new list each call: when ``check`` lets
        every candidate through, ``legal`` returns it as it is."""
        hand = match.hand
        assert hand is not None
        if hand.pending is not None:
            return [_ACCEPT, _RUN, _RAISE]
        return [*map(A.PLAY_OF, hand.cards[seat]),
                _RAISE if hand.level else self._first_raise]

    @final
    def answering(self, match: Match[X], seat: int) -> IllegalAction | None:
        """While a call waits: None for a seat that may answer it, else why not."""
        pending = match.hand.pending if match.hand else None
        assert pending is not None
        if seat not in self.answerers(match, pending):
            return IllegalAction("not-your-answer", seat=seat, answerer=pending.answerer,
                                 call=pending.call)
        return None

    @final
    def on_turn(self, match: Match[X], seat: int) -> IllegalAction | None:
        """No call waiting (callers ask after the pending call): None for the seat to act,
        else why not."""
        to_act = self.acting_seat(match)
        if seat != to_act:
            return IllegalAction("not-your-turn", seat=seat, to_act=to_act)
        return None

    def check_play(self, match: Match[X], seat: int, action: Action) -> Verdict:
        """A card from one's hand, on one's turn, no call waiting (face down: a variant's);
        OPEN when it is: any other card held may be played the same way."""
        hand = match.hand
        assert hand is not None
        # The usual case first, in one test: a held card played face up by the seat on
        # turn in the play phase with no call waiting, which each refusal below excludes.
        if (hand.pending is None and seat == hand.turn and action[0] is A.PLAY
                and action[1] in hand.cards[seat] and hand.phase == PHASE_PLAY):
            return OPEN
        if hand.pending is not None:
            return self.must_answer(match, seat)
        if (hand.phase != PHASE_PLAY or seat != hand.turn) and seat != self.acting_seat(match):
            return self.on_turn(match, seat)  # (in the play phase the turn is the acting seat)
        card = action.card
        if card is None:
            return IllegalAction("not-now", seat=seat, action=action.kind)
        if card not in hand.cards[seat]:
            return IllegalAction("card-not-held", seat=seat)
        if action.kind == A.PLAY_HIDDEN and not self.covers_now(match):
            return IllegalAction("no-covered-card", seat=seat)
        if hand.phase != PHASE_PLAY or seat != hand.turn:
            return IllegalAction("not-now", seat=seat, action=action.kind)
        return OPEN

    def must_answer(self, match: Match[X], seat: int) -> IllegalAction:
        """Hook: why ``seat`` may not play a card while a call waits: it is not an answerer,
        or the call is to be answered first (named as the table names it: a variant
        whose calls are spoken otherwise says so here, rather than wrapping the check of
        every card it plays)."""
        pending = match.hand.pending if match.hand else None
        assert pending is not None
        return self.answering(match, seat) or IllegalAction(
            "must-answer", seat=seat, call=pending.call)

    def covers_now(self, match: Match[X]) -> bool:
        """Hook: whether a card may be played face down now (never, by default)."""
        return False

    def check_raise(self, match: Match[X], seat: int, action: Action) -> IllegalAction | None:
        """The next step of the ladder: on one's turn, or as the answer to a raise."""
        hand = match.hand
        assert hand is not None
        pending = hand.pending
        if pending is None:
            # The usual case first: the raise the ladder names now, offered on one's turn
            # in the play phase, which the refusals below all exclude; the ladder decides.
            if (seat == hand.turn and action[1] is None and hand.phase == PHASE_PLAY
                    and action[0] is (A.RAISE if hand.level else self.first_raise)):
                return self.raise_refusal(match, seat, on_turn=True)
        else:
            reason = self.answering(match, seat)
            if reason is not None:
                return reason
            if action.kind != A.RAISE:
                return IllegalAction("must-answer", seat=seat, call=pending.call)
            offered = self.counter_raise and action.card is None
            return self.raise_refusal(match, seat, on_turn=False) or (
                None if offered else self._not_now(seat, pending.level + 1))
        if (hand.phase != PHASE_PLAY or seat != hand.turn) and seat != self.acting_seat(match):
            return self.on_turn(match, seat)  # (in the play phase the turn is the acting seat)
        name = self.first_raise if hand.level == 0 else A.RAISE  # ``raise_name``
        if action.kind != name and self.first_raise != A.RAISE:
            return IllegalAction("wrong-raise-name", seat=seat, expected=name)
        offered = (action.kind == name and action.card is None and hand.phase == PHASE_PLAY
                   and seat == hand.turn)
        return self.raise_refusal(match, seat, on_turn=True) or (
            None if offered else self._not_now(seat, hand.level + 1))

    @final
    def _not_now(self, seat: int, level: int) -> IllegalAction:
        return IllegalAction("not-now", seat=seat, action=self.call_name(level))

    def check_call(self, match: Match[X], seat: int, action: Action) -> IllegalAction | None:
        """A call of the variant's own, on one's turn with no call waiting (its ``gate``
        says when else it is refused)."""
        hand = match.hand
        assert hand is not None
        pending = hand.pending
        if pending is None:
            if seat == hand.turn and action[1] is None and hand.phase == PHASE_PLAY:
                return None  # the usual case, which the refusals below exclude
        else:
            return self.answering(match, seat) or IllegalAction(
                "must-answer", seat=seat, call=pending.call)
        if (hand.phase != PHASE_PLAY or seat != hand.turn) and seat != self.acting_seat(match):
            return self.on_turn(match, seat)  # (in the play phase the turn is the acting seat)
        if action.card is not None or hand.phase != PHASE_PLAY or seat != hand.turn:
            return IllegalAction("not-now", seat=seat, action=action.kind)
        return None

    def check_answer(self, match: Match[X], seat: int, action: Action) -> Verdict:
        """Accept or refuse the call waiting, by a seat that answers it; OPEN when it may:
        it may then as well give the other answer (``checks`` maps both to this check)."""
        hand = match.hand
        assert hand is not None
        pending = hand.pending
        if pending is None:
            return IllegalAction("nothing-to-answer", seat=seat)
        reason = self.answering(match, seat)
        if reason is not None:
            return reason
        if action.card is not None:
            return IllegalAction("must-answer", seat=seat, call=pending.call)
        return OPEN

    @final
    def raise_name(self, hand: Hand[X]) -> str:
        return self.first_raise if hand.level == 0 else A.RAISE

    def stake_values(self) -> frozenset[int]:
        """Every value a hand can be worth; a property the tests hold the engine to."""
        return frozenset(self.ladder)

    @final
    def call_name(self, level: int) -> str:
        """What players shout to propose ladder ``level`` ("truco", "seis", ...)."""
        if 0 < level <= len(self.raise_calls):
            return self.raise_calls[level - 1]
        return A.RAISE

    @final
    def raises_allowed(self, match: Match[X]) -> bool:
        assert match.hand is not None
        return match.hand.special is None

    @final
    def may_raise(self, match: Match[X], seat: int, *, on_turn: bool) -> bool:
        return self.raise_refusal(match, seat, on_turn=on_turn) is None

    def raise_refusal(self, match: Match[X], seat: int, *, on_turn: bool) -> IllegalAction | None:
        """Hook: why ``seat`` may not raise the stake now (None: it may); on its turn, or
        (``on_turn`` False) answering a raise with the next one."""
        hand = match.hand
        assert hand is not None
        if hand.special is not None:  # ``raises_allowed``
            return IllegalAction("no-raise-special-hand", seat=seat, special=hand.special)
        pending = hand.pending
        level = pending.level if pending is not None else hand.level
        if level >= self._top_level:
            return IllegalAction("raise-at-top", seat=seat)
        last = hand.last_raiser  # the side asked only when it matters: mostly nobody raised
        if last is not None and on_turn and last == self.team_of(seat, match.players):
            return IllegalAction("raise-alternation", seat=seat, call=self.call_name(level + 1))
        if self._forbid_pointless and self.raise_is_pointless(
                match, self.team_of(seat, match.players)):
            return IllegalAction("raise-pointless", seat=seat, call=self.call_name(level + 1))
        return None

    @final
    def raise_is_pointless(self, match: Match[X], team: int) -> bool:
        """Table option: no raise when the value already on offer wins the game."""
        if not self._forbid_pointless:
            return False
        hand = match.hand
        assert hand is not None
        at_stake = self.ladder[hand.pending.level] if hand.pending else hand.stake
        return match.score[team] + at_stake >= self.target_score()

    def answerers(self, match: Match[X], pending: Pending) -> tuple[int, ...]:
        """Seats allowed to answer a pending call: the canonical one by default."""
        if self.options.get("answer_by") == "either":
            team = self.team_of(pending.caller, match.players)
            return tuple(s for s in self.seat_order(match, pending.caller)
                         if self.team_of(s, match.players) != team)
        return (pending.answerer,)

    @final
    def next_opponent(self, match: Match[X], seat: int) -> int:
        """The first seat after ``seat`` in play order on another side."""
        if self._plain_seats:
            found = self._next_opponents.get((seat, match.players))
            if found is None:
                found = self._next_opponents[seat, match.players] = self._find_opponent(
                    match, seat)
            return found
        return self._find_opponent(match, seat)

    @final
    def _find_opponent(self, match: Match[X], seat: int) -> int:
        team = self.team_of(seat, match.players)
        for s in self.seat_order(match, seat):
            if self.team_of(s, match.players) != team:
                return s
        raise AssertionError("no opponent")

    def seat_order(self, match: Match[X], after: int) -> list[int]:
        """Seats in play order starting after ``after`` (active seats only)."""
        n = match.players
        return [(after + i) % n for i in range(1, n)]

    # ----------------------------------------------------------------- apply
    @final
    def apply(self, match: Match[X], seat: int, action: Action, events: Events = None) -> None:
        """Apply a legal action, or raise IllegalAction and leave ``match`` untouched."""
        if action not in self.legal(match, seat):
            raise self.why_illegal(match, seat, action)
        self._handlers[action.kind](match, seat, action, events)

    @final
    def apply_trusted(self, match: Match[X], seat: int, action: Action) -> None:
        """Apply an action known to be legal (simulation); skips the check and events."""
        self._handlers[action[0]](match, seat, action, None)  # [0]: the kind, for less

    @final
    def _on_play(self, match: Match[X], seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None and action.card is not None
        if self._has_before_play:
            self.before_play(match, seat, action)
        hand.cards[seat].remove(action.card)
        covered = action.kind == A.PLAY_HIDDEN
        if covered:
            hand.covered.append(action.card)
        hand.table.append((seat, None if covered else action.card))
        if events is not None:
            events.append(E.CardPlayed(seat, None if covered else action.card, len(hand.tricks)))
            if covered:
                events.append(E.CardPlayed(seat, action.card, len(hand.tricks),
                                           audience=E.to_seat(seat)))
        plain = self._plain_tricks  # ``trick_size`` and ``next_to_play`` as the base's
        if len(hand.table) < (match.players if plain else self.trick_size(match)):
            hand.turn = (seat + 1) % match.players if plain else self.next_to_play(match, seat)
            if events is not None:  # a simulated card announces nothing
                self.announce_turn(match, events)
            return
        self.end_trick(match, events)

    def before_play(self, match: Match[X], seat: int, action: Action) -> None:
        """Hook: what a card about to be played changes first (Le Truc: it obeys an
        instruction, which binds one card only)."""

    def trick_size(self, match: Match[X]) -> int:
        return match.players

    def next_to_play(self, match: Match[X], seat: int) -> int:
        return (seat + 1) % match.players

    @final
    def end_trick(self, match: Match[X], events: Events) -> None:
        hand = match.hand
        assert hand is not None
        team, lead = self.trick_result(match, hand.table)
        hand.tricks.append(team)
        hand.played.append(hand.table)
        hand.table = []
        if events is not None:
            winner_seat = lead if team is not None else None
            events.append(E.TrickWon(len(hand.tricks) - 1, team, winner_seat))
        self.after_trick(match, events)
        if hand.over:  # the hook ended it (an Argentine flor paid at once that wins the game)
            return
        decided, winner = self.hand_result(match)
        if decided:
            self.finish_by_tricks(match, winner, events)
            return
        hand.leader = hand.turn = lead
        self.announce_turn(match, events)

    def after_trick(self, match: Match[X], events: Events) -> None:
        """Variant hook: settle what falls due when a trick ends, before the hand is judged."""

    @final
    def trick_result(
        self, match: Match[X], plays: Sequence[tuple[int, Card | None]]
    ) -> tuple[int | None, int]:
        """C5: the winning team (None if tied across sides) and who leads next."""
        strength = self.strength_table(match.hand.vira if match.hand else None)
        best = COVERED_STRENGTH
        top: list[int] = []
        for seat, card in plays:
            s = COVERED_STRENGTH if card is None else strength[card]
            if s > best:
                best, top = s, [seat]
            elif s == best:
                top.append(seat)
        n = match.players
        if len(top) == 1 and best != COVERED_STRENGTH:  # one best card: its side wins
            return self.team_of(top[0], n), top[0]
        teams = {self.team_of(s, n) for s in top}
        if best == COVERED_STRENGTH or len(teams) > 1:
            return None, self.lead_after_tie(match, plays, top)
        return teams.pop(), top[0]

    def lead_after_tie(
        self, match: Match[X], plays: Sequence[tuple[int, Card | None]], top: list[int]
    ) -> int:
        """Who leads after a tied trick: the first tied card (default) or the same leader."""
        if self.options.get("lead_after_tie") == "same_leader":
            return plays[0][0]
        return top[0]

    def hand_result(self, match: Match[X]) -> tuple[bool, int | None]:
        """C6 after each trick: (decided, winning team or None)."""
        hand = match.hand
        assert hand is not None
        tricks = hand.tricks
        wins: dict[int, int] = {}
        first_win: int | None = None
        for t in tricks:
            if t is not None:
                wins[t] = wins.get(t, 0) + 1
                if first_win is None:
                    first_win = t
                if wins[t] == 2:
                    return True, t
        if first_win is not None and None in tricks:
            return True, first_win
        if len(tricks) == 3:
            if first_win is not None:  # X Y Y is caught above; X Y X too
                return True, first_win
            return True, self.all_tied_winner(match)
        return False, None

    def all_tied_winner(self, match: Match[X]) -> int | None:
        return None

    # ---------------------------------------------------------------- raises
    @final
    def _on_raise(self, match: Match[X], seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        pending = hand.pending
        if pending is not None:  # a counter-raise accepts what it raises
            hand.level = pending.level
            hand.stake = self.ladder[pending.level]
            level = pending.level + 1
        else:
            level = hand.level + 1
        hand.pending = Pending(action.kind, seat, level, self.next_opponent(match, seat))
        if events is not None:
            events.append(E.CallMade(seat, action.kind, self.ladder[level]))
            self.announce_turn(match, events)

    @final
    def _on_accept(self, match: Match[X], seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None and hand.pending is not None
        pending, hand.pending = hand.pending, None
        hand.level = pending.level
        hand.stake = self.ladder[pending.level]
        hand.last_raiser = self.team_of(pending.caller, match.players)
        if events is not None:
            events.append(E.CallAnswered(seat, pending.call, True, hand.stake))
            self.announce_turn(match, events)

    @final
    def _on_run(self, match: Match[X], seat: int, action: Action, events: Events) -> None:
        hand = match.hand
        assert hand is not None and hand.pending is not None
        pending, hand.pending = hand.pending, None
        if events is not None:
            events.append(E.CallAnswered(seat, pending.call, False, hand.stake))
        team = self.team_of(pending.caller, match.players)
        self.finish(match, team, self.award(match, team, hand.stake), END_RUN, events)

    # ---------------------------------------------------------------- finish
    def finish_by_tricks(self, match: Match[X], winner: int | None, events: Events) -> None:
        hand = match.hand
        assert hand is not None
        if winner is None:
            self.finish(match, None, [0] * len(match.score), END_ALL_TIED, events)
            return
        points = self.award(match, winner, self.trick_points(match, winner))
        self.finish(match, winner, points, END_TRICKS, events)

    def trick_points(self, match: Match[X], winner: int) -> int:
        assert match.hand is not None
        return match.hand.stake

    @final
    def award(self, match: Match[X], team: int, points: int) -> list[int]:
        awarded = [0] * len(match.score)
        awarded[team] = points
        return awarded

    def finish(
        self, match: Match[X], winner: int | None, points: list[int], reason: str, events: Events
    ) -> None:
        """End the hand: record points, add them to the score, and see if the game is won."""
        hand = match.hand
        assert hand is not None
        hand.phase = PHASE_OVER
        hand.pending = None
        hand.winner = winner
        hand.reason = reason
        hand.points = [a + b for a, b in zip(hand.points, points, strict=True)]
        self.add_to_score(match, hand.points)
        if events is not None:
            events.append(E.HandWon(winner, tuple(hand.points), tuple(match.score), reason))
            if match.winner is not None:
                events.append(E.GameWon(match.winner, tuple(match.score)))

    def add_to_score(self, match: Match[X], points: Sequence[int]) -> None:
        target = self.target_score()
        for team, p in enumerate(points):
            match.score[team] += p
        leaders = [t for t, s in enumerate(match.score) if s >= target]
        if leaders:
            match.winner = max(leaders, key=lambda t: match.score[t])

    # ------------------------------------------------------- hidden information
    def visible_cards(self, match: Match[X], seat: int) -> dict[int, tuple[Card, ...]]:
        """Held cards ``seat`` may see, by owner: its own, unless the hand is played blind."""
        hand = match.hand
        if hand is None or hand.special == SPECIAL_IRON:
            return {}
        return {seat: tuple(hand.cards[seat])}

    # ---------------------------------------------------------------- events
    def announce_turn(self, match: Match[X], events: Events) -> None:
        if events is None:
            return
        seat = self.to_act(match)
        if seat is not None:
            assert match.hand is not None
            phase = "answer" if match.hand.pending is not None else match.hand.phase
            events.append(E.TurnStarted(seat, phase))

    # ----------------------------------------------------------------- señas
    # A seña is not an action of the turn order: it changes no card, score or turn, so
    # it is not among ``legal`` (bots, timers and scenarios never meet it) and has its
    # own check and its own entry, ``make_sena``.
    def sena_list(self, match: Match[X]) -> tuple[Sena, ...]:
        """Hook: this hand's señas, each with the cards it names (a game without señas
        has none)."""
        return ()

    def sena_fits(self, sena: Sena, cards: Sequence[Card]) -> bool:
        """Hook: whether a player holding ``cards`` tells the truth with ``sena``."""
        return sena.fits(cards)

    @final
    def option_applies(self, name: str, players: int) -> bool:
        """Whether a table option means anything at this seat count: señas need
        partners, so a lobby for two does not offer them."""
        return name not in senas.OPTION_NAMES or players > self.teams(players)

    @final
    def senas_mode(self, match: Match[X]) -> str:
        """``off``, ``on`` (nobody catches a seña) or ``catch``: señas are for partners,
        so a game without partners (or a variant without señas) plays them off."""
        mode: str = self.options.get("senas", senas.OFF)  # options are resolved: a str
        if mode == senas.OFF or match.players <= self.teams(match.players):
            return senas.OFF
        return mode

    @final
    def check_sena(self, match: Match[X], seat: int, name: str) -> IllegalAction | None:
        """Why ``seat`` may not make the seña ``name`` now (None when it may): a player
        may signal at any moment of a hand in play while holding a card, not only at
        their turn; at most ``senas.MAX_PER_HAND`` per hand, each once."""
        listed = self.sena_list(match) if self.senas_mode(match) != senas.OFF else ()
        if not listed:
            return IllegalAction("senas-off", seat=seat)
        hand = match.hand
        if match.over or hand is None or hand.over:
            return IllegalAction("sena-hand-over", seat=seat)
        if not 0 <= seat < match.players:
            return IllegalAction("not-a-seat", seat=seat)
        if all(sena.name != name for sena in listed):
            return IllegalAction("sena-unknown", seat=seat, sena=name)
        if not hand.cards[seat]:
            return IllegalAction("sena-no-cards", seat=seat)
        made = senas.made_by(hand.x.senas, seat)
        if name in made:
            return IllegalAction("sena-repeated", seat=seat, sena=name)
        if len(made) >= senas.MAX_PER_HAND:
            return IllegalAction("sena-limit", seat=seat, limit=senas.MAX_PER_HAND)
        return None

    @final
    def senas_available(self, match: Match[X], seat: int) -> tuple[Sena, ...]:
        """The señas ``seat`` may make now (a menu's entries), in the variant's order."""
        if self.senas_mode(match) == senas.OFF:
            return ()
        return tuple(sena for sena in self.sena_list(match)
                     if self.check_sena(match, seat, sena.name) is None)

    @final
    def make_sena(self, match: Match[X], seat: int, name: str,
                  rng: random.Random) -> list[E.Event]:
        """``seat`` makes the seña ``name``: told to its partners; at a table that plays
        with catches each opponent sees it with the table's chance, drawn from ``rng``
        (the game's stream, so a replay catches the same señas). Raises
        :class:`IllegalAction` having changed nothing."""
        error = self.check_sena(match, seat, name)
        if error is not None:
            raise error
        hand = match.hand
        assert hand is not None
        sena = next(s for s in self.sena_list(match) if s.name == name)
        team = self.team_of(seat, match.players)
        out: list[E.Event] = [E.SenaMade(seat, name, sena.cards, audience=E.to_team(team))]
        caught: list[int] = []
        if self.senas_mode(match) == senas.CATCH:
            chance = int(self.options.get("sena_catch", senas.DEFAULT_CATCH))
            for other in range(match.players):
                if self.team_of(other, match.players) != team and rng.random() * 100 < chance:
                    caught.append(other)
                    out.append(E.SenaCaught(seat, name, sena.cards, other,
                                            audience=E.to_seat(other)))
        hand.x.senas = [*(hand.x.senas or []), [seat, name, caught]]
        return out

    @final
    def senas_seen(self, match: Match[X], seat: int) -> tuple[tuple[int, str], ...]:
        """The señas of this hand that ``seat`` knows of, as (signaller, name): its own
        team's and those it caught."""
        hand = match.hand
        if hand is None or not hand.x.senas:
            return ()
        team = self.team_of(seat, match.players)
        return tuple((who, name) for who, name, caught in hand.x.senas
                     if self.team_of(who, match.players) == team or seat in caught)

    # ------------------------------------------------- a bot's sampled worlds
    # A bot rebuilds whole matches from its view (chatbot/ai/worlds.py): the generic part
    # (cards, tricks, stake, pending call) there, the variant's own state through these
    # hooks, so the bot's code never names a variant or reads a variant's private state.
    def world_seats(self, view: SeatView) -> list[int]:
        """Hook: the seats dealt into the play of this hand (all; Put leaves some out)."""
        return list(range(view.players))

    def world_patch(self, view: SeatView, match: Match[X]) -> None:
        """Hook: fill this variant's state of a sampled world from what the view shows
        (before its turn and pending call are placed)."""

    def world_leader(self, match: Match[X]) -> int | None:
        """Hook: who leads the first trick of a sampled world, when not the mano."""
        return None

    def world_pending_level(self, view: SeatView) -> int:
        """Hook: the ladder level of the view's pending call in a sampled world."""
        return view.level + 1 if view.pending_call in A.LADDER_CALLS else 0

    def world_repair(self, view: SeatView, match: Match[X]) -> None:
        """Hook: last touches once the world is whole (an Argentine envido sung before)."""

    def world_fit(self, view: SeatView, held: list[list[Card]], down: list[list[Card]],
                  stock: list[Card], rng: random.Random) -> None:
        """Hook: redeal a random placement of the unseen cards (in place) so that it
        agrees with a count the hand made public (an Argentine envido count sung), which
        random deals would rarely hit: each seat's cards are redrawn from its own and the
        stock's. The belief still weighs whatever could not be fitted."""

    # ----------------------------------------------------------- the variant's
    def supported_actions(self) -> frozenset[str]:
        return frozenset({A.PLAY, A.TRUCO, A.RAISE, A.ACCEPT, A.RUN})

    @final
    def resolved_calls(self, match: Match[X]) -> dict[str, Any]:
        """Extras settled this hand (envido, flor...): ``{"envido": {"winner": 1, ...}}``."""
        return dict(match.hand.x.calls or {}) if match.hand else {}
