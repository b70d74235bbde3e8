"""The terminal's rules pages and game names: pages wrapped to the terminal between words,
the table's own target, a page past the last one, and a misspelt game's nearest names
(issue 36)."""

from __future__ import annotations

import re

import pytest

from chatbot.handlers.console import main, page_lines, play_game
from chatbot.i18n.rules_pages import rules_pages


def rules_screen(variant: str, typed: list[str], *, locale: str = "en",
                 target: dict[str, object] | None = None) -> list[str]:
    """The lines printed for ``typed`` (then q twice) at the person's first turn."""
    out: list[str] = []
    answers = iter([*typed, "q", "q"])
    play_game(variant, 2, seed=2, locale=locale, input_fn=lambda _prompt: next(answers),
              output=out.append, options=target)
    return out


def test_a_page_is_wrapped_between_words_to_the_terminal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    out = rules_screen("paulista", ["?2"])
    start = out.index("The deck and the cards (2/8)")
    page = out[start + 1:out.index("You left the game.")]
    assert page and all(len(line) <= 39 for line in page)
    words = " ".join(rules_pages("paulista", "en")[1].text.split())
    printed = " ".join(" ".join(page).split())
    assert words in printed  # the same words in the same order: none split or lost
    assert any(line.startswith("  ") for line in page)  # a bullet's later lines indented


def test_page_lines_never_split_a_word() -> None:
    text = "• " + " ".join(["manilhas"] * 12)
    lines = page_lines(text, 20)
    assert len(lines) > 1
    assert all(word in ("•", "manilhas") for line in lines for word in line.split())
    assert page_lines("a\n\nb", 20) == ["a", "", "b"]  # a page's blank lines stay


def test_the_pages_name_the_tables_own_target() -> None:
    chosen = rules_screen("le-truc", ["?1"], target={"target": 7})
    assert "At this table the game is played to 7 points." in chosen
    usual = rules_screen("le-truc", ["?1"])
    assert not any(line.startswith("At this table") for line in usual)


@pytest.mark.parametrize("typed", ["?9", "?x"])
def test_a_page_past_the_last_says_so_and_lists_the_pages(typed: str) -> None:
    out = rules_screen("put", [typed])
    assert f"There is no page {typed[1:]}: the rules have 7 pages." in out
    assert any(line.startswith("Pages: ?1 The game in short") for line in out)
    assert not any(line.startswith("The game in short (1/7)") for line in out)


def test_puts_first_page_tells_how_a_hand_is_won_by_each_table() -> None:
    for locale in ("en", "pt_BR", "fa", "ur", "bn"):
        first = rules_pages("put", locale)[0].text
        assert first.count("\n") == 6, locale  # the page's seven lines, split or not
    english = rules_pages("put", "en")[0].text
    assert "each for themselves, the most tricks win it" in english


def test_a_misspelt_game_gets_every_close_name() -> None:
    out: list[str] = []
    assert main(["truco"], output=out.append) == 2
    assert out == ["Unknown game truco. Did you mean paulista / mineiro / argentino / "
                   "le-truc?"]


def test_the_page_keys_are_in_the_locales_digits_and_either_digits_open_a_page() -> None:
    """Bengali lines count in Bengali digits, so the page list shows ?২, not ?2; the
    reader types what it shows, and ?2 still works."""
    titles = [p.title for p in rules_pages("paulista", "bn")]
    for typed in ("?২", "?2"):
        out = rules_screen("paulista", [typed], locale="bn")
        others = next(line for line in out if "?১ " in line)
        assert f"?১ {titles[0]}" in others and f"?৩ {titles[2]}" in others
        assert not re.search(r"\?[0-9]", others)
    english = rules_screen("paulista", ["?2"])
    assert any("?1 The game in short" in line for line in english)
