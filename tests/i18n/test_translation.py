"""Translating and filling in messages."""

from __future__ import annotations

import logging
from gettext import NullTranslations

import pytest

from chatbot.i18n import (
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
    use_locale,
)
from chatbot.i18n.bidi import CLOSE, OPEN
from chatbot.i18n.catalogs import reload_catalogs, translations
from chatbot.i18n.reasons import explain
from chatbot.rules.errors import IllegalAction


def test_current_locale_is_used() -> None:
    assert _("{player} must answer.", player="Ana") == "Ana must answer."
    with use_locale("pt_BR"):
        assert _("{player} must answer.", player="Ana") == "Ana precisa responder."
        assert gettext("the game is over") == "a partida acabou"
    with use_locale("bn"):
        assert _("{player} must answer.", player="Ana") == "Ana উত্তর দেবে।"


def test_placeholders_are_filled_after_translation() -> None:
    """Each language puts the values where its grammar wants them."""
    with use_locale("ur"):
        text = _("{player} played {card}.", card="7♥", player="Ana")
    assert text.index("Ana") < text.index("7♥")
    assert text.endswith(f"{OPEN}7♥{CLOSE}۔")


def test_ints_use_the_locale_digits() -> None:
    with use_locale("bn"):
        assert ngettext("You hold {n} card face down.", "You hold {n} cards face down.", 12) == (
            "আপনার হাতে উপুড় করা ১২টি তাস।"
        )
        assert _("seat {seat} has already discarded", seat=3) == "আসন ৩ আগেই তাস ফেলে দিয়েছে"
    with use_locale("fa"):
        assert ngettext("This hand is worth {n} point.", "This hand is worth {n} points.", 3) == (
            f"این دور {OPEN}۳{CLOSE} امتیاز دارد."
        )
    # bool is an int to Python, not a number to a player
    assert translate("{player} must answer.", "fa", player=True).startswith(f"{OPEN}True")


def test_missing_translation_falls_back_to_english() -> None:
    with use_locale("fa"):
        assert _("not in any catalog, {name}", name="Ana") == (
            f"not in any catalog, {OPEN}Ana{CLOSE}")
        assert ngettext("{n} apple", "{n} apples", 2) == f"{OPEN}۲{CLOSE} apples"


def test_context_messages() -> None:
    assert pgettext("term", "trick") == "trick"
    with use_locale("ur"):
        assert pgettext("term", "trick") == "ہاتھ"
        assert pgettext("term: one deal", "hand") == "بازی"
        assert _(NP_("term", "trick")) == "ہاتھ"
        assert npgettext("no such context", "{n} day", "{n} days", 1) == f"{OPEN}1{CLOSE} day"


def test_markers_defer_translation() -> None:
    assert N_("the game is over") == "the game is over"
    assert NP_("term", "trick") == Msg("term", "trick")
    late = N_("the game is over")
    assert translate(late, "fa") == "بازی تمام شده است"


def test_plural_marker_defers_the_choice_of_form() -> None:
    """A table of NN_ pairs is translated by ngettext once the count is known."""
    pair = NN_("{team} win the envido: {n} point.", "{team} win the envido: {n} points.")
    assert pair == Plural("{team} win the envido: {n} point.",
                          "{team} win the envido: {n} points.")
    with use_locale("pt_BR"):
        assert ngettext(*pair, 1, team="Ana e Bia") == "Envido para Ana e Bia: 1 ponto."
        assert ngettext(*pair, 3, team="Ana e Bia") == "Envido para Ana e Bia: 3 pontos."


def test_translate_for_an_explicit_locale() -> None:
    """An alert goes out in the recipient's language whatever the group speaks."""
    with use_locale("pt_BR"):
        assert translate("the hand is over", "bn") == "এই দান শেষ হয়ে গেছে"
        assert ntranslate("{player} accepts: the hand is worth {n} point.",
                          "{player} accepts: the hand is worth {n} points.", 2, "en",
                          player="Ana") == "Ana accepts: the hand is worth 2 points."
        assert _("the hand is over") == "a mão acabou"


def test_lookup_leaves_placeholders() -> None:
    assert lookup(NP_("card name", "seven of {suit}"), "fa") == "هفتِ {suit}"


def test_locale_codes_are_checked() -> None:
    assert translate("the game is over", "pt-br") == "a partida acabou"
    with pytest.raises(ValueError):
        translate("the game is over", "de")


def test_broken_translation_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken(NullTranslations):
        def gettext(self, message: str) -> str:
            return "{nom} doit répondre."

    reload_catalogs()
    monkeypatch.setattr("chatbot.i18n.translation.translations", lambda locale: Broken())
    with caplog.at_level(logging.ERROR):
        assert translate("{player} must answer.", "pt_BR", player="Ana") == "Ana must answer."
    assert "bad pt_BR translation" in caplog.text


def test_catalogs_are_cached_per_locale() -> None:
    assert translations("fa") is translations("fa")
    assert translations("fa") is not translations("ur")


def test_refusal_reasons_are_translated() -> None:
    error = IllegalAction("not-your-turn", seat=1, to_act=2)
    assert explain(error) == "seat 1 cannot act now: it is seat 2's turn"
    assert explain(error, "pt_BR") == "o lugar 1 não pode jogar agora: é a vez do lugar 2"
    assert explain(error, "bn") == "আসন ১ এখন খেলতে পারবে না: এখন চাল দেবে আসন ২"
    assert explain(IllegalAction("game-over"), "fa") == "بازی تمام شده است"
