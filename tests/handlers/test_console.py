"""The terminal game: a whole game through the machine with scripted input.

These drive ``play_game``/``main`` in-process (fast, every variant); the README's
own command, ``./truco play``, is run as a subprocess in ``tests/test_readme.py``.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Callable, Iterable, Iterator

import pytest

from chatbot.handlers.console import main, play_game, read_number
from chatbot.i18n.bidi import NOT_FOR_TERMINALS
from chatbot.rules.registry import available_variants, rules_class


def scripted(answers: Iterator[str], prompts: list[str]) -> Callable[[str], str]:
    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)
    return read


def always(value: str) -> Iterator[str]:
    while True:
        yield value


def then(first: Iterable[str], rest: str) -> Iterator[str]:
    yield from first
    yield from always(rest)


@pytest.mark.parametrize("variant", available_variants())
def test_full_game_first_legal_action_every_variant_and_seat_count(variant: str) -> None:
    for players in rules_class(variant).seat_counts:
        out: list[str] = []
        prompts: list[str] = []
        code = play_game(variant, players, seed=5, input_fn=scripted(always("1"), prompts),
                         output=out.append)
        assert code == 0
        assert prompts, "the human was never asked"
        assert out[-1].startswith("Game over:"), (variant, players, out[-3:])


def test_bad_input_is_refused_and_the_game_goes_on() -> None:
    out: list[str] = []
    prompts: list[str] = []
    answers = iter(["x", "99", "0", "²x", "1", "q", "no", "q", "q"])
    code = play_game("paulista", 2, seed=3, input_fn=scripted(answers, prompts),
                     output=out.append)
    assert code == 0
    refusals = [line for line in out if line.startswith("Please type a number")]
    assert len(refusals) == 4
    # a refusal re-asks the same turn: four refusals, one move, then q, "no" goes on, q q
    assert len(prompts) == 9
    assert sum(p.startswith("Leave the game?") for p in prompts) == 2
    assert out[-2] == "You left the game."
    assert out[-1].startswith("Score: ")


@pytest.mark.parametrize("typed", ["1", "۱", "১", "¹", "１", " 1 "])
def test_any_scripts_digit_is_a_number(typed: str) -> None:
    assert read_number(typed) == 1
    out: list[str] = []
    prompts: list[str] = []
    code = play_game("paulista", 2, seed=3, input_fn=scripted(then([typed], "q"), prompts),
                     output=out.append)
    assert code == 0
    assert not any(line.startswith("Please type a number") for line in out)
    assert read_number("12") == 12 and read_number("۱۲") == 12 and read_number("1a") is None


@pytest.mark.parametrize(("error", "status"), [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_end_of_input_and_ctrl_c_leave_with_the_score(error: type[BaseException],
                                                      status: int) -> None:
    """Ctrl-D ends the game as leaving does; Ctrl-C too, with the status a shell gives
    a command stopped by it (130), so a script can tell."""
    out: list[str] = []

    def stop(prompt: str) -> str:
        raise error

    assert main(["paulista", "--seed", "1"], input_fn=stop, output=out.append) == status
    assert out[-2] == "You left the game."
    assert out[-1] == "Score: Player: 0 · Bot 1: 0"


def test_a_ctrl_c_that_input_reports_as_the_end_of_input_is_still_a_ctrl_c() -> None:
    """Python's input() reading a pipe sometimes turns a Ctrl-C into EOFError; the game
    notes the SIGINT itself, so it still ends as an interrupt (130), not as Ctrl-D."""
    out: list[str] = []
    before = signal.getsignal(signal.SIGINT)

    def interrupted_read(prompt: str) -> str:
        try:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(1000):  # the handler runs at the next bytecode
                time.sleep(0.01)
        except KeyboardInterrupt:
            raise EOFError from None  # what input() sometimes makes of it
        raise AssertionError("no SIGINT arrived")

    assert main(["paulista", "--seed", "1"], input_fn=interrupted_read,
                output=out.append) == 130
    assert out[-2:] == ["You left the game.", "Score: Player: 0 · Bot 1: 0"]
    assert signal.getsignal(signal.SIGINT) is before  # the handler is put back


def test_question_mark_shows_the_rules_and_h_the_hint_without_losing_the_turn() -> None:
    out: list[str] = []
    prompts: list[str] = []
    code = play_game("mineiro", 2, seed=4, input_fn=scripted(then(["?", "?2", "h"], "q"),
                                                             prompts), output=out.append)
    assert code == 0
    assert "The game in short (1/8)" in out  # Mineiro has a page on señas
    assert "The deck and the cards (2/8)" in out
    assert any(line.startswith("Other pages: ?2 ") for line in out)
    assert any(line.startswith(("Play ", "Lead ", "Raise ", "Accept", "Run")) for line in out)
    move_prompts = [p for p in prompts if p.startswith("Your move")]
    assert len(move_prompts) >= 4  # the same turn asked again after ?, ?2 and h


def test_rules_and_prompt_in_the_players_language_without_isolates() -> None:
    out: list[str] = []
    prompts: list[str] = []
    code = play_game("paulista", 2, seed=3, locale="fa",
                     input_fn=scripted(then(["?", "h"], "q"), prompts), output=out.append)
    assert code == 0
    text = "\n".join(out + prompts)
    assert not any(mark in text for mark in "\u2066\u2067\u2068\u2069")
    # nor embeddings; the RLM/LRM marks stay, for terminals that lay out bidi (docs/bidi.md)
    assert not any(mark in text for mark in NOT_FOR_TERMINALS)
    assert any("\u0600" <= ch <= "\u06ff" for ch in prompts[0])


def test_table_options_and_level_from_the_command_line() -> None:
    out: list[str] = []
    code = main(["ARGENTINO", "--target", "15", "--flor", "contraflor", "--envido",
                 "immediate", "--level", "easy", "--seed", "2"],
                input_fn=scripted(always("1"), []), output=out.append)
    assert code == 0
    over = re.fullmatch(r"Game over: .+ wins? (\d+) to (\d+)\.", out[-1])
    assert over is not None, out[-1]
    assert 15 <= int(over[1]) < 30  # the game ended at the 15-point target, not at 30


@pytest.mark.parametrize(("argv", "expected"), [
    (["paulsta"], "Unknown game paulsta. Did you mean paulista / put?"),
    (["nonesuch"], "Unknown game nonesuch. Choose one of: paulista, mineiro, argentino, "
                   "le-truc, put."),
    (["put", "--players", "9"], "Put is not played by 9 players; choose 2, 3, 4, 5, 6."),
    (["paulista", "--lang", "fr"], "Unknown language fr. Choose one of: en, pt_BR, fa, ur, bn."),
    (["paulista", "--level", "hrad"], "Unknown bot level hrad. Did you mean hard?"),
    (["paulista", "--target", "15"], "Truco Paulista has no --target option."),
    (["le-truc", "--target", "15"], "--target takes one of: 7, 12, 21."),
    (["mineiro", "--deck", "new"], "--deck takes one of: dirty, clean."),
    (["paulista", "--players", "two"], "--players takes a number, not two."),
])
def test_bad_setups_are_answered_with_the_valid_choices(argv: list[str], expected: str) -> None:
    out: list[str] = []
    assert main(argv, output=out.append) == 2
    assert expected in out


def test_names_are_case_insensitive() -> None:
    for argv in (["PAULISTA"], ["Le Truc"], ["le_truc", "--lang", "PT-br"]):
        out: list[str] = []
        assert main([*argv, "--seed", "1"], input_fn=scripted(always("q"), []),
                    output=out.append) == 0, out


def test_a_turn_taken_with_others_at_once_says_only_yours() -> None:
    """Put with four players discards at once: "Your turn." is not followed by a bot's."""
    out: list[str] = []
    code = play_game("put", 4, seed=3, input_fn=scripted(then(["1", "1"], "q"), []),
                     output=out.append)
    assert code == 0
    turns = [i for i, line in enumerate(out) if line == "Your turn."]
    assert turns, out[:20]
    for index in turns:
        assert not out[index + 1].endswith("'s turn."), out[index - 2:index + 3]


def test_the_menu_lists_the_cards_strongest_first() -> None:
    """Paulista, seed 3: vira 2♣ (the threes are manilhas), the hand K♣ J♣ 6♦."""
    out: list[str] = []
    play_game("paulista", 2, seed=3, input_fn=scripted(always("q"), []), output=out.append)
    menu = [line.strip() for line in out if line.startswith("  ") and ") " in line]
    assert menu[:3] == ["1) K♣", "2) J♣", "3) 6♦"]
