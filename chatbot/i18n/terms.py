"""The game's own words, said the way glossary.md says them in each language.

Buttons, announcements and /rules text take these words from here so that a
call is called the same everywhere. Each term is a catalog message with a
context, because many ids are ambiguous on their own: "hand" (one deal, fa
«دور», ur «بازی», bn «দান») is not "trick" (fa «دست», ur «ہاتھ», bn «পিট»), and
"Ten!" (a Mineiro raise) is not the rank "ten".

Sentences that contain a term ("{player} won the trick") are translated as a
whole by the translator, who uses the same glossary word there.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from chatbot.i18n.context import current_locale
from chatbot.i18n.translation import NP_, Msg, translate


class Term(StrEnum):
    """Every glossary term the bot can say."""

    # Raises and bets
    TRUCO = "truco"
    SEIS = "seis"
    NOVE = "nove"
    DEZ = "dez"
    DOZE = "doze"
    RETRUCO = "retruco"
    VALE_CUATRO = "vale_cuatro"
    ENVIDO = "envido"
    REAL_ENVIDO = "real_envido"
    FALTA_ENVIDO = "falta_envido"
    FLOR = "flor"
    CONTRAFLOR = "contraflor"
    TWO_MORE = "two_more"
    MON_RESTE = "mon_reste"
    # Answers and folds
    ACCEPT = "accept"
    REFUSE = "refuse"
    QUIERO = "quiero"
    NO_QUIERO = "no_quiero"
    RUN = "run"
    GO_TO_DECK = "go_to_deck"
    # Put
    PUT = "put"
    PUT_CALL = "put_call"
    PUT_SEE = "put_see"
    PUT_THROW_IN = "put_throw_in"
    # Special cards
    MANILHA = "manilha"
    VIRA = "vira"
    ZAP = "zap"
    COPAS = "copas"
    ESPADILHA = "espadilha"
    PICA_FUMO = "pica_fumo"
    # Special hands
    HAND_OF_ELEVEN = "hand_of_eleven"
    HAND_OF_TEN = "hand_of_ten"
    IRON_HAND = "iron_hand"
    # Table vocabulary
    TRICK = "trick"
    HAND = "hand"
    TIED_TRICK = "tied_trick"
    SUIT = "suit"
    TRUMP = "trump"
    DECK = "deck"
    DEALER = "dealer"
    PARTNER = "partner"
    TEAM = "team"
    OPPONENT = "opponent"
    GOVERNOR = "governor"
    ELDEST = "eldest"
    FOOT = "foot"
    POINT = "point"
    GAME = "game"


TERMS: Final[dict[Term, Msg]] = {
    # TRANSLATORS: a call said aloud at the table; keep the loanwords of glossary §1.
    Term.TRUCO: NP_("call", "Truco!"),
    Term.SEIS: NP_("call", "Six!"),
    Term.NOVE: NP_("call", "Nine!"),
    # TRANSLATORS: Truco Mineiro's third raise (Paulista says "Nine!").
    Term.DEZ: NP_("call", "Ten!"),
    Term.DOZE: NP_("call", "Twelve!"),
    # TRANSLATORS: Argentine truco, second raise (to 3 points).
    Term.RETRUCO: NP_("call", "Re-truco!"),
    # TRANSLATORS: Argentine truco, third and last raise (vale cuatro).
    Term.VALE_CUATRO: NP_("call", "Worth four!"),
    Term.ENVIDO: NP_("call", "Envido!"),
    Term.REAL_ENVIDO: NP_("call", "Real envido!"),
    Term.FALTA_ENVIDO: NP_("call", "Falta envido!"),
    Term.FLOR: NP_("call", "Flor!"),
    # TRANSLATORS: answer to a flor with a better flor; a loanword like "flor".
    Term.CONTRAFLOR: NP_("call", "Contraflor!"),
    # TRANSLATORS: Le Truc raise (deux de plus): "two more points?", not "two more people?".
    Term.TWO_MORE: NP_("call", "Two more?"),
    # TRANSLATORS: Le Truc (mon reste): play this hand for the whole game.
    Term.MON_RESTE: NP_("call", "My remainder!"),
    # TRANSLATORS: accepting a raise (Brazilian variants, Le Truc).
    Term.ACCEPT: NP_("answer", "Accept"),
    # TRANSLATORS: Le Truc: the governor refuses "Two more?" or mon reste, as its rules
    # page says it (pt «Recuso»); Brazilian truco's refusal is "Run" («Corro!»).
    Term.REFUSE: NP_("answer", "Refuse"),
    # TRANSLATORS: Argentine truco acceptance, the word "quiero" itself (pt «quero»).
    Term.QUIERO: NP_("answer", "Quiero"),
    Term.NO_QUIERO: NP_("answer", "No quiero"),
    # TRANSLATORS: to run: refuse a raise, the caller scores the previous value.
    Term.RUN: NP_("action", "Run"),
    # TRANSLATORS: Argentine "irse al mazo": give up the hand at any turn.
    Term.GO_TO_DECK: NP_("action", "Go to the deck"),
    # TRANSLATORS: the name of the English game Put (a loanword, not "to place").
    Term.PUT: NP_("game name", "Put"),
    Term.PUT_CALL: NP_("Put call", "I put"),
    Term.PUT_SEE: NP_("Put call", "See"),
    Term.PUT_THROW_IN: NP_("Put call", "Throw in"),
    # TRANSLATORS: the top trumps of Brazilian truco (four cards, not a suit).
    Term.MANILHA: NP_("card", "manilha"),
    # TRANSLATORS: Truco Paulista's turned-up card (vira).
    Term.VIRA: NP_("card", "turn-up card"),
    # TRANSLATORS: the clubs manilha, highest card (4♣ in Mineiro).
    Term.ZAP: NP_("card", "zap"),
    # TRANSLATORS: the hearts manilha, 2nd highest (pt «copas», «copeta»; 7♥ in Mineiro).
    Term.COPAS: NP_("card", "hearts manilha"),
    # TRANSLATORS: the spades manilha, 3rd highest (pt «espadilha»; A♠ in Mineiro).
    Term.ESPADILHA: NP_("card", "spades manilha"),
    # TRANSLATORS: the diamonds manilha, 4th highest (pt «pica-fumo»; 7♦ in Mineiro).
    Term.PICA_FUMO: NP_("card", "diamonds manilha"),
    # TRANSLATORS: a whole deal; keep your language's word for "hand", not "trick".
    Term.HAND_OF_ELEVEN: NP_("special hand", "hand of eleven"),
    Term.HAND_OF_TEN: NP_("special hand", "hand of ten"),
    # TRANSLATORS: mão de ferro: a hand played blind, nobody sees their cards.
    Term.IRON_HAND: NP_("special hand", "iron hand"),
    # TRANSLATORS: one trick (rodada/vaza): fa «دست», ur «ہاتھ», bn «পিট».
    Term.TRICK: NP_("term", "trick"),
    # TRANSLATORS: one whole deal of up to 3 tricks (mão): fa «دور», ur «بازی», bn «দান».
    Term.HAND: NP_("term: one deal", "hand"),
    # TRANSLATORS: a trick nobody wins (empate / parda).
    Term.TIED_TRICK: NP_("term", "tied trick"),
    Term.SUIT: NP_("term", "suit"),
    Term.TRUMP: NP_("term", "trump"),
    Term.DECK: NP_("term", "deck"),
    Term.DEALER: NP_("term", "dealer"),
    Term.PARTNER: NP_("term", "partner"),
    Term.TEAM: NP_("term", "team"),
    Term.OPPONENT: NP_("term", "opponent"),
    # TRANSLATORS: Le Truc team captain (not a state governor).
    Term.GOVERNOR: NP_("term", "governor"),
    # TRANSLATORS: the player who leads the first trick (mão / mano).
    Term.ELDEST: NP_("term", "eldest"),
    # TRANSLATORS: the player who plays last (pé / pie).
    Term.FOOT: NP_("term", "foot"),
    Term.POINT: NP_("term", "point"),
    # TRANSLATORS: a whole game/match, played to 12, 15 or 30 points.
    Term.GAME: NP_("term", "game"),
}


def term(key: Term, locale: str | None = None) -> str:
    """A glossary term in the current locale (or in ``locale``)."""
    return translate(TERMS[key], locale or current_locale())


# The special hand a side plays at this score (the rules' ``special_at``).
SPECIAL_HAND_TERMS: Final[dict[int | None, Term]] = {
    10: Term.HAND_OF_TEN, 11: Term.HAND_OF_ELEVEN}

# The spoken answers a variant declares (``accept_call``, ``refuse_call``, ``fold_call``).
ANSWER_TERMS: Final[dict[str, Term]] = {
    "accept": Term.ACCEPT, "quiero": Term.QUIERO,
    "run": Term.RUN, "no-quiero": Term.NO_QUIERO, "refuse": Term.REFUSE,
    "throw-in": Term.PUT_THROW_IN, "mazo": Term.GO_TO_DECK,
}


def special_hand_term(special_at: int | None) -> Term:
    """The name of the hand of eleven at a table whose special hand comes at ``special_at``
    (Truco Mineiro's comes at ten and is called so)."""
    return SPECIAL_HAND_TERMS.get(special_at, Term.HAND_OF_ELEVEN)
