"""The /rules pages: complete in every language, short enough for Telegram, well formed.

The pages live in their own gettext domain (``rules``), so these tests also run
the catalog checks of ``python -m chatbot.i18n check`` on that domain.
"""

from __future__ import annotations

import re

import pytest

from chatbot.i18n import LOCALES, card_label, term
from chatbot.i18n.__main__ import main
from chatbot.i18n.bidi import BIDI_CONTROLS, ISOLATES, LRM, without_marked
from chatbot.i18n.catalogs import (
    RULES_DOMAIN,
    compile_catalog,
    po_path,
    read_catalog,
    template_path,
    translations,
)
from chatbot.i18n.checks import catalog_problems, entries
from chatbot.i18n.rules_pages import RulesPage, rules_pages, rules_variants
from chatbot.i18n.terms import Term
from chatbot.rules.cards import Card, Family
from chatbot.rules.registry import VARIANTS, rules_class

TRANSLATED = tuple(locale for locale in LOCALES if locale != "en")
SECTIONS = 7
# the games with partners' signals have a page for them (señas)
SECTIONS_OF = {"paulista": 8, "mineiro": 8, "argentino": 8}
TELEGRAM_LIMIT = 4000  # Telegram allows 4096 characters; keep room for a header
ENGLISH_BUDGET = 3000  # the English leaves translations room to grow

# A card face as the bot prints it: 4♣, 10♦, A♠; 1⚔️, 12🏆.
CARD_FACE = re.compile(
    r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[♣♥♠♦]|(?<![0-9])(?:1[0-2]|[1-7])(?:⚔\ufe0f|🪵|🪙|🏆)"
)
LATIN_DIGIT = re.compile(r"[0-9]")
# A ranking written as the table shows the cards, faces with Bengali names beside them:
# 3 (তিক্কা) > 2 (দুক্কা) > A (টেক্কা) …
FACE = r"(?:10|[2-9AJQK])(?: \([^)]*\))?"
RANKING = re.compile(rf"(?<![0-9A-Za-z]){FACE}(?: > {FACE})+")
# The teams as the table names them (দল A, দল B), in the trick-by-trick tables.
TEAM_LETTER = re.compile(r"(?<![A-Za-z])[AB](?![A-Za-z])")
LATIN_LETTER = re.compile(r"[A-Za-z]")
MARKUP = re.compile(r"<[A-Za-z/]|\*\*|__|`|\[[^\]]*\]\(")


def all_pages() -> list[tuple[str, str]]:
    return [(variant, locale) for variant in rules_variants() for locale in LOCALES]


def page(variant: str, locale: str, index: int) -> str:
    return rules_pages(variant, locale)[index].text


# --------------------------------------------------------------------- the API
def test_every_variant_of_the_engine_has_rules() -> None:
    assert rules_variants() == ["paulista", "mineiro", "argentino", "le-truc", "put"]
    assert set(rules_variants()) == set(VARIANTS)


def test_variant_and_locale_spellings() -> None:
    assert rules_pages("Le_Truc", "pt-br") == rules_pages("le-truc", "pt_BR")
    with pytest.raises(ValueError, match="no rules for variant"):
        rules_pages("poker", "en")
    with pytest.raises(ValueError, match="unsupported locale"):
        rules_pages("put", "de")


def test_rules_catalog_is_its_own_cached_domain() -> None:
    assert translations("fa", RULES_DOMAIN) is translations("fa", RULES_DOMAIN)
    assert translations("fa", RULES_DOMAIN) is not translations("fa")
    assert translations("fa").gettext("Ties") == "Ties"  # not in messages.po
    assert translations("fa", RULES_DOMAIN).gettext("Ties") != "Ties"


# ------------------------------------------------------------- shape of pages
@pytest.mark.parametrize(("variant", "locale"), all_pages())
def test_every_section_in_every_language(variant: str, locale: str) -> None:
    pages = rules_pages(variant, locale)
    assert len(pages) == SECTIONS_OF.get(variant, SECTIONS)
    for number, item in enumerate(pages, 1):
        assert isinstance(item, RulesPage)
        assert item.title.strip() and item.text.strip(), (variant, locale, number)
        assert "\n" not in item.title
        assert len(item.title) + len(item.text) <= TELEGRAM_LIMIT, (variant, locale, number)
        assert not MARKUP.search(item.text), (variant, locale, number)
    assert len({p.text for p in pages}) == len(pages)  # no section repeated


@pytest.mark.parametrize("variant", rules_variants())
def test_english_stays_within_budget(variant: str) -> None:
    for item in rules_pages(variant, "en"):
        assert len(item.text) <= ENGLISH_BUDGET, item.title


@pytest.mark.parametrize(("variant", "locale"), [(v, loc) for v in rules_variants()
                                                for loc in TRANSLATED])
def test_translated_pages_are_not_english(variant: str, locale: str) -> None:
    english = rules_pages(variant, "en")
    translated = rules_pages(variant, locale)
    for source, text in zip(english, translated, strict=True):
        assert text.text != source.text, (variant, locale, source.title)
    if locale != "pt_BR":  # "Flor" is Portuguese as well
        assert all(t.title != s.title for s, t in zip(english, translated, strict=True))


# ---------------------------------------------------------- digits and bidi
def outside_isolates(text: str) -> str:
    return without_marked(text)


@pytest.mark.parametrize("variant", rules_variants())
def test_persian_digits_and_isolated_latin(variant: str) -> None:
    for item in rules_pages(variant, "fa"):
        assert not any(char in ISOLATES for char in item.text), item.title
        rest = outside_isolates(item.text)
        assert LRM not in rest, item.title
        assert not LATIN_DIGIT.search(rest), (item.title, LATIN_DIGIT.findall(rest))
        assert not LATIN_LETTER.search(rest + item.title), item.title
    assert "۱۲" in page(variant, "fa", 0) or "۵" in page(variant, "fa", 0)


@pytest.mark.parametrize("variant", rules_variants())
def test_urdu_isolates_latin_fragments(variant: str) -> None:
    for item in rules_pages(variant, "ur"):
        assert not any(char in ISOLATES for char in item.text), item.title
        rest = outside_isolates(item.text)
        assert not LATIN_LETTER.search(rest + item.title), item.title
        assert not CARD_FACE.search(rest), item.title  # every card face is isolated


@pytest.mark.parametrize("variant", rules_variants())
def test_bengali_digits_outside_card_faces(variant: str) -> None:
    for item in rules_pages(variant, "bn"):
        rest = TEAM_LETTER.sub("", RANKING.sub("", CARD_FACE.sub("", item.text)))
        assert not LATIN_DIGIT.search(rest), (item.title, LATIN_DIGIT.findall(rest))
        assert not LATIN_LETTER.search(rest + item.title), item.title
        assert not any(char in BIDI_CONTROLS for char in item.text)
    assert re.search("[০-৯]", page(variant, "bn", 0))


@pytest.mark.parametrize("locale", LOCALES)
def test_card_faces_are_the_bots_labels(locale: str) -> None:
    """Each language writes card faces exactly as the buttons show them."""
    french = [Card(4, "C"), Card(7, "H"), Card(1, "S"), Card(7, "D")]
    deck = page("mineiro", locale, 1)
    for card in french:
        assert card_label(card, Family.FRENCH, locale) in deck
    spanish = [Card(1, "E"), Card(1, "B"), Card(7, "E"), Card(7, "O")]
    ranking = page("argentino", locale, 1).split("\n\n")[1]
    faces = [ranking.index(card_label(card, Family.SPANISH, locale)) for card in spanish]
    assert faces == sorted(faces)  # listed from the strongest


# ----------------------------------------------------------------- glossary
@pytest.mark.parametrize("locale", LOCALES)
def test_pages_use_the_glossary_terms(locale: str) -> None:
    def has(text: str, key: Term) -> bool:
        return term(key, locale).casefold() in text.casefold()

    assert has(page("paulista", locale, 1), Term.MANILHA)
    assert has(page("paulista", locale, 1), Term.ZAP)
    assert has(page("paulista", locale, 3), Term.TRICK)
    assert has(page("paulista", locale, 5), Term.HAND_OF_ELEVEN)
    assert has(page("paulista", locale, 5), Term.IRON_HAND)
    assert has(page("mineiro", locale, 5), Term.HAND_OF_TEN)
    assert has(page("le-truc", locale, 2), Term.GOVERNOR)


@pytest.mark.parametrize(
    ("locale", "trick", "hand", "wrong"),
    [
        ("fa", "دست", "دور", ["ترفند", "فروشنده", "عرشه", "کت و شلوار", "قرعه کشی", "فرماندار"]),
        ("ur", "ہاتھ", "بازی", ["چلائیں", "قرعہ اندازی", "ڈیک", "سوٹ"]),
        ("bn", "পিট", "দান", ["ডেক", "স্যুট", "রাউন্ড", "দৌড়ায়", "রান"]),
    ],
)
def test_trick_and_hand_kept_apart(locale: str, trick: str, hand: str, wrong: list[str]) -> None:
    """glossary.md: the word for a trick is not the word for a whole hand; no MT artefacts."""
    letters = "\u0980-\u09ff" if locale == "bn" else "\u0600-\u06ff"

    def word(text: str) -> re.Pattern[str]:
        return re.compile(f"(?<![{letters}]){text}(?![{letters}])")

    play = page("paulista", locale, 2)
    assert word(trick).search(play) and word(hand).search(play)
    for variant in rules_variants():
        for item in rules_pages(variant, locale):
            for artefact in wrong:
                assert not word(artefact).search(item.text), (variant, item.title, artefact)


# ------------------------------------------------------------------ key facts
FACTS: dict[tuple[str, int], list[str]] = {
    ("paulista", 0): ["12 points", "2 (one against one), 4 (two pairs) or 6"],
    ("paulista", 1): ["40 cards", "24 cards", "3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4",
                      "4, 5, 6, 7, Q, J, K, A, 2, 3", "♣ clubs: the zap"],
    ("paulista", 4): ["Truco: 3 points if accepted, 1 if they run",
                      "Six (seis): 6 if accepted, 3 if they run",
                      "Nine (nove): 9 if accepted, 6 if they run",
                      "Twelve (doze): 12 if accepted, 9 if they run"],
    ("paulista", 5): ["exactly one team has 11 points", "worth 3 points", "opponents score 1",
                      "both teams have 11 points", "played blind"],
    ("mineiro", 1): ["27 cards", "1. 4♣: the zap", "2. 7♥", "3. A♠", "4. 7♦"],
    ("mineiro", 4): ["Truco: 4 points if accepted, 2 if they run",
                     "Six (seis): 6 if accepted, 4 if they run",
                     "Ten (dez): 10 if accepted, 6 if they run",
                     "Twelve (doze): 12 if accepted, 10 if they run"],
    ("mineiro", 5): ["exactly one team has 10 points", "worth 4 points", "opponents score 2"],
    ("argentino", 0): ["30 points", "or 15"],
    ("argentino", 3): ["the mano's team wins the hand"],
    ("argentino", 4): ["Truco: 2 if accepted, 1 if refused", "Retruco: 3 if accepted, 2",
                       "Vale cuatro: 4 if accepted, 3", "envido (2), real envido (3)",
                       "The best is 33", "envido envido real envido 7",
                       "envido envido real envido 4"],
    ("argentino", 5): ["the best is 38", "3 for each flor", "scores 6", "scores 4"],
    ("le-truc", 1): ["32 cards", "7 > 8 > A > K > Q > J > 10 > 9"],
    ("le-truc", 4): ["1 → 2 → 4 → 6 → 8 → 10 → 12", "value before your offer",
                     "wins the game"],
    ("put", 0): ["5 points"],
    ("put", 1): ["52-card", "3 > 2 > A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4"],
    ("put", 3): ["One trick each and one tie", "nobody scores"],
    ("put", 4): ["you score 1 point", "wins the whole game"],
    ("put", 5): ["4 cards with 3 players, 5 with 4, 6 with 5, 7 with 6"],
}


@pytest.mark.parametrize(("where", "facts"), list(FACTS.items()), ids=str)
def test_key_facts_in_english(where: tuple[str, int], facts: list[str]) -> None:
    variant, index = where
    text = page(variant, "en", index)
    for fact in facts:
        assert fact in text, fact


@pytest.mark.parametrize("variant", ["paulista", "mineiro", "le-truc"])
def test_ladders_agree_with_the_engine(variant: str) -> None:
    """Every value of the engine's raise ladder is on the raising page, in every language."""
    ladder = rules_class(variant).ladder
    for locale in LOCALES:
        text = page(variant, locale, 4)
        digits = {"fa": "۰۱۲۳۴۵۶۷۸۹", "bn": "০১২৩৪৫৬৭৮৯"}.get(locale, "0123456789")
        for value in ladder:
            written = "".join(digits[int(d)] for d in str(value))
            assert re.search(rf"(?<![0-9۰-۹০-৯]){written}(?![0-9۰-۹০-৯])", text), (
                variant, locale, value)


# ------------------------------------------------------------ the catalogs
@pytest.mark.parametrize("locale", LOCALES)
def test_rules_catalog_is_complete_and_compiles(locale: str) -> None:
    template = read_catalog(template_path(RULES_DOMAIN))
    catalog = read_catalog(po_path(locale, RULES_DOMAIN), locale)
    assert set(entries(template)) == set(entries(catalog))
    assert len(entries(template)) >= 5 * SECTIONS
    assert not any(m.fuzzy for m in entries(catalog).values())
    assert catalog_problems(locale, catalog, template) == []
    compiled = compile_catalog(catalog)
    assert compiled.info()["language"] == locale


def test_checker_finds_a_broken_rules_catalog() -> None:
    template = read_catalog(template_path(RULES_DOMAIN))
    catalog = read_catalog(po_path("bn", RULES_DOMAIN), "bn")
    del catalog["Ties"]
    catalog.get("Flor").flags.add("fuzzy")
    problems = "\n".join(catalog_problems("bn", catalog, template))
    assert "bn: missing 'Ties'" in problems
    assert "'Flor' is fuzzy" in problems


def test_check_command_covers_the_rules_domain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--domain", "rules"]) == 0
    assert "catalogs OK" in capsys.readouterr().err


@pytest.mark.parametrize("locale", LOCALES)
def test_paulista_and_mineiro_options_differ_only_in_the_deck(locale: str) -> None:
    """The options both Brazilian games share are one text, translated once: the two
    pages differ in their first two lines (the deck) and nothing else, and the
    template holds their shared options once."""
    paulista, mineiro = (rules_pages(v, locale)[-1].text.split("\n") for v in ("paulista",
                                                                             "mineiro"))
    assert paulista[2:] == mineiro[2:] and len(paulista) == 8
    assert paulista[1] != mineiro[1]
    shared = "\n".join(rules_pages("paulista", "en")[-1].text.split("\n")[2:])
    template = read_catalog(template_path(RULES_DOMAIN))
    holding = [m.id for m in template if m.id and shared.split("\n")[0] in str(m.id)]
    assert holding == [shared]
