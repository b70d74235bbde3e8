"""The lobby names the two teams with the letters of the language's join buttons and rules
page (fa and ur «الف» and «ب»), not with Latin letters fixed in the code."""

from __future__ import annotations

import pytest

from chatbot.fsm.table import Table
from chatbot.i18n.table_text import lobby_text
from chatbot.i18n.translation import N_, translate

MARKS = dict.fromkeys(map(ord, "\u200e\u200f\u2066\u2067\u2068\u2069"))


def lobby(locale: str) -> str:
    """The four-player lobby as read, without the direction marks around each name."""
    return lobby_text(Table("argentino", 4), "ABC123", locale).translate(MARKS)


@pytest.mark.parametrize(("locale", "first", "second"),
                         [("en", "Team A:", "Team B:"), ("pt_BR", "Time A:", "Time B:"),
                          ("ur", "ٹیم الف:", "ٹیم ب:"), ("fa", "الف:", "ب:")])
def test_the_lobby_names_the_teams_in_the_language(locale: str, first: str,
                                                   second: str) -> None:
    text = lobby(locale)
    assert first in text and second in text


def test_the_join_button_names_the_team_as_the_lobby_does() -> None:
    text = lobby("ur")
    assert "ٹیم الف" in translate(N_("Join team A"), "ur") and "ٹیم الف:" in text
    assert "A" not in text.replace("ABC123", "")
