"""A refused move told to the player: second person, names and the game's words, no codes."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from chatbot.fsm.errors import JudgedAt, Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.refusal import refusal_text
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.reasons import _all_reasons, explain
from chatbot.i18n.refusals import GENERIC, PLAYER_REASONS, SEAT_PARAMS, explain_to_player
from chatbot.i18n.render import ACTION_LABELS, Viewer
from chatbot.i18n.terms import Term, term
from chatbot.i18n.translation import translate
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.errors import IllegalAction
from chatbot.rules.le_truc import INSTRUCT_KINDS
from chatbot.rules.registry import rules_for
from chatbot.rules.state import Match

NAMES = ["Ana", "Bob", "Cleo", "Dan"]
# Codes joined by "-" ("eleven-run", "real-envido", "not-your-turn"): never for a player.
CODES = sorted(c for c in {*A.ALL_ACTIONS, *INSTRUCT_KINDS, *_all_reasons()} if "-" in c)
NUMBERED = {"redeal-no-stock"}  # the only reason that says a number
Sample = tuple[str, dict[str, Any], tuple[Term | str, ...]]  # variant, params, words expected

# One refusal per reason code, with params as chatbot/rules/* raise them; the words a
# player must read: glossary terms, or the English of a button's label.
SAMPLES: dict[str, Sample] = {
    "unknown-action": ("paulista", {"action": "jump"}, ()),
    "game-over": ("paulista", {}, ()),
    "hand-over": ("paulista", {}, ()),
    "hand-in-progress": ("paulista", {}, ()),
    "not-a-seat": ("paulista", {"seat": 7}, ()),
    "not-in-variant": ("paulista", {"seat": 0, "action": "real-envido"}, (Term.REAL_ENVIDO,)),
    "not-your-answer": ("paulista", {"seat": 0, "answerer": 1, "call": "truco"}, (Term.TRUCO,)),
    "must-answer": ("argentino", {"seat": 0, "call": "falta envido"}, (Term.FALTA_ENVIDO,)),
    "nothing-to-answer": ("paulista", {"seat": 0}, ()),
    "not-your-turn": ("paulista", {"seat": 0, "to_act": 1}, ()),
    "card-not-held": ("paulista", {"seat": 0}, ()),
    "no-covered-card": ("paulista", {"seat": 0}, ()),
    "no-covered-card-now": ("mineiro", {"seat": 0}, ()),
    "wrong-raise-name": ("paulista", {"seat": 0, "expected": "truco"}, (Term.TRUCO,)),
    "no-raise-special-hand": ("mineiro", {"seat": 0, "special": "eleven"},
                              (Term.HAND_OF_TEN,)),
    "raise-at-top": ("paulista", {"seat": 0}, ()),
    "raise-alternation": ("paulista", {"seat": 0, "call": "seis"}, (Term.SEIS,)),
    "raise-pointless": ("mineiro", {"seat": 0, "call": "dez"}, (Term.DEZ,)),
    "not-now": ("paulista", {"seat": 0, "action": "eleven-run"}, ("Run from this hand",)),
    "not-your-decision": ("paulista", {"seat": 0, "decider": 2}, ()),
    "eleven-decision-first": ("paulista", {"seat": 0, "decider": 2}, ()),
    "no-eleven-decision": ("paulista", {"seat": 0}, (Term.HAND_OF_ELEVEN,)),
    "flor-first": ("argentino", {"seat": 0}, ()),
    "flor-no-contest": ("argentino", {"seat": 0, "call": "contraflor al resto"},
                        (ACTION_LABELS[A.CONTRAFLOR_AL_RESTO],)),
    "flor-announced": ("argentino", {"seat": 0}, ()),
    "no-flor": ("argentino", {"seat": 0}, ()),
    "envido-no-raise": ("argentino", {"seat": 0, "call": "envido",
                                      "chain": "envido, real envido"},
                        (Term.ENVIDO, Term.REAL_ENVIDO)),
    "envido-after-flor": ("argentino", {"seat": 0, "call": "envido"}, (Term.ENVIDO,)),
    "envido-sung": ("argentino", {"seat": 0, "call": "real envido"}, (Term.REAL_ENVIDO,)),
    "envido-first-trick": ("argentino", {"seat": 0, "call": "falta envido"},
                           (Term.FALTA_ENVIDO,)),
    "envido-after-truco": ("argentino", {"seat": 0, "call": "envido"}, (Term.ENVIDO,)),
    "envido-after-card": ("argentino", {"seat": 0, "call": "envido"}, (Term.ENVIDO,)),
    "redeal-not-mano": ("le-truc", {"seat": 0, "mano": 1}, ()),
    "redeal-once": ("le-truc", {"seat": 0}, ()),
    "redeal-too-late": ("le-truc", {"seat": 0}, ()),
    "redeal-no-stock": ("le-truc", {"seat": 0, "needed": 12, "left": 2}, ()),
    "no-redeal-to-answer": ("le-truc", {"seat": 0}, ()),
    "not-your-redeal-answer": ("le-truc", {"seat": 0, "answerer": 3}, ()),
    "answer-redeal": ("le-truc", {"seat": 0}, ()),
    "no-counter-raise": ("le-truc", {"seat": 0}, ()),
    "mon-reste-accepted": ("le-truc", {"seat": 0}, (Term.MON_RESTE,)),
    "must-obey-highest": ("le-truc", {"seat": 0, "rank": ""}, ()),
    "must-obey-lowest": ("le-truc", {"seat": 0, "rank": ""}, ()),
    "must-obey-rank": ("le-truc", {"seat": 0, "rank": "K"}, ()),
    "no-signals": ("le-truc", {"seat": 0}, ()),
    "instruct-not-governor": ("le-truc", {"seat": 0}, ()),
    "instruct-once": ("le-truc", {"seat": 0}, ()),
    "instruct-too-late": ("le-truc", {"seat": 0}, ()),
    "instruct-card-not-held": ("le-truc", {"seat": 0}, ()),
    "pass-first": ("put", {"seat": 0, "action": "play", "passer": 1}, ()),
    "not-your-pass": ("put", {"seat": 0, "passer": 1}, ()),
    "partner-passed": ("put", {"seat": 0, "partner": 2}, ()),
    "pass-highest": ("put", {"seat": 0}, ()),
    "discard-first": ("put", {"seat": 0, "action": "play"}, ()),
    "passer-no-discard": ("put", {"seat": 0}, ()),
    "already-discarded": ("put", {"seat": 0}, ()),
    "out-of-hand": ("put", {"seat": 0}, ()),
    "passing-over": ("put", {"seat": 0, "action": "pass"}, ()),
    "no-passing": ("put", {"seat": 0, "action": "discard"}, ()),
    "put-once": ("put", {"seat": 0}, ()),
    "no-throw-in-individual": ("put", {"seat": 0}, ()),
    "no-throw-in-after-put": ("put", {"seat": 0}, ()),
    "senas-off": ("paulista", {"seat": 0}, ()),
    "sena-hand-over": ("mineiro", {"seat": 0}, ()),
    "sena-unknown": ("argentino", {"seat": 0, "sena": "zap"}, ()),
    "sena-no-cards": ("paulista", {"seat": 0}, ()),
    "sena-repeated": ("mineiro", {"seat": 0, "sena": "copas"}, ()),
    "sena-limit": ("argentino", {"seat": 0, "limit": 3}, ()),
}
# Who must be named, beyond the seat params: the partner who gave or lacks an order.
NAMED_PARTNER = {"must-obey-highest", "must-obey-lowest", "must-obey-rank",
                 "instruct-too-late", "instruct-card-not-held"}


def viewer(variant: str, seat: int | None = 0) -> Viewer:
    return Viewer(rules_for(variant), 4, NAMES, seat)


def said(word: Term | str, locale: str) -> str:
    return term(word, locale) if isinstance(word, Term) else translate(word, locale)


def assert_plain(text: str, reason: str) -> None:
    """No code, no seat number, no placeholder left: what a player should never read."""
    assert text and "{" not in text and "}" not in text, text
    lowered = text.lower()
    assert not [code for code in CODES if code in lowered], text
    assert not re.search(r"\bseat\s*\d", lowered), text
    if reason not in NUMBERED:
        assert not re.search(r"\d", text), text


def test_every_reason_has_a_player_message() -> None:
    reasons = _all_reasons()
    assert len(reasons) == 68
    assert set(reasons) <= set(PLAYER_REASONS)
    assert set(reasons) == set(SAMPLES)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("reason", sorted(SAMPLES))
def test_each_reason_reads_as_a_sentence_for_the_player(reason: str, locale: str) -> None:
    variant, params, words = SAMPLES[reason]
    text = explain_to_player(IllegalAction(reason, **params), viewer(variant), locale)
    assert_plain(text, reason)
    assert text != translate(GENERIC, locale), "a known reason deserves its own sentence"
    for key, value in params.items():
        if key in SEAT_PARAMS:
            assert NAMES[value] in text
    if reason in NAMED_PARTNER:
        assert NAMES[2] in text
    for word in words:
        assert said(word, locale) in text
    if locale != "en":
        assert text != explain_to_player(IllegalAction(reason, **params), viewer(variant), "en")


@pytest.mark.parametrize("reason", sorted(SAMPLES))
def test_without_a_table_a_shorter_sentence_still_says_why(reason: str) -> None:
    _, params, _ = SAMPLES[reason]
    text = explain_to_player(IllegalAction(reason, **params), None, "en")
    assert_plain(text, reason)


@pytest.mark.parametrize("locale", LOCALES)
def test_an_unknown_reason_gives_the_generic_sentence(locale: str) -> None:
    error = IllegalAction("brand-new-reason", seat=1, action="eleven-run")
    assert explain_to_player(error, viewer("paulista"), locale) == translate(GENERIC, locale)


def test_special_cases_have_their_own_words() -> None:
    two = Viewer(rules_for("paulista"), 2, NAMES[:2], 0)
    error = IllegalAction("raise-alternation", seat=0, call="seis")
    assert explain_to_player(error, two, "en") == "You cannot call “Six!” now: you raised last."
    assert explain_to_player(error, viewer("paulista"), "en") == (
        "You cannot call “Six!” now: your team raised last.")
    passing = IllegalAction("pass-first", seat=0, action="play", passer=0)
    assert explain_to_player(passing, viewer("put"), "en") == "First pass a card to your partner."
    redeal = IllegalAction("must-answer", seat=0, call="redeal-propose")
    assert explain_to_player(redeal, viewer("le-truc"), "en") == (
        "First accept or refuse the new deal.")
    iron = IllegalAction("no-raise-special-hand", seat=0, special="iron")
    assert "iron hand" in explain_to_player(iron, viewer("paulista"), "en")
    stock = IllegalAction("redeal-no-stock", seat=0, needed=12, left=1)
    assert explain_to_player(stock, viewer("le-truc"), "en") == (
        "Not enough cards left for a new deal: it takes 12, and 1 card is left.")
    assert "১২" in explain_to_player(stock, viewer("le-truc"), "bn")


def test_the_runner_keeps_its_own_sentences() -> None:
    """The scenario runner's explain is untouched: shared scenario tests compare it."""
    error = IllegalAction("not-your-turn", seat=1, to_act=2)
    assert explain(error) == "seat 1 cannot act now: it is seat 2's turn"


# ------------------------------------------------------------- through the real rules
def refused(variant: str, players: int, moves: str, seat: int, kind: str,
            locale: str = "en", card: bool = False) -> tuple[IllegalAction, str]:
    """Deal a hand, play ``moves`` ("0 truco; 1 accept"), and explain ``seat`` trying ``kind``."""
    rules = rules_for(variant)
    match = rules.new_match(players, players - 1)
    rules.deal(match, random.Random(7))
    for part in filter(None, (p.strip() for p in moves.split(";"))):
        who, what = part.split()
        rules.apply(match, int(who), Action(what), [])
    assert match.hand is not None
    action = Action(kind, match.hand.cards[seat][0] if card else None)
    assert action not in rules.legal(match, seat)
    error = rules.why_illegal(match, seat, action)
    return error, explain_to_player(error, Viewer(rules, players, NAMES[:players], seat),
                                    locale, match)


def on_table(match: Match | None) -> Match:
    assert match is not None
    return match


def test_not_your_turn_names_the_player_to_act() -> None:
    error, text = refused("paulista", 2, "", 1, "play", card=True)
    assert error.reason == "not-your-turn"
    assert text == "It is Ana's turn, not yours."
    assert refused("paulista", 2, "", 1, "play", "pt_BR", card=True)[1] == (
        "É a vez de Ana, não a sua.")


def test_must_answer_names_the_call() -> None:
    error, text = refused("paulista", 2, "0 truco", 1, "play", card=True)
    assert error.reason == "must-answer"
    assert text == "First answer “Truco!”."
    error, text = refused("paulista", 2, "0 truco; 1 raise", 1, "play", card=True)
    assert (error.reason, error.params["call"]) == ("not-your-answer", "raise")
    assert text == "Ana answers “Six!”, not you."
    _, text = refused("paulista", 2, "0 truco; 1 raise", 1, "play", "fa", card=True)
    assert term(Term.SEIS, "fa") in text and "Ana" in text


def test_raise_alternation_names_the_next_raise() -> None:
    error, text = refused("mineiro", 4, "0 truco; 1 accept", 0, "raise")
    assert error.reason == "raise-alternation"
    assert text == "You cannot call “Six!” now: your team raised last."
    _, text = refused("mineiro", 4, "0 truco; 1 accept", 0, "raise", "ur")
    assert term(Term.SEIS, "ur") in text


def test_an_argentine_envido_refusal() -> None:
    error, text = refused("argentino", 2, "0 truco; 1 accept", 0, "real-envido")
    assert error.reason == "envido-after-truco"
    assert text == "You cannot call “Real envido!”: the truco was already accepted."
    _, text = refused("argentino", 2, "0 truco; 1 accept", 0, "real-envido", "bn")
    assert term(Term.REAL_ENVIDO, "bn") in text
    error, text = refused("argentino", 2, "0 envido; 1 real-envido", 0, "envido")
    assert error.reason == "envido-no-raise"
    assert "“Envido!”" in text and "Real envido!" in text


def test_a_put_refusal() -> None:
    error, text = refused("put", 4, "", 1, "play", card=True)
    assert error.reason == "pass-first"
    passer = error.params["passer"]
    assert passer != 1 and text == f"Wait: {NAMES[passer]} passes a card first."


def test_a_table_refusal_in_the_terminal_game() -> None:
    """The console explains a refused move with the table's own names."""
    table = Table("paulista", 2)
    fire(table, "sit", 0, 1, "Zoe")
    fire(table, "add_bot", 1, "Robo")
    fire(table, "start", rng=random.Random(1))
    match = on_table(table.match)
    to_act = table.rules.to_act(match)
    assert to_act is not None
    other = 1 - to_act
    card = match.hand.cards[other][0] if match.hand is not None else None
    with pytest.raises(Refused) as info:
        fire(table, "move", other, Action(A.PLAY, card), seq=table.seq)
    text = refusal_text(info.value, "en", JudgedAt(table, other))
    assert text == f"It is {['Zoe', 'Robo'][to_act]}'s turn, not yours."
