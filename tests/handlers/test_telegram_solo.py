"""A solo game in a private chat, end to end through the real python-telegram-bot stack."""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.handlers.payload import peek
from chatbot.i18n.bidi import terminal_text
from chatbot.i18n.levels import level_description
from chatbot.stats.player_records import PlayerRecords
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import eventually
from tests.handlers.telegram_harness import running_bot
from tests.handlers.test_telegram_records import ask

MAX_PRESSES = 400


def state_of(chat: FakeChat) -> tuple[int, int, str, tuple[str, ...]]:
    message = chat.last_bot_message()
    assert message is not None
    return (message.message_id, message.edits, message.text or "",
            tuple(message.callback_data))


async def play_private_game(server: FakeTelegramServer, user: FakeUser) -> str:
    """Press the first button of the table message, wait for the table to change, repeat."""
    chat = user.private
    for _ in range(MAX_PRESSES):
        before = await server.wait_until(
            lambda: (s := state_of(chat)) and ("Game over" in s[2] or s[3]) and s,
            what="a table message with buttons")
        if "Game over" in before[2]:
            return before[2]
        message = chat.message(before[0])
        await user.press(message, before[3][0])
        await server.wait_until(lambda seen=before: state_of(chat) != seen,
                                what="the table to change")
    raise AssertionError("the game did not end")


async def open_practice(server: FakeTelegramServer, user: FakeUser,
                        game: str = "Truco Paulista") -> FakeMessage:
    """/start, then the practice game ``game`` against the bot: its first table message."""
    await user.start()
    menu = await server.wait_until(lambda: user.private.last_bot_message(),
                                   what="the welcome")
    assert "Welcome" in (menu.text or "")
    await user.press_button(menu, f"{game}: me against the bot")
    return await server.wait_until(
        lambda: (m := user.private.last_bot_message()).message_id != menu.message_id and m,
        what="the table message")


async def test_solo_paulista_against_the_bot(fake_telegram: FakeTelegramServer,
                                             db_engine: AsyncEngine,
                                             migrated_db_url: URL) -> None:
    """Played to its end, the practice game counts apart in Ana's records: a game
    against the hard bot, won or lost, and her rating with bots at the table; she has
    no rating among people."""
    ana = FakeUser(fake_telegram, 5001, "Ana")
    async with running_bot(fake_telegram, migrated_db_url):
        await open_practice(fake_telegram, ana)
        final = await play_private_game(fake_telegram, ana)
        card = await ask(fake_telegram, ana, ana.private, "/stats")
    assert "Game over" in final
    stats = await PlayerRecords(db_engine).stats(ana.id)
    won = stats.total("vs_bot_hard_wins")
    assert stats.total("vs_bot_hard_games") == stats.total("games", opponents="bots") == 1
    assert stats.ratings == {} and stats.bot_table_ratings["brazilian"].games == 1
    lines = card.splitlines()
    at = lines.index(f"Games with bots at the table: 1, won {won}")
    assert lines[at + 1] == f"  Against the Hard bot: {won} won, {1 - won} lost"
    assert lines[at + 2].startswith("  Rating with bots at the table, Brazilian Truco")


async def test_hint_button_explains_without_changing_the_game(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    bia = FakeUser(fake_telegram, 5002, "Bia")
    async with running_bot(fake_telegram, migrated_db_url):
        await bia.start()
        menu = await fake_telegram.wait_until(lambda: bia.private.last_bot_message(),
                                              what="the welcome")
        await bia.press_button(menu, "Truco Mineiro: me against the bot")
        table = await fake_telegram.wait_until(
            lambda: (m := bia.private.last_bot_message()) and m.message_id != menu.message_id
            and any(b.get("text") == "Hint" for b in m.buttons) and m,
            what="the table with a hint button")
        before = (table.text, table.edits)
        answer = await bia.press_button(table, "Hint")
        assert answer.show_alert and answer.text and len(answer.text) <= 200
        assert (table.text, table.edits) == before


async def test_the_player_chooses_the_bots_level(fake_telegram: FakeTelegramServer,
                                                db_engine: AsyncEngine,
                                                migrated_db_url: URL) -> None:
    """The practice menu cycles the level (saying what each plays like); the game uses it."""
    repo = Repository(db_engine)
    caio = FakeUser(fake_telegram, 5003, "Caio", language_code="pt-br")
    async with running_bot(fake_telegram, migrated_db_url):
        await caio.start()
        menu = await fake_telegram.wait_until(lambda: caio.private.last_bot_message(),
                                              what="the welcome")
        assert menu.button("Adversário: Difícil")  # hard unless the player picks another
        answer = await caio.press_button(menu, "Adversário: Difícil")
        assert not answer.show_alert
        assert answer.text == level_description("tight", "pt_BR")
        await fake_telegram.wait_until(
            lambda: any(b["text"] == "Adversário: Fechado" for b in menu.buttons),
            what="the next level on the menu")
        await caio.press_button(menu, "Adversário: Fechado")
        await fake_telegram.wait_until(
            lambda: any(b["text"] == "Adversário: Solto" for b in menu.buttons),
            what="the level after it")
        await caio.press_button(menu, "Truco Paulista: eu contra o bot")
        async def started() -> Table | None:
            record = await repo.get_active_table(caio.private.id)
            table = Table.from_dict(record.game) if record is not None else None
            return table if table is not None and table.match is not None else None

        seats = (await eventually(started, "the practice game")).seats
        assert [(s.is_bot, s.bot_level) for s in seats if s is not None] == [
            (False, None), (True, "loose")]


async def test_the_rules_button_opens_the_tables_game_in_a_new_message(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """On the practice table and on a group's lobby: the first page of that game's /rules,
    with its pager, as a new message; the table's message is left as it was."""
    dara = FakeUser(fake_telegram, 5004, "Dara", language_code="fa")
    eva = FakeUser(fake_telegram, 5005, "Eva")
    async with running_bot(fake_telegram, migrated_db_url):
        await dara.start()
        menu = await fake_telegram.wait_until(lambda: dara.private.last_bot_message(),
                                              what="the welcome")
        await dara.press(menu, menu.callback_data[-1])  # the last game: Put, 1 v 1
        table = await fake_telegram.wait_until(
            lambda: (m := dara.private.last_bot_message()) and m.message_id != menu.message_id
            and any(b.get("text") == "قوانین" for b in m.buttons) and m,
            what="the table with a Rules button")
        repo = Repository(db_engine)

        async def dara_to_act() -> bool:
            """Dara's turn, her moves drawn: the bot has moved and the message settled."""
            record = await repo.get_active_table(dara.id)
            if record is None or record.message_id != table.message_id:
                return False
            game = Table.from_dict(record.game)
            return (game.match is not None and game.rules.to_act(game.match) == 0
                    and any(peek(d).seq == record.turn_seq for d in table.callback_data))
        await eventually(dara_to_act, "Dara's turn on the practice table")
        before = (table.text, table.edits)
        mark = fake_telegram.mark()
        await dara.press_button(table, "قوانین")
        sent = await fake_telegram.wait_for_call("sendMessage", chat_id=dara.id, since=mark)
        rules = dara.private.message(int(sent.result["message_id"]))
        page = terminal_text(rules.text or "")  # without the bidi marks
        assert "(۱ از ۷)" in page and page.count("پات") >= 1  # Put's page 1 of 7, in Persian
        assert rules.callback_data  # its pager
        assert (table.text, table.edits) == before
        # a group lobby's Rules button: the lobby's game, in the group, the lobby unchanged
        group = fake_telegram.create_group("Truc", members=[eva])
        await eva.send(group, "/new le-truc")
        lobby = await fake_telegram.wait_until(lambda: group.last_bot_message(),
                                               what="the lobby")
        lobby_before = (lobby.text, lobby.edits)
        mark = fake_telegram.mark()
        await eva.press_button(lobby, "Rules")
        sent = await fake_telegram.wait_for_call("sendMessage", chat_id=group.id, since=mark)
        assert str(sent.params["text"]).startswith("The game in short (1/")
        assert "Le Truc" in str(sent.params["text"])
        assert (lobby.text, lobby.edits) == lobby_before
