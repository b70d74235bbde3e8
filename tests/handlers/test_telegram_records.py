"""/stats, /top, /privacy and /forget end to end, against the fake Bot API.

Four people play a series of 2v2 group games (through the running bot's own game
service, which saves each game's end with its records); then everyone reads the
records through Telegram, each in their own language and digits, the same again
after a rebuild from the log; a forgotten player is left only in the anonymous log.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from unittest.mock import patch

from sqlalchemy import select
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.ai import LEVELS
from chatbot.handlers.telegram.keyboards import level_label
from chatbot.i18n.context import use_locale
from chatbot.i18n.records_text import (
    FORGET_CONFIRM,
    FORGET_IN_PRIVATE,
    FORGET_SEATED,
    FORGOTTEN,
    HIDDEN,
    PRIVATE_PLAYER,
    TOP_IN_GROUP,
    UNKNOWN_GAME,
    UNKNOWN_PLAYER,
    board_text,
    family_name,
    stats_card,
)
from chatbot.i18n.translation import translate
from chatbot.stats.player_records import PlayerRecords
from chatbot.stats.ratings import new_rating
from chatbot.storage import Repository
from chatbot.storage.forgetting import ANONYMOUS
from chatbot.storage.models import player_profiles
from chatbot.storage.runner import runner_for
from chatbot.testing.fakebotapi import FakeChat, FakeMessage, FakeTelegramServer, FakeUser
from tests.handlers.group_helpers import GroupGame, cards_first, eventually, special_hand
from tests.handlers.telegram_harness import deps_of, running_bot
from tests.stats.games import play_game
from tests.stats.test_forget import everything_stored

PAIRINGS = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 1, 3, 2]]  # every partner in turn: 3 opponents


async def ask(server: FakeTelegramServer, user: FakeUser, chat: FakeChat, text: str,
              reply_to: FakeMessage | None = None) -> str:
    """Send a command and return the bot's reply."""
    before = chat.last_bot_message()
    since = before.message_id if before is not None else 0
    await user.send(chat, text, reply_to=reply_to)
    reply = await server.wait_until(
        lambda: (m := chat.last_bot_message()) is not None and m.message_id > since and m,
        what=f"the answer to {text}")
    return reply.text or ""


async def test_records_in_every_language(fake_telegram: FakeTelegramServer,
                                         db_engine: AsyncEngine, migrated_db_url: URL) -> None:
    server = fake_telegram
    ana = FakeUser(server, 7001, "Ana", "en", username="ana_t")
    bia = FakeUser(server, 7002, "Bia", "pt-BR")
    caio = FakeUser(server, 7003, "Caio", "fa")
    duda = FakeUser(server, 7004, "Duda", "bn")
    eva = FakeUser(server, 7005, "Eva", "ur")  # reads, never plays
    people = [ana, bia, caio, duda]
    group = server.create_group("Truco", members=[*people, eva])
    records = PlayerRecords(db_engine)
    async with running_bot(server, migrated_db_url) as app:
        for user in (*people, eva):  # everyone is seen by the bot (names, @usernames)
            await ask(server, user, group, "/top")
        service = deps_of(app).service
        for seed, order in enumerate(PAIRINGS * 2):
            await play_game(service, group.id, "paulista", [people[i].id for i in order],
                            seed=seed)
        for user in people:  # the series moved everyone's rating
            rating = (await records.stats(user.id)).ratings["brazilian"]
            assert rating.games == 6 and rating.mu != new_rating().mu

        for user, locale in ((ana, "en"), (bia, "pt_BR"), (caio, "fa"), (duda, "bn"),
                             (eva, "ur")):
            board = await ask(server, user, group, "/top paulista")
            with use_locale(locale):
                title = translate("🏆 Leaderboard: {family}", locale,
                                  family=family_name("brazilian"))
            assert board.splitlines()[0] == title, (locale, board)
            assert all(p.first_name in board for p in people), board

        readers = ((ana, "en"), (bia, "pt_BR"), (caio, "fa"), (duda, "bn"), (eva, "ur"))
        shown = await read_records(server, records, group, readers, ana)
        assert await records.rebuild() == len(PAIRINGS) * 2  # from the log, while it runs
        assert await read_records(server, records, group, readers, ana) == shown

        said = await bia.send(group, "good game")  # not a command: the bot never gets it
        card = await ask(server, eva, group, "/stats", reply_to=said)
        assert card.splitlines()[0] == translate("📊 Records of {name}", "ur", name="Bia")
        card = await ask(server, caio, group, "/stats @ana_t")
        assert card.splitlines()[0] == translate("📊 Records of {name}", "fa", name="Ana")
        own = await ask(server, duda, duda.private, "/stats")
        assert own.splitlines()[0] == translate("📊 Records of {name}", "bn", name="Duda")

        assert await ask(server, duda, group, "/privacy") == translate(HIDDEN, "bn")
        assert "Duda" not in await ask(server, ana, group, "/top")
        assert await ask(server, ana, group, "/stats", reply_to=await duda.send(
            group, "hi")) == translate(PRIVATE_PLAYER, "en", name="Duda")

        assert await ask(server, ana, group, "/forget") == translate(FORGET_IN_PRIVATE, "en")
        await ask(server, ana, ana.private, "/start")
        assert await ask(server, ana, ana.private, "/forget") == translate(FORGET_CONFIRM, "en")
        assert await ask(server, ana, ana.private, "/forget yes") == translate(FORGOTTEN, "en")
        board = await ask(server, bia, group, "/top")
        assert "Ana" not in board and "Bia" in board and "Caio" in board
        assert await ask(server, caio, group, "/stats @ana_t") == translate(
            UNKNOWN_PLAYER, "fa", name="@ana_t")
    assert (await records.stats(ana.id)).counters == {}
    assert await Repository(db_engine).get_user(ana.id) is None
    stored = await everything_stored(db_engine)  # the log, seats, tables and series
    assert f"P{ana.id}" not in stored and ANONYMOUS in stored
    assert f"P{bia.id}" in stored


# The digits each reader's card and board are written in (CLDR's default numbering).
DIGITS = {"en": "0123456789", "pt_BR": "0123456789", "ur": "0123456789",
          "fa": "۰۱۲۳۴۵۶۷۸۹", "bn": "০১২৩৪৫৬৭৮৯"}


async def read_records(server: FakeTelegramServer, records: PlayerRecords, group: FakeChat,
                       readers: tuple[tuple[FakeUser, str], ...],
                       whose: FakeUser) -> dict[str, tuple[str, str]]:
    """Each reader's ``/top paulista`` and ``/stats @whose``, checked against what the
    records say in the reader's language, every digit the locale's own."""
    shown = {}
    stats = await records.stats(whose.id)
    lines = await records.board(group.id, "brazilian")
    for user, locale in readers:
        board = await ask(server, user, group, "/top paulista")
        card = await ask(server, user, group, f"/stats @{whose.username}")
        with use_locale(locale):
            assert board == board_text("brazilian", lines, user.id), (locale, board)
            levels = {code: level_label(code, locale) for code in LEVELS}
            assert card == stats_card(stats, whose.first_name, levels), (locale, card)
        for text in (board, card):
            digits = {char for char in text if char.isdigit()}
            assert digits and digits <= set(DIGITS[locale]), (locale, text)
        shown[locale] = (board, card)
    return shown


def blocked_update(server: FakeTelegramServer, user: FakeUser, status: str) -> dict[str, Any]:
    """What Telegram sends when a person blocks the bot ("kicked") or unblocks it."""
    bot = dict(server.bot_user)
    old = "member" if status == "kicked" else "kicked"
    return {"my_chat_member": {
        "chat": user.private.to_dict(), "from": user.to_dict(), "date": int(time.time()),
        "old_chat_member": {"status": old, "user": bot, **({"until_date": 0}
                                                           if old == "kicked" else {})},
        "new_chat_member": {"status": status, "user": bot, **({"until_date": 0}
                                                              if status == "kicked" else {})},
    }}


async def test_who_blocks_the_bot_is_forgotten_after_30_days(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    server = fake_telegram
    ana, bia = FakeUser(server, 7101, "Ana", "en"), FakeUser(server, 7102, "Bia", "en")
    group = server.create_group("Truco", members=[ana, bia])
    records = PlayerRecords(db_engine)
    async with running_bot(server, migrated_db_url) as app:
        await ask(server, ana, ana.private, "/start")
        await play_game(deps_of(app).service, group.id, "paulista", [ana.id, bia.id],
                        seed=1)
        server.enqueue(blocked_update(server, ana, "kicked"))

        async def blocked() -> bool:
            since = await runner_for(db_engine).read(lambda conn: conn.execute(
                select(player_profiles.c.blocked_since)
                .where(player_profiles.c.user_id == ana.id)).scalar_one_or_none())
            return since is not None
        await eventually(blocked, "Ana's block recorded")
        sweep = app.bot_data["records"]
        assert await sweep.forget_blocked() == []  # not 30 days yet
        with patch("chatbot.handlers.telegram.records_commands.utcnow",
                   return_value=datetime.now(UTC) + timedelta(days=31)):
            assert await sweep.forget_blocked() == [ana.id]
    assert (await records.stats(ana.id)).counters == {}
    assert (await records.stats(bia.id)).counters


async def test_a_game_played_through_telegram_is_recorded_at_its_end(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    """Two people play a 1v1 in a group with inline moves, from a hand of eleven: the
    save that ends the game records it, and /stats shows it."""
    server = fake_telegram
    repo = Repository(db_engine)
    alice, bob = FakeUser(server, 7201, "Alice"), FakeUser(server, 7202, "Bob")
    group = server.create_group("Truco", members=[alice, bob])
    async with running_bot(server, migrated_db_url) as app:
        deps = deps_of(app)
        await alice.send(group, "/new paulista 2")
        lobby = await server.wait_until(lambda: group.last_bot_message(), what="the lobby")
        record = await eventually(lambda: repo.get_active_table(group.id), "the table")
        assert not (await bob.press_button(lobby, "Join team B")).show_alert
        await server.wait_until(lambda: "Bob" in (lobby.text or ""), what="Bob seated")
        await alice.press_button(lobby, "Start")
        game = GroupGame(server, repo, group, {alice.id: alice, bob.id: bob}, record.id,
                         record.code)
        await game.table_message()
        await game.human_turn()
        outcome = await deps.service.amend(game.table_id, special_hand([11, 10], 1, 1))
        await deps.stage.after(outcome)
        final = await game.play_to_the_end(random.Random(2), prefer=cards_first)
        assert final.state == "finished"
        card = await ask(server, bob, group, "/stats")
    records = PlayerRecords(db_engine)
    for user in (alice, bob):
        stats = await records.stats(user.id)
        assert stats.total("games", opponents="people") == 1
        assert stats.ratings["brazilian"].games == 1
    assert stats.total("eleven_played") >= 1
    assert card.splitlines()[:2] == [
        translate("📊 Records of {name}", "en", name="Bob"),
        translate("Games against people: {games}, won {wins}", "en", games=1,
                  wins=stats.total("wins"))]


async def test_what_cannot_be_answered_is_said_plainly(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine, migrated_db_url: URL,
        no_tracebacks: None) -> None:
    server = fake_telegram
    ana = FakeUser(server, 7301, "Ana", "pt-BR")
    group = server.create_group("Truco", members=[ana])
    async with running_bot(server, migrated_db_url):
        assert await ask(server, ana, group, "/stats @nobody_here") == translate(
            UNKNOWN_PLAYER, "pt_BR", name="@nobody_here")
        assert await ask(server, ana, group, "/top xadrez") == translate(
            UNKNOWN_GAME, "pt_BR", name="xadrez")
        assert await ask(server, ana, ana.private, "/top") == translate(TOP_IN_GROUP, "pt_BR")
        assert await ask(server, ana, group, "/stats") == translate(
            "{name} has not finished a game with me yet.", "pt_BR", name="Ana")
        with use_locale("pt_BR"):
            empty = translate(
                "Nobody is on this group's leaderboard of {family} yet: it lists players "
                "with at least {games} games against at least {opponents} different "
                "people.", "pt_BR", family=family_name("argentino"), games=5, opponents=3)
        assert await ask(server, ana, group, "/top argentine") == empty
        await ask(server, ana, group, "/new paulista 2")  # seated at an open table
        await ask(server, ana, ana.private, "/start")
        assert await ask(server, ana, ana.private, "/forget yes") == translate(
            FORGET_SEATED, "pt_BR")
