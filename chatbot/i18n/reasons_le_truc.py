"""Why Le Truc refuses a move: the reasons of chatbot.rules.le_truc, merged into reasons.py."""

from __future__ import annotations

from chatbot.i18n.reasons import N_

REASONS: dict[str, str] = {
    "redeal-not-mano": N_("seat {seat} cannot ask for a redeal: only seat {mano}, the governor "
                          "of the side that did not deal, may ask"),
    "redeal-once": N_("seat {seat} cannot ask for a redeal again: it may be asked only once "
                      "per hand"),
    "redeal-too-late": N_("seat {seat} cannot ask for a redeal now: it must be the first thing "
                          "done in the hand"),
    "redeal-no-stock": N_("there are not enough cards left for a redeal: {needed} are needed "
                          "and {left} are left"),
    "no-redeal-to-answer": N_("seat {seat} has no redeal to answer"),
    "not-your-redeal-answer": N_("seat {seat} cannot answer: seat {answerer}, the dealer, "
                                 "answers the redeal"),
    "answer-redeal": N_("seat {seat} must accept or refuse the redeal"),
    "no-counter-raise": N_("seat {seat} cannot raise now: first accept or refuse"),
    "mon-reste-accepted": N_("seat {seat} cannot call now: Mon Reste was accepted, this hand "
                             "is played for the game"),
    "must-obey-highest": N_("seat {seat} must play the highest card, as the governor asked"),
    "must-obey-lowest": N_("seat {seat} must play the lowest card, as the governor asked"),
    "must-obey-rank": N_("seat {seat} must play the {rank}, as the governor asked"),
    "no-signals": N_("seat {seat} cannot give instructions: this table plays without signals"),
    "instruct-not-governor": N_("seat {seat} cannot give instructions: only a governor may"),
    "instruct-once": N_("seat {seat} has already given this hand's instruction"),
    "instruct-too-late": N_("seat {seat} cannot give an instruction: the partner has no cards "
                            "left"),
    "instruct-card-not-held": N_("seat {seat} can only name a card the partner holds"),
}
