"""How cards are shown and named in each language.

Two forms:

* ``card_label`` is the short face used in buttons and the table message. French
  cards read as printed on the card, rank then suit symbol: ``7♥``, ``A♠``,
  ``10♦``. Spanish cards have no standard symbols (``7 🗡`` reads as nothing),
  so they use the number printed on the card followed by one emoji per suit:
  ⚔️ espadas, 🪵 bastos (a log: the club), 🪙 oros, 🏆 copas (a cup), e.g.
  ``1⚔️``, ``7🪙``, ``12🏆``. Both are language-neutral (Latin digits, as printed
  on real cards in every country); in right-to-left locales the label is
  isolated so it keeps its left-to-right order.
* ``card_name`` is the full spoken name, as glossary.md section 4/5 says it:
  «هفتِ دل», «پان کا ستّا», «হরতনের সাত্তা», «sete de copas», "seven of hearts".
  Each rank has a pattern message (``seven of {suit}``) because the grammar that
  joins rank and suit lives on the rank: the Persian ezafe (هفتِ / دوی / سهٔ),
  the Urdu کا/کی agreeing with the rank's gender (کی دُکّی, کا ستّا). The
  suit is filled in its card-name form (Bengali genitive হরতনের, Urdu oblique
  سکّے).
"""

from __future__ import annotations

from typing import Final

from chatbot.i18n.bidi import is_rtl, isolate
from chatbot.i18n.context import current_locale
from chatbot.i18n.translation import NP_, Msg, lookup, translate
from chatbot.rules.cards import Card, Family

FRENCH_RANK_FACES: Final[dict[int, str]] = {1: "A", 11: "J", 12: "Q", 13: "K"}
FRENCH_SUIT_SYMBOLS: Final[dict[str, str]] = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
SPANISH_SUIT_EMOJI: Final[dict[str, str]] = {
    "E": "⚔\ufe0f",  # espadas: crossed swords (VS16 asks for the emoji glyph)
    "B": "🪵",  # bastos: wood
    "O": "🪙",  # oros: coin
    "C": "🏆",  # copas: cup
}

RANKS: Final[dict[int, Msg]] = {
    # TRANSLATORS: a card's rank on its own, as players say it (glossary §4).
    1: NP_("rank", "ace"),
    2: NP_("rank", "two"),
    3: NP_("rank", "three"),
    4: NP_("rank", "four"),
    5: NP_("rank", "five"),
    6: NP_("rank", "six"),
    7: NP_("rank", "seven"),
    8: NP_("rank", "eight"),
    9: NP_("rank", "nine"),
    10: NP_("rank", "ten"),
    11: NP_("rank", "jack"),
    12: NP_("rank", "queen"),
    13: NP_("rank", "king"),
}
# Spanish 1-7 are named like French cards; only the court cards differ.
SPANISH_COURT_RANKS: Final[dict[int, Msg]] = {
    # TRANSLATORS: Spanish deck court cards: 10 sota (page), 11 caballo, 12 rey (glossary §5).
    10: NP_("Spanish rank", "jack"),
    11: NP_("Spanish rank", "knight"),
    12: NP_("Spanish rank", "king"),
}

SUITS: Final[dict[str, Msg]] = {
    # TRANSLATORS: French-suited deck, the suit on its own (glossary §3).
    "C": NP_("suit", "clubs"),
    "H": NP_("suit", "hearts"),
    "S": NP_("suit", "spades"),
    "D": NP_("suit", "diamonds"),
}
SPANISH_SUITS: Final[dict[str, Msg]] = {
    # TRANSLATORS: Spanish deck (Argentine truco), the suit on its own (glossary §5).
    "E": NP_("Spanish suit", "swords"),
    "B": NP_("Spanish suit", "clubs"),
    "O": NP_("Spanish suit", "coins"),
    "C": NP_("Spanish suit", "cups"),
}

SUITS_IN_NAME: Final[dict[str, Msg]] = {
    # TRANSLATORS: the suit as it is filled into "{suit}" of a card name:
    # bn genitive (হরতনের), ur oblique case, fa and pt as on its own.
    "C": NP_("suit in a card name", "clubs"),
    "H": NP_("suit in a card name", "hearts"),
    "S": NP_("suit in a card name", "spades"),
    "D": NP_("suit in a card name", "diamonds"),
}
SPANISH_SUITS_IN_NAME: Final[dict[str, Msg]] = {
    # TRANSLATORS: as above for the Spanish deck: bn তলোয়ারের, ur ڈنڈے / سکّے.
    "E": NP_("Spanish suit in a card name", "swords"),
    "B": NP_("Spanish suit in a card name", "clubs"),
    "O": NP_("Spanish suit in a card name", "coins"),
    "C": NP_("Spanish suit in a card name", "cups"),
}

NAMES: Final[dict[int, Msg]] = {
    # TRANSLATORS: full card name; {suit} is the "suit in a card name" form.
    # fa: rank + ezafe (آسِ {suit}); ur: {suit} کا/کی + rank; bn: {suit} + rank.
    1: NP_("card name", "ace of {suit}"),
    2: NP_("card name", "two of {suit}"),
    3: NP_("card name", "three of {suit}"),
    4: NP_("card name", "four of {suit}"),
    5: NP_("card name", "five of {suit}"),
    6: NP_("card name", "six of {suit}"),
    7: NP_("card name", "seven of {suit}"),
    8: NP_("card name", "eight of {suit}"),
    9: NP_("card name", "nine of {suit}"),
    10: NP_("card name", "ten of {suit}"),
    11: NP_("card name", "jack of {suit}"),
    12: NP_("card name", "queen of {suit}"),
    13: NP_("card name", "king of {suit}"),
}
SPANISH_COURT_NAMES: Final[dict[int, Msg]] = {
    # TRANSLATORS: Spanish court cards: 10 sota, 11 caballo, 12 rey.
    10: NP_("Spanish card name", "jack of {suit}"),
    11: NP_("Spanish card name", "knight of {suit}"),
    12: NP_("Spanish card name", "king of {suit}"),
}
# Cards with a name of their own in some language (pt-BR espadão, bastião).
SPANISH_SPECIAL_NAMES: Final[dict[Card, Msg]] = {
    # TRANSLATORS: the ace of swords (Argentine "ancho de espada"; pt-BR «espadão»).
    Card(1, "E"): NP_("Spanish card name", "ace of swords"),
    # TRANSLATORS: the ace of clubs/batons (Argentine "ancho de basto"; pt-BR «bastião»).
    Card(1, "B"): NP_("Spanish card name", "ace of clubs"),
}


def _check(card: Card, family: Family) -> None:
    suits = FRENCH_SUIT_SYMBOLS if family is Family.FRENCH else SPANISH_SUIT_EMOJI
    ranks = range(1, 14) if family is Family.FRENCH else (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    if card.suit not in suits or card.rank not in ranks:
        raise ValueError(f"{card!r} is not a card of the {family.value} deck")


def card_label(card: Card, family: Family, locale: str | None = None) -> str:
    """The short face of a card (``7♥``, ``12🏆``), isolated in RTL locales."""
    _check(card, family)
    locale = locale or current_locale()
    if family is Family.FRENCH:
        label = FRENCH_RANK_FACES.get(card.rank, str(card.rank)) + FRENCH_SUIT_SYMBOLS[card.suit]
    else:
        label = f"{card.rank}{SPANISH_SUIT_EMOJI[card.suit]}"
    return isolate(label) if is_rtl(locale) else label


def rank_name(rank: int, family: Family, locale: str | None = None) -> str:
    """A rank on its own (``seven``, «هفت», «ستّا»)."""
    locale = locale or current_locale()
    message = SPANISH_COURT_RANKS.get(rank) if family is Family.SPANISH else None
    if message is None:
        message = RANKS[rank]
    return translate(message, locale)


def suit_name(suit: str, family: Family, locale: str | None = None) -> str:
    """A suit on its own (``hearts``, «دل», «پان», «হরতন»)."""
    locale = locale or current_locale()
    table = SUITS if family is Family.FRENCH else SPANISH_SUITS
    return translate(table[suit], locale)


def card_name(card: Card, family: Family, locale: str | None = None) -> str:
    """The full spoken name of a card in the locale, as the glossary forms it."""
    _check(card, family)
    locale = locale or current_locale()
    if family is Family.FRENCH:
        pattern, suit = NAMES[card.rank], SUITS_IN_NAME[card.suit]
    else:
        special = SPANISH_SPECIAL_NAMES.get(card)
        if special is not None:
            return translate(special, locale)
        pattern = SPANISH_COURT_NAMES.get(card.rank) or NAMES[card.rank]
        suit = SPANISH_SUITS_IN_NAME[card.suit]
    return lookup(pattern, locale).format(suit=lookup(suit, locale))
