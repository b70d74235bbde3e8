"""A lobby press judged on the lobby as it stands (chatbot/handlers/lobby_presses.py)."""

from __future__ import annotations

import asyncio

import pytest

from chatbot.fsm.errors import Refused
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_presses as L
from chatbot.handlers.refusal import refusal_text


def lobby() -> Table:
    table = Table("paulista", 4)
    fire(table, "sit", 0, 1, "Ana")
    return table


def bot_name(seat: int) -> str:
    return f"Bot {seat}"


def test_add_a_bot_takes_the_seat_it_was_drawn_for_or_the_first_free_one() -> None:
    table = lobby()
    assert L.add_bot(table, "1:hard", bot_name, "normal") == [
        ("add_bot", (1, "Bot 1", "hard"), {})]
    fire(table, "sit", 1, 2, "Beto")  # Beto took that seat meanwhile
    assert L.add_bot(table, "1:hard", bot_name, "normal") == [
        ("add_bot", (2, "Bot 2", "hard"), {})]
    for seat in (2, 3):
        fire(table, "add_bot", seat, bot_name(seat))
    with pytest.raises(Refused) as full:
        L.add_bot(table, "1:hard", bot_name, "normal")
    assert full.value.reason == "no-free-seat"


def test_a_setting_someone_else_moved_says_what_it_is_now() -> None:
    table = lobby()
    fire(table, "configure", "mineiro", 4, {})
    with pytest.raises(Refused) as changed:
        L.setting(table, "variant", "paulista")
    assert refusal_text(changed.value, "en") == (
        "Someone else changed this option: it is now “Game: Truco Mineiro”.")
    with pytest.raises(Refused) as gone:
        L.option(Table("argentino", 2), "deck:dirty", 60.0)
    assert refusal_text(gone.value, "en") == (
        "Someone else changed the game: it is now Argentine Truco.")
    assert refusal_text(gone.value, "pt_BR").startswith("Outra pessoa mudou o jogo")


def test_only_the_same_press_again_is_done_already() -> None:
    table = lobby()
    press = L.LobbyPress(1, table.seq, "bot", "1:normal")
    plan = L.judged(press, lambda t: L.add_bot(t, press.arg, bot_name, "normal"))
    steps = asyncio.run(plan(None, table))  # type: ignore[arg-type]
    for trigger, args, kwargs in steps:
        fire(table, trigger, *args, **kwargs)
    assert L.repeated(table, press)
    with pytest.raises(Refused) as again:
        asyncio.run(plan(None, table))  # type: ignore[arg-type]
    assert again.value.reason == "already-done"
    # another person's press of the same button acts: a bot in the next free seat
    other = L.LobbyPress(2, press.seq, "bot", "1:normal")
    assert not L.repeated(table, other)
    assert L.add_bot(table, other.arg, bot_name, "normal")[0][1][0] == 2
    # the memory is the table's: it survives a save and a read
    assert L.repeated(Table.from_dict(table.to_dict()), press)


def test_the_start_once_the_game_began_says_so() -> None:
    table = lobby()
    for seat in (1, 2, 3):
        fire(table, "add_bot", seat, bot_name(seat))
    fire(table, "start")
    for decide in (L.start, lambda t: L.add_bot(t, "", bot_name, "normal"),
                   lambda t: L.option(t, "deck:dirty", 60.0)):
        with pytest.raises(Refused) as started:
            decide(table)
        assert refusal_text(started.value, "en") == "The game has already started."
