"""One way to replace a game, and races that end with one effect (issue 14, finding 2).

A running game (or an open lobby) is never replaced silently: a new game asks
first, and only a player of it, its creator or a group admin may say yes. A
double tap opens one game; two /stop at once stop once; every second press or
command gets a polite answer, and no traceback is ever logged.
"""

from __future__ import annotations

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.i18n.table_text import ALERTS
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import eventually, open_group_table, table_of
from tests.handlers.telegram_harness import deps_of, running_bot

YES, NO = "Yes, replace it", "No, keep it"


async def bot_reply(server: FakeTelegramServer, chat: FakeChat, since: int,
                    count: int = 1) -> list[FakeMessage]:
    """The bot's next ``count`` new messages in ``chat`` after ``since``."""
    calls = await server.wait_until(
        lambda: (found := server.calls_to("sendMessage", chat_id=chat.id, since=since,
                                          ok=True)) and len(found) >= count and found,
        what=f"{count} message(s) of the bot in chat {chat.id}")
    return [chat.message(c.result["message_id"]) for c in calls[:count]]


async def said(server: FakeTelegramServer, user: FakeUser, chat: FakeChat,
               text: str) -> FakeMessage:
    mark = server.mark()
    await user.send(chat, text)
    return (await bot_reply(server, chat, mark))[0]


def snapshot(record: TableRecord | None) -> tuple[object, ...] | None:
    return None if record is None else (record.id, record.version, record.state, record.game)


async def test_replacing_a_group_game_asks_and_only_its_people_may(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    carol = FakeUser(server, 1003, "Carol")
    async with running_bot(server, migrated_db_url):
        game = await open_group_table(server, repo, alice, bob)
        carol.join(game.group)
        await game.human_turn()
        before = snapshot(await game.record())

        # Carol is not at the table, created nothing and is no admin: she is told why
        reply = await said(server, carol, game.group, "/new mineiro 2")
        assert reply.text == ALERTS["only-players"] and not reply.buttons
        # Bob plays in it: he is asked first; Carol may not answer for him
        question = await said(server, bob, game.group, "/new mineiro 2")
        assert "Truco Paulista is open here" in (question.text or "")
        assert [b["text"] for b in question.buttons] == [YES, NO]
        answer = await carol.press_button(question, YES)
        assert answer.show_alert and answer.text == ALERTS["only-players"]
        answer = await bob.press_button(question, NO)
        assert not answer.show_alert
        await server.wait_until(lambda: question.text == "The open game goes on.",
                                what="the question answered")
        assert not question.buttons
        assert snapshot(await game.record()) == before

        # asked again; Bob says yes twice at once: one new lobby, the old game closed
        question = await said(server, bob, game.group, "/new mineiro 2")
        yes = question.button(YES)["callback_data"]
        first, second = bob.click(question, yes), bob.click(question, yes)
        answers = [await server.wait_callback_answer(q) for q in (first, second)]
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["decided"]]
        assert not (await game.record()).active
        new = await eventually(lambda: repo.get_active_table(game.group.id), "the new lobby")
        assert new.id != game.table_id and new.variant == "mineiro"
        assert table_of(new).players == 2 and table_of(new).seat_of(bob.id) == 0
        assert question.text == "The old game is closed and a new one is open."
        # the old question's buttons, replayed: nothing more happens
        answer = await bob.press(question, yes, check=False)
        assert answer.show_alert
        assert (await repo.get_active_table(game.group.id)) == new

        # /new twice at once in a fresh group: one lobby, the other told it is open
        group = server.create_group("Fresh", members=[alice])
        mark = server.mark()
        await alice.send(group, "/new paulista 2")
        await alice.send(group, "/new paulista 2")
        replies = await bot_reply(server, group, mark, count=2)
        texts = sorted(m.text or "" for m in replies)
        assert texts[0] == ALERTS["table-exists"] and "Truco Paulista" in texts[1]
        assert len(await repo.tables_of_user(alice.id, active_only=False)) == 2


async def test_solo_double_tap_opens_one_game_and_another_game_asks(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    ana = FakeUser(server, 2001, "Ana")
    async with running_bot(server, migrated_db_url):
        menu = await said(server, ana, ana.private, "/start")
        tap = menu.button("Truco Paulista: me against the bot")["callback_data"]
        first, second = ana.click(menu, tap), ana.click(menu, tap)
        answers = [await server.wait_callback_answer(q) for q in (first, second)]
        assert sorted(a.text or "" for a in answers) == ["", ALERTS["already-open"]]
        record = await eventually(lambda: repo.get_active_table(ana.id), "the solo game")
        assert len(await repo.tables_of_user(ana.id, active_only=False)) == 1
        before = snapshot(await repo.get_active_table(ana.id))
        assert before is not None and record.variant == "paulista"

        # later, another game of the menu: a question, nothing replaced until yes
        mark = server.mark()
        answer = await ana.press_button(menu, "Truco Mineiro: me against the bot")
        assert not answer.show_alert
        question = (await bot_reply(server, ana.private, mark))[0]
        assert [b["text"] for b in question.buttons] == [YES, NO]
        current = await repo.get_active_table(ana.id)
        assert current is not None and current.id == record.id and current.active
        await ana.press_button(question, YES)
        new = await eventually(
            lambda: _other_table(repo, ana.id, record.id), "the Mineiro game")
        assert new.variant == "mineiro" and new.state.startswith("hand")
        assert not (await repo.get_table(record.id)).active  # type: ignore[union-attr]


async def _other_table(repo: Repository, chat_id: int, old: int) -> TableRecord | None:
    record = await repo.get_active_table(chat_id)
    return record if record is not None and record.id != old else None


async def test_two_stops_at_once_stop_once_and_answer_both(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    async with running_bot(server, migrated_db_url) as app:
        game = await open_group_table(server, repo, alice, bob)
        await game.human_turn()
        message = await game.table_message()
        mark = server.mark()
        await alice.send(game.group, "/stop")
        await alice.send(game.group, "/stop")
        await server.wait_until(lambda: message.text == "The table is closed.",
                                what="the table closed")
        replies = await bot_reply(server, game.group, mark)
        assert [m.text for m in replies] == [ALERTS["no-table"]]
        await deps_of(app).presenter.editor.flush()
        events = await repo.list_events(game.table_id)
        assert [e.kind for e in events].count("TableClosed") == 1
