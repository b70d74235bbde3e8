"""The terminal game's Persian and Urdu lines laid out by the Unicode bidi algorithm (as a
terminal that does bidi lays them out; python-bidi here): every run of cards reads in its
logical order, ``K♣ K♥ K♠ K♦`` and not ``♦K♣ K♥ K♠ K`` (issue 36, docs/bidi.md)."""

from __future__ import annotations

import re

import pytest
from bidi import get_display

from chatbot.handlers.console import page_lines, play_game
from chatbot.i18n.bidi import CLOSE, ISOLATES, LRM, OPEN, terminal_text

# A card face as the terminal prints it, a manilha starred: "7♣★", "1⚔️".
CARD = re.compile(r"(?:10|[2-9AJQK])[♣♥♠♦]★?|\d{1,2}(?:⚔️|🪵|🪙|🏆)★?")


def terminal_output(variant: str, players: int, locale: str) -> list[str]:
    out: list[str] = []
    answers = iter(["?2", "h"])
    play_game(variant, players, seed=4, locale=locale,
              input_fn=lambda prompt: out.append(prompt) or next(answers, "1"),
              output=out.append)
    return out


def reading_order(line: str) -> list[str]:
    """The cards of a line as its layout must show them, left to right.

    The paragraph runs right to left (the line starts with an RLM or a Persian or Urdu
    letter), so the marked left-to-right fragments (LRM … LRM: a card, a name, a ranking
    such as ``7♣ > 7♥``) come right to left, each read inside left to right: the layout
    holds the fragments reversed and each fragment's cards in the order written."""
    units: list[list[str]] = []
    for index, part in enumerate(line.split(LRM)):
        cards = CARD.findall(terminal_text(part))
        units += [cards] if index % 2 else [[card] for card in cards]
    return [card for unit in reversed(units) for card in unit]


def misordered(line: str) -> bool:
    """Whether the bidi layout of a line breaks a card face or puts its cards out of order."""
    return CARD.findall(terminal_text(get_display(line))) != reading_order(line)


@pytest.mark.parametrize("locale", ["fa", "ur"])
@pytest.mark.parametrize(("variant", "players"), [
    ("paulista", 2), ("mineiro", 4), ("argentino", 2), ("le-truc", 2), ("put", 3)])
def test_cards_read_in_order_when_the_terminal_lays_out_bidi(
        variant: str, players: int, locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")  # a narrow terminal: the rules page is cut often
    out = terminal_output(variant, players, locale)
    assert not any(char in ISOLATES for line in out for char in line)
    with_runs = [line for line in out if CARD.search(terminal_text(line))]
    assert with_runs
    assert [line for line in with_runs if misordered(line)] == []


def test_without_the_marks_the_cards_come_out_mirrored() -> None:
    """The check has teeth: the same lines stripped of their marks lay out wrongly."""
    out = terminal_output("paulista", 2, "fa")
    manilhas = next(line for line in out if "★" in line and CARD.search(line))
    assert misordered(terminal_text(manilhas))


def test_a_fragment_cut_by_the_wrap_is_marked_on_both_lines() -> None:
    ranking = OPEN + "7♣ > 7♥ > 7♠ > 7♦" + CLOSE
    lines = page_lines(f"• ترتیب: {ranking} است", 20, rtl=True)
    assert len(lines) > 1
    assert all(line.count(LRM) % 2 == 0 for line in lines)
    assert [line for line in lines if misordered(line)] == []
