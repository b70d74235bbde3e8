"""A refused raise is told in the words of its variant: Le Truc's governor refuses
("Refuse", pt «Recuso»), an Argentine player declines ("No quiero", bn «রাজি নই», never
«পালাল»), the Brazilian tables run («Corro!»): the rules name the answer (``refuse_call``)
and the texts look the words up, on the button, in the log and in the hints (issue 36)."""

from __future__ import annotations

import random

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.hints import hint_line
from chatbot.i18n.render import REFUSAL_LINES, Viewer, action_label, render_all
from chatbot.i18n.terms import ANSWER_TERMS
from chatbot.rules import actions as A
from chatbot.rules.events import CallAnswered
from chatbot.rules.registry import available_variants, rules_class
from chatbot.rules.views import SeatView, seat_view
from tests.i18n.test_recorded_games import NAMES

# The run button facing one opponent, and the log lines of a refusal (own, another's).
WORDS = {
    "le-truc": {
        "en": ("Refuse: they score 1 point", "You refuse.", "Bia refuses."),
        "pt_BR": ("Recuso (o adversário marca 1 ponto)", "Você recusou.", "Bia recusou."),
        "fa": ("قبول نمی‌کنم! (حریف ۱ امتیاز می‌گیرد)", "شما قبول نکردید.", "Bia قبول نکرد."),
    },
    "argentino": {
        "en": ("No quiero: they score 1 point", "You decline.", "Bia declines."),
        "pt_BR": ("Não quero (o adversário marca 1 ponto)", "Você não quis.", "Bia não quis."),
        "ur": ("منظور نہیں! (مخالف کو 1 پوائنٹ)", "آپ نے منظور نہیں کیا۔",
               "Bia نے منظور نہیں کیا۔"),
        "bn": ("রাজি নই (প্রতিপক্ষ পাবে ১ পয়েন্ট)", "আপনি রাজি নন।", "Bia রাজি নয়।"),
    },
    "paulista": {
        "en": ("Run: they score 1 point", "You run.", "Bia runs."),
        "pt_BR": ("Corro! (o adversário marca 1 ponto)", "Você correu.", "Bia correu."),
    },
}


def _raised(variant: str, call: A.Kind) -> tuple[Table, SeatView]:
    """A game of two where the first player to act has just called ``call``."""
    table = Table(variant, 2)
    for seat in range(2):
        fire(table, "add_bot", seat, NAMES[seat])
    fire(table, "start", rng=random.Random(1))
    match = table.match
    assert match is not None
    seat = table.rules.to_act(match)
    assert seat is not None
    fire(table, "move", seat, A.Action(call))
    answerer = table.rules.to_act(match)
    assert answerer is not None and answerer != seat
    return table, seat_view(table.rules, match, answerer)


@pytest.mark.parametrize(("variant", "locale"), [
    (variant, locale) for variant, words in WORDS.items() for locale in words])
def test_the_refusal_is_said_in_the_words_of_the_variant(variant: str, locale: str) -> None:
    button, own, other = WORDS[variant][locale]
    call = A.RAISE if variant == "le-truc" else A.TRUCO
    table, view = _raised(variant, call)
    assert terminal_text(action_label(A.Action(A.RUN), view, table.rules, locale)) == button
    events = fire(table, "move", view.seat, A.Action(A.RUN))
    refused = [e for e in events if isinstance(e, CallAnswered)]
    assert refused and not refused[0].accepted
    mine = Viewer(table.rules, 2, NAMES[:2], view.seat)
    theirs = Viewer(table.rules, 2, NAMES[:2], 1 - view.seat)
    assert terminal_text(render_all(refused, mine, locale)[0]) == own
    told = terminal_text(render_all(refused, theirs, locale)[0])
    assert told == other.replace("Bia", NAMES[view.seat])


@pytest.mark.parametrize("locale", ["en", "pt_BR", "fa", "ur", "bn"])
def test_refusing_mon_reste_is_a_refusal_too(locale: str) -> None:
    table, view = _raised("le-truc", A.MON_RESTE)
    events = fire(table, "move", view.seat, A.Action(A.RUN))
    mine = Viewer(table.rules, 2, NAMES[:2], view.seat)
    with_words = render_all([e for e in events if isinstance(e, CallAnswered)], mine, locale)
    plain = render_all([CallAnswered(view.seat, A.RAISE, False, None)], mine, locale)
    assert with_words == plain  # the same words as a refused "Two more?"
    if locale == "pt_BR":
        assert with_words == ["Você recusou."]


def test_the_hints_to_refuse_use_the_variant_s_word() -> None:
    for variant, word in (("le-truc", "Recuse: "), ("paulista", "Corra: ")):
        table, view = _raised(variant, A.RAISE if variant == "le-truc" else A.TRUCO)
        line = hint_line(A.Action(A.RUN), "hopeless-run", view, table.rules, "pt_BR")
        assert line.startswith(word), line
    table, view = _raised("argentino", A.TRUCO)
    for locale, word in (("en", "Decline: "), ("ur", "منظور نہ کریں: ")):
        line = hint_line(A.Action(A.RUN), "hopeless-run", view, table.rules, locale)
        assert line.startswith(word), line  # the Argentine button is "No quiero", not "Run"
    table, view = _raised("le-truc", A.RAISE)
    accept = hint_line(A.Action(A.ACCEPT), "worth-the-risk-accept", view, table.rules, "en")
    assert accept == "Accept: refusing costs more than the risk of playing on."


@pytest.mark.parametrize("variant", available_variants())
def test_every_variant_names_a_refusal_the_texts_know(variant: str) -> None:
    rules = rules_class(variant)({})
    assert rules.refuse_call in ANSWER_TERMS
    assert rules.accept_call in ANSWER_TERMS and rules.fold_call in ANSWER_TERMS
    assert rules.refuse_call in REFUSAL_LINES  # the log's words for a refusal
