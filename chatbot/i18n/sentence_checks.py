"""Sentence-level checks of every translation: the classes of error a reader trips on.

Native readings of the catalogs (issue 36) found mistakes that come back with each
new message, so CI looks for them (tests/i18n/test_sentence_checks.py):

- Urdu: a name placeholder as the bare subject of a verb that inflects for gender
  («{answerer} دے گا»: Sana is a woman). Word it with کی باری، نے، کو.
- Bengali: a case ending after a closing quote («“ট্রুকো!”-এর»: the «!» lands before
  the ending, and a word ending in a vowel takes -র), or after a placeholder, except
  the invariant «-কে» after a name («Rina-কে») and «টি» after a number («৩টি»).
- Two number-bearing placeholders with only a space between them («Bot 2 29»,
  «ہاتھ 1 Bot 2»): names may end in a digit and card faces start with one.
- A message that reads like a form: ending in ``: {x}`` where the English is a
  sentence («পালা: {player}»), or a sentence without the language's full stop.
- Latin digits beside the locale's own digits in one line («(1-۶؛»).

Each check takes the text (and the English where it needs it), so the tests can
feed it the old bad lines and show that it fails on them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from chatbot.i18n.bidi import without_marked
from chatbot.i18n.style import translations

# Placeholders that name players or sides (a name, "Ana and Bot 2").
PERSON_FIELDS = frozenset({"player", "team", "partner", "answerer", "passer", "decider",
                           "name", "mano", "to_act", "first", "second", "others", "last"})
# Placeholders written with digits (a card face starts with one).
NUMBER_FIELDS = frozenset({"n", "count", "number", "needed", "left", "score_a", "score_b",
                           "points", "total", "seat", "card"})
FULL_STOP = {"en": ".", "pt_BR": ".", "fa": ".", "ur": "۔", "bn": "।"}
LOCAL_DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹", "bn": "০১২৩৪৫৬৭৮৯"}
FIELD = re.compile(r"\{(\w+)\}")
CARD_FACE = re.compile(r"(?:10|[0-9AJQK])[♣♥♠♦]|\d{1,2}(?:⚔️|🪵|🪙|🏆)")

# Urdu: what may follow a name without making it the bare subject of a verb.
UR_POSTPOSITIONS = ("نے", "کا", "کی", "کے", "کو", "سے", "میں", "پر")
UR_CLAUSE_END = re.compile(r"[،۔؛:!?\n()“”«»]")
UR_GENDERED = re.compile(
    r"(?:^|\s)(?:گا|گی|گے|گیا|گئی|گئے|رہا|رہی|رہے|تھا|تھی|تھے|چکا|چکی|چکے|لیا|دیا|کیا|آیا"
    r"|آئی|آئے|جیتا|جیتی|جیتے|ہارا|ہاری|ہارے|بولا|\S{2,}(?:تا|تی|تے)(?=\s+(?:ہے|ہیں|تھا|تھی"
    r"|تھے)|\s*$))(?=\s|$)")


def urdu_agreement(text: str) -> bool:
    """A name placeholder is the bare subject of a verb that agrees with its gender."""
    for match in FIELD.finditer(text):
        if match.group(1) not in PERSON_FIELDS:
            continue
        clause = UR_CLAUSE_END.split(text[match.end():], maxsplit=1)[0]
        words = clause.split()
        if not words or words[0] in UR_POSTPOSITIONS or text[:match.start()].endswith("سیٹ "):
            # "سیٹ {seat}": the verb agrees with the seat (feminine), not with a person
            continue
        if UR_GENDERED.search(clause):
            return True
    return False


BN_LETTER = "\u0980-\u09ff"
BN_AFTER_QUOTE = re.compile(f"[”»\"]-?[{BN_LETTER}]")  # an apostrophe elides: «দু'বার»
BN_AFTER_FIELD = re.compile(f"\\{{(\\w+)\\}}(-?)([{BN_LETTER}\u200c\u200d]+)")


def bengali_case_ending(text: str) -> bool:
    """A case ending glued to a quote or a placeholder (other than «{name}-কে», «{n}টি»)."""
    if BN_AFTER_QUOTE.search(text):
        return True
    for match in BN_AFTER_FIELD.finditer(text):
        field, hyphen, ending = match.groups()
        if hyphen and ending == "কে" and field in PERSON_FIELDS:
            continue
        if not hyphen and ending == "টি" and field in NUMBER_FIELDS:
            continue
        return True
    return False


SIDE_BY_SIDE = re.compile(r"\{(\w+)\}\s+\{(\w+)\}")


def numbers_side_by_side(text: str) -> bool:
    """Two placeholders that may carry digits, with nothing but a space between them."""
    for match in SIDE_BY_SIDE.finditer(text):
        fields = {match.group(1), match.group(2)}
        if fields & NUMBER_FIELDS and fields <= NUMBER_FIELDS | PERSON_FIELDS:
            return True
    return False


# A label and a name or a count: "পালা: {player}", "পেলেন: {n}" (a card or a list after a
# colon is how a play or a hand is shown, not a form).
FORM_FIELDS = "|".join(sorted((PERSON_FIELDS - {"name"}) | {"n", "count", "number"}))
FORM_ENDING = re.compile(rf":\s*\{{(?:{FORM_FIELDS})\}}\s*[.।۔]?\s*$")


def reads_like_a_form(english: str, text: str) -> bool:
    """The translation ends in ``: {player}`` or ``: {n}`` where the English does not."""
    return bool(FORM_ENDING.search(text)) and not FORM_ENDING.search(english)


CLOSING_QUOTES = "”»’\"'"


def _ends_a_sentence(english: str) -> bool:
    """The English line ends with a full stop: after its last word or a closing quote
    ("You call “Flor!”."), or inside the quote ("Say “Quiero.”"); not an ellipsis."""
    line = english.rstrip()
    inside = line.rstrip(CLOSING_QUOTES)
    return (line.endswith(".") and not line.endswith("..")) or (
        inside != line and inside.endswith(".") and not inside.endswith(".."))


def _has_full_stop(english: str, text: str, stop: str) -> bool:
    """The translation ends with the language's full stop: last of all, as the English has
    it after a closing quote; or before the closing quote, where the English puts it there."""
    line = text.rstrip()
    if line.endswith(stop):
        return True
    return not english.rstrip().endswith(".") and line.rstrip(CLOSING_QUOTES).endswith(stop)


def missing_full_stop(english: str, text: str, locale: str) -> bool:
    """The English is a sentence with a full stop and the translation ends without the
    language's own (``۔`` in Urdu, ``।`` in Bengali), also after a closing quote. A page of
    several lines (the rules) is read line by line, each line against the English one."""
    stop = FULL_STOP[locale]
    pairs = [(english, text)]
    english_lines, lines = english.split("\n"), text.split("\n")
    if len(english_lines) == len(lines) > 1:
        pairs += list(zip(english_lines, lines, strict=True))
    return any(_ends_a_sentence(source) and not _has_full_stop(source, line, stop)
               for source, line in pairs)


def mixed_digits(text: str, locale: str) -> bool:
    """A line with Latin digits beside the locale's own (a number placeholder counts as
    the locale's: it is filled in its digits). Card faces and marked fragments keep
    Latin digits on purpose."""
    local = LOCAL_DIGITS.get(locale)
    if local is None:
        return False
    for line in text.split("\n"):
        line = CARD_FACE.sub("", without_marked(line))
        numbers = [m for m in FIELD.findall(line) if m in NUMBER_FIELDS - {"card"}]
        line = FIELD.sub("", line)
        if re.search("[0-9]", line) and (numbers or any(d in line for d in local)):
            return True
    return False


Check = Callable[[str, str, str], bool]
CHECKS: dict[str, tuple[tuple[str, ...], Check]] = {
    "urdu agreement": (("ur",), lambda english, text, locale: urdu_agreement(text)),
    "bengali case ending": (("bn",), lambda english, text, locale: bengali_case_ending(text)),
    "numbers side by side": (("pt_BR", "fa", "ur", "bn"),
                             lambda english, text, locale: numbers_side_by_side(text)),
    "reads like a form": (("pt_BR", "fa", "ur", "bn"),
                          lambda english, text, locale: reads_like_a_form(english, text)),
    "no full stop": (("pt_BR", "fa", "ur", "bn"), missing_full_stop),
    "mixed digits": (("fa", "bn"), lambda english, text, locale: mixed_digits(text, locale)),
}


def problems(locale: str, check: str) -> Iterator[str]:
    """The translations of a locale that the named check finds fault with."""
    locales, found = CHECKS[check]
    if locale not in locales:
        return
    for english, text in translations(locale):
        if found(english, text, locale):
            yield text
