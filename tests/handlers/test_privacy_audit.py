"""Privacy audit: no text the bot shows a person holds a card that person may not see.

Every text the bot sent during whole games is recorded from the fake Bot API
(messages and edits, callback alerts, inline answers) with the time it reached
Telegram and the person who sees it: everybody in a group (so public cards only),
the presser of a button, the asker of an inline query, the user of a private chat
(a solo game's table, or a group hand shown privately to a player who started the
bot, whose moves then come now and then from that private message).

Who held what comes from the table's event log, never from the bot's texts:
CardsDealt carries the seat, PartnerCardsShown the partner's cards in a hand of
eleven, CardPlayed the faces put on the table. A card is visible to a person at
a moment if it is in their own hand as dealt, was played face up (or shown to
all) before that moment, is the turned-up card, or is their partner's in a hand
of eleven of their deciding team. A seña (issue 12) makes the cards it names
tellable to the signaller's team (SenaMade) and to an opponent who caught it
(SenaCaught), from its moment on: the same seña shown to any other opponent is a
leak. A table message belongs to the hand it was
posted for (an edit may reach Telegram after the next deal) and may repeat how the
hand before ended; an alert or inline answer belongs to the hand of its moment or
the one before. Older hands are never allowed, nor a card played after the text.
"""

from __future__ import annotations

import bisect
import json
import random
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.payload import PayloadCodec, peek
from chatbot.i18n.cards import card_label
from chatbot.rules.base import TrickRules
from chatbot.rules.cards import Card
from chatbot.rules.mineiro import MineiroRules
from chatbot.rules.paulista import PaulistaRules
from chatbot.rules.serialize import event_to_dict
from chatbot.storage import EventRecord, Repository, TableRecord
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.dbfixtures import sqlite_only  # noqa: F401 - SQLite is enough here
from tests.handlers.group_helpers import (
    GroupGame,
    cards_in,
    decode_cards,
    eventually,
    open_group_table,
    result_texts,
    special_hand,
    table_of,
)
from tests.handlers.telegram_harness import deps_of, running_bot


@dataclass
class Shown:
    """One text the bot showed: to whom (a user id, or None for a whole group) and when;
    for a message, when it was first sent (its hand is the one dealt by then)."""

    text: str
    viewer: int | None
    at: float
    what: str
    posted: float | None = None


@dataclass
class HandLog:
    start: float
    vira: set[Card] = field(default_factory=set)
    dealt: dict[int, set[Card]] = field(default_factory=dict)  # seen by their own seat
    partners: dict[int, set[Card]] = field(default_factory=dict)  # eleven: shown to a seat
    public: list[tuple[float, Card]] = field(default_factory=list)  # face up, with the time
    plays: list[tuple[float, int, Card]] = field(default_factory=list)  # face up, by seat
    manilhas: str = ""  # the four manilhas as the texts list them, strongest first
    # señas: when, the seats told (the team, or the one catcher), the cards it names
    told: list[tuple[float, frozenset[int], set[Card]]] = field(default_factory=list)

    def visible(self, seat: int | None, at: float) -> set[Card]:
        cards = set(self.vira) | {card for when, card in self.public if when <= at}
        if seat is not None:
            cards |= self.dealt.get(seat, set()) | self.partners.get(seat, set())
            for when, seats, named in self.told:
                if when <= at and seat in seats:
                    cards |= named
        return cards


def hands_from_log(events: list[EventRecord], rules: TrickRules | None = None) -> list[HandLog]:
    """Who could see what in each hand. The manilhas the texts name (all four, in rank
    order, from the turned-up card) are public knowledge: that list says nothing of who
    holds one, so only that exact list is exempt, never a manilha written alone."""
    rules = rules or PaulistaRules()
    family = rules.family
    hands: list[HandLog] = []
    for event in events:
        at, kind, payload = event.created_at.timestamp(), event.kind, event.payload
        if kind == "HandStarted":
            vira = decode_cards(payload["vira"], family)
            named = rules.manilhas(vira[0] if vira else None)
            hands.append(HandLog(at, set(vira), manilhas=" ".join(
                card_label(card, rules.family, "en") for card in named)))
            continue
        if not hands:
            continue
        hand = hands[-1]
        audience = payload.get("audience") or ["public", None]
        if kind == "CardsDealt":
            hand.dealt[payload["seat"]] = set(decode_cards(payload["cards"], family))
        elif kind == "PartnerCardsShown":
            hand.partners.setdefault(payload["seat"], set()).update(
                decode_cards(payload["cards"], family))
        elif kind == "CardPlayed" and audience[0] == "public":
            hand.public += [(at, c) for c in decode_cards(payload["card"], family)]
            hand.plays += [(at, payload["seat"], c) for c in decode_cards(payload["card"], family)]
        elif kind == "CardPlayed":  # the owner's own copy of a face-down card
            hand.dealt.setdefault(audience[1], set()).update(decode_cards(payload["card"], family))
        elif kind == "CardsRevealed" and audience[0] == "public":
            hand.public += [(at, c) for c in decode_cards(payload["cards"], family)]
        elif kind == "SenaMade":  # told to the signaller's team (seats of its parity)
            players = max(len(hand.dealt), 2)
            team = frozenset(s for s in range(players)
                             if rules.team_of(s, players) == audience[1])
            hand.told.append((at, team, set(decode_cards(payload["cards"], family))))
        elif kind == "SenaCaught":  # told to the one opponent who caught it
            hand.told.append((at, frozenset({payload["catcher"]}),
                              set(decode_cards(payload["cards"], family))))
    return hands


MESSAGE_TEXTS = ("sendmessage", "editmessagetext", "sendphoto", "editmessagecaption",
                 "editmessagemedia")  # a hand picture's caption is a text like any other


def message_text(params: dict[str, Any]) -> str | None:
    """The text or caption a call sends (a new picture's caption is in its media)."""
    if "text" in params:
        return str(params["text"])
    media = params.get("media")
    if isinstance(media, str):
        media = json.loads(media)
    caption = (media or {}).get("caption") if isinstance(media, dict) else params.get("caption")
    return None if caption is None else str(caption)


class Recorder:
    """Knows who pressed each button: the fake's callback answers only name the query."""

    def __init__(self, server: FakeTelegramServer) -> None:
        self.server = server
        self.pressed_by: dict[str, int] = {}
        original = server.open_callback_query

        def open_callback_query(query: dict[str, Any]) -> str:
            query_id = original(query)
            self.pressed_by[query_id] = query["from"]["id"]
            return query_id

        server.open_callback_query = open_callback_query  # type: ignore[method-assign]
        # what a chosen inline result posts in a group: read by the whole chat from then on
        self.posts: list[tuple[str, int, float]] = []
        post = server.post_user_message

        def post_user_message(user: dict[str, Any], chat: Any, text: str | None,
                              **kwargs: Any) -> Any:
            if kwargs.get("via_bot") and chat.is_group and text:
                self.posts.append((text, int(user["id"]), time.time()))
            return post(user, chat, text, **kwargs)

        server.post_user_message = post_user_message  # type: ignore[method-assign]
        server.clock = time.time  # the same clock as the event log's timestamps

    def texts(self) -> list[Shown]:
        server = self.server
        shown: list[Shown] = []
        posted: dict[tuple[int, int], float] = {}
        for call in server.calls:
            if not call.ok:
                continue
            method = call.method.lower()
            if (method in ("editmessagetext", "editmessagemedia")
                    and call.params.get("inline_message_id")):
                # a chosen result's post, settled by the bot (as text, or as a photo with
                # the text its caption): read by its whole chat
                chat = server.inline_messages[str(call.params["inline_message_id"])].chat
                shown.append(Shown(message_text(call.params) or "",
                                   None if chat.is_group else chat.id, call.at,
                                   "inline post edit"))
            elif method in MESSAGE_TEXTS and call.chat_id is not None:
                chat = server.chat(call.chat_id)
                viewer = None if chat.is_group else chat.id
                if method.startswith("send"):
                    key = (chat.id, int(call.result["message_id"]))
                    posted[key] = call.at
                else:
                    key = (chat.id, int(call.params["message_id"]))
                text = message_text(call.params)
                if text is not None:
                    shown.append(Shown(text, viewer, call.at, call.method, posted[key]))
            elif method == "answercallbackquery" and call.params.get("text"):
                query_id = str(call.params["callback_query_id"])
                shown.append(Shown(str(call.params["text"]), self.pressed_by[query_id], call.at,
                                   "alert"))
            elif method == "answerinlinequery":
                answer = server.inline_answers[str(call.params["inline_query_id"])]
                for result in answer.results:
                    title, description, content = result_texts(result)
                    shown.append(Shown(f"{title}\n{description}", answer.user_id, call.at,
                                       "inline"))
                    # what a result would post reaches the asker's client only, until chosen
                    shown.append(Shown(content, answer.user_id, call.at, "inline content"))
        for text, _poster, at in self.posts:
            shown.append(Shown(text, None, at, "inline post"))
        return shown


def audit(shown: list[Shown], hands: list[HandLog], seat_of: dict[int, int]) -> int:
    """Check every text; returns how many card faces were checked."""
    starts = [hand.start for hand in hands]
    checked = 0
    for item in shown:
        if not cards_in(item.text):
            continue
        # a table message belongs to the hand dealt when it was rendered, and its text may
        # still tell how the hand before ended; other texts to the hand of the moment. The
        # fake only knows when a request arrived: with bots that play without pauses, a
        # message rendered in hand N may arrive once hand N+1 is dealt (on a busy machine
        # it happened), so a message may also show the hand before the one before. Cards
        # public then are public for good; a hidden card is never allowed. The log's
        # time of a deal is taken when its save is written, so on a busy machine the
        # new hand's first message can be timed a hair before it: the next hand may be
        # shown too, with only what its viewer may see in it (no one else's card).
        current = bisect.bisect_right(starts, item.posted or item.at) - 1
        nearest = max(0, bisect.bisect_right(starts, item.at + 0.5) - 1)
        assert max(current, nearest) >= 0, f"cards before any deal: {item}"
        text = item.text
        # a private hand's picture waits for the chat's send limit while bots play on:
        # it may arrive a hand later than a text would
        back = 2 if item.posted is not None or item.what == "sendPhoto" else 1
        shows = hands[max(0, current - back):max(current, nearest) + 1]  # the hands it may show
        if item.viewer is not None and item.what.startswith("send"):
            # a private hand message already on its way waits out the chat's send limit
            # while quick hands go by (a side on eleven that runs ends its hand at once):
            # it may arrive any number of hands late on a busy machine. It names its
            # turned-up card, and so its hand: any earlier hand with that card.
            named = cards_in(item.text)
            shows += [hand for hand in hands[:max(0, current - back)]
                      if hand.vira and hand.vira <= named]
        for hand in shows:
            if hand.manilhas:
                text = text.replace(hand.manilhas, "")
        faces = cards_in(text)
        seat = None if item.viewer is None else seat_of.get(item.viewer)
        allowed: set[Card] = set()
        for hand in shows:
            allowed |= hand.visible(seat, max(item.at, hand.start))
        leaked = faces - allowed
        assert not leaked, f"{item.what} to {item.viewer} shows {leaked}: {item.text!r}"
        checked += len(faces)
    return checked


async def curious_moves(game: GroupGame, rng: random.Random, carol: FakeUser) -> None:
    """Between moves, everybody peeks: "My cards", inline out of turn, an outsider."""
    record = await game.human_turn()
    if not record.state.startswith("hand_"):
        return
    message = await game.table_message()
    for user in (*game.people.values(), carol):
        if rng.random() < 0.3:
            await user.press_button(message, "My cards")
        if rng.random() < 0.2:
            await user.inline_query_from(message)
    if rng.random() < 0.4:  # a pick from a list of an earlier turn: refused, shows nothing
        await game.stale_pick(rng)


async def play_one_or_private(game: GroupGame, rng: random.Random,
                              codec: PayloadCodec) -> None:
    """The person to act plays from their private hand message half the time (when it
    shows this turn's moves: a card, or accepting, so the game lasts to the hand of
    eleven), otherwise through inline mode."""
    record = await game.human_turn()
    table = table_of(record)
    seat = None if table.match is None else table.rules.to_act(table.match)
    info = None if seat is None else table.seats[seat]
    if not record.state.startswith("hand_") or info is None or info.user_id is None:
        return
    user = game.people[info.user_id]
    shown = user.private.bot_messages()
    fresh = [d for d in (shown[-1].callback_data if shown else [])
             if peek(d).action == "move" and peek(d).seq == record.turn_seq]
    calm = [d for d in fresh if ":" in peek(d).arg or peek(d).arg == "accept"]
    if fresh and rng.random() < 0.5:
        await user.press(shown[-1], rng.choice(calm or fresh))
        await game.moved_past(record.turn_seq)
    else:
        await game.play_one(rng)


async def test_no_text_shows_a_card_its_reader_may_not_see_group(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    repo = Repository(db_engine)
    recorder = Recorder(fake_telegram)
    alice = FakeUser(fake_telegram, 1001, "Alice")
    bob = FakeUser(fake_telegram, 1002, "Bob")
    carol = FakeUser(fake_telegram, 1003, "Carol")
    rng = random.Random(2024)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        codec = deps_of(app).codec
        for person in (alice, bob):  # both read their hands privately too
            mark = fake_telegram.mark()
            await person.start()
            await fake_telegram.wait_for_call("sendMessage", chat_id=person.id, since=mark)
        game = await open_group_table(fake_telegram, repo, alice, bob)
        carol.join(game.group)
        for _ in range(8):  # a few ordinary moves with everybody peeking
            await curious_moves(game, rng, carol)
            await play_one_or_private(game, rng, codec)
        # then a hand of eleven for team B (Bob decides to play it, Alice must not see)
        await game.human_turn()
        outcome = await deps_of(app).service.amend(game.table_id,
                                                       special_hand([10, 11], 0, 9))
        await deps_of(app).stage.after(outcome)
        for _ in range(600):
            record = await game.human_turn()
            if record.state == "finished":
                break
            await curious_moves(game, rng, carol)
            await play_one_or_private(game, rng, codec)
        assert (await game.record()).state == "finished"
        final = await game.record()
        finished = game.group.message(final.message_id)  # type: ignore[arg-type]
        await fake_telegram.wait_until(lambda: "Game over" in (finished.text or ""),
                                       what="the end of the game")
    hands = hands_from_log(await repo.list_events(game.table_id))
    assert any(h.partners for h in hands), "no hand of eleven was played"
    table = table_of(await game.record())
    seat_of = {alice.id: table.seat_of(alice.id), bob.id: table.seat_of(bob.id)}
    shown = recorder.texts()
    assert {s.what for s in shown} >= {"sendMessage", "editMessageText", "alert", "inline"}
    assert any(s.what == "inline post edit" and cards_in(s.text) for s in shown), \
        "a card played through inline mode is told in the group by its face"
    refused = [s for s in shown if s.what == "inline post edit" and "Too late" in s.text]
    assert refused, "stale inline picks were made and refused"
    private = [s for s in shown if s.viewer in seat_of and s.what != "alert" and cards_in(s.text)]
    assert {s.viewer for s in private} == {alice.id, bob.id}
    assert audit(private, hands, seat_of) > 50  # type: ignore[arg-type]
    assert audit(shown, hands, seat_of) > 100  # type: ignore[arg-type]
    assert any("Bot 3 holds" in s.text for s in private if s.viewer == bob.id), \
        "in the hand of eleven Bob reads his partner's cards privately"


async def test_no_text_shows_a_card_its_reader_may_not_see_solo(
        fake_telegram: FakeTelegramServer, db_engine: AsyncEngine,
        migrated_db_url: URL) -> None:
    """Ana and a bot against two bots, in her private chat: her screen shows her cards,
    and her partner's only in a hand of eleven of their team."""
    repo = Repository(db_engine)
    recorder = Recorder(fake_telegram)
    ana = FakeUser(fake_telegram, 5001, "Ana")
    rng = random.Random(99)
    async with running_bot(fake_telegram, migrated_db_url) as app:
        await ana.start()
        menu = await fake_telegram.wait_until(lambda: ana.private.last_bot_message(),
                                              what="the welcome")
        await ana.press_button(menu, "Truco Paulista: me and a bot against two bots")
        record = await eventually(lambda: repo.get_active_table(ana.id), "the solo table")

        async def ana_to_act() -> TableRecord | None:
            """Ana's turn with her buttons drawn for it, or the end of the game."""
            current = await repo.get_table(record.id)
            assert current is not None
            if current.state == "finished":
                return current
            table = table_of(current)
            if (not current.state.startswith("hand_") or table.match is None
                    or table.rules.to_act(table.match) != 0 or current.message_id is None):
                return None
            message = ana.private.message(current.message_id)
            fresh = [d for d in message.callback_data if peek(d).seq == current.turn_seq]
            return current if fresh else None

        amended = False
        for _ in range(800):
            current = await eventually(ana_to_act, "Ana's turn")
            if current.state == "finished":
                break
            hand = table_of(current).match.hand  # type: ignore[union-attr]
            if not amended and hand is not None and hand.tricks:
                amended = True  # a hand of eleven for Ana's team: she decides
                outcome = await deps_of(app).service.amend(
                    record.id, special_hand([11, 7], 3, 4))
                await deps_of(app).stage.after(outcome)
                await game_moved(repo, current)
                continue
            message = ana.private.message(current.message_id)  # type: ignore[arg-type]
            moves = [d for d in message.callback_data if peek(d).action == "move"]
            answer = await ana.press(message, rng.choice(moves))
            assert not answer.text, answer.text
            await game_moved(repo, current)
        assert current.state == "finished"
    hands = hands_from_log(await repo.list_events(record.id))
    assert any(h.partners for h in hands), "no hand of eleven was played"
    assert audit(recorder.texts(), hands, {ana.id: 0}) > 20


async def game_moved(repo: Repository, seen: TableRecord) -> TableRecord:
    async def probe() -> TableRecord | None:
        current = await repo.get_table(seen.id)
        return current if current is not None and current.turn_seq > seen.turn_seq else None
    return await eventually(probe, "the game to move on")


def test_the_audit_counts_a_sena_shown_to_an_opponent_as_a_leak() -> None:
    """A seña's card is tellable to the signaller's team and to the one opponent who
    caught it, from the seña on; shown to the other opponent it is a leak, as it is
    to anybody before the seña was made."""
    rules = MineiroRules({"sena_catch": 100})
    match = rules.new_match(4, 3)
    hands = [[Card(4, "C"), Card(5, "H"), Card(6, "S")],
             [Card(5, "C"), Card(5, "S"), Card(6, "H")],
             [Card(12, "C"), Card(12, "H"), Card(6, "D")],
             [Card(11, "C"), Card(11, "H"), Card(6, "C")]]
    events = rules.start_hand(match, hands)
    dealt_at = 1000.0
    log = [EventRecord(1, i + 1, type(e).__name__, event_to_dict(e, rules.family),
                       datetime.fromtimestamp(dealt_at, UTC)) for i, e in enumerate(events)]
    stream = random.Random(0)
    made = MineiroRules({"sena_catch": 0}).make_sena(match, 0, "zap", stream)  # not caught
    made += rules.make_sena(match, 2, "copas", stream)  # both opponents catch it...
    made = [e for e in made if not (type(e).__name__ == "SenaCaught" and e.catcher == 3)]
    log += [EventRecord(1, len(log) + i + 1, type(e).__name__, event_to_dict(e, rules.family),
                        datetime.fromtimestamp(dealt_at + 10, UTC)) for i, e in enumerate(made)]
    hand_logs = hands_from_log(log, rules)  # ...but only seat 1's catch is in this log
    seat_of = {100 + seat: seat for seat in range(4)}

    def shown(viewer_seat: int, text: str, at: float = dealt_at + 20) -> list[Shown]:
        return [Shown(text, 100 + viewer_seat, at, "alert")]

    zap, copas = "Partner winks: the zap, 4♣", "Partner raises both eyebrows: copas, 7♥"
    assert audit(shown(2, zap), hand_logs, seat_of) == 1  # the partner
    assert audit(shown(0, copas), hand_logs, seat_of) == 1
    assert audit(shown(1, copas), hand_logs, seat_of) == 1  # seat 1 caught it
    for seat, text in ((1, zap), (3, zap), (3, copas)):  # opponents who did not catch
        with pytest.raises(AssertionError, match="shows"):
            audit(shown(seat, text), hand_logs, seat_of)
    with pytest.raises(AssertionError, match="shows"):  # before the seña was made
        audit(shown(2, zap, at=dealt_at + 5), hand_logs, seat_of)


def test_a_late_private_hand_message_is_read_against_the_hand_it_names() -> None:
    """A private hand message that waited out its chat's send limit while quick hands
    went by is audited against the hand its turned-up card names: its reader's own
    cards there pass, another seat's card still leaks, and without the turned card
    naming that hand its cards are a leak."""
    deck = [Card(rank, suit) for rank in (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
            for suit in "CHSD"]
    hands = [HandLog(1000.0 + 10 * i, {deck[7 * i]}, {0: set(deck[7 * i + 1:7 * i + 4]),
                                                      1: set(deck[7 * i + 4:7 * i + 7])})
             for i in range(5)]
    seat_of = {100: 0, 101: 1}

    def photo(*cards: Card) -> list[Shown]:  # sent to seat 0 once the fifth hand is dealt
        text = " ".join(card_label(card, PaulistaRules().family, "en") for card in cards)
        return [Shown(text, 100, 1045.0, "sendPhoto", 1045.0)]

    first = hands[0]
    assert audit(photo(*first.vira, *first.dealt[0]), hands, seat_of) == 4
    with pytest.raises(AssertionError, match="shows"):  # seat 1's card of that hand
        audit(photo(*first.vira, *first.dealt[1]), hands, seat_of)
    with pytest.raises(AssertionError, match="shows"):  # no turned card names the hand
        audit(photo(*first.dealt[0]), hands, seat_of)
