"""The web table's API: identity from initData only, views, moves through the service."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, urlencode

from chatbot.fsm.table import Table
from chatbot.handlers.web.init_data import sign
from chatbot.rules.cards import card_code
from tests.web.conftest import ANA, BIA, CAIO, Game, init_data

GUARD = 120.0  # only a failing test waits this long


async def post(game: Game, path: str, **body: Any) -> tuple[int, dict[str, Any]]:
    response = await game.client.post(path, json={"code": game.code, **body})
    return response.status, await response.json()


async def stored(game: Game) -> Table:
    record = await game.service.repo.get_table(game.table_id)
    assert record is not None
    return Table.from_dict(record.game)


async def whose_turn(game: Game) -> int:
    table = await stored(game)
    assert table.match is not None
    seat = table.rules.to_act(table.match)
    assert seat is not None
    return ANA if seat == 0 else BIA


async def test_each_player_sees_their_own_cards_and_a_stranger_watches(game: Game) -> None:
    table = await stored(game)
    assert table.match is not None and table.match.hand is not None
    family = table.rules.family
    for user, seat in ((ANA, 0), (BIA, 1)):
        status, view = await post(game, "/api/table", initData=init_data(user))
        assert status == 200 and view["seat"] == seat
        assert [c["code"] for c in view["hand"]] == [
            card_code(c, family) for c in table.match.hand.cards[seat]]
    status, view = await post(game, "/api/table", initData=init_data(CAIO))
    assert status == 200 and view["seat"] is None and view["hand"] is None
    assert view["moves"] == [] and view["notice"]


async def test_forged_altered_expired_and_other_bots_init_data_get_401(game: Game) -> None:
    before = (await game.service.repo.get_table(game.table_id))
    genuine = dict(parse_qsl(init_data(ANA)))
    altered = dict(genuine, user=genuine["user"].replace(str(ANA), str(BIA)))
    forged = dict(genuine, hash="f" * 64)
    resigned = {k: v for k, v in altered.items() if k != "hash"}
    resigned["hash"] = sign(resigned, "999:another-bot")
    for bad in (urlencode(altered), urlencode(forged), urlencode(resigned),
                init_data(ANA, signed_at=datetime.now(UTC) - timedelta(days=2)),
                init_data(ANA, token="999:another-bot"), "", None):
        for path in ("/api/table", "/api/move"):
            status, answer = await post(game, path, initData=bad, seq=0, move="truco")
            assert status == 401 and "Telegram" in answer["error"] and "hand" not in answer
        response = await game.client.post("/api/stream", json={
            "code": game.code, "initData": bad})
        assert response.status == 401
    after = await game.service.repo.get_table(game.table_id)
    assert after is not None and before is not None and after.version == before.version


async def test_a_card_played_by_touch_goes_through_the_service_once(game: Game) -> None:
    user = await whose_turn(game)
    _, view = await post(game, "/api/table", initData=init_data(user))
    card = next(m for m in view["moves"] if m["card"] is not None)
    status, after = await post(game, "/api/move", initData=init_data(user),
                               seq=view["seq"], move=card["arg"])
    assert status == 200 and card["card"] not in [c["code"] for c in after["hand"]]
    assert card["card"] in [t["card"]["code"] for t in after["trick"]]
    assert len(game.shown) == 1  # shown in the chat as a press would be
    # the same tap again counts once, and says so
    status, again = await post(game, "/api/move", initData=init_data(user),
                               seq=view["seq"], move=card["arg"])
    assert status == 409 and again["error"] == "That was done already: nothing changed."
    assert again["view"]["version"] == after["version"] and len(game.shown) == 1


async def test_a_double_tap_sent_at_once_counts_once(game: Game) -> None:
    user = await whose_turn(game)
    _, view = await post(game, "/api/table", initData=init_data(user))
    card = next(m for m in view["moves"] if m["card"] is not None)
    answers = await asyncio.gather(*(
        post(game, "/api/move", initData=init_data(user), seq=view["seq"], move=card["arg"])
        for _ in range(2)))
    assert sorted(status for status, _ in answers) == [200, 409]
    table = await stored(game)
    assert table.seq == view["seq"] + 1


async def test_refusals_come_in_the_players_language(game: Game) -> None:
    user = await whose_turn(game)
    other = BIA if user == ANA else ANA
    _, view = await post(game, "/api/table", initData=init_data(other, "pt-br"))
    status, refused = await post(game, "/api/move", initData=init_data(other, "pt-br"),
                                 seq=view["seq"], move="truco")
    assert status == 409 and refused["error"] and "not" not in refused["error"].split()
    status, stranger = await post(game, "/api/move", initData=init_data(CAIO),
                                  seq=view["seq"], move="truco")
    assert (status, stranger["error"]) == (409, "You are not at this table.")
    for move, seq in (("play:ZZ", view["seq"]), ("x" * 40, view["seq"]), (None, 0),
                      ("truco", "0")):
        status, bad = await post(game, "/api/move", initData=init_data(user),
                                 seq=seq, move=move)
        assert status in (400, 409) and bad["error"]
    assert game.shown == []


async def test_a_page_learns_of_a_move_made_elsewhere(game: Game) -> None:
    response = await game.client.post("/api/stream", json={
        "code": game.code, "initData": init_data(ANA)})
    assert response.status == 200
    first = await asyncio.wait_for(next_event(response), GUARD)
    user = await whose_turn(game)
    seat = 0 if user == ANA else 1
    table = await stored(game)
    assert table.match is not None
    action = next(a for a in table.rules.legal(table.match, seat) if a.card is not None)
    outcome = await game.service.play(game.table_id, user, action, table.seq)
    game.web.seen(outcome)  # what the bot's handlers tell it after any move
    second = await asyncio.wait_for(next_event(response), GUARD)
    assert second["version"] > first["version"] and len(second["trick"]) == 1
    response.close()


async def next_event(response: Any) -> dict[str, Any]:
    while True:
        raw = await response.content.readline()
        assert raw, "the stream ended"
        line = raw.decode()
        if line.startswith("data: "):
            doc: dict[str, Any] = json.loads(line[6:])
            return doc


async def test_the_page_and_the_cards_are_served(game: Game) -> None:
    page = await game.client.get("/")
    assert page.status == 200 and "<html" in await page.text()
    _, view = await post(game, "/api/table", initData=init_data(ANA))
    picture = await game.client.get("/" + view["hand"][0]["img"])
    assert picture.status == 200 and (await picture.read())[:4] == b"RIFF"
    assert (await game.client.get("/cards/../../service.py")).status in (403, 404)


async def test_a_finished_games_players_start_a_rematch_once(game: Game) -> None:
    def near_the_end(table: Table) -> list[Any]:
        match = table.match
        assert match is not None
        match.score = [11, 0]
        return table.rules.deal(match, random.Random(1))
    await game.service.amend(game.table_id, near_the_end)
    rng = random.Random(2)
    for _ in range(60):  # a hand of eleven ends the game, whoever wins it
        table = await stored(game)
        if table.state == "finished":
            break
        assert table.match is not None
        seat = table.rules.to_act(table.match)
        assert seat is not None
        action = rng.choice(table.rules.legal(table.match, seat))
        await game.service.play(game.table_id, ANA if seat == 0 else BIA, action, table.seq)
    assert (await stored(game)).state == "finished"
    _, watching = await post(game, "/api/table", initData=init_data(CAIO))
    _, view = await post(game, "/api/table", initData=init_data(BIA))
    assert watching["rematch"] is None and view["rematch"] == "Rematch"
    status, _ = await post(game, "/api/rematch", initData=init_data(CAIO))
    assert status == 409
    status, again = await post(game, "/api/rematch", initData=init_data(BIA))
    assert status == 200 and again["state"].startswith("hand_") and len(again["hand"]) == 3
    status, twice = await post(game, "/api/rematch", initData=init_data(ANA))
    assert (status, twice["error"]) == (409, "The game has already started.")
    assert len(game.shown) == 1


async def test_garbage_gets_an_answer_and_no_traceback(game: Game,
                                                       caplog: Any) -> None:
    caplog.set_level("INFO")
    genuine = init_data(ANA)
    bodies: list[Any] = [b"", b"{", b"[]", b"null", b"\xff\xfe", json.dumps({"initData": 5}),
                         json.dumps({"initData": genuine, "code": ["x"]}),
                         json.dumps({"initData": genuine, "code": "../../etc"}),
                         json.dumps({"initData": genuine, "code": "NOSUCH"})]
    wrong_fields = json.dumps({"initData": genuine, "code": game.code, "seq": None,
                               "move": {"a": 1}, "sena": [], "hand": 1.5})
    for path in ("/api/table", "/api/move", "/api/sena", "/api/rematch", "/api/stream"):
        acts = path not in ("/api/table", "/api/stream")  # these answer a genuine reader
        for body in [*bodies, *([wrong_fields] if acts else [])]:
            response = await game.client.post(path, data=body,
                                              headers={"Content-Type": "application/json"})
            assert response.status in (400, 401, 404, 409), (path, body, response.status)
            assert (await response.json())["error"]
    for language in ("*", "", "fa,en;q=0.5", "pt-BR", "\u00e9\u00e9"):
        response = await game.client.post("/api/table", json={"initData": "forged"},
                                          headers={"Accept-Language": language})
        assert response.status == 401 and (await response.json())["error"]
    bad = [r for r in caplog.records if r.levelno >= 40 or r.exc_info]
    assert bad == [], [r.getMessage() for r in bad]
