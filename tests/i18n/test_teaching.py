"""Every screen teaches: the manilhas in rank order, the hand sorted, the stakes of each answer,
the hand that decides the game, and when envido points reach the score (issue 15)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.i18n.context import use_locale
from chatbot.i18n.envido_sung import singing, with_sung
from chatbot.i18n.render import Viewer, action_label, render_all, view_lines
from chatbot.i18n.sentence_checks import FULL_STOP
from chatbot.i18n.table_text import inline_said, table_text
from chatbot.i18n.teaching import MANILHA_MARK, in_rank_order, manilhas_line, ranked_cards
from chatbot.rules import actions as A
from chatbot.rules import events as E
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.registry import rules_class
from chatbot.rules.state import Hand, Special
from chatbot.rules.views import seat_view
from tests.i18n.test_recorded_games import CONFIGS, NAMES, lines


def rules_of(variant: str, **options: object) -> TrickRules:
    return rules_class(variant)(dict(options))


def test_paulista_manilhas_come_from_the_vira_in_rank_order() -> None:
    rules = rules_of("paulista")
    assert rules.manilhas(Card(6, "D")) == (Card(7, "C"), Card(7, "H"), Card(7, "S"),
                                           Card(7, "D"))
    assert rules.manilhas(Card(3, "S"))[0] == Card(4, "C")  # after the 3 comes the 4 again
    with use_locale("en"):
        assert manilhas_line(rules, Card(6, "D")) == (
            f"Manilhas ({MANILHA_MARK}), highest first: 7♣ 7♥ 7♠ 7♦")


def test_mineiro_names_its_four_fixed_manilhas() -> None:
    rules = rules_of("mineiro")
    assert rules.manilhas(None) == (Card(4, "C"), Card(7, "H"), Card(1, "S"), Card(7, "D"))
    with use_locale("en"):
        assert manilhas_line(rules, None) == (
            f"Manilhas ({MANILHA_MARK}), highest first: 4♣ 7♥ A♠ 7♦")
    assert manilhas_line(rules_of("argentino"), None) is None  # no manilhas there


def test_a_hand_is_shown_strongest_first_with_its_manilhas_marked() -> None:
    rules = rules_of("paulista")
    with use_locale("en"):
        shown = ranked_cards(rules, [Card(4, "H"), Card(7, "S"), Card(3, "H")], Card(6, "D"))
    assert shown == f"7♠{MANILHA_MARK} 3♥ 4♥"


def test_the_deal_line_names_the_manilhas_and_sorts_the_cards_in_every_language() -> None:
    config = next(c for c in CONFIGS if c.label() == "paulista/2p/deck=dirty")
    english = [line for _, seat, line in lines(config, "en") if seat == 0]
    deals = [line for line in english if line.startswith("Hand ")]
    assert deals and all("Manilhas (★), highest first:" in line for line in deals)
    for locale in ("pt_BR", "fa", "ur", "bn"):
        deals = [line for event, seat, line in lines(config, locale)
                 if seat is None and isinstance(event, E.HandStarted)]
        assert deals and all(line.count("★") == 1 for line in deals), locale


@pytest.mark.parametrize("locale", ["en", "pt_BR", "fa", "ur", "bn"])
@pytest.mark.parametrize("special", [Special.ELEVEN, Special.IRON])
def test_the_manilha_list_ends_its_sentence_so_no_sentence_runs_on_from_it(
        locale: str, special: Special) -> None:
    # A bare list has no full stop of its own: a sentence after it read "… 4♦ This is a
    # hand of eleven." as one run-on sentence. On the deal's line it ends with the
    # language's full stop, and the special hand's sentence follows it.
    rules = rules_of("paulista")
    viewer = Viewer(rules, 2, ("Ana", "Bot 1"), 0)
    event = E.HandStarted(12, 1, Card(3, "C"), special, 3)
    line = render_all([event], viewer, locale)[0]
    with use_locale(locale):
        manilhas = manilhas_line(rules, Card(3, "C"), sentence=True)
    assert manilhas is not None and manilhas + " " in line, line
    assert manilhas.endswith(FULL_STOP[locale]), manilhas


def _table_at_first_move(variant: str, players: int, seed: int) -> Table:
    table = Table(variant, players)
    for seat in range(players):
        fire(table, "add_bot", seat, NAMES[seat])
    fire(table, "start", rng=random.Random(seed))
    return table


def test_answer_buttons_carry_their_stakes() -> None:
    table = _table_at_first_move("paulista", 2, 1)
    match = table.match
    assert match is not None
    rules = table.rules
    seat = rules.to_act(match)
    assert seat is not None
    fire(table, "move", seat, A.Action(A.TRUCO))
    answerer = rules.to_act(match)
    assert answerer is not None
    view = seat_view(rules, match, answerer)
    labels = {a.kind: action_label(a, view, rules, "en") for a in view.legal}
    assert labels[A.ACCEPT] == "Accept: play for 3 points"
    assert labels[A.RUN] == "Run: they score 1 point"
    assert labels[A.RAISE] == "Six!"
    pt = {a.kind: action_label(a, view, rules, "pt_BR") for a in view.legal}
    assert pt[A.RUN] == "Corro! (o adversário marca 1 ponto)"  # one opponent: not «eles»
    four = replace(view, players=4)
    assert action_label(A.Action(A.RUN), four, rules, "pt_BR") == (
        "Corro! (os adversários marcam 1 ponto)")


def test_hand_of_eleven_choice_says_both_outcomes() -> None:
    rules = rules_of("paulista")
    view = type("V", (), {"players": 4})()  # the eleven labels need only the table's size
    labels = [action_label(A.Action(kind), view, rules, "en")  # type: ignore[arg-type]
              for kind in (A.ELEVEN_PLAY, A.ELEVEN_RUN)]
    assert labels == ["Play this hand for 3 points", "Run: give them 1 point"]
    mineiro = [action_label(A.Action(kind), view, rules_of("mineiro"), "en")  # type: ignore[arg-type]
               for kind in (A.ELEVEN_PLAY, A.ELEVEN_RUN)]
    assert mineiro == ["Play this hand for 4 points", "Run: give them 2 points"]


@pytest.mark.parametrize(("variant", "special", "extras"), [
    ("paulista", "iron", {}), ("mineiro", "iron", {}), ("le-truc", None, {"mon_reste": True}),
    ("put", None, {"seen": True})])
def test_the_rules_say_which_hand_decides_the_game(variant: str, special: str | None,
                                                   extras: dict[str, object]) -> None:
    """An iron hand, an accepted mon reste, a seen put: asked of the rules, not of a name."""
    rules = rules_of(variant)
    plain = Hand(dealer=0, mano=1, cards=[[], []], dealt=[(), ()], x=rules.extras())
    decided = Hand(dealer=0, mano=1, cards=[[], []], dealt=[(), ()], special=special,
                   x=rules.extras(**extras))
    assert rules.decides_game(decided) and not rules.decides_game(plain)


def test_view_lines_say_the_game_is_decided_in_an_iron_hand() -> None:
    table = _table_at_first_move("paulista", 2, 3)
    match = table.match
    assert match is not None and match.hand is not None
    match.hand.special = "iron"
    view = seat_view(table.rules, match, 0)
    text = view_lines(view, Viewer(table.rules, 2, NAMES[:2], 0), "en")
    assert "This hand decides the game." in text
    assert not any("is worth" in line for line in text)
    assert "This hand decides the game." in table_text(table, [], "en")


def test_envido_line_says_when_its_points_reach_the_score() -> None:
    config = next(c for c in CONFIGS if c.label() == "argentino/2p")
    scored = [line for event, seat, line in lines(config, "en")
              if seat is None and isinstance(event, E.CallScored) and event.points]
    assert scored and all(line.endswith(
        "The points are added to the score when the hand ends.") for line in scored)
    at_once = rules_of("argentino", envido_immediate=True)
    viewer = Viewer(at_once, 2, NAMES[:2], None)
    line = render_all([E.CallScored(A.ENVIDO, 0, 2, 31)], viewer, "en")
    assert line == ["Ana wins the envido with 31: 2 points."]


def test_a_side_of_two_takes_a_plural_verb_and_the_score_a_separator() -> None:
    config = next(c for c in CONFIGS if c.label() == "paulista/4p/deck=dirty")
    english = [line for _, seat, line in lines(config, "en") if seat is None]
    won = [line for line in english if " the hand: " in line]
    assert won and all(" win the hand" in line for line in won)
    assert all(" · " in line and "Score: Ana and Caio: " in line for line in won)


def test_the_own_turn_reads_your_turn() -> None:
    config = next(c for c in CONFIGS if c.label() == "paulista/2p/deck=dirty")
    own = [line for event, seat, line in lines(config, "en")
           if isinstance(event, E.TurnStarted) and event.seat == seat]
    assert own and set(own) <= {"Your turn.", "You must answer."}
    mine = [line for event, seat, line in lines(config, "en")
            if isinstance(event, E.CardPlayed) and event.seat == seat and event.card]
    assert mine and all(line.startswith("You played ") for line in mine)


def test_inline_message_names_the_card_but_never_a_hidden_one() -> None:
    table = _table_at_first_move("paulista", 2, 5)
    match = table.match
    assert match is not None
    rules = table.rules
    seat = rules.to_act(match)
    assert seat is not None
    view = seat_view(rules, match, seat)
    play = next(a for a in view.legal if a.kind == A.PLAY)
    assert play.card is not None
    said = inline_said(table, seat, play, "en")
    from chatbot.i18n.cards import card_label
    assert said == f"{NAMES[seat]} plays {card_label(play.card, rules.family, 'en')}"
    truco = next(a for a in view.legal if a.kind == A.TRUCO)
    assert inline_said(table, seat, truco, "en") == f"{NAMES[seat]}: Truco! For 3 points."
    hidden = A.Action(A.PLAY_HIDDEN, play.card)
    assert inline_said(table, seat, hidden, "en") == f"{NAMES[seat]} plays a card face down."
    assert match.hand is not None
    match.hand.special = "iron"  # a blind hand: the face is not known, not even to its owner
    assert inline_said(table, seat, play, "en") == f"{NAMES[seat]} plays a card."


def test_menus_can_list_the_cards_strongest_first() -> None:
    """For the terminal's numbered list (console calls teaching.in_rank_order)."""
    rules = rules_of("paulista")
    legal = [A.Action(A.PLAY, Card(4, "H")), A.Action(A.PLAY, Card(7, "S")),
             A.Action(A.PLAY, Card(3, "H")), A.Action(A.TRUCO)]
    ordered = in_rank_order(legal, rules, Card(6, "D"))
    assert [a.card for a in ordered] == [Card(7, "S"), Card(3, "H"), Card(4, "H"), None]
    assert in_rank_order(legal, rules, None) == legal  # the order is unknown without the vira


def test_envido_counts_are_sung_from_the_mano_and_a_beaten_count_says_son_buenas() -> None:
    """§3.5.5: the mano sings; the other side sings only a count that beats it, else
    "son buenas"; a side ahead stays silent. The winner of the sung line is the winner
    the rules scored."""
    assert singing([27, 31], [0, 1], {0: 0, 1: 1}) == ((0, 27), (1, 31))
    assert singing([31, 27], [0, 1], {0: 0, 1: 1}) == ((0, 31), (1, None))
    assert singing([30, 30], [0, 1], {0: 0, 1: 1}) == ((0, 30), (1, None))  # tie: the mano
    teams = {0: 0, 1: 1, 2: 0, 3: 1}
    assert singing([27, 25, 20, 31], [0, 1, 2, 3], teams) == (
        (0, 27), (1, None), (3, 31), (2, None))
    assert singing([27, 25, 33, 31], [0, 1, 2, 3], teams) == (
        (0, 27), (1, None), (3, 31), (2, 33))


@pytest.mark.parametrize("seed", range(12))
def test_an_accepted_envido_shows_what_was_sung_and_hides_what_was_not(seed: int) -> None:
    rng = random.Random(seed)
    table = Table("argentino", 2, {})
    for seat in range(2):
        fire(table, "add_bot", seat, NAMES[seat])
    fire(table, "start", rng=rng)
    match = table.match
    assert match is not None and match.hand is not None
    rules = table.rules
    mano = rules.to_act(match)
    assert mano is not None
    fire(table, "move", mano, Action(A.ENVIDO))
    events = fire(table, "move", 1 - mano, Action(A.ACCEPT))
    counts = match.hand.x.envido_counts
    scored = next(e for e in events if isinstance(e, E.CallScored))
    viewer = Viewer(rules, 2, NAMES[:2], None)
    shown = render_all(with_sung(events, rules, match), viewer, "en")
    sung = next(line for line in shown if line.startswith("Envido counts: "))
    assert shown.index(sung) < shown.index(next(s for s in shown if "wins the envido" in s))
    assert f"{NAMES[mano]}: {counts[mano]}" in sung  # the mano always sings
    other = 1 - mano
    if rules.team_of(other, 2) == scored.team:
        assert f"{NAMES[other]}: {counts[other]}" in sung
    else:
        assert f"{NAMES[other]}: son buenas" in sung
        assert f"{NAMES[other]}: {counts[other]}" not in sung
    # the private text and the table message tell it too
    assert any(sung in line for line in table_text(table, events, "en").splitlines())
