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


def test_a_score_line_separates_sides_with_a_dot_and_names_from_points() -> None:
    """"Ana and Bot 2 2 0" ran names into numbers: each side is "names: points", and the
    sides are apart by " · " in every language (no Latin comma in Persian or Urdu)."""
    seats = [SeatInfo(1, "Ana"), SeatInfo(None, "Bot 1"), SeatInfo(None, "Bot 2"),
             SeatInfo(None, "Bot 3")]
    table = Table("paulista", 4, seats=seats)
    for locale in LOCALES:
        viewer = Viewer(table.rules, 4, seat_names(table, locale), None)
        line = score_line(viewer, [3, 5], locale)
        assert line.count(" · ") == 1 and line.count(":") >= 2, (locale, line)
        assert ("," in line) is False or locale not in ("fa", "ur"), (locale, line)
    assert score_line(Viewer(table.rules, 4, seat_names(table, "en"), None), [3, 5], "en") == (
        "Score: Ana and Bot 2: 3 · Bot 1 and Bot 3: 5")
