"""The sentence checks (chatbot/i18n/sentence_checks.py) pass on every catalog and fail on
the lines the native readings of issue 36 found (the old text is fed to each check)."""

from __future__ import annotations

import pytest

from chatbot.i18n import sentence_checks as checks
from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.context import use_locale
from chatbot.i18n.render import CALL_TERMS, RAISE_TERMS, Viewer, render
from chatbot.i18n.terms import term
from chatbot.i18n.translation import _
from chatbot.rules import events as E
from chatbot.rules.registry import rules_class

TRANSLATED = ["pt_BR", "fa", "ur", "bn"]


@pytest.mark.parametrize("check", list(checks.CHECKS))
@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_catalog_passes(check: str, locale: str) -> None:
    assert list(checks.problems(locale, check)) == []


@pytest.mark.parametrize("old", [
    "“{call}” کا جواب {answerer} دے گا، آپ نہیں۔",
    "اس بولی کا جواب {answerer} دے گا، آپ نہیں۔",
    "انتظار کریں: پہلے {passer} ایک پتّا آگے دے گا۔",
    "ابھی پتّا {passer} دے گا، آپ نہیں۔",
    "دوبارہ بانٹنے کی درخواست کا جواب پتّے بانٹنے والا {answerer} دے گا، آپ نہیں۔",
    "{player} واپس آ گئے۔",
    "پتّے دوبارہ پھینٹے جائیں گے اور اب {player} بانٹیں گے۔",
])
def test_urdu_verb_agreeing_with_a_name_is_found(old: str) -> None:
    assert checks.urdu_agreement(old)


@pytest.mark.parametrize("good", [
    "“{call}” کے جواب کی باری {answerer} کی ہے، آپ کی نہیں۔",
    "{player} میز پر واپس ہیں۔",
    "{player} نے بازی چھوڑ دی۔",
    "سیٹ {seat} جواب نہیں دے سکتی: {call} کا جواب سیٹ {answerer} دے گی",
])
def test_urdu_worded_around_the_name_passes(good: str) -> None:
    assert not checks.urdu_agreement(good)


@pytest.mark.parametrize("old", [
    "“{call}”-এর উত্তর দেবে {answerer}, আপনি নন।",
    "আগে “{call}”-এর উত্তর দিন।",
    "তাই “ড্র, জেতা” বা “জেতা, ড্র”-র পরেও",
    "{player}-এর পালা",
    "{team}কে",
])
def test_bengali_case_ending_after_a_quote_or_placeholder_is_found(old: str) -> None:
    assert checks.bengali_case_ending(old)


@pytest.mark.parametrize("good", [
    "“{call}” ডাকের উত্তর দেবে {answerer}, আপনি নন।",
    "আপনি {partner}-কে একটি তাস দিলেন।",
    "আপনি উপুড় করা {n}টি তাস পেলেন।",
    "একই দল কখনো পরপর দু'বার নয়",
])
def test_bengali_invariant_endings_pass(good: str) -> None:
    assert not checks.bengali_case_ending(good)


@pytest.mark.parametrize("old", [
    "{team} {count} নিয়ে এনভিডো জিতল: {n} পয়েন্ট।",
    "ہاتھ {number} {team} کے نام۔",
    "{player} {card} را انداخت.",
])
def test_numbers_side_by_side_are_found(old: str) -> None:
    assert checks.numbers_side_by_side(old)


def test_numbers_apart_pass() -> None:
    assert not checks.numbers_side_by_side("এনভিডো জিতল {team} ({count}): {n} পয়েন্ট।")
    assert not checks.numbers_side_by_side("ہاتھ {number}: {team} کے نام۔")
    assert not checks.numbers_side_by_side("{first} {second}")  # two names: not numbers


@pytest.mark.parametrize(("english", "old"), [
    ("{player}'s turn.", "পালা: {player}"),
    ("{player} must answer.", "উত্তর দেবেন: {player}"),
    ("{player} ran out of time.", "সময় শেষ: {player}।"),
    ("You got {n} card face down.", "আপনি উপুড় করা তাস পেলেন: {n}"),
])
def test_form_like_endings_are_found(english: str, old: str) -> None:
    assert checks.reads_like_a_form(english, old)


def test_a_label_the_english_has_too_passes() -> None:
    assert not checks.reads_like_a_form("Score: {scores}", "স্কোর: {scores}")
    assert not checks.reads_like_a_form("You played {card}.", "আপনি খেললেন: {card}।")
    assert not checks.reads_like_a_form("{player}'s turn.", "এবার {player} খেলবে।")


def test_a_sentence_without_the_full_stop_is_found() -> None:
    assert checks.missing_full_stop("You got {n} card face down.",
                                     "আপনি উপুড় করা তাস পেলেন: {n}", "bn")
    assert checks.missing_full_stop("{player} is back.", "{player} میز پر واپس ہیں", "ur")
    assert not checks.missing_full_stop("{player} is back.", "{player} میز پر واپس ہیں۔", "ur")
    assert not checks.missing_full_stop("Score: {scores}", "Placar: {scores}", "pt_BR")


@pytest.mark.parametrize(("english", "locale", "old"), [
    ("You call “{call}”.", "pt_BR", "Você cantou “{call}”"),
    ("You call “{call}”.", "pt_BR", "Você cantou “{call}.”"),  # the stop is after the quote
    ("You call “{call}”.", "ur", "آپ نے “{call}” بولا."),  # a Latin stop, not «۔»
    ("You call “{call}”.", "bn", "আপনি “{call}” ডাকলেন"),
    ("Say “Quiero.”", "pt_BR", "Diga “Quero”"),
    ("Ties\n• A tie.\n• Another.", "pt_BR", "Empates\n• Um empate\n• Outro."),
])
def test_a_missing_full_stop_after_a_quote_or_on_a_page_line_is_found(
        english: str, locale: str, old: str) -> None:
    assert checks.missing_full_stop(english, old, locale)


@pytest.mark.parametrize(("english", "locale", "good"), [
    ("You call “{call}”.", "pt_BR", "Você cantou “{call}”."),
    ("You call “{call}”.", "fa", "شما «{call}» خواندید."),
    ("You call “{call}”.", "ur", "آپ نے “{call}” بولا۔"),
    ("Say “Quiero.”", "pt_BR", "Diga “Quero.”"),
    ("Say “Quiero.”", "pt_BR", "Diga “Quero”."),
    ("Wait...", "pt_BR", "Espere"),
])
def test_the_full_stop_where_the_language_puts_it_passes(english: str, locale: str,
                                                         good: str) -> None:
    assert not checks.missing_full_stop(english, good, locale)


CALLS = [*RAISE_TERMS.values(), *CALL_TERMS.values()]


@pytest.mark.parametrize("locale", ["en", *TRANSLATED])
def test_every_call_of_ones_own_ends_with_the_full_stop(locale: str) -> None:
    """"You call “Flor!”.": the line after a shout still ends as a sentence."""
    stop = checks.FULL_STOP[locale]
    with use_locale(locale):
        said = [terminal_text(_("You call “{call}”.", call=term(call))) for call in CALLS]
    assert said and all(line.endswith(stop) for line in said), said


@pytest.mark.parametrize("locale", ["en", *TRANSLATED])
def test_the_manilhas_end_their_sentence_before_the_next_one(locale: str) -> None:
    """A hand of ten is announced after the manilhas on the deal's line: the cards end
    with the full stop, so the two sentences do not run together."""
    rules = rules_class("mineiro")({})
    viewer = Viewer(rules, 2, ["Ana", "Bia"], None)
    line = terminal_text(render(E.HandStarted(1, 0, None, "eleven", 4), viewer, locale))
    assert f"7♦{checks.FULL_STOP[locale]} " in line, line


@pytest.mark.parametrize(("locale", "old"), [
    ("fa", "حرکتِ شما (1-{count}؛ ? قوانین، h راهنمایی، q خروج): "),
    ("bn", "আপনার চাল (1-{count}; ? নিয়ম, h পরামর্শ, q বের হওয়া): "),
    ("fa", "دست 1 از ۳"),
])
def test_latin_digits_beside_the_locales_are_found(locale: str, old: str) -> None:
    assert checks.mixed_digits(old, locale)


def test_card_faces_and_marked_fragments_keep_latin_digits() -> None:
    assert not checks.mixed_digits("حرکت شما (۱ تا {count}؛ ? قوانین): ", "fa")
    assert not checks.mixed_digits("ویرا \u200f\u200e6♦\u200e\u200f است، پس هفت‌ها ۴ تا", "fa")
    assert not checks.mixed_digits("ভিরা 6♦, তাই ৪টি সাত্তা", "bn")
