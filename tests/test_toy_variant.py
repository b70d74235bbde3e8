"""A sixth game defined in this file alone, played through every layer.

Truco de Brinquedo is Paulista with a shorter ladder (1, 2, 4), a game to 6 and the hand
of eleven at 5, and a call of its own: "dobro" (double), which on one's turn, before
anybody raised, asks for the hand at the top of the ladder at once (accepted: 4 points;
refused: the caller's side takes the 1 on the table). Nothing outside this file knows
it: it is registered for the test only (the registry's own table, patched), and the
machine, the bots, the renderer and the terminal game play it from what its rules say:
its kind and that it raises (``own_actions``, ``own_raises``), its check and effect, and
its words and its refusal as message ids (``call_texts``, ``reason_texts``), which the
catalogs translate like any game's (the extractor scans this file). If a new game or a
new call needed a line elsewhere, this test would fail.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest

from chatbot.ai.reads import TableReads
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers import console
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.reasons import explain
from chatbot.i18n.refusals import explain_to_player
from chatbot.i18n.render import Viewer, action_label, render, render_all
from chatbot.i18n.translation import N_
from chatbot.rules import events as E
from chatbot.rules import registry
from chatbot.rules.actions import Action, Kind
from chatbot.rules.base import Check, Events, Verdict
from chatbot.rules.brazil import BRAZIL_OPTIONS, BrazilMatch
from chatbot.rules.cards import Card
from chatbot.rules.errors import IllegalAction
from chatbot.rules.events import GameWon
from chatbot.rules.options import OptionSpec, choice
from chatbot.rules.paulista import PaulistaRules
from chatbot.rules.serialize import match_from_dict, match_to_dict
from chatbot.rules.state import Pending
from chatbot.rules.texts import CallText, ReasonText
from chatbot.rules.views import SeatView, real_action, seat_view
from tests.ai.games import test_decide as decide  # the search on a clock-free budget

TOY = "brinquedo"
DOBRO = Kind("dobro")  # no member of Kind: a name the game adds to the family's
_DOBRO = Action(DOBRO)


class ToyRules(PaulistaRules):
    name = TOY
    ladder = (1, 2, 4)
    raise_calls = ("truco", "quatro")
    target = 6
    special_at = 5
    special_value = 2
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        **BRAZIL_OPTIONS, "target": choice(6), "deck": choice("dirty", "clean")}
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {"deck": ("dirty", "clean")}
    own_actions = frozenset({DOBRO})
    own_raises = frozenset({DOBRO})  # so the bots read it as a raise and answer it as one
    call_texts: ClassVar[Mapping[str, CallText]] = {DOBRO: CallText(
        # TRANSLATORS: a test game's own call ("dobro", double): the hand at once for the
        # most it can be worth. A shout, as on a button.
        label=N_("Double!"),
        # TRANSLATORS: {player} is a name of any gender; the call "dobro" (double).
        made=N_("{player} calls double!"),
        own=N_("You call double!"))}
    reason_texts: ClassVar[Mapping[str, ReasonText]] = {"dobro-after-raise": ReasonText(
        # TRANSLATORS: the test game's call "dobro" (double), only before any raise.
        player=N_("You cannot call double: this hand was already raised."),
        referee=N_("seat {seat} cannot call double: the hand was already raised"))}

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(options)
        self._handlers[DOBRO] = self._on_dobro

    def supported_actions(self) -> frozenset[str]:
        return super().supported_actions() | {DOBRO}

    def candidates(self, match: BrazilMatch, seat: int) -> list[Action]:
        moves = super().candidates(match, seat)
        hand = match.hand
        assert hand is not None
        if hand.pending is None and hand.level == 0:
            moves.append(_DOBRO)
        return moves

    def checks(self) -> dict[str, Check]:
        return {**super().checks(), DOBRO: self.check_dobro}

    def check_dobro(self, match: BrazilMatch, seat: int, action: Action) -> Verdict:
        """On one's turn like any call, before anybody raised, where a raise could be."""
        reason = self.check_call(match, seat, action)
        if reason is not None:
            return reason
        hand = match.hand
        assert hand is not None
        if hand.level > 0:
            return IllegalAction("dobro-after-raise", seat=seat)
        return self.raise_refusal(match, seat, on_turn=True)

    def _on_dobro(self, match: BrazilMatch, seat: int, action: Action, events: Events) -> None:
        """The top of the ladder proposed at once; the shared answers settle it."""
        hand = match.hand
        assert hand is not None
        top = len(self.ladder) - 1
        hand.pending = Pending(DOBRO, seat, top, self.next_opponent(match, seat))
        if events is not None:
            events.append(E.CallMade(seat, DOBRO, self.ladder[top]))
            self.announce_turn(match, events)

    def answer_stakes(self, match: BrazilMatch) -> tuple[int | None, int] | None:
        hand = match.hand
        if hand is None or hand.pending is None or hand.pending.call != DOBRO:
            return None
        return self.ladder[hand.pending.level], hand.stake

    def world_pending_level(self, view: SeatView) -> int:
        if view.pending_call == DOBRO:
            return len(self.ladder) - 1
        return super().world_pending_level(view)


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.VARIANTS, TOY, f"{__name__}:ToyRules")
    registry.rules_class.cache_clear()
    registry._cached.cache_clear()
    yield
    registry.rules_class.cache_clear()
    registry._cached.cache_clear()


def test_the_registry_finds_it() -> None:
    assert registry.find_variant("Brinquedo") == TOY
    assert registry.rules_for(TOY).target_score() == 6
    assert TOY in registry.available_variants()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_the_machine_plays_it_with_bots_and_renders_every_event(players: int,
                                                                level: str) -> None:
    rng = random.Random(players * 100 + len(level))
    table = Table(TOY, players)
    for seat in range(players):
        fire(table, "add_bot", seat, f"Bot {seat}")
    events = fire(table, "start", rng=rng)
    names = [f"Bot {s}" for s in range(players)]
    lines: list[str] = []
    stakes: set[int] = set()
    for _ in range(2000):
        for seat in range(players):
            lines += render_all(events, Viewer(table.rules, players, names, seat), "pt_BR")
        if table.state == "finished":
            break
        if table.state == "scoring":
            events = fire(table, "next_hand", rng=rng)
            continue
        match = table.match
        assert match is not None
        seat = table.rules.to_act(match)
        assert seat is not None
        view = seat_view(table.rules, match, seat)
        assert all(action_label(a, view, table.rules, "en") for a in view.legal)
        action = real_action(match, seat, decide(table.rules, view, level, rng))
        events = fire(table, "move", seat, action, table.seq, rng=rng)
        assert match.hand is not None
        stakes.add(match.hand.stake)
        # a stored toy game reads back exactly
        assert Table.from_dict(table.to_dict()).to_dict() == table.to_dict()
        assert match_to_dict(match_from_dict(match_to_dict(match))) == match_to_dict(match)
    assert table.state == "finished"
    assert table.match is not None and table.match.winner is not None
    assert max(table.match.score) >= 6
    assert stakes <= {1, 2, 4}
    assert lines and not any("{" in line for line in lines)
    assert any(isinstance(e, GameWon) for e in events)


def _played(levels: list[str], seed: int) -> list[tuple[int, list[E.Event]]]:
    """One game through the machine, a level per seat: each move's seat and events. A seat
    of the level "doubler" calls dobro whenever it may, and otherwise plays at random."""
    rng = random.Random(seed)
    table = Table(TOY, len(levels))
    for seat in range(len(levels)):
        fire(table, "add_bot", seat, f"Bot {seat}")
    fire(table, "start", rng=rng)
    moves: list[tuple[int, list[E.Event]]] = []
    while table.state != "finished":
        if table.state == "scoring":
            fire(table, "next_hand", rng=rng)
            continue
        match = table.match
        assert match is not None
        seat = table.rules.to_act(match)
        assert seat is not None
        view = seat_view(table.rules, match, seat)
        if levels[seat] == "doubler":
            choice = _DOBRO if _DOBRO in view.legal else decide(table.rules, view, "random", rng)
        else:
            choice = decide(table.rules, view, levels[seat], rng)
        action = real_action(match, seat, choice)
        moves.append((seat, list(fire(table, "move", seat, action, table.seq, rng=rng))))
    return moves


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_bot_answers_its_own_call_and_every_language_says_it(level: str) -> None:
    """One seat calls dobro whenever it may; the bot across answers it as the raise its
    rules say it is, and every viewer reads the call and the answer in each language."""
    moves = _played(["doubler", level], seed=11)
    rules = registry.rules_for(TOY)
    answers = [e for seat, events in moves if seat == 1 for e in events
               if isinstance(e, E.CallAnswered) and e.call == DOBRO]
    assert answers  # the bot met the call, and its answer was legal
    assert {e.value for e in answers if e.accepted} <= {4}
    made = next(e for _seat, events in moves for e in events
                if isinstance(e, E.CallMade) and e.call == DOBRO)
    english = {render(made, Viewer(rules, 2, ["Ana", "Bia"], s), "en") for s in (0, 1)}
    assert english == {"You call double!", "Ana calls double!"}
    for locale in LOCALES:
        for seat in (0, 1):
            viewer = Viewer(rules, 2, ["Ana", "Bia"], seat)
            line = render(made, viewer, locale)
            assert line and "{" not in line
            assert locale == "en" or line not in english  # translated, not the English
            assert render(answers[0], viewer, locale)
    # the hard bot's record of the table counts the call as a raise, because the rules say so
    calls = [e.call for _seat, events in moves for e in events
             if isinstance(e, E.CallMade) and e.seat == 0]
    reads = TableReads(2)
    reads.feed(rules, [e for _seat, events in moves for e in events])
    assert calls.count(DOBRO) == len(answers) > 0
    assert reads.seats[0].raises == sum(call in ("truco", "raise", DOBRO) for call in calls)
    assert reads.seats[1].accepts + reads.seats[1].runs >= len(answers)


def _dealt() -> tuple[ToyRules, BrazilMatch]:
    """A fresh hand of the toy, seat 0 to act with nothing called."""
    rules = registry.rules_for(TOY)
    assert isinstance(rules, ToyRules)
    match = rules.new_match(2, dealer=1)
    rules.deal(match, random.Random(5))
    assert rules.to_act(match) == 0 and _DOBRO in rules.legal(match, 0)
    return rules, match


def test_its_own_refusal_is_said_in_every_language() -> None:
    rules, match = _dealt()
    rules.apply(match, 0, Action(Kind.TRUCO))
    rules.apply(match, 1, Action(Kind.ACCEPT))
    hand = match.hand
    assert hand is not None and hand.stake == 2
    card: Card = hand.cards[0][0]
    rules.apply(match, 0, Action(Kind.PLAY, card))  # seat 1 now, the truco accepted
    assert _DOBRO not in rules.legal(match, 1)
    error = rules.check(match, 1, _DOBRO)
    assert error is not None and error.reason == "dobro-after-raise"
    with pytest.raises(IllegalAction):
        rules.apply(match, 1, _DOBRO)
    assert explain(error, "en", rules) == (
        "seat 1 cannot call double: the hand was already raised")
    said = {locale: explain_to_player(error, Viewer(rules, 2, ["Ana", "Bia"], 1), locale, match)
            for locale in LOCALES}
    assert said["en"] == "You cannot call double: this hand was already raised."
    assert len(set(said.values())) == len(LOCALES)  # each language its own sentence
    # a shared reason names the call in the game's own words
    _rules, waiting = _dealt()
    rules.apply(waiting, 0, _DOBRO)
    assert waiting.hand is not None
    must = rules.check(waiting, 1, Action(Kind.PLAY, waiting.hand.cards[1][0]))
    assert must is not None and must.reason == "must-answer"
    viewer = Viewer(rules, 2, ["Ana", "Bia"], 1)
    assert explain_to_player(must, viewer, "en", waiting) == "First answer “Double!”."
    assert explain_to_player(must, viewer, "pt_BR", waiting) == "Primeiro responda ao “Dobro!”."


def test_its_buttons_say_what_the_answers_are_worth() -> None:
    rules, match = _dealt()
    view = seat_view(rules, match, 0)
    assert action_label(_DOBRO, view, rules, "en") == "Double!"
    assert action_label(_DOBRO, view, rules, "pt_BR") == "Dobro!"
    rules.apply(match, 0, _DOBRO)
    answering = seat_view(rules, match, 1)
    labels = [action_label(a, answering, rules, "en") for a in answering.legal]
    assert len(labels) == 2 and "4" in labels[0] and "1" in labels[1]  # accept, run


def test_the_terminal_game_plays_it_to_the_end() -> None:
    out: list[str] = []

    def pick(prompt: str) -> str:
        """The toy's own call whenever the menu offers it, else the first move."""
        for line in reversed(out):
            found = re.match(r"\s+(\d+)\) (.*)$", line)
            if found is None:
                break
            if found.group(2) == "Double!":
                return found.group(1)
        return "1"

    code = console.main([TOY, "--seed", "3", "--level", "normal"], input_fn=pick,
                        output=out.append)
    assert code == 0
    called = [i for i, line in enumerate(out) if line == "You call double!"]
    assert called
    assert all(out[i + 1] in ("Bot 1 runs.", "Bot 1 accepts: the hand is worth 4 points.")
               for i in called)  # the bot answers at once, as the event lines say
    assert out[-1].startswith("Game over:")
