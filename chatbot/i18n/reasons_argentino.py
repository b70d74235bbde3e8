"""Why an Argentine truco move was refused: envido windows, flor duties (rules.md §3.5-3.6)."""

from __future__ import annotations

from chatbot.i18n.reasons import N_

REASONS: dict[str, str] = {
    "flor-first": N_("seat {seat} holds a flor and must announce it first"),
    "flor-no-contest": N_("seat {seat} cannot call {call}: there is no opposing flor to "
                          "answer, just announce the flor"),
    "flor-announced": N_("seat {seat} has already announced its flor"),
    "no-flor": N_("seat {seat} cannot sing flor: it does not hold three cards of one suit"),
    "envido-no-raise": N_("seat {seat} cannot answer with {call} after {chain}"),
    "envido-after-flor": N_("seat {seat} cannot call {call}: a flor was announced and "
                            "there is no envido in this hand"),
    "envido-sung": N_("seat {seat} cannot call {call}: the envido has already been sung "
                      "in this hand"),
    "envido-first-trick": N_("seat {seat} cannot call {call}: the envido is only sung in "
                             "the first trick"),
    "envido-after-truco": N_("seat {seat} cannot call {call}: the truco has already been "
                             "accepted"),
    "envido-after-card": N_("seat {seat} cannot call {call}: the envido is sung before "
                            "playing one's first card"),
}
