"""A few thousand random updates, then a game played to its end (issue 14, fuzz).

While a 2v2 group game waits for a person, the real bot gets, through the fake
Bot API: commands with junk arguments, random and damaged callback data, every
real button replayed onto other messages, presses of strangers, random inline
queries and chosen results, edited messages, messages from unknown chats and
users, and updates of kinds it does not handle. Then the game is played to its
end. Nothing may log an error or a traceback, every press and inline query is
answered, and the game's stored table is exactly as it was before the flood.

Deterministic: one seeded generator decides every update from a pool of
messages and payloads fixed before the flood; the updates go in batches, each
waited for on its answers, so no timing decides anything.
"""

from __future__ import annotations

import random
import string
import time
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import Timing
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import cards_first, open_group_table
from tests.handlers.telegram_harness import deps_of, running_bot

UPDATES = 2400
BATCH = 120
STILL = Timing(turn=3600.0, bot=0.0, between_hands=0.0)  # nobody times out meanwhile
COMMANDS = ["/new", "/join", "/leave", "/stop", "/score", "/rules", "/play", "/help",
            "/language", "/start", "/nonsense"]
JUNK_WORDS = ["xyz", "7", "paulista", "0", "-1", "99999999999", "mineiro", "2", "4", "put",
              "le-truc", "ALL", "@TrucoTestBot", "🂡", "%s", "'; drop table", "a" * 80, "6"]


def junk_text(rng: random.Random, size: int = 12) -> str:
    alphabet = string.ascii_letters + string.digits + "|:-_#@ /éأ🂡"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, size)))


def mutated(rng: random.Random, data: str) -> str:
    """One character of a real payload changed (or cut, or lengthened)."""
    roll = rng.random()
    if roll < 0.2:
        return data[: rng.randrange(len(data))]
    if roll < 0.3:
        return data + rng.choice("|x0")
    i = rng.randrange(len(data))
    options = [c for c in string.ascii_letters + string.digits + "|-_" if c != data[i]]
    return data[:i] + rng.choice(options) + data[i + 1:]


def snapshot(record: TableRecord) -> tuple[Any, ...]:
    return (record.version, record.turn_seq, record.state, record.game, record.message_id,
            record.active)


class Fuzzer:
    """Builds random updates from fixed pools and remembers the queries it opened."""

    def __init__(self, server: FakeTelegramServer, rng: random.Random,
                 messages: list[FakeMessage], insiders: list[FakeUser],
                 strangers: list[FakeUser], game_chat: FakeChat, code: str) -> None:
        self.server, self.rng = server, rng
        self.messages, self.insiders, self.strangers = messages, insiders, strangers
        self.game_chat, self.code = game_chat, code
        self.rules_page = next(m for m in messages if "(1/" in (m.text or ""))
        self.payloads = sorted({d for m in messages for d in m.callback_data})
        self.unknown_chats = [server.create_group(f"Unknown {i}", members=list(strangers))
                              for i in range(3)]
        self.presses: list[str] = []
        self.queries: list[str] = []
        self.answers: list[tuple[FakeUser, dict[str, Any]]] = []  # (asker, an inline result)
        self.next_message_id = 900_000

    # ----------------------------------------------------------- kinds
    def one(self) -> None:
        roll = self.rng.random()
        if roll < 0.32:
            self.press()
        elif roll < 0.47:
            self.inline_query()
        elif roll < 0.55:
            self.chosen()
        elif roll < 0.75:
            self.command()
        elif roll < 0.85:
            self.edited()
        elif roll < 0.92:
            self.chatter()
        else:
            self.unhandled()

    def press(self) -> None:
        """Junk, damaged or replayed data: always refused. Only strangers press a real
        button on its own message (refused too: they sit nowhere)."""
        rng = self.rng
        message = rng.choice(self.messages)
        roll = rng.random()
        if roll < 0.15:
            data = junk_text(rng, 70)
        elif roll < 0.45:
            data = mutated(rng, rng.choice(self.payloads))
        else:
            data = rng.choice(self.payloads)
        own = data in message.callback_data
        if own and (message.chat is not self.game_chat or message is self.rules_page):
            data = mutated(rng, data)  # pressing it would be a real wish (or turn a page)
            own = False
        people = self.strangers if own else self.insiders + self.strangers
        user = rng.choice(people)
        if rng.random() < 0.05:  # a button on an inline message (the bot never sends one)
            self.presses.append(self.server.open_callback_query({
                "from": user.to_dict(), "chat_instance": "42", "data": data,
                "inline_message_id": junk_text(rng, 20) or "x"}))
            return
        self.presses.append(user.click(message, data, check=False))

    def inline_query(self) -> None:
        rng = self.rng
        user = rng.choice(self.insiders + self.strangers)
        text = rng.choice([self.code, f"{self.code} ", f"{self.code} {junk_text(rng)}",
                           junk_text(rng, 30), ""])
        chat = rng.choice([self.game_chat, None, user.private, *self.unknown_chats])
        self.queries.append(user.ask_inline(text, chat=chat))

    def chosen(self) -> None:
        """A result id chosen by someone it was not offered to, or junk: refused."""
        rng = self.rng
        others = [(u, r) for u, r in self.answers]
        if others and rng.random() < 0.6:
            asker, result = rng.choice(others)
            user = rng.choice([u for u in self.insiders + self.strangers if u is not asker])
            result_id = result["id"]
        else:
            user, result_id = rng.choice(self.insiders + self.strangers), junk_text(rng, 64)
        self.server.enqueue({"chosen_inline_result": {
            "result_id": result_id or "x", "from": user.to_dict(), "query": self.code}})

    def command(self) -> None:
        """People at the table only ever add junk (a bare /stop of theirs would be a
        real wish); strangers send anything, in the game's group and elsewhere."""
        rng = self.rng
        name = rng.choice(COMMANDS)
        words = [rng.choice([*JUNK_WORDS, junk_text(rng)]) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.5:
            user = rng.choice(self.insiders)
            words = words or ["xyz"]
            chat = rng.choice([self.game_chat, user.private])
            if name in ("/new", "/play", "/start") and chat.type == "private":
                name = "/help"  # a practice game of theirs is a wish too
        else:
            user = rng.choice(self.strangers)
            chat = rng.choice([self.game_chat, *self.unknown_chats, user.private])
            if chat.type == "private" and name in ("/new", "/play", "/start"):
                name = "/score"  # keep strangers out of practice games: they cost time
            if chat is not self.game_chat and name == "/new":
                words = words or ["xyz"]
        text = " ".join([name, *words])
        self.server.post_user_message(user.to_dict(), chat, text)

    def edited(self) -> None:
        rng = self.rng
        user = rng.choice(self.insiders + self.strangers)
        chat = rng.choice([self.game_chat, user.private, *self.unknown_chats])
        text = rng.choice(["/stop", "/new", "/leave", junk_text(rng)])
        self.next_message_id += 1
        self.server.enqueue({"edited_message": {
            "message_id": self.next_message_id, "from": user.to_dict(), "chat": chat.to_dict(),
            "date": int(time.time()) - 60, "edit_date": int(time.time()), "text": text}})

    def chatter(self) -> None:
        rng = self.rng
        user = rng.choice(self.strangers + self.insiders)
        chat = rng.choice([user.private, *self.unknown_chats])
        self.server.post_user_message(user.to_dict(), chat, junk_text(rng, 40) or "hi")

    def unhandled(self) -> None:
        rng = self.rng
        user = rng.choice(self.strangers + self.insiders)
        now = int(time.time())
        self.next_message_id += 1
        channel = {"id": -1009999999999, "type": "channel", "title": "News"}
        kind = rng.randrange(4)
        if kind == 0:
            update: dict[str, Any] = {"channel_post": {
                "message_id": self.next_message_id, "chat": channel, "date": now,
                "text": rng.choice(["/new", "/stop", junk_text(rng)])}}
        elif kind == 1:
            update = {"poll_answer": {"poll_id": "5", "user": user.to_dict(),
                                      "option_ids": [0], "option_persistent_ids": ["0"]}}
        elif kind == 2:
            update = {"my_chat_member": {
                "chat": rng.choice(self.unknown_chats).to_dict(), "from": user.to_dict(),
                "date": now,
                "old_chat_member": {"status": "member", "user": self.server.bot_user},
                "new_chat_member": {"status": "left", "user": self.server.bot_user}}}
        else:
            update = {"chat_join_request": {
                "chat": self.game_chat.to_dict(), "from": user.to_dict(),
                "user_chat_id": user.id, "date": now}}
        self.server.enqueue(update)

    # ----------------------------------------------------------- waiting
    async def answered(self) -> None:
        """Every press and inline query so far has its answer."""
        server = self.server

        def done() -> bool:
            return (all(q in server.callback_answers for q in self.presses)
                    and all(q in server.inline_answers for q in self.queries))
        await server.wait_until(done, timeout=60.0, what="every press and query answered")
        for query_id in self.queries:
            answer = server.inline_answers[query_id]
            asker = next(u for u in self.insiders + self.strangers if u.id == answer.user_id)
            self.answers += [(asker, r) for r in answer.results[:2]]


async def test_a_flood_of_random_updates_breaks_nothing(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    repo = Repository(db_engine)
    rng = random.Random(14)
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    strangers = [FakeUser(server, 5000 + i, f"Stranger{i}", rng.choice(["en", "pt-br", "fa",
                                                                        None]))
                 for i in range(6)]
    async with running_bot(server, migrated_db_url, STILL) as app:
        deps = deps_of(app)
        mark = server.mark()
        await alice.start()
        await server.wait_for_call("sendMessage", chat_id=alice.id, since=mark)
        game = await open_group_table(server, repo, alice, bob)
        for stranger in strangers[:3]:
            stranger.join(game.group)
        await game.human_turn()
        await game.table_message()
        for user, chat, text in ((alice, game.group, "/rules paulista"),
                                 (alice, game.group, "/language"),
                                 (alice, game.group, "/new mineiro 2"),
                                 (bob, bob.private, "/start"),
                                 (alice, alice.private, "/language")):
            mark = server.mark()
            await user.send(chat, text)
            await server.wait_for_call("sendMessage", chat_id=chat.id, since=mark)
        await deps.presenter.editor.flush()
        assert deps.private_hands is not None
        await deps.private_hands.flush()
        messages = [m for chat in (game.group, alice.private, bob.private)
                    for m in chat.bot_messages() if m.callback_data]
        assert len(messages) >= 8
        before = snapshot(await game.record())

        fuzz = Fuzzer(server, rng, messages, [alice, bob], strangers, game.group, game.code)
        for start in range(0, UPDATES, BATCH):
            for _ in range(min(BATCH, UPDATES - start)):
                fuzz.one()
            await server.wait_updates_delivered()
            await fuzz.answered()
        assert len(fuzz.presses) > 500 and len(fuzz.queries) > 200
        await deps.presenter.editor.flush()
        await deps.private_hands.flush()
        assert snapshot(await game.record()) == before

        final = await game.play_to_the_end(rng, prefer=cards_first)
        assert final.state == "finished"
