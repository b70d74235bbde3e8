"""The terminal game: a whole game through the machine with scripted input."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from chatbot.handlers.console import main, play_game


def scripted(answers: Iterator[str], prompts: list[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)
    return read


def always(value: str) -> Iterator[str]:
    while True:
        yield value


@pytest.mark.parametrize(("variant", "players"), [("paulista", 2), ("mineiro", 4),
                                                  ("le-truc", 2), ("put", 4)])
def test_full_game_first_legal_action(variant: str, players: int) -> None:
    out: list[str] = []
    prompts: list[str] = []
    code = play_game(variant, players, seed=5, input_fn=scripted(always("1"), prompts),
                     output=out.append)
    assert code == 0
    assert prompts, "the human was never asked"
    assert out[-1].startswith("Game over:")


def test_bad_input_is_refused_and_the_game_goes_on() -> None:
    out: list[str] = []
    prompts: list[str] = []
    answers = iter(["x", "99", "1", "q"])
    code = play_game("paulista", 2, seed=3, input_fn=scripted(answers, prompts),
                     output=out.append)
    assert code == 0
    refusals = [line for line in out if line.startswith("Please type a number")]
    assert len(refusals) == 2
    assert len(prompts) == 4
    assert out[-1] == "You left the game."


def test_command_line_and_end_of_input() -> None:
    out: list[str] = []

    def eof(prompt: str) -> str:
        raise EOFError

    assert main(["paulista", "--seed", "1"], input_fn=eof, output=out.append) == 0
    assert out[-1] == "You left the game."
    assert main(["nonesuch"], output=out.append) == 2
    assert main(["put", "--players", "9"], output=out.append) == 2
