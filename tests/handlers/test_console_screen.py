"""The terminal's screen at the person's turn: each thing said once after a deal, the card
that wins the trick in play, and the tricks each side has won (issue 36)."""

from __future__ import annotations

import itertools
import re

import pytest

from chatbot.handlers.console import play_game

PROMPT = "<prompt>"


def screens(variant: str, players: int, seed: int, locale: str = "en") -> list[list[str]]:
    """A whole game fed 1s, cut at every prompt: what the person read before each answer."""
    out: list[str] = []

    def read(_prompt: str) -> str:
        out.append(PROMPT)
        return "1"

    assert play_game(variant, players, seed=seed, locale=locale, input_fn=read,
                     output=out.append) == 0
    return [list(group) for is_prompt, group in itertools.groupby(out, lambda x: x == PROMPT)
            if not is_prompt]


@pytest.mark.parametrize(("variant", "players"), [("paulista", 2), ("paulista", 4),
                                                  ("mineiro", 2), ("argentino", 2)])
def test_a_deal_says_the_turned_card_manilhas_and_cards_once(variant: str,
                                                             players: int) -> None:
    for screen in screens(variant, players, seed=5):
        text = "\n".join(screen)
        for said in re.findall(r"Turned-up card: \S+\.|Manilhas [^\n]*|Your cards: [^\n]*",
                               text):
            assert text.count(said) == 1, (said, screen)


def test_the_screen_shows_the_winning_card_and_the_tricks_won() -> None:
    seen = screens("paulista", 4, seed=5)
    winning = [line for screen in seen for line in screen if line.startswith("Winning so far: ")]
    tricks = [line for screen in seen for line in screen if line.startswith("Tricks won: ")]
    assert winning and tricks
    assert all(re.fullmatch(r"Tricks won: Player and Bot 2: \d · Bot 1 and Bot 3: \d"
                            r"( · tied: \d)?", line) for line in tricks)
    for screen in seen:  # the winning card is one of those on the table
        table = next((line for line in screen if line.startswith("On the table: ")), None)
        lead = next((line for line in screen if line.startswith("Winning so far: ")), None)
        if lead is not None:
            assert table is not None and lead.split()[3] in table
