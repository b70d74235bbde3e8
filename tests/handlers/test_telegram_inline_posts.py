"""What a move chosen in inline mode posts in the group, against the fake Bot API.

Telegram posts a chosen result in the player's name before the bot hears of it,
so a move the bot then refuses (here: a pick from an inline list of an earlier
turn, as a client still showing it would send) must have posted nothing that
shows a card: the post says "Alice: …" and carries the inline-play button, and
the bot edits it, with no admin rights, into the move ("Alice plays 7♥") once it
stands or into "too late". With card stickers the post is the same text: a
sticker message could never be taken back; with an owner's card photos a move
that stands becomes the photo of its card, a refused one stays text.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.telegram.deps import Deps
from chatbot.i18n.cards import card_label
from chatbot.rules.cards import Card, Family
from chatbot.storage import Repository
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    cards_in,
    decode_cards,
    fresh_deal_for_alice,
    open_group_table,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.handlers.test_telegram_sticker_game import OWNER, card_of, picture_of

PENDING = "Alice: …"
TOO_LATE = "Too late: this move does not count."


def everything_read(group: FakeChat) -> list[str]:
    """Every text the group has been shown: each message as it is and as it was."""
    texts = []
    for message in group.all_messages(include_deleted=True):
        texts += [message.text or "", *(text or "" for text, _, _ in message.history)]
    return texts


async def public_cards(game: GroupGame) -> set[Card]:
    """The cards public so far: the turned-up card and every card played face up."""
    cards: set[Card] = set()
    for event in await game.repo.list_events(game.table_id):
        audience = event.payload.get("audience") or ["public", None]
        if audience[0] != "public":
            continue
        if event.kind == "HandStarted":
            cards |= set(decode_cards(event.payload["vira"]))
        elif event.kind == "CardPlayed":
            cards |= set(decode_cards(event.payload["card"]))
        elif event.kind == "CardsRevealed":
            cards |= set(decode_cards(event.payload["cards"]))
    return cards


def card_result(answer_results: list[dict[str, Any]], card: Card, server: FakeTelegramServer
                ) -> dict[str, Any]:
    """The result that plays ``card`` face up (a text title or a sticker)."""
    for result in answer_results:
        if result["type"] == "sticker":
            if card_of(picture_of(server, result["sticker_file_id"])) == card:
                return result
        elif cards_in(result["title"]) == {card} and "face down" not in result["title"]:
            return result
    raise AssertionError(f"no result plays {card}")


async def settled(server: FakeTelegramServer, post: FakeMessage, text: str | None = None
                  ) -> str:
    """Wait for the bot's edit of a post; its new text (a photo's caption, when the bot
    made it the played card's photo)."""
    await server.wait_until(lambda: post.edits > 0 and (text is None or said(post) == text),
                            what="the bot's edit of the post")
    return said(post)


def said(post: FakeMessage) -> str:
    """What a post says: its text, or its caption once it is a card's photo."""
    return (post.caption if post.photo else post.text) or ""


async def refused_pick_shows_nothing(server: FakeTelegramServer, repo: Repository,
                                     deps: Deps, stickers: bool) -> None:
    alice = FakeUser(server, 1001, "Alice")
    bob = FakeUser(server, 1002, "Bob")
    game = await open_group_table(server, repo, alice, bob)
    record = await fresh_deal_for_alice(game, deps)
    table = table_of(record)
    assert table.match is not None and table.match.hand is not None
    hand = list(table.match.hand.cards[0])
    # the card kept back must be one no earlier hand showed (the audit below can only
    # tell a leak of a card nobody has seen)
    unseen = [card for card in hand if card not in await public_cards(game)]
    kept = unseen[-1] if unseen else hand[1]
    first = next(card for card in hand if card != kept)
    answer = await alice.inline_query_from(await game.table_message())
    assert all(r.get("reply_markup") for r in answer.results), "a post Telegram reports no id of"
    if stickers:
        assert any(r["type"] == "sticker" for r in answer.results)
    for result in answer.results:  # what any result would post: the name only
        assert result["input_message_content"]["message_text"] == PENDING

    # an accepted pick: posted as the name, then edited into the card it played
    post = await alice.choose_inline(card_result(answer.results, first, server)["id"],
                                     answer=answer)
    assert post is not None and post.text == PENDING and post.sticker is None
    assert post.button("Play from my cards")["switch_inline_query_current_chat"]
    assert await settled(server, post) == f"Alice plays {card_label(first, Family.FRENCH, 'en')}"
    assert not post.buttons, "a settled post keeps no button"
    if stickers:  # with an owner the card photos were uploaded: the post shows the card
        assert post.file_id is not None and card_of(picture_of(server, post.file_id)) == first
    else:
        assert post.photo is None
    await game.moved_past(record.turn_seq)

    # the same old list, picked again: refused, and the card stays hidden
    stale = await alice.choose_inline(card_result(answer.results, kept, server)["id"],
                                      answer=answer)
    assert stale is not None and stale.text == PENDING and stale.sticker is None
    assert await settled(server, stale, TOO_LATE) == TOO_LATE
    assert stale.photo is None, "a refused move stays text: no picture of the card kept"
    assert kept in table_of(await game.record()).match.hand.cards[0]  # type: ignore[union-attr]
    now = table_of(await game.record()).match.hand  # type: ignore[union-attr]
    hidden = {card for cards in now.cards for card in cards} - await public_cards(game)
    assert kept in hidden
    for text in everything_read(game.group):
        # the hand's manilhas, all four in rank order, say nothing of who holds one
        lines = [line for line in text.splitlines() if not line.startswith("Manilhas")]
        assert not cards_in("\n".join(lines)) & hidden, text
    assert not any(m.sticker for m in game.group.all_messages(include_deleted=True)), \
        "no sticker is ever posted: a sticker message cannot be taken back"


async def test_a_refused_inline_pick_posts_no_card(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    async with running_bot(fake_telegram, migrated_db_url) as app:
        await refused_pick_shows_nothing(fake_telegram, Repository(db_engine),
                                         deps_of(app), stickers=False)


async def test_a_refused_sticker_pick_posts_no_card(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        await refused_pick_shows_nothing(fake_telegram, Repository(db_engine),
                                         deps_of(app), stickers=True)


async def test_the_post_of_a_call_becomes_the_call_with_its_stake(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    async with running_bot(fake_telegram, migrated_db_url) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        record = await fresh_deal_for_alice(game, deps_of(app))
        answer = await alice.inline_query_from(await game.table_message())
        truco = next(r for r in answer.results if r["title"].startswith("Truco"))
        post = await alice.choose_inline(truco["id"], answer=answer)
        assert post is not None and post.text == PENDING
        text = await settled(fake_telegram, post)
        assert text.startswith("Alice: Truco!") and "3 points" in text, text
        await game.moved_past(record.turn_seq)


async def test_a_photo_edit_telegram_refuses_settles_the_post_as_text(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        game = await open_group_table(fake_telegram, repo, alice, bob)
        record = await fresh_deal_for_alice(game, deps_of(app))
        table = table_of(record)
        assert table.match is not None and table.match.hand is not None
        first = table.match.hand.cards[0][0]
        answer = await alice.inline_query_from(await game.table_message())
        fake_telegram.fail_bad_request("editMessageMedia", "Bad Request: MEDIA_EMPTY")
        post = await alice.choose_inline(card_result(answer.results, first, fake_telegram)["id"],
                                         answer=answer)
        assert post is not None
        text = await settled(fake_telegram, post)
        assert text == f"Alice plays {card_label(first, Family.FRENCH, 'en')}"
        assert post.photo is None and post.text == text
        refused = [c for c in fake_telegram.calls if c.method == "editMessageMedia"]
        assert [c.ok for c in refused] == [False], "the photo edit was tried, and refused"
        assert refused[0].params["inline_message_id"] == post.inline_message_id
        await game.moved_past(record.turn_seq)
