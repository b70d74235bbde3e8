"""Every answer says what it plays for and what refusing gives (envido, falta, contraflor, a
put), and the lines after a call say what happened to its points (issue 36)."""

from __future__ import annotations

import itertools
import random

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.console import main
from chatbot.i18n.render import Viewer, action_label, render_all
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.cards import Card
from chatbot.rules.state import Pending
from chatbot.rules.views import seat_view
from tests.i18n.test_recorded_games import NAMES

LOCALES = ("en", "pt_BR", "fa", "ur", "bn")


def _started(variant: str, players: int = 2, seed: int = 1, **options: object) -> Table:
    table = Table(variant, players, dict(options))
    for seat in range(players):
        fire(table, "add_bot", seat, NAMES[seat])
    fire(table, "start", rng=random.Random(seed))
    return table


def _answers(table: Table, locale: str = "en") -> dict[str, str]:
    match = table.match
    assert match is not None
    seat = table.rules.to_act(match)
    assert seat is not None
    view = seat_view(table.rules, match, seat)
    return {a.kind: action_label(a, view, table.rules, locale) for a in view.legal
            if a.kind in (A.ACCEPT, A.RUN)}


def _call(table: Table, *calls: str) -> None:
    match = table.match
    assert match is not None
    for call in calls:
        seat = table.rules.to_act(match)
        assert seat is not None
        fire(table, "move", seat, Action(call))


@pytest.mark.parametrize(("calls", "accept", "refuse"), [
    ((A.ENVIDO,), "Quiero: the envido for 2 points", "No quiero: they score 1 point"),
    ((A.ENVIDO, A.ENVIDO), "Quiero: the envido for 4 points", "No quiero: they score 2 points"),
    ((A.REAL_ENVIDO,), "Quiero: the envido for 3 points", "No quiero: they score 1 point"),
    ((A.ENVIDO, A.REAL_ENVIDO), "Quiero: the envido for 5 points",
     "No quiero: they score 2 points"),
    # at 0 to 0 the falta is the whole target: whoever wins it wins the game
    ((A.FALTA_ENVIDO,), "Quiero: the envido for the game", "No quiero: they score 1 point"),
    ((A.ENVIDO, A.FALTA_ENVIDO), "Quiero: the envido for the game",
     "No quiero: they score 2 points"),
])
def test_envido_answers_say_what_they_play_for(calls: tuple[str, ...], accept: str,
                                               refuse: str) -> None:
    table = _started("argentino")
    _call(table, *calls)
    assert _answers(table) == {A.ACCEPT: accept, A.RUN: refuse}


def test_a_falta_behind_on_the_score_plays_for_what_the_leader_needs() -> None:
    table = _started("argentino")
    assert table.match is not None
    table.match.score = [0, 2]
    _call(table, A.FALTA_ENVIDO)
    assert _answers(table)[A.ACCEPT] == "Quiero: the envido for 28 points"


@pytest.mark.parametrize(("call", "accept"), [
    (A.CONTRAFLOR, "Quiero: the flor for 6 points"),
    (A.CONTRAFLOR_AL_RESTO, "Quiero: the flor for the game"),
])
def test_contraflor_answers_say_what_they_play_for(call: str, accept: str) -> None:
    table = _started("argentino", flor="contraflor")
    match = table.match
    assert match is not None and match.hand is not None
    match.hand.x.owed = []  # nobody owes a flor: the contest alone is on the table
    match.hand.pending = Pending(call, 0, 1, 1)
    view = seat_view(table.rules, match, 1)
    labels = [action_label(Action(kind), view, table.rules, "en") for kind in (A.ACCEPT, A.RUN)]
    assert labels == [accept, "No quiero: they score 4 points"]


def test_put_answers_say_what_they_play_for() -> None:
    table = _started("put")
    _call(table, A.PUT)
    assert _answers(table) == {A.ACCEPT: "See: play for the game",
                               A.RUN: "Throw in: they score 1 point"}
    three = _started("put", players=3)
    _call(three, A.PUT)
    assert _answers(three)[A.RUN] == "Throw in: leave this hand"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_language_names_the_stakes_of_an_envido(locale: str) -> None:
    table = _started("argentino")
    _call(table, A.ENVIDO, A.ENVIDO)
    answers = _answers(table, locale)
    digits = {"fa": "۴", "bn": "৪"}.get(locale, "4")
    assert digits in answers[A.ACCEPT] and answers[A.ACCEPT] != answers[A.RUN]


def test_a_game_ended_by_the_envido_says_so_not_wins_the_hand() -> None:
    rules = _started("argentino", envido_immediate=True, target=15).rules
    viewer = Viewer(rules, 2, NAMES[:2], 0)
    line = render_all([E.HandWon(1, (0, 13), (0, 15), "envido")], viewer, "en")
    assert line == [f"The envido ends the game: 13 points to {NAMES[1]}. "
                    f"Score: {NAMES[0]}: 0 · {NAMES[1]}: 15"]
    mine = render_all([E.HandWon(0, (3, 0), (15, 4), "flor")], viewer, "en")
    assert mine[0].startswith("The flor ends the game: 3 points to you.")


def test_the_terminal_says_the_envido_ended_the_game() -> None:
    """The reviewer's table (--target 15 --envido immediate), fed 1s: the falta accepted ends
    the game, and its last lines say it was the envido."""
    out: list[str] = []
    feed = itertools.repeat("1")
    main(["argentino", "--target", "15", "--envido", "immediate", "--seed", "1",
          "--level", "aggressive"], input_fn=lambda _prompt: next(feed), output=out.append)
    assert "  1) Quiero: the envido for 13 points" in out  # 15 - 2: what the leader needs
    ended = next(line for line in out if "ends the game" in line)
    assert ended.startswith("The envido ends the game: 13 points to Bot 1.")
    assert not any("wins the hand" in line for line in out[out.index(ended) - 1:])


def test_an_envido_a_flor_voids_says_the_flor_cancelled_it() -> None:
    """Decision 16: a flor announced after an envido was settled voids it, so the line that
    takes its points away names the flor, not "nobody scores" after a winner was told."""
    rules = _started("argentino", players=4, flor="basic").rules
    viewer = Viewer(rules, 4, NAMES[:4], None)
    lines = render_all([E.CallScored(A.ENVIDO, 1, 2, 30), E.CallMade(3, A.FLOR),
                        E.CallScored(A.ENVIDO, None, 0)], viewer, "en")
    assert lines[-1] == "The flor cancels the envido: nobody scores it."
    for locale in LOCALES[1:]:
        line = render_all([E.CallScored(A.ENVIDO, None, 0)], viewer, locale)[0]
        assert line != lines[-1], locale


def test_meeting_a_flor_says_what_each_way_is_worth() -> None:
    """Contraflor tables: the other side's first flor chooses "con flor me achico" (the first
    side scores 4), a contraflor (the flor for 6) or al resto (at 0 to 0: for the game)."""
    table = _started("argentino", flor="contraflor")
    match = table.match
    assert match is not None and match.hand is not None
    hand = match.hand
    hand.cards = [[Card(1, "E"), Card(2, "E"), Card(3, "E")],
                  [Card(4, "O"), Card(5, "O"), Card(6, "O")]]
    hand.dealt = [tuple(cards) for cards in hand.cards]
    table.rules.setup_hand(match)  # both hold a flor now
    first = table.rules.to_act(match)
    assert first is not None
    fire(table, "move", first, Action(A.FLOR))
    fire(table, "move", first, Action(A.PLAY, hand.cards[first][0]))  # the other's turn
    view = seat_view(table.rules, match, 1 - first)
    labels = {a.kind: action_label(a, view, table.rules, "en") for a in view.legal}
    assert labels == {A.FLOR: "Flor!: they score 4 points",
                      A.CONTRAFLOR: "Contraflor!: the flor for 6 points",
                      A.CONTRAFLOR_AL_RESTO: "Contraflor al resto!: the flor for the game"}
    first_view = seat_view(table.rules, match, first)
    assert first_view.contest_stakes is None  # only the seat that chooses sees them
