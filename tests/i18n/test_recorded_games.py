"""Whole recorded games rendered in every language: translated, isolated, right digits.

A seeded game of each variant is played through the table machine by bots; every
event is rendered for every seat and for the public in each locale. A line that
comes out the same as in English (once names, cards and numbers are removed) is
an untranslated message.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from chatbot.ai.rulebot import choose
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.i18n.bidi import BIDI_CONTROLS, terminal_text, without_marked
from chatbot.i18n.envido_sung import with_sung
from chatbot.i18n.locales import LOCALES
from chatbot.i18n.render import Viewer, render_all
from chatbot.i18n.style import rtl_line_problem
from chatbot.rules.events import Event
from chatbot.rules.playout import Config, standard_configs
from chatbot.rules.registry import available_variants
from chatbot.rules.views import SeatView, real_action, seat_view

NAMES = ["Ana", "Bia", "Caio", "Davi", "Eva", "Fabio"]
CONFIGS = [c for c in standard_configs(available_variants()) if c.options in ((), (("deck",
                                                                                   "dirty"),))]
CARD = re.compile(r"(?:10|[0-9AJQKT]{1,2})[♣♥♠♦]|\d{1,2}(?:⚔️|🪵|🪙|🏆)")
LATIN_DIGIT = re.compile(r"[0-9]")


@cache
def replayed(config: Config, seed: int = 0) -> tuple[Table, tuple[Event, ...],
                                                     tuple[SeatView, ...]]:
    """A seeded game of this config: every event, and the view of every decision."""
    rng = random.Random(f"{config.label()} {seed}" if seed else config.label())
    table = Table(config.variant, config.players, dict(config.options))
    events: list[Event] = []
    views: list[SeatView] = []
    for seat in range(config.players):
        events += fire(table, "add_bot", seat, NAMES[seat])
    events += fire(table, "start", rng=rng)
    rules = table.rules
    for _ in range(5000):
        if table.state == "finished":
            break
        if table.state == "scoring":
            events += fire(table, "next_hand", rng=rng)
            continue
        match = table.match
        assert match is not None
        seat = rules.to_act(match)
        assert seat is not None
        view = seat_view(rules, match, seat)
        views.append(view)
        action = real_action(match, seat, choose(rules, view, rng))
        events += with_sung(fire(table, "move", seat, action), rules, table.match)
    return table, tuple(events), tuple(views)


def recorded(config: Config) -> tuple[Table, list[Event]]:
    """A whole seeded game of this config, and every event it produced."""
    table, events, _ = replayed(config)
    assert table.state == "finished"
    return table, list(events)


def lines(config: Config, locale: str) -> list[tuple[Event, int | None, str]]:
    table, events = recorded(config)
    out = []
    for seat in [None, *range(config.players)]:
        viewer = Viewer(table.rules, config.players, NAMES[: config.players], seat)
        for event in events:
            for line in render_all([event], viewer, locale):
                out.append((event, seat, line))
    return out


def bare(text: str) -> str:
    """The words of a line: without names, cards, numbers and bidi marks."""
    for name in NAMES:
        text = text.replace(name, "")
    text = "".join(c for c in CARD.sub("", text) if c not in BIDI_CONTROLS)
    return re.sub(r"[\d\s\W_]+", " ", text).strip()


def outside_isolates(text: str) -> str:
    """What is left of a line once its marked fragments (bidi.isolate) are taken out."""
    return without_marked(text)


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_line_is_translated(config: Config, locale: str) -> None:
    english = lines(config, "en")
    translated = lines(config, locale)
    assert len(english) == len(translated)
    untranslated = {line for (_, _, en), (_, _, line) in zip(english, translated, strict=True)
                    if bare(line) and bare(line) == bare(en)}
    assert not untranslated, sorted(untranslated)[:10]


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", ["fa", "ur"])
def test_right_to_left_lines_isolate_cards_names_and_numbers(config: Config,
                                                             locale: str) -> None:
    for _, _, line in lines(config, locale):
        rest = outside_isolates(line)
        assert not CARD.search(rest), line
        assert not any(name in rest for name in NAMES), line
        assert not LATIN_DIGIT.search(rest), line


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", ["fa", "bn"])
def test_numbers_use_the_locales_digits(config: Config, locale: str) -> None:
    for _, _, line in lines(config, locale):
        assert not LATIN_DIGIT.search(CARD.sub("", outside_isolates(line))), line


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", ["fa", "ur"])
def test_every_right_to_left_line_starts_right_to_left(config: Config, locale: str) -> None:
    """No isolate (Telegram Desktop), and no line that starts with an emoji, a name or a
    card: every line of a fa/ur game, for every seat, opens with a right-to-left letter or
    an RLM (docs/bidi.md)."""
    for _, _, text in lines(config, locale):
        for line in text.split("\n"):
            assert rtl_line_problem(line) is None, (rtl_line_problem(line), line)


@pytest.mark.parametrize("config", CONFIGS, ids=Config.label)
@pytest.mark.parametrize("locale", LOCALES)
def test_terminal_text_of_a_game_has_no_bidi_controls(config: Config, locale: str) -> None:
    """``terminal_text(line)`` is what a reader sees of a line: no isolate or mark survives
    (the terminal game prints ``terminal_line``, which keeps the marks)."""
    for _, _, line in lines(config, locale):
        plain = terminal_text(line)
        assert plain.strip() and not any(char in BIDI_CONTROLS for char in plain), line
