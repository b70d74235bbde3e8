"""Why a seña is refused (``TrickRules.check_sena``, issue 12), merged into reasons.py.

The glossary's word for a seña is "signal" (pt_BR «sinal», fa «علامت», ur «اشارہ»,
bn «ইশারা»); the seña's own name (``{sena}``) is the game's code, as the runner says
every code.
"""

from __future__ import annotations

from chatbot.i18n.reasons import N_

REASONS: dict[str, str] = {
    "senas-off": N_("seat {seat} cannot make a signal: this table plays without signals"),
    "sena-hand-over": N_("seat {seat} cannot make a signal: no hand is being played"),
    "sena-unknown": N_("seat {seat} cannot make the signal {sena}: this game has no such "
                       "signal"),
    "sena-no-cards": N_("seat {seat} cannot make a signal: it has no card left"),
    "sena-repeated": N_("seat {seat} has already made the signal {sena} in this hand"),
    "sena-limit": N_("seat {seat} has already made as many signals as a hand allows"),
}
