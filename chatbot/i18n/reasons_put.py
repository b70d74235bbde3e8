"""Why Put refuses a move: passing, discarding, the put and throwing in (rules.md §6)."""

from __future__ import annotations

from chatbot.i18n.reasons import N_

REASONS: dict[str, str] = {
    "pass-first": N_("seat {seat} cannot {action} now: seat {passer} passes a card first"),
    "not-your-pass": N_("seat {seat} does not pass now: seat {passer} passes"),
    "partner-passed": N_("seat {seat} does not pass: seat {partner} passed for the "
                         "partnership"),
    "pass-highest": N_("seat {seat} must pass the highest card in the hand"),
    "discard-first": N_("seat {seat} cannot {action} now: the players who received a card "
                        "discard first"),
    "passer-no-discard": N_("seat {seat} passed a card and has nothing to discard"),
    "already-discarded": N_("seat {seat} has already discarded"),
    "out-of-hand": N_("seat {seat} takes no further part in this hand"),
    "passing-over": N_("seat {seat} cannot {action} now: the passing is over"),
    "no-passing": N_("seat {seat} cannot {action}: cards are passed only in the "
                     "four-player partnership game"),
    "put-once": N_("seat {seat} cannot put: there has already been a put in this hand"),
    "no-throw-in-individual": N_("seat {seat} cannot throw in: with three or more players, "
                                 "only a put can be resigned"),
    "no-throw-in-after-put": N_("seat {seat} cannot throw in: the put was seen, so the hand "
                                "is played out"),
}
