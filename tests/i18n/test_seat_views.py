"""Whole games read from each seat: a player's own moves are told to them in the second
person, and a game of two never speaks of teams, partners or "we" (issue 36).

Each seeded game of tests/i18n/test_recorded_games.py is replayed with the screens and
buttons of every decision; every line is read in every language.
"""

from __future__ import annotations

import re

import pytest

from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.hints import HINT_REASONS
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.render import Viewer, action_label, render, view_lines
from chatbot.i18n.translation import translate
from chatbot.rules import events as E
from chatbot.rules import put_events as PE
from chatbot.rules.playout import Config
from tests.i18n.test_recorded_games import CONFIGS, NAMES, replayed

# Words that speak of a side of several, or to several, in a game of two.
SIDE_WORDS: dict[str, str] = {
    "en": r"\b(?:[Tt]eams?|we|our|partners?)\b",
    "pt_BR": r"\b(?:times?|eles|vamos|vocês|parceiros?|adversários marcam)\b",
    "fa": r"تیم|می‌کنیم|(?<![\u0600-\u06ff])یار(?:ش|تان|ان)?(?![\u0600-\u06ff])|حریف‌ها",
    "ur": r"ٹیم|(?<![\u0600-\u06ff])ہم(?![\u0600-\u06ff])|ساتھی|مخالفوں",
    "bn": r"দল|আমরা|আপনাদের|সঙ্গী|ওরা",
}
# Events a seat makes itself (their ``seat`` is the actor), and results a side wins.
ACTS = (E.CallMade, E.CallAnswered, E.CardPlayed, E.CardsRevealed, E.TurnStarted,
        E.SenaMade, PE.CardPassed, PE.CardsDiscarded, PE.CardWithdrawn)
WINS = (E.TrickWon, E.HandWon, E.GameWon, E.CallScored)


def speaks_of_a_side(line: str, locale: str) -> bool:
    return bool(re.search(SIDE_WORDS[locale], terminal_text(line)))


def names_self(line: str, name: str) -> bool:
    """The line names the reader, other than as a label ("Ana: 3" in a score, "Ana: 7♥")."""
    plain = terminal_text(line)
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)(?!:)", plain) is not None


def viewer(config: Config, seat: int | None) -> Viewer:
    table, _, _ = replayed(config)
    return Viewer(table.rules, config.players, NAMES[: config.players], seat)


def all_lines(config: Config, locale: str, seed: int = 0) -> list[str]:
    """Every event line for every seat, and every screen and button of every decision."""
    table, events, views = replayed(config, seed)
    lines = []
    for seat in range(config.players):
        seen = viewer(config, seat)
        lines += [line for e in events if (line := render(e, seen, locale))]
    for view in views:
        lines += view_lines(view, viewer(config, view.seat), locale)
        lines += [action_label(a, view, table.rules, locale) for a in view.legal]
    return lines


def own_lines(config: Config, locale: str) -> list[tuple[str, str]]:
    """(reader's name, line) for every move a seat made and every win of a side of one."""
    _, events, _ = replayed(config)
    out = []
    for seat in range(config.players):
        seen = viewer(config, seat)
        for e in events:
            mine = (isinstance(e, ACTS) and e.seat == seat) or (
                isinstance(e, E.HandStarted) and e.dealer == seat) or (
                isinstance(e, WINS) and e.team == seen.team and seen.team_size(e.team) == 1)
            line = render(e, seen, locale) if mine else None
            if line:
                out.append((NAMES[seat], line))
    return out


TWO = [c for c in CONFIGS if c.players == 2]
SEEDS = range(4)  # games of two are short: several, so more of their messages come up


@pytest.mark.parametrize("config", TWO, ids=Config.label)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_game_of_two_speaks_of_no_side(config: Config, locale: str) -> None:
    found = sorted({terminal_text(line) for seed in SEEDS
                    for line in all_lines(config, locale, seed)
                    if speaks_of_a_side(line, locale)})
    assert not found, found[:10]


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", LOCALES)
def test_own_moves_are_told_in_the_second_person(config: Config, locale: str) -> None:
    found = sorted({terminal_text(line) for name, line in own_lines(config, locale)
                    if names_self(line, name)})
    assert not found, found[:10]


@pytest.mark.parametrize(("locale", "old"), [
    ("en", "Bia decides: we play this hand."),
    ("pt_BR", "Corro! (eles marcam 6 pontos)"),
    ("pt_BR", "Corro! (os adversários marcam 6 pontos)"),
    ("pt_BR", "Bot 1 decidiu: vamos correr desta mão."),
    ("pt_BR", "Cante sua flor: ela vale pontos para vocês."),
    ("fa", "Bia تصمیم گرفت: این دور را بازی می‌کنیم."),
    ("fa", "فلورتان را اعلام کنید: برای تیمتان امتیاز می‌آورد."),
    ("ur", "Bia کا فیصلہ: ہم یہ بازی کھیلیں گے۔"),
    ("bn", "পালালাম (ওরা পাবে ১ পয়েন্ট)"),
    ("bn", "এই দান খেলুন: আপনাদের তাস যথেষ্ট ভালো।"),
])
def test_the_side_words_are_found_in_the_old_lines(locale: str, old: str) -> None:
    assert speaks_of_a_side(old, locale)


def test_the_reader_named_as_subject_is_found() -> None:
    assert names_self("Ana pediu truco!", "Ana")
    assert names_self("Player accepts.", "Player")
    assert names_self("Trick 1 to Player.", "Player")
    assert names_self("\u200f\u200eAna\u200e\u200f تروکو خواند!", "Ana")
    assert not names_self("Você pediu “Truco!”. Placar: Ana: 1 · Bot 1: 0", "Ana")
    assert not names_self("Anabel pediu truco!", "Ana")


@pytest.mark.parametrize("locale", LOCALES)
def test_hints_a_player_alone_may_read_speak_of_no_side(locale: str) -> None:
    """A hint has one text for every table size: the ones not about a partner must not
    speak of a team or of "you" as several."""
    alone = [message for message in HINT_REASONS.values() if "partner" not in message]
    found = [text for message in alone
             if speaks_of_a_side(text := translate(message, locale, card="7♥"), locale)]
    assert not found, found
