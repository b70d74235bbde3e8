"""A lobby press read from its button (chatbot/handlers/lobby_presses.py) and judged on
the lobby as it stands by the table actions (chatbot/handlers/table_actions.py)."""

from __future__ import annotations

import random

import pytest

from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_presses as L
from chatbot.handlers import table_actions as T
from chatbot.handlers.refusal import refusal_text


def lobby() -> Table:
    table = Table("paulista", 4)
    fire(table, "sit", 0, 1, "Ana")
    return table


def bot_name(seat: int) -> str:
    return f"Bot {seat}"


def test_a_buttons_arguments_are_read_and_an_unknown_level_is_the_default() -> None:
    assert L.bot_arg("1:hard", "normal") == (1, "hard")
    assert L.bot_arg("2:nonsense", "normal") == (2, "normal")
    assert L.bot_arg("", "easy") == (None, "easy")
    assert L.option_arg("deck:dirty") == ("deck", "dirty")
    assert L.option_arg("turn:60.0") == ("turn", "60.0")


def test_add_a_bot_takes_the_seat_it_was_drawn_for_or_the_first_free_one() -> None:
    table = lobby()
    seat, level = L.bot_arg("1:hard", "normal")
    assert T.add_bot(table, bot_name, level, seat) == [("add_bot", (1, "Bot 1", "hard"), {})]
    fire(table, "sit", 1, 2, "Beto")  # Beto took that seat meanwhile
    assert T.add_bot(table, bot_name, level, seat) == [("add_bot", (2, "Bot 2", "hard"), {})]
    for seat in (2, 3):
        fire(table, "add_bot", seat, bot_name(seat))
    with pytest.raises(Refused) as full:
        T.add_bot(table, bot_name, level, 1)
    assert full.value.reason == "no-free-seat"


def test_a_setting_someone_else_moved_says_what_it_is_now() -> None:
    table = lobby()
    fire(table, "configure", "mineiro", 4, {})
    with pytest.raises(Refused) as changed:
        T.setting(table, "variant", "paulista")
    assert refusal_text(changed.value, "en") == (
        "Someone else changed this option: it is now “Game: Truco Mineiro”.")
    with pytest.raises(Refused) as gone:
        T.set_option(Table("argentino", 2), *L.option_arg("deck:dirty"), 60.0)
    assert refusal_text(gone.value, "en") == (
        "Someone else changed the game: it is now Argentine Truco.")
    assert refusal_text(gone.value, "pt_BR").startswith("Outra pessoa mudou o jogo")


def test_only_the_same_press_again_is_done_already() -> None:
    table = lobby()
    actions = T.TableActions(T.Memory(random.Random(1), random.Random(2)))
    press = L.LobbyPress(1, table.seq, "bot", "1:normal")
    seat, level = L.bot_arg(press.arg, "normal")
    actions.pressed(press.mark).add_bot(table, bot_name, level, seat)
    assert L.repeated(table, press)
    with pytest.raises(Refused) as again:
        actions.pressed(press.mark).add_bot(table, bot_name, level, seat)
    assert again.value.reason == "already-done"
    # another person's press of the same button acts: a bot in the next free seat
    other = L.LobbyPress(2, press.seq, "bot", "1:normal")
    assert not L.repeated(table, other)
    assert T.add_bot(table, bot_name, level, seat)[0][1][0] == 2
    # the memory is the table's: it survives a save and a read
    assert L.repeated(Table.from_dict(table.to_dict()), press)


def test_the_start_once_the_game_began_says_so() -> None:
    table = lobby()
    for seat in (1, 2, 3):
        fire(table, "add_bot", seat, bot_name(seat))
    fire(table, "start")
    for decide in (T.start, lambda t: T.add_bot(t, bot_name, "normal"),
                   lambda t: T.set_option(t, "deck", "dirty", 60.0)):
        with pytest.raises(Refused) as started:
            decide(table)
        assert refusal_text(started.value, "en") == "The game has already started."
