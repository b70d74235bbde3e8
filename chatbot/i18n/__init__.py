"""Everything users read goes through this package.

Logic code hands over events and values; these functions turn them into text
in the locale of the update being handled (see README.md in this folder).
"""

from chatbot.i18n.bidi import is_rtl, isolate
from chatbot.i18n.cards import card_label, card_name, rank_name, suit_name
from chatbot.i18n.context import current_locale, use_locale
from chatbot.i18n.locales import DEFAULT_LOCALE, LOCALES, canonical_locale, resolve_locale
from chatbot.i18n.numbers import format_number
from chatbot.i18n.terms import Term, term
from chatbot.i18n.translation import (
    N_,
    NN_,
    NP_,
    Msg,
    Plural,
    _,
    gettext,
    lookup,
    ngettext,
    npgettext,
    ntranslate,
    pgettext,
    translate,
)

__all__ = [
    "DEFAULT_LOCALE",
    "LOCALES",
    "NN_",
    "NP_",
    "N_",
    "Msg",
    "Plural",
    "Term",
    "_",
    "canonical_locale",
    "card_label",
    "card_name",
    "current_locale",
    "format_number",
    "gettext",
    "is_rtl",
    "isolate",
    "lookup",
    "ngettext",
    "npgettext",
    "ntranslate",
    "pgettext",
    "rank_name",
    "resolve_locale",
    "suit_name",
    "term",
    "translate",
    "use_locale",
]
