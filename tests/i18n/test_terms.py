"""The game's terms say what glossary.md says, in every language, or what the project chose
where the review of issue 15 found the glossary's word wrong (docs/i18n/glossary.md)."""

from __future__ import annotations

import pytest

from chatbot.i18n import LOCALES, Term, term, use_locale
from chatbot.i18n.terms import TERMS

GLOSSARY: dict[Term, dict[str, str]] = {
    Term.TRUCO: {"pt_BR": "Truco!", "fa": "تروکو!", "ur": "ٹروکو!", "bn": "ট্রুকো!"},
    Term.SEIS: {"pt_BR": "Seis!", "fa": "شش!", "ur": "چھ!", "bn": "ছয় পয়েন্ট!"},
    Term.NOVE: {"pt_BR": "Nove!", "fa": "نُه!", "ur": "نو!", "bn": "নয় পয়েন্ট!"},
    Term.DEZ: {"pt_BR": "Dez!", "fa": "ده!", "ur": "دس!", "bn": "দশ পয়েন্ট!"},
    Term.DOZE: {"pt_BR": "Doze!", "fa": "دوازده!", "ur": "بارہ!", "bn": "বারো পয়েন্ট!"},
    Term.RETRUCO: {"fa": "رِتروکو!", "ur": "ری ٹروکو!", "bn": "রেট্রুকো!"},
    Term.VALE_CUATRO: {"pt_BR": "Vale quatro!", "fa": "واله کواترو!", "bn": "ভালে কুয়াত্রো!"},
    Term.ENVIDO: {"fa": "اِنویدو!", "ur": "اینویدو!", "bn": "এনভিডো!"},
    Term.REAL_ENVIDO: {"fa": "رئال اِنویدو!", "ur": "ریئال اینویدو!", "bn": "রিয়াল এনভিডো!"},
    Term.FALTA_ENVIDO: {"fa": "فالتا اِنویدو!", "ur": "فالٹا اینویدو!", "bn": "ফাল্টা এনভিডো!"},
    Term.FLOR: {"fa": "فلور!", "ur": "فلور!", "bn": "ফ্লোর!"},
    Term.ACCEPT: {"pt_BR": "Aceito", "fa": "قبول!", "ur": "منظور!", "bn": "রাজি আছি"},
    # Le Truc's refusal, in the words of its rules page and term base (docs/i18n/<lang>.md).
    Term.REFUSE: {"pt_BR": "Recuso", "fa": "قبول نمی‌کنم!", "ur": "بازی چھوڑتے ہیں!", "bn": "পালাব"},
    Term.QUIERO: {"en": "Quiero", "pt_BR": "Quero"},
    Term.NO_QUIERO: {"pt_BR": "Não quero", "fa": "قبول نمی‌کنم!"},
    Term.MANILHA: {"fa": "مانیلیا", "ur": "مانیلیا", "bn": "মানিলিয়া"},
    Term.VIRA: {"pt_BR": "vira", "fa": "ویرا", "bn": "ভিরা"},
    Term.ZAP: {"fa": "زاپ", "ur": "زاپ", "bn": "জাপ"},
    Term.COPAS: {"pt_BR": "copas", "fa": "کوپتا", "ur": "کوپیٹا", "bn": "কোপেতা"},
    Term.ESPADILHA: {"pt_BR": "espadilha", "fa": "اسپادیلیا", "ur": "اسپاڈیلیا"},
    Term.PICA_FUMO: {"pt_BR": "pica-fumo", "fa": "پیکافومو", "bn": "পিকা-ফুমো"},
    Term.HAND_OF_ELEVEN: {"pt_BR": "mão de onze", "fa": "دورِ یازده", "ur": "گیارہ کی بازی",
                          "bn": "এগারোর দান"},
    Term.HAND_OF_TEN: {"fa": "دورِ ده", "ur": "دس کی بازی", "bn": "দশের দান"},
    Term.IRON_HAND: {"pt_BR": "mão de ferro", "fa": "دورِ کور", "ur": "اندھی بازی",
                     "bn": "লোহার দান"},
    Term.TIED_TRICK: {"fa": "مساوی", "ur": "برابر ہاتھ", "bn": "সমান পিট"},
    Term.RUN: {"pt_BR": "Corro!", "fa": "فرار!", "ur": "بازی چھوڑتے ہیں!", "bn": "পালাব"},
    Term.GO_TO_DECK: {"pt_BR": "Vou ao monte", "fa": "ورق‌ها را خواباندم!", "ur": "پتّے ڈالتے ہیں!",
                       "bn": "দান ছেড়ে দেব"},
    Term.MON_RESTE: {"fa": "مون رِست!", "ur": "موں ریسٹ!", "bn": "মোঁ রেস্ত!"},
    Term.TWO_MORE: {"pt_BR": "Mais dois?", "fa": "دو تا بیشتر؟", "ur": "دو پوائنٹ اور؟",
                    "bn": "আরও দুই?"},
    Term.GOVERNOR: {"fa": "سرگروه", "ur": "کپتان", "bn": "দলনেতা"},
    Term.PUT: {"en": "Put", "fa": "پات", "ur": "پٹ", "bn": "পুট"},
    Term.PUT_CALL: {"fa": "پات!", "ur": "پٹ!", "bn": "পুট!"},
    Term.SUIT: {"pt_BR": "naipe", "fa": "خال", "ur": "رنگ", "bn": "রং"},
    Term.DEALER: {"fa": "ورق‌ده", "ur": "پتّے بانٹنے والا"},
    Term.PARTNER: {"pt_BR": "parceiro", "fa": "یار", "ur": "ساتھی", "bn": "সঙ্গী"},
    # one word for a side of one, two or three players (a pair is wrong for 1v1 and 3v3)
    Term.TEAM: {"pt_BR": "time", "fa": "تیم", "ur": "ٹیم", "bn": "দল"},
    Term.TRUMP: {"fa": "حکم", "ur": "ترپ", "bn": "তুরুপ"},
    Term.DECK: {"fa": "دستهٔ ورق", "ur": "تاش کی گڈّی"},
}


@pytest.mark.parametrize("key", list(GLOSSARY), ids=str)
def test_term_follows_the_glossary(key: Term) -> None:
    for locale, expected in GLOSSARY[key].items():
        assert term(key, locale) == expected, locale


@pytest.mark.parametrize(
    ("locale", "trick", "hand"),
    [
        ("fa", "دست", "دور"),
        ("ur", "ہاتھ", "بازی"),
        ("bn", "পিট", "দান"),
        ("pt_BR", "rodada", "mão"),
        ("en", "trick", "hand"),
    ],
)
def test_trick_and_hand_stay_apart(locale: str, trick: str, hand: str) -> None:
    """The glossary's table: a trick is not a whole deal."""
    assert term(Term.TRICK, locale) == trick
    assert term(Term.HAND, locale) == hand


def test_machine_translation_artefacts_are_absent() -> None:
    """Glossary section 6: the seeds' wrong words never come out of the bot."""
    wrong = {
        "fa": ("ترفند", "فروشنده", "عرشه", "فرماندار", "قرار دادن", "قرعه", "کلاب"),
        "ur": ("چلائیں", "قرعہ", "ڈیک", "سوٹ"),
        "bn": ("রান করে", "দৌড়ায়", "ডেক", "স্যুট", "হাত", "রাউন্ড"),
    }
    for locale, words in wrong.items():
        said = " ".join(term(key, locale) for key in Term)
        assert not [w for w in words if w in said], locale


def test_every_term_has_a_message_in_every_language() -> None:
    assert set(TERMS) == set(Term)
    for locale in LOCALES:
        for key in Term:
            assert term(key, locale).strip()
    distinct = {term(key, "fa") for key in (Term.TRICK, Term.HAND, Term.GAME)}
    assert len(distinct) == 3


def test_term_uses_the_current_locale() -> None:
    with use_locale("bn"):
        assert term(Term.TRICK) == "পিট"
    assert term(Term.TRICK) == "trick"
