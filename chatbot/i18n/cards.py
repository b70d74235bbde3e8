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

from typing import Final, NamedTuple

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


class RankWords(NamedTuple):
    """A rank's two messages in one row, so that no rank has one without the other.

    ``alone`` is the rank as a word (``seven``); ``card_name`` is the pattern of a card's
    full name (``seven of {suit}``), which holds the grammar joining rank and suit.
    """

    alone: Msg
    card_name: Msg


RANKS: Final[dict[int, RankWords]] = {
    1: RankWords(
        # TRANSLATORS: a card's rank on its own, as players say it (glossary §4).
        NP_("rank", "ace"),
        # TRANSLATORS: full card name; {suit} is the "suit in a card name" form.
        # fa: rank + ezafe (آسِ {suit}); ur: {suit} کا/کی + rank; bn: {suit} + rank.
        NP_("card name", "ace of {suit}"),
    ),
    2: RankWords(NP_("rank", "two"), NP_("card name", "two of {suit}")),
    3: RankWords(NP_("rank", "three"), NP_("card name", "three of {suit}")),
    4: RankWords(NP_("rank", "four"), NP_("card name", "four of {suit}")),
    5: RankWords(NP_("rank", "five"), NP_("card name", "five of {suit}")),
    6: RankWords(NP_("rank", "six"), NP_("card name", "six of {suit}")),
    7: RankWords(NP_("rank", "seven"), NP_("card name", "seven of {suit}")),
    8: RankWords(NP_("rank", "eight"), NP_("card name", "eight of {suit}")),
    9: RankWords(NP_("rank", "nine"), NP_("card name", "nine of {suit}")),
    10: RankWords(NP_("rank", "ten"), NP_("card name", "ten of {suit}")),
    11: RankWords(NP_("rank", "jack"), NP_("card name", "jack of {suit}")),
    12: RankWords(NP_("rank", "queen"), NP_("card name", "queen of {suit}")),
    13: RankWords(NP_("rank", "king"), NP_("card name", "king of {suit}")),
}
# Spanish 1-7 are named like French cards; only the court cards differ.
SPANISH_COURT_RANKS: Final[dict[int, RankWords]] = {
    10: RankWords(
        # TRANSLATORS: Spanish deck court cards: 10 sota (page), 11 caballo, 12 rey (glossary §5).
        NP_("Spanish rank", "jack"),
        # TRANSLATORS: Spanish court cards: 10 sota, 11 caballo, 12 rey.
        NP_("Spanish card name", "jack of {suit}"),
    ),
    11: RankWords(NP_("Spanish rank", "knight"), NP_("Spanish card name", "knight of {suit}")),
    12: RankWords(NP_("Spanish rank", "king"), NP_("Spanish card name", "king of {suit}")),
}

class SuitWords(NamedTuple):
    """A suit's two messages in one row: the word on its own (``hearts``) and the form
    filled into ``{suit}`` of a card name (Bengali genitive, Urdu oblique case)."""

    alone: Msg
    in_name: Msg


SUITS: Final[dict[str, SuitWords]] = {
    "C": SuitWords(
        # TRANSLATORS: French-suited deck, the suit on its own (glossary §3).
        NP_("suit", "clubs"),
        # TRANSLATORS: the suit as it is filled into "{suit}" of a card name:
        # bn genitive (হরতনের), ur oblique case, fa and pt as on its own.
        NP_("suit in a card name", "clubs"),
    ),
    "H": SuitWords(NP_("suit", "hearts"), NP_("suit in a card name", "hearts")),
    "S": SuitWords(NP_("suit", "spades"), NP_("suit in a card name", "spades")),
    "D": SuitWords(NP_("suit", "diamonds"), NP_("suit in a card name", "diamonds")),
}
SPANISH_SUITS: Final[dict[str, SuitWords]] = {
    "E": SuitWords(
        # TRANSLATORS: Spanish deck (Argentine truco), the suit on its own (glossary §5).
        NP_("Spanish suit", "swords"),
        # TRANSLATORS: as above for the Spanish deck: bn তলোয়ারের, ur ڈنڈے / سکّے.
        NP_("Spanish suit in a card name", "swords"),
    ),
    "B": SuitWords(NP_("Spanish suit", "clubs"), NP_("Spanish suit in a card name", "clubs")),
    "O": SuitWords(NP_("Spanish suit", "coins"), NP_("Spanish suit in a card name", "coins")),
    "C": SuitWords(NP_("Spanish suit", "cups"), NP_("Spanish suit in a card name", "cups")),
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


def _rank_words(rank: int, family: Family) -> RankWords:
    """The rank's row: a Spanish court card's own, else the one both decks share."""
    court = SPANISH_COURT_RANKS.get(rank) if family is Family.SPANISH else None
    return RANKS[rank] if court is None else court


def rank_name(rank: int, family: Family, locale: str | None = None) -> str:
    """A rank on its own (``seven``, «هفت», «ستّا»)."""
    return translate(_rank_words(rank, family).alone, locale or current_locale())


def _suit_words(suit: str, family: Family) -> SuitWords:
    return (SUITS if family is Family.FRENCH else SPANISH_SUITS)[suit]


def suit_name(suit: str, family: Family, locale: str | None = None) -> str:
    """A suit on its own (``hearts``, «دل», «پان», «হরতন»)."""
    return translate(_suit_words(suit, family).alone, locale or current_locale())


def card_name(card: Card, family: Family, locale: str | None = None) -> str:
    """The full spoken name of a card in the locale, as the glossary forms it."""
    _check(card, family)
    locale = locale or current_locale()
    special = SPANISH_SPECIAL_NAMES.get(card) if family is Family.SPANISH else None
    if special is not None:
        return translate(special, locale)
    pattern = lookup(_rank_words(card.rank, family).card_name, locale)
    return pattern.format(suit=lookup(_suit_words(card.suit, family).in_name, locale))
