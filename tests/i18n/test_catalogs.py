"""The catalogs are complete, well-formed and in step with the code.

These are the checks of ``python -m chatbot.i18n check``, one test per concern
and per locale so that a failure names what to fix.
"""

from __future__ import annotations

from gettext import GNUTranslations
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from chatbot.i18n import LOCALES, translate
from chatbot.i18n.__main__ import main
from chatbot.i18n.catalogs import TEMPLATE_PATH, compile_catalog, po_path, read_catalog
from chatbot.i18n.checks import (
    catalog_problems,
    entries,
    placeholders,
    plural_problems,
    source_problems,
    template_drift,
)
from chatbot.i18n.extraction import extract_template
from chatbot.i18n.locales import PLURAL_FORMS


@pytest.fixture(scope="module")
def template() -> Catalog:
    return read_catalog(TEMPLATE_PATH)


@pytest.fixture(scope="module", params=LOCALES)
def locale_catalog(request: pytest.FixtureRequest) -> tuple[str, Catalog]:
    locale = request.param
    return locale, read_catalog(po_path(locale), locale)


def test_template_is_up_to_date_with_the_code(template: Catalog) -> None:
    """A developer who adds a message without `python -m chatbot.i18n update` fails here."""
    assert template_drift(extract_template(), template) == []


def test_a_deferred_plural_is_extracted_as_one_message(tmp_path: Path) -> None:
    """NN_ marks both forms as one plural entry, and its translators' comment goes too."""
    (tmp_path / "table.py").write_text(
        "LINES = {\n"
        "    # TRANSLATORS: {team} is two or three players.\n"
        '    "many": NN_("{team} win: {n} point.", "{team} win: {n} points."),\n'
        "}\n", encoding="utf-8")
    [message] = [entry for entry in extract_template(tmp_path) if entry.id]
    assert message.id == ("{team} win: {n} point.", "{team} win: {n} points.")
    assert message.auto_comments == ["{team} is two or three players."]


def test_template_messages_are_well_formed(template: Catalog) -> None:
    assert len(entries(template)) > 100
    assert source_problems(template) == []


def test_every_message_is_in_every_catalog(
    template: Catalog, locale_catalog: tuple[str, Catalog]
) -> None:
    locale, catalog = locale_catalog
    missing = set(entries(template)) - set(entries(catalog))
    assert not missing, f"{locale} lacks {sorted(missing, key=str)[:5]}"


def test_nothing_fuzzy_or_empty(template: Catalog, locale_catalog: tuple[str, Catalog]) -> None:
    locale, catalog = locale_catalog
    for key in entries(template):
        message = entries(catalog)[key]
        assert not message.fuzzy, (locale, key)
        strings = [message.string] if isinstance(message.string, str) else message.string
        assert strings and all(s.strip() for s in strings), (locale, key)


def test_placeholders_match_the_english(locale_catalog: tuple[str, Catalog]) -> None:
    locale, catalog = locale_catalog
    for key, message in entries(catalog).items():
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else message.string
        for text in strings:
            assert placeholders(text) == placeholders(ids[-1]), (locale, key, text)


def test_catalog_is_clean(template: Catalog, locale_catalog: tuple[str, Catalog]) -> None:
    locale, catalog = locale_catalog
    assert catalog_problems(locale, catalog, template) == []


def test_catalog_compiles(template: Catalog, locale_catalog: tuple[str, Catalog]) -> None:
    locale, catalog = locale_catalog
    compiled = compile_catalog(catalog)
    assert isinstance(compiled, GNUTranslations)
    assert compiled.info()["language"] == locale
    if locale != "en":  # a translated string really comes out of the compiled catalog
        assert compiled.pgettext("term", "trick") != "trick"


@pytest.mark.parametrize(
    ("locale", "nplurals", "singular_counts"),
    [
        ("en", 2, {1}),
        ("pt_BR", 2, {0, 1}),
        ("fa", 2, {0, 1}),
        ("ur", 2, {1}),
        ("bn", 2, {0, 1}),
    ],
)
def test_plural_forms_header(locale: str, nplurals: int, singular_counts: set[int]) -> None:
    catalog = read_catalog(po_path(locale), locale)
    assert catalog.plural_forms == PLURAL_FORMS[locale]
    assert catalog.num_plurals == nplurals
    assert plural_problems(locale, catalog) == []  # agrees with CLDR on 0..10000
    compiled = compile_catalog(catalog)
    assert {n for n in range(0, 50) if compiled.plural(n) == 0} == singular_counts
    for key, message in entries(catalog).items():
        if message.pluralizable:
            assert len(message.string) == nplurals, (locale, key)


@pytest.mark.parametrize(
    ("locale", "counts"),
    [
        ("en", {0: "worth 0 points.", 1: "worth 1 point.", 2: "worth 2 points."}),
        ("pt_BR", {0: "vale 0 ponto.", 1: "vale 1 ponto.", 2: "vale 2 pontos."}),
        ("bn", {1: "দাম ১ পয়েন্ট।", 12: "দাম ১২ পয়েন্ট।"}),
    ],
)
def test_plural_forms_render(locale: str, counts: dict[int, str]) -> None:
    from chatbot.i18n.translation import ntranslate

    singular, plural = "This hand is worth {n} point.", "This hand is worth {n} points."
    for n, expected in counts.items():
        assert ntranslate(singular, plural, n, locale).endswith(expected)


def test_checker_finds_broken_catalogs(template: Catalog) -> None:
    """The checks themselves catch each kind of mistake."""
    catalog = read_catalog(po_path("fa"), "fa")
    catalog.get("trick", "term").flags.add("fuzzy")
    catalog.get("{player} played {card}.").string = "{name} {card} را انداخت"
    catalog.get("the game is over").string = ""
    catalog.get("This hand is worth {n} point.").string = ("این دور {n} امتیاز دارد.",)
    del catalog["The table is empty."]
    problems = "\n".join(catalog_problems("fa", catalog, template))
    assert "'trick' (context 'term') is fuzzy" in problems
    assert "placeholders ['card', 'name'] instead of ['card', 'player']" in problems
    assert "'the game is over' is not translated" in problems
    assert "'This hand is worth {n} point.' has 1 plural forms, expected 2" in problems
    assert "missing 'The table is empty.'" in problems


def test_checker_finds_a_message_missing_from_the_template(template: Catalog) -> None:
    code = extract_template()
    code.add("a brand new message", locations=[("chatbot/i18n/new.py", 1)])
    assert template_drift(code, template) == [
        "in the code but not in messages.pot: 'a brand new message'"
    ]


def test_placeholders_must_be_bare_names() -> None:
    assert placeholders("{a} and {b}") == {"a", "b"}
    assert placeholders("{{literal}} {a}") == {"a"}
    for bad in ("{}", "{0}", "{a.b}", "{a:>3}", "{a!r}", "{a"):
        with pytest.raises(ValueError):
            placeholders(bad)


def test_check_command_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 0
    assert "catalogs OK" in capsys.readouterr().err


def test_catalogs_are_read_from_po_files() -> None:
    """No compiled .mo is shipped: the .po is the only source."""
    assert not list(TEMPLATE_PATH.parent.rglob("*.mo"))
    assert translate("the game is over", "pt_BR") == "a partida acabou"
