"""The solo chat on pictures: with sticker sets, the practice table's hand message is a
photo of the player's cards, its caption the text it had, its buttons the same.

Whole games against the fake Bot API, through the real python-telegram-bot stack:

- every hand is one photo; every change of it is one edit, of the caption alone or,
  when the cards changed, of the picture with its caption: the calls of the text
  message, no more (and never a text edit of a photo, which Telegram refuses);
- every picture is read back from its pixels (``picture_reader``) and must show
  cards the player was dealt in that hand, beside its turned card: in a hand of
  eleven the caption may tell the partner's cards, the picture never shows them;
- a text longer than a caption keeps its picture and its newest lines.
"""

from __future__ import annotations

import random

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine
from telegram.ext import Application

from chatbot.handlers.payload import peek
from chatbot.handlers.telegram.card_pictures import (
    CAPTION_LIMIT,
    SHORTENED,
    caption_length,
    fit_caption,
)
from chatbot.handlers.telegram.presenter import hand_before
from chatbot.rules.registry import rules_for
from chatbot.rules.serialize import event_from_dict
from chatbot.storage import Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers import test_privacy_audit as text_audit
from tests.handlers.group_helpers import cards_in, eventually, special_hand, table_of
from tests.handlers.picture_reader import audit_photos, read_hand_photo
from tests.handlers.telegram_harness import deps_of, running_bot

OWNER = 4242
EDITS = ("editMessageCaption", "editMessageMedia")
# a first name of 64 characters, most outside the Basic Multilingual Plane (two UTF-16
# units each, as Telegram counts a caption): said in many lines, the text passes 1024
LONG_NAME = "".join(chr(0x1D4D0 + i % 26) for i in range(60)) + " 🌸🌸🌸"


async def start_solo(server: FakeTelegramServer, repo: Repository, user: FakeUser,
                     button: int) -> TableRecord:
    """The welcome menu's practice game number ``button`` (its buttons' order), started."""
    await user.start()
    menu = await server.wait_until(lambda: user.private.last_bot_message(),
                                   what="the welcome")
    await user.press(menu, menu.callback_data[button])
    return await eventually(lambda: repo.get_active_table(user.id), "the solo table")


async def to_act(repo: Repository, user: FakeUser, table_id: int) -> TableRecord | None:
    """The player's turn with their buttons drawn for it, or the end of the game."""
    current = await repo.get_table(table_id)
    assert current is not None
    if current.state == "finished":
        return current
    table = table_of(current)
    seat = table.seat_of(user.id)
    if (not current.state.startswith("hand_") or table.match is None
            or table.rules.to_act(table.match) != seat or current.message_id is None):
        return None
    message = user.private.message(current.message_id)
    fresh = [d for d in message.callback_data if peek(d).seq == current.turn_seq]
    return current if fresh else None


async def play_a_move(repo: Repository, user: FakeUser, current: TableRecord,
                      rng: random.Random) -> None:
    message = user.private.message(current.message_id)  # type: ignore[arg-type]
    moves = [d for d in message.callback_data if peek(d).action == "move"]
    answer = await user.press(message, rng.choice(moves))
    assert not answer.text, answer.text
    await text_audit.game_moved(repo, current)


async def test_a_solo_game_is_played_on_pictures_of_the_hand(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """Ana and a bot against two bots, Paulista, to the end of the game."""
    repo = Repository(db_engine)
    recorder = text_audit.Recorder(fake_telegram)  # the texts, captions included
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    ana = FakeUser(fake_telegram, 5101, "Ana")
    rng = random.Random(1616)
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        mark = fake_telegram.mark()
        record = await start_solo(fake_telegram, repo, ana, 2)  # Paulista, 2 v 2
        assert table_of(record).variant == "paulista" and len(table_of(record).seats) == 4
        amended = False
        for _ in range(800):
            current = await eventually(lambda: to_act(repo, ana, record.id), "Ana's turn")
            if current.state == "finished":
                break
            hand = table_of(current).match.hand  # type: ignore[union-attr]
            if not amended and hand is not None and hand.tricks:
                amended = True  # a hand of eleven for Ana's team: her partner's cards
                deps = deps_of(app)  # are told to her, never pictured
                outcome = await deps.service.amend(record.id, special_hand([11, 7], 3, 4))
                await deps.stage.after(outcome)
                await text_audit.game_moved(repo, current)
                continue
            await play_a_move(repo, ana, current, rng)
        assert current.state == "finished"
        final = ana.private.message(current.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(lambda: "Game over" in (final.caption or ""),
                                       what="the end of the game on the last picture")
    hands = text_audit.hands_from_log(await repo.list_events(record.id))
    assert any(h.partners for h in hands), "no hand of eleven was played"

    calls = [c for c in fake_telegram.calls[mark:] if str(c.chat_id) == str(ana.id)
             and c.method not in ("sendMessage", "answerCallbackQuery")]
    assert all(c.ok for c in calls), [(c.method, c.error) for c in calls if not c.ok]
    posts = [c for c in calls if c.method == "sendPhoto"]
    photos = {int(c.result["message_id"]) for c in posts}
    # one photo a hand, its text as the caption, its moves as buttons (on Ana's turns)
    assert len(posts) == len(hands) >= 3
    assert not [c for c in calls if c.method == "editMessageText"
                and int(c.params["message_id"]) in photos]
    assert all(c.params.get("caption") for c in posts)
    assert any(c.params.get("reply_markup") for c in calls if c.method in EDITS)
    edits = [c for c in calls if c.method in EDITS]
    assert {c.method for c in edits} == set(EDITS)
    assert {int(c.params["message_id"]) for c in edits} <= photos
    # the budget of the text message: every edit changes the text or the buttons (a text
    # edit would have been sent too), and carries the new picture in the same call
    seen = {int(c.result["message_id"]): (c.params.get("caption"), c.params.get("reply_markup"))
            for c in posts}
    for call in edits:
        now = (text_audit.message_text(call.params), call.params.get("reply_markup"))
        assert now != seen[int(call.params["message_id"])], f"{call.method} changed no text"
        seen[int(call.params["message_id"])] = now

    # each picture shown, read from its pixels: only Ana's own cards of that hand
    assert audit_photos(fake_telegram, hands, {ana.id: 0}) == len(posts) + sum(
        c.method == "editMessageMedia" for c in edits)
    previous: dict[int, bytes] = {}
    for call in (c for c in calls if c.method in ("sendPhoto", "editMessageMedia")):
        message_id = int(call.result["message_id"])
        data = fake_telegram.media.file_bytes(call.result["photo"][-1]["file_id"])
        # a new picture only when the cards changed: no call spent on the same one
        assert previous.get(message_id) != data, "the same picture sent again"
        previous[message_id] = data
    # and every caption, as every text, names only cards Ana may see
    shown = recorder.texts()
    assert {s.what for s in shown} >= {"sendPhoto", *EDITS}
    assert text_audit.audit(shown, hands, {ana.id: 0}) > 20  # type: ignore[arg-type]
    assert any("Bot 2 holds" in s.text for s in shown), \
        "in the hand of eleven Ana reads her partner's cards in the caption"


async def test_an_argentine_solo_game_shows_the_spanish_cards(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """The Spanish deck, no turned card: every hand a photo of the player's own cards."""
    repo = Repository(db_engine)
    text_audit.Recorder(fake_telegram)  # (the event log's clock for the fake)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    leo = FakeUser(fake_telegram, 5104, "Leo")
    rng = random.Random(40)
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        mark = fake_telegram.mark()
        record = await start_solo(fake_telegram, repo, leo, 5)  # Argentine, 1 v 1
        assert table_of(record).variant == "argentino"
        for _ in range(800):
            current = await eventually(lambda: to_act(repo, leo, record.id), "Leo's turn")
            if current.state == "finished":
                break
            await play_a_move(repo, leo, current, rng)
        assert current.state == "finished"
    hands = text_audit.hands_from_log(await repo.list_events(record.id),
                                      rules_for("argentino"))
    posts = fake_telegram.calls_to("sendPhoto", chat_id=leo.id, since=mark, ok=True)
    assert len(posts) == len(hands) >= 1  # (a falta envido may end a game in one hand)
    assert audit_photos(fake_telegram, hands, {leo.id: 0}) >= len(posts)
    photo = posts[0].result["photo"][-1]["file_id"]
    first = read_hand_photo(fake_telegram.media.file_bytes(photo))
    assert first.vira is None and len(first.cards) == 3 and first.faces <= hands[0].dealt[0]


async def full_text(app: Application, repo: Repository,  # type: ignore[type-arg]
                    record: TableRecord) -> str:
    """The text the solo table's message has now, from the game's log (as after a
    restart: the end of the hand before and this hand's events), without any caption's
    shortening."""
    table = table_of(record)
    logged = [event_from_dict(row.payload, table.rules.family)
              for row in await repo.list_events(record.id) if row.kind != "input"]
    text, _ = deps_of(app).presenter.content(record, table, hand_before(logged, []))
    return text


async def test_a_long_hand_text_keeps_its_picture_and_its_newest_lines(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """A 64-character name in Persian: on about half the turns the text passes Telegram's
    1024 caption characters (checked from a game's second hand on). The photo stays;
    its caption is the first line, "…", and the newest lines (whose turn, the cards
    held), every one whole."""
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    dara = FakeUser(fake_telegram, 5102, LONG_NAME, language_code="fa")
    rng = random.Random(64)
    shortened = 0
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER) as app:
        record = await start_solo(fake_telegram, repo, dara, 1)  # Paulista, 1 v 1
        for _ in range(400):
            current = await eventually(lambda: to_act(repo, dara, record.id), "Dara's turn")
            if current.state == "finished":  # a short game: another one
                final = dara.private.message(current.message_id)  # type: ignore[arg-type]
                rematch = await fake_telegram.wait_until(
                    lambda m=final: [d for d in m.callback_data if peek(d).action == "rematch"],
                    what="the rematch button")
                await dara.press(final, rematch[0])
                await text_audit.game_moved(repo, current)
                continue
            message = dara.private.message(current.message_id)  # type: ignore[arg-type]
            if table_of(current).match.hand_no == 1:  # type: ignore[union-attr]
                await play_a_move(repo, dara, current, rng)  # (its text also says the game
                continue  # started, which the log read back from the hand on does not)
            text = await full_text(app, repo, current)
            await fake_telegram.wait_until(  # (its edit may still be on its way)
                lambda m=message, t=text: m.caption == fit_caption(t),
                what="the caption of the text as it is now")
            assert message.photo
            if caption_length(text) > CAPTION_LIMIT:
                shortened += 1
                lines = message.caption.split("\n")
                assert caption_length(message.caption) <= CAPTION_LIMIT
                assert lines[0] == text.split("\n")[0] and lines[1] == SHORTENED
                assert text.endswith("\n".join(lines[2:])) and len(lines) > 4
                if shortened >= 3:
                    break
            await play_a_move(repo, dara, current, rng)
    assert shortened >= 3, "no text outgrew its caption"


async def test_after_a_restart_the_hands_photo_is_still_edited(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """A new process does not know the hand's message is a photo: its first edit as text
    is refused (Telegram: no text to edit), so the picture and caption are sent anew, in
    one more call, and every later edit is a photo's again."""
    repo = Repository(db_engine)
    owner = FakeUser(fake_telegram, OWNER, "Operator")
    await owner.start()
    eva = FakeUser(fake_telegram, 5103, "Eva")
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        record = await start_solo(fake_telegram, repo, eva, 1)  # Paulista, 1 v 1
        rng = random.Random(1)
        for _ in range(20):  # a turn with cards to play (a bot's truco is answered first)
            current = await eventually(lambda: to_act(repo, eva, record.id), "Eva's turn")
            shown = eva.private.message(current.message_id)  # type: ignore[arg-type]
            if current.state == "finished" or any(cards_in(b["text"]) for b in shown.buttons):
                break
            await play_a_move(repo, eva, current, rng)
    assert current.state != "finished" and current.message_id is not None
    photo = eva.private.message(current.message_id)
    assert photo.photo and "Your cards:" in (photo.caption or "")
    before = photo.file_id
    mark = fake_telegram.mark()
    async with running_bot(fake_telegram, migrated_db_url, owner_id=OWNER):
        card = next(b["callback_data"] for b in photo.buttons if cards_in(b["text"]))
        await eva.press(photo, card)  # her first card: the hand goes on, on this message
        await fake_telegram.wait_until(lambda: photo.file_id != before,
                                       what="the photo's new picture after the restart")
        await eventually(lambda: to_act(repo, eva, record.id), "Eva's turn again")
        later = await repo.get_table(record.id)
        assert later is not None and later.message_id == photo.message_id
        held = set(table_of(later).match.hand.cards[0])  # type: ignore[union-attr]
        assert cards_in((photo.caption or "").split("\n")[-1]) == held and len(held) == 2
    calls = [c for c in fake_telegram.calls[mark:] if str(c.chat_id) == str(eva.id)
             and c.method.startswith("edit")]
    refused = [c for c in calls if not c.ok]
    assert [(c.method, c.description) for c in refused] == [
        ("editMessageText", "Bad Request: there is no text in the message to edit")]
    assert calls[calls.index(refused[0]) + 1].method == "editMessageMedia"
    assert all(c.method in EDITS for c in calls if c.ok)
