"""The bot levels in words: each player level's name on a button and its one-line description.

The AI layer names its levels by code only (``chatbot.ai.LEVELS``) and knows no
text; the words a player reads live here, beside the other texts, so the AI
never imports the i18n layer. ``tests/ai/test_levels.py`` checks that every
player level has its words here, translated in every language.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from chatbot.i18n.translation import N_, translate


class LevelText(NamedTuple):
    """A level's msgids: its name on a button ("Hard") and its one-line description."""

    name: str
    description: str


LEVEL_TEXTS: Final[dict[str, LevelText]] = {
    "easy": LevelText(
        N_("Easy"), N_("Easy: a beginner who misjudges hands and now and then drops a card.")),
    "normal": LevelText(
        N_("Normal"), N_("Normal: plays by the book and counts the cards already seen.")),
    "hard": LevelText(
        N_("Hard"),
        N_("Hard: thinks ahead through the hands you may hold and reads your raises.")),
    "tight": LevelText(
        N_("Tight"), N_("Tight: raises and accepts only with strong cards.")),
    "loose": LevelText(
        N_("Loose"), N_("Loose: accepts almost any raise and plays on with weak cards.")),
    "aggressive": LevelText(
        N_("Aggressive"), N_("Aggressive: raises often and bluffs.")),
    "cautious": LevelText(
        N_("Cautious"), N_("Cautious: runs from raises early unless its cards are very good.")),
}


def level_name(code: str, locale: str) -> str:
    """A player level's name in ``locale`` ("Hard", «Difícil»); KeyError for bench levels."""
    return translate(LEVEL_TEXTS[code].name, locale)


def level_description(code: str, locale: str) -> str:
    """How a player level plays, in ``locale``; KeyError for bench levels."""
    return translate(LEVEL_TEXTS[code].description, locale)
