"""The lobby's plans outside any front end (chatbot/handlers/lobby_plans.py) and the
lobby buttons' table actions over the stored tables (GameService.actions): what the
chat's /new, practice menu and lobby buttons run, through GameService alone."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.ai import LEVELS
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers import lobby_plans
from chatbot.handlers.lobby_presses import LobbyPress, bot_arg
from chatbot.handlers.service import GameService
from chatbot.i18n.translation import translate
from chatbot.rules.registry import available_variants, rules_class
from chatbot.storage import Repository

VARIANT = available_variants()[0]
SEATS = rules_class(VARIANT).seat_counts


def test_a_wanted_game_is_checked_and_filled_in() -> None:
    """Players default to the game's first seat count and an unknown level to the
    default; a game or seat count no button offers is forged."""
    assert lobby_plans.wanted_game(VARIANT, "easy") == (VARIANT, SEATS[0], "easy")
    assert lobby_plans.wanted_game(f"{VARIANT}:{SEATS[-1]}:hard", "easy") == (
        VARIANT, SEATS[-1], "hard")
    assert lobby_plans.wanted_game(f"{VARIANT}:{SEATS[0]}:nonsense", "normal")[2] == "normal"
    for forged in ("no-such-game:2", f"{VARIANT}:99", f"{VARIANT}:{max(SEATS) + 1}"):
        with pytest.raises(Refused) as refused:
            lobby_plans.wanted_game(forged, "easy")
        assert refused.value.reason == "forged"


async def test_practice_opens_a_started_game_with_named_bots(db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine))
    players = SEATS[-1]
    outcome = await lobby_plans.practice(
        service, chat_id=42, user_id=42, name="Ana", variant=VARIANT, players=players,
        level=LEVELS[1], language="pt_BR")
    table = outcome.table
    assert table.state != "lobby" and table.match is not None
    assert table.seat_of(42) == 0
    for seat in range(1, players):
        info = table.seats[seat]
        assert info is not None and info.user_id is None and info.bot_level == LEVELS[1]
        assert info.name == translate("Bot {number}", "pt_BR", number=seat)


async def test_joins_and_a_bot_are_decided_on_the_lobby_as_stored(
        db_engine: AsyncEngine) -> None:
    """Two joins get two seats; "Add a bot" drawn for a seat taken meanwhile takes the
    next free one; the same press again is done already."""
    service = GameService(Repository(db_engine))
    players = max(SEATS)
    opened = await service.open_table(chat_id=-7, creator_id=1, creator_name="Ana",
                                      variant=VARIANT, players=players, language="en")
    table_id = opened.record.id
    await service.actions.join(table_id, 2, "Beto")
    joined = await service.actions.join(table_id, 3, "Caio") if players > 2 else None
    taken = 1 if joined is None else 2
    press = LobbyPress(1, opened.record.turn_seq, "bot", f"{taken}:{LEVELS[0]}")
    seat, level = bot_arg(press.arg, LEVELS[1])
    name_of = lobby_plans.bot_name("en")
    outcome = await service.actions.pressed(press.mark).add_bot(table_id, name_of, level, seat)
    assert outcome is not None
    table: Table = outcome.table
    bots = [s for s, info in enumerate(table.seats) if info is not None and info.user_id is None]
    assert len(bots) == 1 and bots[0] != taken
    bot = table.seats[bots[0]]
    assert bot is not None and bot.bot_level == LEVELS[0]  # the level the button showed
    with pytest.raises(Refused) as again:
        await service.actions.pressed(press.mark).add_bot(table_id, name_of, level, seat)
    assert again.value.reason == "already-done"
    stored = await service.load(table_id)
    assert stored is not None and press.mark in Table.from_dict(stored.game).presses
