"""A group player who started the bot privately plays from the private chat.

Alice sent /start to the bot; Bob never did. In a 2v2 group game Alice gets one
private message per hand with her own cards and, on her turn, her moves as
buttons; she plays from there while Bob plays through inline mode, and the
group's table message follows. Bob gets nothing privately. A stale private
button changes nothing, "Stop sending my hands here" stops the messages until
/start, and a user who blocked the bot loses nothing of the game.
"""

from __future__ import annotations

import random
from itertools import pairwise

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram.ext import Application

from chatbot.handlers.payload import PayloadCodec, peek
from chatbot.handlers.telegram.private_hands import PrivateHands
from chatbot.i18n.cards import card_label
from chatbot.rules.cards import Family
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import ApiCall, FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    cards_first,
    cards_in,
    eventually,
    open_group_table,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot

STOP = "Stop sending my hands here"
HEADER = "Truco Paulista in Truco"
HAND_SEED = 4  # a deal whose hand ends 0 to 1 (its plays are seeded: the same every run)
STALE = "That button is from an earlier moment of the game: nothing changed."


def private_hands(user: FakeUser) -> list[FakeMessage]:
    """The bot's hand messages in the user's private chat, oldest first."""
    return [m for m in user.private.bot_messages() if (m.text or "").startswith(HEADER)]


def private_sends(server: FakeTelegramServer, user: FakeUser, since: int = 0) -> list[str]:
    return [str(c.params["text"])
            for c in server.calls_to("sendMessage", chat_id=user.id, since=since, ok=True)]


async def started(server: FakeTelegramServer, user: FakeUser) -> None:
    mark = server.mark()
    await user.start()
    await server.wait_for_call("sendMessage", chat_id=user.id, since=mark)


async def private_turn(game: GroupGame, codec: PayloadCodec, user: FakeUser,
                       seat: int) -> tuple[TableRecord, FakeMessage, list[str]]:
    """The seat's turn with its private message showing the moves drawn for it."""
    async def probe() -> tuple[TableRecord, FakeMessage, list[str]] | None:
        record = await game.record()
        table = table_of(record)
        if not record.state.startswith("hand_") or table.match is None:
            return None
        if table.rules.to_act(table.match) != seat:
            return None
        messages = private_hands(user)
        if not messages:
            return None
        moves = [d for d in messages[-1].callback_data
                 if peek(d).action == "move" and peek(d).seq == record.turn_seq]
        return (record, messages[-1], moves) if moves else None
    return await eventually(probe, "the private message's moves for this turn")


async def alices_turn(game: GroupGame, rng: random.Random) -> None:
    """Bob plays through inline mode until Alice (seat 0) must act."""
    for _ in range(20):
        record = await game.human_turn()
        table = table_of(record)
        assert table.match is not None
        if table.rules.to_act(table.match) == 0:
            return
        await game.play_one(rng, prefer=cards_first)
    raise AssertionError("Alice never had a turn")


def calm(codec: PayloadCodec, moves: list[str], rng: random.Random) -> str:
    """Like ``cards_first``: a card, else accept or play the hand, so a game lasts hands."""
    cards = [d for d in moves if ":" in peek(d).arg]
    quiet = [d for d in moves if peek(d).arg in ("accept", "eleven-play")]
    return rng.choice(cards or quiet or moves)


async def play_hands(game: GroupGame, codec: PayloadCodec, alice: FakeUser,
                     rng: random.Random, until_hand: int, private: bool = True) -> TableRecord:
    """Play until hand ``until_hand`` starts (or the game ends): Alice from her private
    message when ``private``, everybody else (and Alice otherwise) through inline mode."""
    for _ in range(400):
        record = await game.human_turn()
        table = table_of(record)
        if record.state == "finished" or (table.match and table.match.hand_no >= until_hand):
            return record
        assert table.match is not None
        if private and table.rules.to_act(table.match) == 0:
            record, message, moves = await private_turn(game, codec, alice, 0)
            answer = await alice.press(message, calm(codec, moves, rng))
            assert not answer.text, answer.text
            await game.moved_past(record.turn_seq)
        else:
            await game.play_one(rng, prefer=cards_first)
    raise AssertionError("the hands did not end")


async def test_play_from_the_private_chat(fake_telegram: FakeTelegramServer,
                                          db_engine: AsyncEngine, migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(11)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        deps = deps_of(app)
        codec = deps.codec
        await started(fake_telegram, alice)
        game = await open_group_table(fake_telegram, repo, alice, bob)

        # the first hand: Alice's own cards, privately, and the public ones; Bob gets nothing
        record = await game.human_turn()
        message = await fake_telegram.wait_until(lambda: (private_hands(alice) or [None])[-1],
                                                 what="Alice's private hand")
        hand = table_of(record).match.hand  # type: ignore[union-attr]
        assert hand is not None
        public = {c for _, c in hand.table if c is not None} | {hand.vira}
        manilhas = table_of(record).rules.manilhas(hand.vira)  # named, all four: public
        assert set(hand.cards[0]) <= cards_in(message.text) <= (
            set(hand.cards[0]) | public | set(manilhas))
        assert "Hint" not in [b["text"] for b in message.buttons]
        assert STOP in [b["text"] for b in message.buttons]

        # Alice plays her moves from the private chat; the group's message follows
        await alices_turn(game, rng)
        mark = fake_telegram.mark()
        record, message, moves = await private_turn(game, codec, alice, 0)
        stale = moves[0]
        answer = await alice.press(message, stale)
        assert not answer.text
        record = await game.moved_past(record.turn_seq)

        async def followed() -> bool:
            """The group's message follows for Bob; Alice's own turn is told privately."""
            if fake_telegram.counted_calls(game.group.id, since=mark):
                return True
            table = table_of(await game.human_turn())
            return table.match is not None and table.rules.to_act(table.match) == 0
        await eventually(followed, "the group's table message to follow")
        log = await repo.list_events(game.table_id)
        assert any(e.kind == "input" and e.payload["trigger"] == "move"
                   and e.payload["args"][0] == 0 for e in log)

        # a button of an earlier turn: the stale alert, and nothing changes
        before = await game.human_turn()  # quiet: the bots have moved, a person is to act
        answer = await alice.press(message, stale, check=False)
        assert answer.show_alert and answer.text == STALE
        after = await game.record()
        assert (after.version, after.turn_seq) == (before.version, before.turn_seq)

        # a hand's end deals the next one, in a new private message. This hand is dealt
        # from a seed: on a random deal the bots (whose choices are seeded by the turn)
        # sometimes raise each other to 12 and end the game in it (about 1 deal in 100)
        await new_hand(app, game, seed=HAND_SEED)
        posted = len(private_hands(alice))
        dealt = table_of(await game.record()).match.hand_no  # type: ignore[union-attr]
        record = await play_hands(game, codec, alice, rng, until_hand=dealt + 1)
        assert record.state != "finished", table_of(record).match.score  # type: ignore[union-attr]
        await fake_telegram.wait_until(lambda: len(private_hands(alice)) > posted,
                                       what="a new private message for the new hand")
        assert not private_sends(fake_telegram, bob)  # Bob never started the bot

        # a hand of eleven for Alice's team: she sees her partner's cards and decides
        await game.human_turn()
        outcome = await deps.service.amend(game.table_id, special_hand([11, 10], 3, 1))
        await deps.stage.after(outcome)
        await alices_turn(game, rng)
        record, message, moves = await private_turn(game, codec, alice, 0)
        held = table_of(record).match.hand.cards  # type: ignore[union-attr]
        vira = table_of(record).match.hand.vira  # type: ignore[union-attr]
        manilhas = " ".join(str(card_label(c, Family.FRENCH, "en"))
                            for c in table_of(record).rules.manilhas(vira))
        shown = (message.text or "").replace(manilhas, "")  # the four named, all public
        assert cards_in(shown) - {vira} == set(held[0]) | set(held[2])
        assert "Bot 2 holds" in (message.text or "")
        labels = {b["text"] for b in message.buttons}
        assert {"Play this hand for 3 points", "Run: give them 1 point"} <= labels
        await alice.press_button(message, "Run: give them 1 point")

        # 11 to 11: the iron hand, blind, also privately
        async def iron() -> FakeMessage | None:
            found = private_hands(alice)
            text = found[-1].text or "" if found else ""
            return found[-1] if "iron hand" in text else None
        message = await eventually(iron, "Alice's iron hand")
        record = await game.record()
        hand = table_of(record).match.hand  # type: ignore[union-attr]
        public = {c for _, c in hand.table if c is not None}  # type: ignore[union-attr]
        named = set(table_of(record).rules.manilhas(hand.vira))  # type: ignore[union-attr]
        assert cards_in(message.text) <= public | {hand.vira} | named  # type: ignore[union-attr]
        assert "This hand decides the game." in (message.text or "")
        assert "You hold 3 cards face down." in (message.text or "")
        await alices_turn(game, rng)
        record, message, moves = await private_turn(game, codec, alice, 0)
        labels = {b["text"] for b in message.buttons}
        assert {"Card 1", "Card 2", "Card 3"} & labels
        assert not cards_in(" ".join(labels))

        final = await play_hands(game, codec, alice, rng, until_hand=10_000)
        assert final.state == "finished"
        last = private_hands(alice)[-1]
        await fake_telegram.wait_until(lambda: "Game over" in (last.text or ""),
                                       what="the game over in Alice's private message")
        assert [b["text"] for b in last.buttons] == [STOP]
    assert not private_sends(fake_telegram, bob)
    for message in private_hands(alice):  # an edit only when what Alice sees changed
        versions = [*message.history, (message.text, message.entities, message.reply_markup)]
        assert all(a != b for a, b in pairwise(versions)), message.message_id


async def new_hand(app: Application, game: GroupGame, seed: int) -> None:
    """Deal the next hand now (an amendment at 0 to 0, saved like any move), and wait
    until the private messages of its start are sent."""
    deps = deps_of(app)
    assert deps.private_hands is not None
    await game.human_turn()
    outcome = await deps.service.amend(game.table_id, special_hand([0, 0], 3, seed))
    await deps.stage.after(outcome)
    await deps.private_hands.flush()


async def some_moves(game: GroupGame, rng: random.Random, moves: int) -> None:
    """A few calm moves through inline mode (never the game's end)."""
    for _ in range(moves):
        await game.play_one(rng, prefer=cards_first)


def calls_to_chat(server: FakeTelegramServer, user: FakeUser, since: int) -> list[ApiCall]:
    return [c for c in server.calls[since:] if str(c.chat_id) == str(user.id)]


async def test_opting_out_and_back_in(fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
                                      migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(5)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        private = deps_of(app).private_hands
        assert private is not None
        await started(fake_telegram, alice)
        await started(fake_telegram, bob)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        message = await fake_telegram.wait_until(lambda: (private_hands(alice) or [None])[-1],
                                                 what="Alice's private hand")
        await fake_telegram.wait_until(lambda: private_hands(bob), what="Bob's private hand")

        answer = await alice.press_button(message, STOP)
        assert answer.show_alert and "/start" in (answer.text or "")
        user = await repo.get_user(alice.id)
        assert user is not None and not user.started_private
        await fake_telegram.wait_until(lambda: not message.buttons,
                                       what="the buttons gone from Alice's message")
        await private.flush()

        # nothing more for Alice, neither in this hand nor in the next; Bob still reads
        mark = fake_telegram.mark()
        await some_moves(game, rng, 3)
        await new_hand(app, game, seed=1)
        await some_moves(game, rng, 2)
        await private.flush()
        assert not calls_to_chat(fake_telegram, alice, mark)
        assert private_sends(fake_telegram, bob, since=mark)  # a hand or two, as it falls

        # /start again: from the next hand on, Alice reads her hands privately again
        await started(fake_telegram, alice)
        mark = fake_telegram.mark()
        await new_hand(app, game, seed=2)
        assert [t for t in private_sends(fake_telegram, alice, mark) if t.startswith(HEADER)]

        # /help tells how it works
        mark = fake_telegram.mark()
        await alice.send(alice.private, "/help")
        reply = await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=mark)
        assert "Send me /start in a private chat once" in reply.params["text"]


async def test_a_user_who_blocked_the_bot_loses_nothing(fake_telegram: FakeTelegramServer,
                                                        db_engine: AsyncEngine,
                                                        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    rng = random.Random(8)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        private = deps_of(app).private_hands
        assert private is not None
        await started(fake_telegram, alice)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await fake_telegram.wait_until(lambda: private_hands(alice), what="Alice's private hand")

        # blocked: the next hand's private message is refused, and that is the last try;
        # the group's table message and the game go on
        alice.block_bot()
        mark = fake_telegram.mark()
        before = await game.record()
        await new_hand(app, game, seed=1)
        await stopped_at_first_refusal(fake_telegram, private, alice, mark)
        user = await repo.get_user(alice.id)
        assert user is not None and not user.started_private
        await some_moves(game, rng, 4)
        await private.flush()
        assert calls_to_chat(fake_telegram, alice, mark)[-1].error_code == 403  # still the last
        assert fake_telegram.calls_to("sendMessage", chat_id=game.group.id, since=mark, ok=True)
        log = await repo.list_events(game.table_id)
        moves = [e for e in log if e.kind == "input" and e.payload["trigger"] == "move"]
        assert len(moves) >= 4 and (await game.record()).version > before.version
        assert (await game.record()).paused_at is None  # her block pauses nothing

        # unblocked with /start: the next hand is sent privately again
        await started(fake_telegram, alice)
        mark = fake_telegram.mark()
        await new_hand(app, game, seed=2)
        assert [t for t in private_sends(fake_telegram, alice, mark) if t.startswith(HEADER)]

        # an edit refused with 403 stops them the same way
        fake_telegram.fail_forbidden("editMessageText", chat_id=alice.id)
        mark = fake_telegram.mark()
        for _ in range(40):
            if any(c.error_code == 403 for c in calls_to_chat(fake_telegram, alice, mark)):
                break
            await some_moves(game, rng, 1)
        await stopped_at_first_refusal(fake_telegram, private, alice, mark)
        await some_moves(game, rng, 2)
        await new_hand(app, game, seed=3)
        assert calls_to_chat(fake_telegram, alice, mark)[-1].error_code == 403
        user = await repo.get_user(alice.id)
        assert user is not None and not user.started_private


async def stopped_at_first_refusal(server: FakeTelegramServer, private: PrivateHands,
                                   user: FakeUser, since: int) -> None:
    await server.wait_until(lambda: any(c.error_code == 403
                                        for c in calls_to_chat(server, user, since)),
                            what="a refused private message")
    await private.flush()
    calls = calls_to_chat(server, user, since)
    refused = [i for i, c in enumerate(calls) if c.error_code == 403]
    assert refused == [len(calls) - 1], calls  # nothing tried after the first refusal
