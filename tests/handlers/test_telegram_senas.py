"""Señas in a 2v2 group game, end to end against the fake Bot API (issue 12).

Alice and Bob follow their hands in their private chats; each plays beside a bot
(Alice with Bot 2, Bob with Bot 3). At this table every opponent catches every
seña (``sena_catch`` 100), so each signal must reach exactly the signaller's side
and the opponents, as the event log says, and never the group. Alice opens the
señas from her private hand message, goes back, opens them again and signals; the
bots signal to their partners; Bob reads the señas he caught. A replayed or forged
seña button changes nothing.
"""

from __future__ import annotations

import random
import re

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.handlers.payload import peek
from chatbot.i18n.senas_text import GESTURES
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import cards_first, eventually, open_group_table
from tests.handlers.telegram_harness import deps_of, running_bot

SIGNAL = "Signal to my partner"
BACK = "Back to my moves"
HEADER = "Truco Paulista in Truco"
SIGNALLED = re.compile(r"^(?P<who>.+?) signals to you: ")
CAUGHT = re.compile(r"^You caught a signal from (?P<who>.+?): ")


def hand_messages(user: FakeUser) -> list[FakeMessage]:
    return [m for m in user.private.bot_messages() if (m.text or "").startswith(HEADER)]


def texts_of(message: FakeMessage) -> list[str]:
    """Every text a message showed, its edits included."""
    return [str(text or "") for text, *_ in message.history] + [message.text or ""]


def labels(message: FakeMessage) -> list[str]:
    return [str(b["text"]) for b in message.buttons]


async def started(server: FakeTelegramServer, user: FakeUser) -> None:
    mark = server.mark()
    await user.start()
    await server.wait_for_call("sendMessage", chat_id=user.id, since=mark)


def catch_all(table: Table) -> list:
    """Every opponent sees every seña at this table."""
    table.options = {**table.options, "sena_catch": 100}
    return []


async def test_senas_reach_the_partner_and_the_catcher_only(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    rng = random.Random(12)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        deps = deps_of(app)
        await started(fake_telegram, alice)
        await started(fake_telegram, bob)
        await started(fake_telegram, carol)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await game.human_turn()
        await deps.stage.after(await deps.service.amend(game.table_id, catch_all))
        since = len(await repo.list_events(game.table_id))  # from here every seña is caught
        assert deps.private_hands is not None
        await game.human_turn()  # a person is to act: no bot moves, no edit on its way
        await deps.private_hands.flush()

        # Alice opens the señas from her private hand message, and goes back to her moves
        async def with_signal() -> FakeMessage | None:
            found = hand_messages(alice)
            return found[-1] if found and SIGNAL in labels(found[-1]) else None
        message = await eventually(with_signal, "Alice's hand message with its Signal button")
        answer = await alice.press_button(message, SIGNAL)
        assert not answer.text
        await fake_telegram.wait_until(lambda: BACK in labels(message), what="the señas menu")
        senas = [d for d in message.callback_data if peek(d).action == "sena"]
        assert senas and all(peek(d).code == game.code for d in senas)
        menu = [label for label in labels(message) if label not in (BACK,)]
        assert any("zap" in label for label in menu), menu
        answer = await alice.press_button(message, BACK)
        assert not answer.text
        await fake_telegram.wait_until(lambda: SIGNAL in labels(message) and
                                       BACK not in labels(message), what="the moves again")

        # a stranger cannot use Alice's button, even replayed into her own chat
        before = await game.record()
        answer = await carol.press(carol.private.bot_messages()[-1], senas[0], check=False)
        assert answer.show_alert
        assert (await game.record()).version == before.version

        # she signals: her alert says what, her message keeps it in sight
        answer = await alice.press_button(message, SIGNAL)
        await fake_telegram.wait_until(lambda: BACK in labels(message), what="the señas menu")
        chosen = next(d for d in message.callback_data if peek(d).action == "sena")
        name = peek(chosen).arg.partition(":")[2]
        answer = await alice.press(message, chosen)
        assert answer.show_alert and (answer.text or "").startswith("You signal: "), answer.text
        after = await game.record()
        assert after.turn_seq == before.turn_seq  # a seña moves no turn
        log = await repo.list_events(game.table_id)
        made = [e for e in log if e.kind == "SenaMade" and e.payload["seat"] == 0]
        assert [e.payload["sena"] for e in made] == [name]
        def own_known() -> bool:
            lines = (hand_messages(alice)[-1].text or "").splitlines()
            return any(line.startswith("Signals this hand: ") and "you: " in line
                       for line in lines)
        await fake_telegram.wait_until(own_known, what="Alice's own seña in her hand message")

        # Bob, an opponent who caught it, reads it at once in his private hand message
        await fake_telegram.wait_until(
            lambda: any("You caught a signal from Alice: " in t
                        for m in hand_messages(bob) for t in texts_of(m)),
            what="Bob's caught seña")

        # Bob opens his own señas from inline mode: the button above the results leads to
        # his private chat (nothing is posted in the group), where he signals to Bot 3
        answer_inline = await bob.inline_query_from(await game.table_message())
        entry = answer_inline.button
        assert entry is not None and entry["text"] == SIGNAL, entry
        mark = fake_telegram.mark()
        await bob.start(str(entry["start_parameter"]))
        call = await fake_telegram.wait_for_call("sendMessage", chat_id=bob.id, since=mark)
        menu_message = bob.private.message(int(call.result["message_id"]))
        assert (menu_message.text or "").startswith("Your signals to your partner")
        bobs = next(d for d in menu_message.callback_data if peek(d).action == "sena")
        answer = await bob.press(menu_message, bobs)
        assert (answer.text or "").startswith("You signal: "), answer.text
        log = await repo.list_events(game.table_id)
        assert [e.payload["seat"] for e in log if e.kind == "SenaMade"][-1] == 1

        # the same seña again, replayed: refused, nothing changes
        version = (await game.record()).version
        answer = await alice.press(hand_messages(alice)[-1], chosen, check=False)
        assert answer.show_alert and answer.text
        assert (await game.record()).version == version

        # the game goes on to its end; the bots signal at each hand
        final = await game.play_to_the_end(rng, prefer=cards_first)
        assert final.state == "finished"
        await deps.private_hands.flush()

    whole = await repo.list_events(game.table_id)
    signallers = {e.payload["seat"] for e in whole if e.kind == "SenaMade"}
    assert signallers == {0, 1, 2, 3}  # Alice, Bob and both bots signalled
    log = whole[since:]  # from the moment every seña is caught
    made = [e.payload for e in log if e.kind == "SenaMade"]
    caught = [e.payload for e in log if e.kind == "SenaCaught"]
    assert {p["seat"] for p in made} >= {0, 1}
    assert len(caught) == 2 * len(made)  # two opponents, every seña caught
    names = {0: "Alice", 1: "Bob", 2: "Bot 2", 3: "Bot 3"}
    for user, seat in ((alice, 0), (bob, 1)):
        partner = names[(seat + 2) % 4]
        opponents = {names[(seat + 1) % 4], names[(seat + 3) % 4]}
        lines = [line for m in hand_messages(user) for t in texts_of(m)
                 for line in t.splitlines()]
        told = {m["who"] for line in lines if (m := SIGNALLED.match(line))}
        seen = {m["who"] for line in lines if (m := CAUGHT.match(line))}
        assert told <= {partner} and seen <= opponents, (user.first_name, told, seen)
        assert seen, f"{user.first_name} caught nothing"
    assert any(SIGNALLED.match(line) or line.startswith("Signals this hand: Bot 2: ")
               for m in hand_messages(alice) for t in texts_of(m)
               for line in t.splitlines()), "Bot 2's señas never reached Alice"
    gestures = {str(g) for g in GESTURES.values()}
    for message in game.group.bot_messages(include_deleted=True):
        for text in texts_of(message):
            for line in text.splitlines():  # (the lobby names the option, not a seña)
                assert not (SIGNALLED.match(line) or CAUGHT.match(line)
                            or line.startswith(("You signal", "Signals this hand"))
                            or any(g in line for g in gestures)), line
