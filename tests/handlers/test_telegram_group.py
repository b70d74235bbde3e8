"""A 2v2 Paulista game in a group, two people and two bots, played through inline mode.

The people never see a card of another seat: each asks inline mode from the table
message's button and gets only their own legal actions; "My cards" answers with a
private alert. The special hands (eleven, iron) are reached by amending the stored
score through the service, the same save path as every move.
"""

from __future__ import annotations

import random
import re
from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import (
    GroupGame,
    cards_first,
    cards_in,
    eventually,
    open_group_table,
    result_texts,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot


async def my_cards(game: GroupGame, user: FakeUser) -> str:
    """Press "My cards" on the table message; the answer is a private alert."""
    message = await game.table_message()
    answer = await user.press_button(message, "My cards")
    assert answer.show_alert and answer.text
    return answer.text


async def test_group_game_from_new_to_game_over(fake_telegram: FakeTelegramServer,
                                                db_engine: AsyncEngine,
                                                migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    async with running_bot(fake_telegram, migrated_db_url):
        game = await open_group_table(fake_telegram, repo, alice, bob)
        table = table_of(await game.record())
        assert [s.name if s else None for s in table.seats] == ["Alice", "Bob", "Bot 2", "Bot 3"]
        assert table.team_of(0) == table.team_of(2) != table.team_of(1) == table.team_of(3)

        # "My cards": each person's own cards, nobody else's
        record = await game.human_turn()
        table = table_of(record)
        assert table.match is not None and table.match.hand is not None
        for user, seat in ((alice, 0), (bob, 1)):
            text = await my_cards(game, user)
            assert cards_in(text) == set(table.match.hand.cards[seat])

        rng = random.Random(7)
        final = await game.play_to_the_end(rng, prefer=lambda results: (
            cards_first(results) if rng.random() < 0.75 else None))  # now and then a call
        assert final.state == "finished"
        message = fake_telegram.chats[game.group.id].message(final.message_id)
        await fake_telegram.wait_until(lambda: "Game over" in (message.text or ""),
                                       what="the game over on the table message")
    asked = {user.id for user, _, _ in game.inline_answers}
    assert asked == {alice.id, bob.id}
    # the group's flood budget: one message per hand, and an edit only when a person
    # must act (before each of their moves at most) or the game ends; the benchmark
    # measures what that costs per hand
    hands = table_of(final).match.hand_no  # type: ignore[union-attr]
    log = await repo.list_events(game.table_id)
    people_moves = sum(1 for e in log if e.kind == "input" and e.payload["trigger"] == "move"
                       and e.payload["args"][0] in (0, 1))
    counted = fake_telegram.counted_calls(game.group.id, since=game.started_at)
    sent = [c for c in counted if c.method == "sendMessage"]
    assert len(sent) == hands
    # besides: the lobby's final state, and the dead buttons of a finished hand's message
    closing = [c for c in counted if c.method == "editMessageReplyMarkup"
               or "The game has started" in str(c.params.get("text"))]
    assert len(closing) <= hands
    assert len(counted) - len(sent) - len(closing) <= people_moves + 1


def titles(answer: Any) -> list[str]:
    return [r["title"] for r in answer.results]


async def test_hand_of_eleven_iron_hand_rematch_and_series(fake_telegram: FakeTelegramServer,
                                                            db_engine: AsyncEngine,
                                                            migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        deps = deps_of(app)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        await game.human_turn()

        # team A (Alice and Bot 2) at 11: Alice, the mano, decides for the team
        outcome = await deps.service.amend(game.table_id, special_hand([11, 10], 3, 1))
        await deps.stage.after(outcome)
        record = await game.human_turn()
        assert record.state == "hand_deciding"
        table = table_of(record)
        assert table.match is not None and table.match.hand is not None
        held = table.match.hand.cards
        message = await game.table_message()
        assert message.message_id == record.message_id
        assert "hand of eleven" in (message.text or "")

        alice_sees = await my_cards(game, alice)  # her cards and her partner's
        assert cards_in(alice_sees) == set(held[0]) | set(held[2])
        assert "Bot 2 holds" in alice_sees
        bob_sees = await my_cards(game, bob)  # his own only
        assert cards_in(bob_sees) == set(held[1])

        answer = await bob.inline_query_from(message)  # not his decision: a look, no moves
        assert all(cards_in(" ".join(result_texts(r))) <= set(held[1]) for r in answer.results)
        answer = await alice.inline_query_from(message)
        assert titles(answer) == ["Play this hand for 3 points", "Run: give them 1 point"]
        run = next(r for r in answer.results if r["title"] == "Run: give them 1 point")
        await alice.choose_inline(run["id"], answer=answer)

        # team B scores 1: 11 to 11, the iron hand, played blind
        async def iron() -> Any:
            record = await game.record()
            match = table_of(record).match
            hand = None if match is None else match.hand
            if hand is not None and hand.special == "iron" and record.state.startswith("hand_"):
                return record
            return None
        record = await eventually(iron, "the iron hand")
        assert table_of(record).match.score == [11, 11]  # type: ignore[union-attr]
        for user in (alice, bob):
            assert "iron hand" in await my_cards(game, user)
        record = await game.human_turn()
        seat = table_of(record).rules.to_act(table_of(record).match)  # type: ignore[arg-type]
        user = alice if seat == 0 else bob
        message = await game.table_message()
        answer = await user.inline_query_from(message)
        assert titles(answer) == ["Card 1", "Card 2", "Card 3"]
        assert not any(cards_in(" ".join(result_texts(r))) for r in answer.results)

        final = await game.play_to_the_end(random.Random(3))
        assert final.state == "finished"
        assert max(table_of(final).match.score) >= 12  # type: ignore[union-attr]
        finished = game.group.message(final.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(
            lambda: "Game over" in (finished.text or "")
            and "Games won here" in (finished.text or ""),
            what="game over and the series on the table message")
        winners = table_of(final).match.winner  # type: ignore[union-attr]
        wins = (1, 0) if winners == 0 else (0, 1)
        series = f"Games won here: Alice and Bot 2: {wins[0]} · Bob and Bot 3: {wins[1]}"
        assert series in (finished.text or "")

        # the rematch: a new game at the same table, the series goes on
        mark = fake_telegram.mark()
        await alice.press_button(finished, "Rematch")
        record = await game.moved_past(final.turn_seq)
        assert record.state.startswith("hand_")
        assert table_of(record).match.score == [0, 0]  # type: ignore[union-attr]
        message = await game.table_message()
        assert message.message_id != finished.message_id
        # its first text (the bots may have moved and the message been edited since)
        posted = fake_telegram.calls_to("sendMessage", chat_id=game.group.id, since=mark,
                                        ok=True)
        assert posted, "the rematch posts a new table message"
        assert series in posted[0].params["text"], [  # what was posted, to diagnose
            c.params["text"][:80] for c in fake_telegram.calls_to(
                "sendMessage", chat_id=game.group.id)][-4:]
        assert "A new game of Truco Paulista" in posted[0].params["text"]

        # /score tells the game's score and the series, as a reply
        mark = fake_telegram.mark()
        asked = await bob.send(game.group, "/score")
        # the reply, not a new hand's table message the bots may post meanwhile
        reply = await fake_telegram.wait_for_call(
            "sendMessage", chat_id=game.group.id, since=mark,
            where=lambda call: call.ok and (
                game.group.message(call.result["message_id"]).reply_to is asked))
        assert series in reply.params["text"]
        # the new game's score when asked: the bots may have scored a hand meanwhile
        said = re.search(r"Score: Alice and Bot 2: (\d+) · Bob and Bot 3: (\d+)",
                         reply.params["text"])
        assert said is not None, reply.params["text"]
        now = table_of(await game.record()).match.score  # type: ignore[union-attr]
        assert all(int(x) <= y for x, y in zip(said.groups(), now, strict=True)), now
