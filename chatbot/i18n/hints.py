"""Why the hint suggests a move, in words: one message per reason code of chatbot.ai.hint.

Placeholders: ``{card}`` is the suggested card, named by the caller for the
player's locale. Messages speak to the player ("you") and stay short: they
appear in a callback alert.
"""

from __future__ import annotations

from chatbot.i18n.render import action_label
from chatbot.i18n.translation import N_, translate
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView

HINT_REASONS: dict[str, str] = {
    "win-trick-cheaply": N_("Play {card}: it wins this trick and is the cheapest card that "
                            "does."),
    "win-trick": N_("Play {card}: it wins this trick."),
    "partner-wins": N_("Play {card}: your partner already wins this trick, so keep your "
                       "good cards."),
    "cannot-win-lowest": N_("Play {card}: you cannot win this trick, so give away your "
                            "weakest card."),
    "keep-manilha": N_("Play {card} and keep your strongest card for when it decides the "
                       "hand."),
    "save-strength": N_("Play {card} and save your stronger cards for the next tricks."),
    "lead-strong": N_("Lead with {card}: a strong card now puts the pressure on."),
    "lead-probe": N_("Lead with {card}: make your opponents spend a card first."),
    "cover-card": N_("Play {card} face down: it cannot help in this trick."),
    "strong-hand-call": N_("Raise the stakes: your side is likely to win this hand."),
    "bluff-call": N_("Raise the stakes: a bluff here is more likely to pay than to cost."),
    "strong-hand-raise": N_("Raise again: your side is very likely to win this hand."),
    "likely-win-accept": N_("Accept: your side is likely to win this hand."),
    "worth-the-risk-accept": N_("Accept: running costs more than the risk of playing on."),
    "hopeless-run": N_("Run: your cards are unlikely to win this hand."),
    "protect-score-run": N_("Run: losing this raise would end the game, and your chances "
                            "are low."),
    "hopeless-fold": N_("Give up the hand: it is very unlikely to be won."),
    "eleven-play": N_("Play the hand: your side's cards are good enough."),
    "eleven-run": N_("Run from this hand: it costs less than losing it."),
    "envido-count-call": N_("Call: your envido count is good."),
    "envido-accept": N_("Accept: your count is likely to win."),
    "envido-decline": N_("Decline: your count is unlikely to win."),
    "flor-announce": N_("Announce your flor: it scores for your side."),
    "redeal-weak-hand": N_("Ask for new cards: this hand is weak."),
    "redeal-keep": N_("Keep these cards: a new deal is unlikely to be better."),
    "pass-highest": N_("Pass your highest card to your partner."),
    "discard-weakest": N_("Discard {card}: it is your weakest card."),
    "signal-partner": N_("Tell your partner which card to play."),
    "best-expected-points": N_("This move gives your side the most points on average."),
}


# The advice about a raise where the variant's table does not run: Le Truc's governor
# refuses and the Argentine table answers "no quiero" (the rules' ``refuse_call``), so
# their hints say so in the words of their buttons.
REFUSAL_HINTS: dict[str, dict[str, str]] = {
    "no-quiero": {
        "worth-the-risk-accept": N_("Accept: refusing costs more than the risk of playing "
                                    "on."),
        "hopeless-run": N_("Decline: your cards are unlikely to win this hand."),
        "protect-score-run": N_("Decline: losing this raise would end the game, and your "
                                "chances are low."),
    },
    "refuse": {
        "worth-the-risk-accept": N_("Accept: refusing costs more than the risk of playing "
                                    "on."),
        "hopeless-run": N_("Refuse: your cards are unlikely to win this hand."),
        "protect-score-run": N_("Refuse: losing this hand would end the game, and your "
                                "chances are low."),
    },
}


def hint_line(action: Action, reason: str, view: SeatView, rules: TrickRules,
              locale: str) -> str:
    """The advice as one sentence for a callback alert, naming the card to play."""
    message = (REFUSAL_HINTS.get(rules.refuse_call, {}).get(reason)
               or HINT_REASONS.get(reason, HINT_REASONS["best-expected-points"]))
    return translate(message, locale, card=action_label(action, view, rules, locale))
