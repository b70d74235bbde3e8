"""Lists use each language's separator: «،» in Persian and Urdu, a comma elsewhere."""

from __future__ import annotations

import pytest

from chatbot.fsm.table import SeatInfo, Table
from chatbot.i18n.context import use_locale
from chatbot.i18n.lists import separated
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.render import Viewer, score_line
from chatbot.i18n.table_text import seat_names


@pytest.mark.parametrize(("locale", "mark"), [("en", ","), ("pt_BR", ","), ("bn", ","),
                                              ("fa", "،"), ("ur", "،")])
def test_each_language_separates_with_its_own_mark(locale: str, mark: str) -> None:
    joined = separated(["x", "y", "z"], locale)
    assert joined.count(mark) == 2 and joined.startswith("x") and joined.endswith("z")
    with use_locale(locale):
        assert separated(["x", "y"]) == separated(["x", "y"], locale)


def test_a_persian_score_line_has_no_latin_comma() -> None:
    table = Table("paulista", 2, seats=[SeatInfo(1, "Ana"), SeatInfo(None, "Bot 1")])
    for locale in LOCALES:
        viewer = Viewer(table.rules, 2, seat_names(table, locale), None)
        line = score_line(viewer, [3, 5], locale)
        assert ("," in line) is (locale not in ("fa", "ur")), (locale, line)
