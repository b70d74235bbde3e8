"""Why a move was refused, in words: one message per reason of IllegalAction."""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Any

from chatbot.i18n.translation import N_, translate
from chatbot.rules.base import TrickRules
from chatbot.rules.errors import IllegalAction

REASONS: dict[str, str] = {
    "unknown-action": N_("there is no action called {action}"),
    "game-over": N_("the game is over"),
    "hand-over": N_("the hand is over"),
    "hand-in-progress": N_("the hand is still being played"),
    "not-a-seat": N_("seat {seat} is not at this table"),
    "not-in-variant": N_("{action} is not part of this game"),
    "not-your-answer": N_("seat {seat} cannot answer: seat {answerer} answers the {call}"),
    "must-answer": N_("seat {seat} must first answer the {call}"),
    "nothing-to-answer": N_("seat {seat} has nothing to answer"),
    "not-your-turn": N_("seat {seat} cannot act now: it is seat {to_act}'s turn"),
    "card-not-held": N_("seat {seat} does not hold that card"),
    "no-covered-card": N_("seat {seat} cannot play a card face down at this table"),
    "no-covered-card-now": N_("seat {seat} cannot play a card face down in this trick"),
    "wrong-raise-name": N_("seat {seat} must call {expected}"),
    "no-raise-special-hand": N_("seat {seat} cannot raise: nobody raises in this hand"),
    "raise-at-top": N_("seat {seat} cannot raise: the hand is already worth the most"),
    "raise-alternation": N_("seat {seat} cannot ask for {call}: your team raised last"),
    "raise-pointless": N_("seat {seat} cannot ask for {call}: the points on offer already "
                          "win the game"),
    "not-now": N_("seat {seat} cannot {action} now"),
    "not-your-decision": N_("seat {seat} cannot decide: seat {decider} decides for the team"),
    "eleven-decision-first": N_("seat {seat} must wait: seat {decider} decides first whether "
                                "the team plays this hand"),
    "no-eleven-decision": N_("seat {seat} has nothing to decide: this is not a hand of eleven"),
}


@cache
def _all_reasons() -> dict[str, str]:
    """The shared reasons plus each variant's own: every ``reasons_*.py`` beside this
    module, found by name, so a new variant's reasons need no line here."""
    merged = dict(REASONS)
    package = import_module(__package__ or "chatbot.i18n")
    for found in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if found.name.startswith("reasons_"):
            merged.update(import_module(f"{package.__name__}.{found.name}").REASONS)
    return merged


def explain(error: IllegalAction, locale: str = "en", rules: TrickRules[Any] | None = None) -> str:
    """The reason of a refusal as a sentence; unknown reasons still say something useful.

    ``rules``, the game the move was refused in, words the reasons only it gives
    (``rules.reason_texts``), so a new game's reasons need no module here."""
    own = rules.reason_texts.get(error.reason) if rules is not None else None
    template = own.referee if own is not None else _all_reasons().get(error.reason)
    if template is None:
        return error.reason.replace("-", " ")
    try:
        return translate(template, locale, **error.params)
    except (KeyError, IndexError):
        return template
