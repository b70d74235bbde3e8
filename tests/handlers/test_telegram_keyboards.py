"""The lobby keyboard: one cycling button per offered option, showing the value in force."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from chatbot.fsm.table import Table
from chatbot.handlers.lobby_options import settings
from chatbot.handlers.payload import NO_TABLE, Payload, PayloadCodec, chat_scope
from chatbot.handlers.telegram.keyboards import Keyboards
from chatbot.i18n.table_text import lobby_text

CODEC = PayloadCodec(b"secret")
KEYBOARDS = Keyboards(CODEC)
CHAT = -1001


def buttons(markup: InlineKeyboardMarkup) -> dict[str, Payload]:
    return {b.text: CODEC.decode(b.callback_data, chat_scope(CHAT))  # type: ignore[arg-type]
            for row in markup.inline_keyboard for b in row}


def lobby(table: Table, locale: str = "en", turn: float = 60.0) -> dict[str, Payload]:
    return buttons(KEYBOARDS.lobby(CHAT, table, "ABC123", 0, locale, settings(table, turn)))


def test_argentine_lobby_offers_target_flor_envido_and_turn() -> None:
    table = Table("argentino", 2, {"flor": "contraflor"}, turn_seconds=90)
    found = lobby(table)
    options = {text: p.arg for text, p in found.items() if p.action == "option"}
    assert options == {"Points: 30": "target:30", "Flor: with contraflor": "flor:contraflor",
                       "Envido: counted at the hand's end": "envido_immediate:False",
                       "Time per turn: 90 s": "turn:90"}
    assert all(p.code == "ABC123" and p.seq == 0 for text, p in found.items() if text != "Rules")
    assert {"Join team A", "Game: Argentine Truco", "Players: 2", "Start"} <= set(found)
    rules = found["Rules"]  # opens this game's /rules pages; bound to no table
    assert (rules.code, rules.action, rules.arg) == (NO_TABLE, "rules-open", "argentino")


def test_option_buttons_sit_two_a_row_before_start() -> None:
    table = Table("argentino", 4)
    rows = KEYBOARDS.lobby(CHAT, table, "ABC123", 0, "en", settings(table, 60.0)).inline_keyboard
    texts = [[b.text for b in row] for row in rows]
    assert texts[-4:] == [["Points: 30", "Flor: off"],
                          ["Envido: counted at the hand's end",
                           "Signals: opponents may catch them"],
                          ["Time per turn: 60 s"],
                          ["Start", "Close the table", "Rules"]]


def test_deck_button_and_the_service_default_turn() -> None:
    found = lobby(Table("mineiro", 2, {"deck": "clean"}), turn=30.0)
    assert found["Deck: clean"].arg == "deck:clean"
    assert found["Time per turn: 30 s"].arg == "turn:30"


def test_labels_are_translated_with_local_digits() -> None:
    found = lobby(Table("argentino", 2, {"target": 15}), locale="fa")
    assert any("۱۵" in text for text in found)
    assert any("فلور" in text for text in found)


def test_lobby_text_names_the_options() -> None:
    table = Table("argentino", 2, {"target": 15, "flor": "basic"}, turn_seconds=90)
    pairs = [(s.name, s.value) for s in settings(table, 60.0)]
    text = lobby_text(table, "ABC123", "en", pairs)
    assert ("Table options: game to 15 points, with flor, envido counted at the hand's end, "
            "90 seconds a turn.") in text
    text = lobby_text(Table("paulista", 2, {"deck": "clean"}), "ABC123", "pt_BR",
                      [("deck", "clean"), ("turn", 60)])
    assert "Opções da mesa: baralho limpo, 60 segundos por vez." in text
