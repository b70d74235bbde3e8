"""Señas in words: each signal's gesture and what it means, for lines, buttons and menus.

A seña is shown as its gesture and its meaning ("a wink (zap, 4♣)"), so a
newcomer learns the table's code while playing. Each gesture and each meaning is
one catalog entry; the sentences that carry them place them after a colon or in
brackets, where any of the five languages takes a noun phrase as it is. The emoji on a button is
the face a player would make; it is not text, so it lives here, not in a catalog.
"""

from __future__ import annotations

from collections.abc import Sequence

from chatbot.fsm.table import Table
from chatbot.i18n.cards import card_label
from chatbot.i18n.context import use_locale
from chatbot.i18n.lists import separated
from chatbot.i18n.terms import Term, term
from chatbot.i18n.translation import N_, _
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card, Family
from chatbot.rules.events import SenaMade
from chatbot.rules.senas import Sena
from chatbot.rules.state import Match

# TRANSLATORS: señas are face signals to a partner (glossary «sinais», fa «علامت», ur
# «اشارے», bn «ইশারা»). Each gesture below is a noun phrase shown after a colon.
GESTURES: dict[str, str] = {
    "zap": N_("a wink"),
    "ancho_basto": N_("a wink"),
    "copas": N_("both eyebrows raised"),
    "ancho_espada": N_("both eyebrows raised"),
    "espadilha": N_("the tongue pushed into the cheek"),
    "picafumo": N_("the tip of the tongue"),
    "siete_espada": N_("the mouth twisted to the right"),
    "siete_oro": N_("the mouth twisted to the left"),
    "tres": N_("a bitten lip"),
    "dos": N_("a kiss"),
    "ancho_falso": N_("an open mouth"),
    "flor": N_("puffed cheeks"),
    "nada": N_("closed eyes"),
}
EMOJI: dict[str, str] = {
    "zap": "😉", "ancho_basto": "😉", "copas": "🤨", "ancho_espada": "🤨",
    "espadilha": "😝", "picafumo": "😛", "siete_espada": "😏", "siete_oro": "🫤",
    "tres": "🫦", "dos": "😘", "ancho_falso": "😮", "flor": "😤", "nada": "😑",
}
# What a seña says when no card of its own names it better.
MEANINGS: dict[str, str] = {
    # TRANSLATORS: what a seña means: the signaller holds a three
    "tres": N_("a three"),
    # TRANSLATORS: what a seña means: the signaller holds a two
    "dos": N_("a two"),
    # TRANSLATORS: what a seña means: the ace of coins or of cups (anchos falsos)
    "ancho_falso": N_("a false ace"),
    # TRANSLATORS: what a seña means: three cards of one suit (Argentine flor)
    "flor": N_("a flor"),
    # TRANSLATORS: what a seña means: no strong card at all
    "nada": N_("nothing good"),
}
MANILHA_TERMS: dict[str, Term] = {
    "zap": Term.ZAP, "copas": Term.COPAS, "espadilha": Term.ESPADILHA,
    "picafumo": Term.PICA_FUMO,
}


def gesture(name: str) -> str:
    """The seña's gesture (call inside ``use_locale``)."""
    return _(GESTURES.get(name, "a wink"))


def meaning(name: str, cards: Sequence[Card], rules: TrickRules) -> str:
    """What the seña says (call inside ``use_locale``): a manilha by its name and card,
    one card by its face, else its own words."""
    faces = separated(card_label(card, rules.family) for card in cards)
    if name in MANILHA_TERMS and cards:
        # TRANSLATORS: a manilha named by a seña, then its card: "zap, 4♣"
        return _("{name}, {cards}", name=term(MANILHA_TERMS[name]), cards=faces)
    if name in MEANINGS:
        return _(MEANINGS[name])
    return faces


def sena_phrase(name: str, cards: Sequence[Card], rules: TrickRules) -> str:
    """``a wink (zap, 4♣)`` (call inside ``use_locale``)."""
    # TRANSLATORS: a seña: its gesture, then what it means in brackets
    return _("{gesture} ({meaning})", gesture=gesture(name),
             meaning=meaning(name, cards, rules))


def sena_button(sena: Sena, rules: TrickRules, locale: str) -> str:
    """A menu's button: the face, then the gesture and its meaning. The same few words
    are drawn for every view of a hand (the web table's pages), so each is kept once
    worded: it depends on the seña, its cards, the deck's family and the language."""
    key = (sena.name, tuple(sena.cards), rules.family, locale)
    found = _BUTTONS.get(key)
    if found is None:
        with use_locale(locale):
            found = f"{EMOJI.get(sena.name, '🤫')} {sena_phrase(sena.name, sena.cards, rules)}"
        if len(_BUTTONS) < BUTTONS_KEPT:
            _BUTTONS[key] = found
    return found


BUTTONS_KEPT = 4096
_BUTTONS: dict[tuple[str, tuple[Card, ...], Family, str], str] = {}


def made_line(seat: int, signaller: str, viewer_seat: int | None, name: str,
              cards: Sequence[Card], rules: TrickRules) -> str:
    """The line a seña's team reads (call inside ``use_locale``)."""
    phrase = sena_phrase(name, cards, rules)
    if viewer_seat == seat:
        return _("You signal: {sena}.", sena=phrase)
    return _("{player} signals to you: {sena}.", player=signaller, sena=phrase)


def caught_line(signaller: str, name: str, cards: Sequence[Card], rules: TrickRules) -> str:
    """The line only the opponent who caught the seña reads (call inside ``use_locale``)."""
    # TRANSLATORS: an opponent's seña seen by chance; {player} made it to their partner
    return _("You caught a signal from {player}: {sena}.", player=signaller,
             sena=sena_phrase(name, cards, rules))


def known_line(known: Sequence[tuple[str, str, Sequence[Card]]], rules: TrickRules) -> str:
    """``Signals this hand: Ana: a wink (zap, 4♣)`` (call inside ``use_locale``);
    ``known`` is (who, name, cards) for each seña the reader knows of."""
    parts = [_("{player}: {sena}", player=who, sena=sena_phrase(name, cards, rules))
             for who, name, cards in known]
    return _("Signals this hand: {signals}", signals=separated(parts))


def known_lines(rules: TrickRules, match: Match | None, seat: int, names: Sequence[str],
                locale: str) -> list[str]:
    """The señas ``seat`` knows of in the hand in play, as one line (none when it knows
    of none): its side's and those it caught, so a seña stays in sight all hand."""
    if match is None or match.hand is None or match.hand.over:
        return []
    seen = rules.senas_seen(match, seat)
    if not seen:
        return []
    listed = {sena.name: sena.cards for sena in rules.sena_list(match)}
    with use_locale(locale):
        you = _("you")
        known = [(you if who == seat else names[who], name, listed.get(name, ()))
                 for who, name in seen]
        return [known_line(known, rules)]


def sena_alert(table: Table, made: SenaMade, locale: str) -> str:
    """The signaller's answer to their press: what they signalled."""
    with use_locale(locale):
        return made_line(made.seat, "", made.seat, made.sena, made.cards, table.rules)


def sena_phrase_in(sena: Sena, rules: TrickRules, locale: str) -> str:
    """A menu entry: the seña's gesture and what it means, in ``locale``."""
    with use_locale(locale):
        return sena_phrase(sena.name, sena.cards, rules)


def senas_prompt(table: Table, locale: str) -> str:
    """Above the señas opened from inline mode: which game they are for."""
    from chatbot.i18n.render import variant_name  # render imports this module

    with use_locale(locale):
        return _("Your signals to your partner at this table of {variant}:",
                 variant=variant_name(table.variant))
