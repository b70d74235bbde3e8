"""Every button works only on the message it was sent with (issue 14, finding 1).

A client can press any data on any message it sees. Here every kind of button
the bot sends (the /start menu, a group lobby and its options, a group table, a
private hand, a solo table, rules pages, language menus, the "replace the game?"
question) is replayed onto every other kind of message, in its chat and in
others: each press gets a polite alert, and nothing changes anywhere (no stored
table moves, not even its version; no table opens; no message is sent or edited).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import Timing
from chatbot.i18n.table_text import ALERTS
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import cards_in, eventually, open_group_table, table_of
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_private_hands import private_hands

# bots move at once, people never run out of time: the tables stand still at a person's turn
STILL = Timing(turn=3600.0, bot=0.0, between_hands=0.0)
REFUSALS = {ALERTS["forged"], ALERTS["elsewhere"], ALERTS["stale"]}


async def person_to_act(repo: Repository, chat_id: int, people: set[int]) -> TableRecord:
    """The chat's table once a person (not a bot) must act."""
    async def probe() -> TableRecord | None:
        record = await repo.get_active_table(chat_id)
        if record is None or not record.state.startswith("hand_"):
            return None
        table = table_of(record)
        assert table.match is not None
        seat = table.rules.to_act(table.match)
        info = None if seat is None else table.seats[seat]
        return record if info is not None and info.user_id in people else None
    return await eventually(probe, f"a person's turn at the table of chat {chat_id}")


async def reply_to(server: FakeTelegramServer, user: FakeUser, chat: FakeChat,
                   text: str) -> FakeMessage:
    """Send ``text`` in ``chat`` and wait for the bot's message with buttons after it."""
    mark = server.mark()
    await user.send(chat, text)
    call = await server.wait_for_call("sendMessage", chat_id=chat.id, since=mark)
    message = chat.message(call.result["message_id"])
    assert message.callback_data, (text, message.text)
    return message


def screen(server: FakeTelegramServer) -> dict[tuple[int, int], Any]:
    """Every message of every chat as it shows now, buttons included."""
    return {(chat.id, m.message_id): (m.text, m.reply_markup, m.deleted)
            for chat in list(server.chats.values()) for m in chat.all_messages()}


def stored(record: TableRecord | None) -> tuple[Any, ...] | None:
    if record is None:
        return None
    return (record.id, record.version, record.turn_seq, record.state, record.game,
            record.message_id, record.active)


async def test_every_button_replayed_onto_every_other_message_changes_nothing(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    carol = FakeUser(server, 1003, "Carol")
    async with running_bot(server, migrated_db_url, STILL) as app:
        deps = deps_of(app)
        # Alice reads her group hands privately: her private chat gets a hand message
        menu = await reply_to(server, alice, alice.private, "/start")
        game = await open_group_table(server, repo, alice, bob)
        carol.join(game.group)
        await game.human_turn()
        table_message = await game.table_message()
        hand_message = await server.wait_until(lambda: (private_hands(alice) or [None])[-1],
                                               what="Alice's private hand message")

        # Bob practises alone: a solo table in his private chat
        bob_menu = await reply_to(server, bob, bob.private, "/start")
        await bob.press_button(bob_menu, "Truco Paulista: me against the bot")
        solo = await person_to_act(repo, bob.id, {bob.id})
        solo_message = await server.wait_until(
            lambda: bob.private.message(solo.message_id) if solo.message_id else None,
            what="Bob's solo table message")

        # Carol's lobby in another group, and her question to replace it
        other = server.create_group("Other", members=[carol, alice])
        lobby = await reply_to(server, carol, other, "/new mineiro 2")
        question = await reply_to(server, carol, other, "/new paulista 2")
        assert "Yes, replace it" in [b["text"] for b in question.buttons]

        rules_page = await reply_to(server, alice, game.group, "/rules paulista")
        rules_menu = await reply_to(server, alice, alice.private, "/rules")
        group_languages = await reply_to(server, alice, game.group, "/language")
        languages = await reply_to(server, alice, alice.private, "/language")

        # who may press each message (someone who can see it, with most rights there)
        kinds: dict[str, tuple[FakeMessage, FakeUser]] = {
            "group table": (table_message, alice),
            "group lobby": (lobby, carol),
            "replace question": (question, carol),
            "private menu": (menu, alice),
            "private hand": (hand_message, alice),
            "solo table": (solo_message, bob),
            "group rules page": (rules_page, alice),
            "private rules menu": (rules_menu, alice),
            "group language menu": (group_languages, alice),
            "private language menu": (languages, alice),
        }
        buttons = {kind: list(message.callback_data) for kind, (message, _) in kinds.items()}
        assert all(buttons.values()), buttons

        await deps.presenter.editor.flush()
        assert deps.private_hands is not None
        await deps.private_hands.flush()
        chats = [game.group.id, other.id, alice.id, bob.id, carol.id]

        async def tables() -> list[tuple[Any, ...] | None]:
            active = [stored(await repo.get_active_table(c)) for c in chats]
            known = [stored(await repo.get_table(i)) for i in (game.table_id, solo.id)]
            return active + known

        before_tables, before_screen = await tables(), screen(server)
        presses = 0
        for source, data in buttons.items():
            for target, (message, presser) in kinds.items():
                if target == source:
                    continue
                for datum in data:
                    if datum in message.callback_data:
                        continue  # the very same button (none so far): it belongs there too
                    answer = await presser.press(message, datum, check=False)
                    presses += 1
                    assert answer.show_alert and answer.text in REFUSALS, (
                        source, target, datum, answer.text)
        assert presses > 300
        await deps.presenter.editor.flush()
        await deps.private_hands.flush()
        assert await tables() == before_tables
        assert screen(server) == before_screen

        # the buttons are real: where they belong they still work
        answer = await alice.press_button(table_message, "My cards")
        assert answer.text and cards_in(answer.text)
