"""A whole 2 v 2 game of Mineiro played to its end in four headless browsers.

The issue's "done when": one Chromium, four contexts (one per player), every move a
click on the page of the player to act. The game is kept short the way the rules allow:
the first truco is raised to the ladder's top (12, the target), so one hand can decide
it; a hand that leaves the game open is followed by the next, dealt at once as the bot's
timer would. Nothing waits on time: each step waits until the pages show the table as
stored. At the end every response each page received (the views, the answers to its
moves and its whole event stream) is read from the browser's network log and searched
for a card hidden from its reader when that view was drawn.
"""

from __future__ import annotations

import json
import random
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.rules.actions import Kind
from chatbot.rules.cards import card_code
from chatbot.storage import Repository, TableRecord
from tests.web.browser import chromium, offline_context
from tests.web.conftest import ANA, BIA, CAIO, GROUP
from tests.web.test_browser import (
    GUARD_MS,
    Served,
    dom_codes,
    hidden_from,
    private_codes,
    serving,
    synced,
)

DANI = 7004
PLAYERS = (ANA, BIA, CAIO, DANI)
STEPS = 200  # a guard against a loop: the game ends in far fewer moves
# up the ladder, take the top stake (and play a hand of ten, should one come)
PREFERRED = (Kind.RAISE, Kind.TRUCO, Kind.ACCEPT, Kind.ELEVEN_PLAY)


def received_views(body: bytes) -> list[dict[str, Any]]:
    """The views in one response: a JSON answer (a view, an error with one, or a look
    in words that holds none) or an event stream of views."""
    text = body.decode()
    if text.startswith("{"):
        doc = json.loads(text)
        found = [doc.get("view", doc)]
    else:
        found = [json.loads(line[6:]) for line in text.split("\n") if line.startswith("data: ")]
    return [view for view in found if isinstance(view, dict) and "version" in view]


async def all_synced(served: Served, pages: dict[int, Any]) -> TableRecord:
    record = await served.service.repo.get_table(served.table_id)
    assert record is not None
    for page in pages.values():
        await synced(page, record.version)
    return record


async def four_players(service: GameService) -> TableRecord:
    opened = await service.open_table(chat_id=GROUP, creator_id=ANA, creator_name="Ana",
                                      variant="mineiro", players=4)
    for seat, (user, name) in enumerate(((BIA, "Bia"), (CAIO, "Caio"), (DANI, "Dani")), 1):
        await service.act(opened.record.id, "sit", seat, user, name)
    return (await service.act(opened.record.id, "start")).record


async def play_to_the_end(served: Served, pages: dict[int, Any]) -> int:
    """Each move a click by the player to act (a call up the ladder when there is one,
    else a card), until the game is over; the number of moves made. Before every move
    each page shows the table as stored and none of the cards hidden from its reader."""
    for made in range(STEPS):
        record = await all_synced(served, pages)
        table = Table.from_dict(record.game)
        if table.state == "finished":
            return made
        if table.state == "scoring":  # the bot's timer deals the next hand: here at once
            served.web.seen(await served.service.act(served.table_id, "next_hand"))
            continue
        for user, page in pages.items():
            assert not await dom_codes(page) & hidden_from(table, user)
        match = table.match
        assert match is not None
        seat = table.rules.to_act(match)
        assert seat is not None
        info = table.seats[seat]
        assert info is not None and info.user_id is not None
        page = pages[info.user_id]
        legal = table.rules.legal(match, seat)
        call = next((a for kind in PREFERRED for a in legal if a.kind == kind), None)
        if call is not None:
            target = page.locator(f"#moves button[data-move='{call.kind}']")
        else:
            card = next(a.card for a in legal if a.kind == Kind.PLAY and a.card is not None)
            code = card_code(card, table.rules.family)
            target = page.locator(f"#hand button[data-code='{code}']:enabled")
        await target.click(timeout=GUARD_MS)
        # the mover's page shows the table its move made (an answer, or the stream)
        await page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version) > v",
            arg=record.version, timeout=GUARD_MS)
        assert await page.locator("#error").is_hidden()
    raise AssertionError("the game did not end")


async def test_a_game_of_mineiro_played_to_its_end_in_four_browsers(
        db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine), rng=random.Random(3))
    started = await four_players(service)
    async with serving(service, started) as served, chromium() as browser:
        pages: dict[int, Any] = {}
        received: dict[int, list[Any]] = {user: [] for user in PLAYERS}
        for user in PLAYERS:
            context = await offline_context(browser, viewport={"width": 360, "height": 740})
            page = await context.new_page()
            page.on("response", lambda r, u=user: received[u].append(r)
                    if "/api/" in r.url else None)
            await page.goto(served.url(user))
            pages[user] = page
        # "My cards" answers on the page, in words, and changes nothing
        await pages[ANA].locator("#cards").click(timeout=GUARD_MS)
        said = pages[ANA].locator("#said")
        await said.wait_for(state="visible", timeout=GUARD_MS)
        assert "Your cards" in await said.inner_text()
        moves = await play_to_the_end(served, pages)
        table = await served.table()
        assert table.match is not None and table.match.winner is not None
        assert max(table.match.score) >= table.rules.target_score(), table.match.score
        assert moves <= 3 * 4 + 5 * table.match.hand_no, moves  # few hands, few moves
        for page in pages.values():  # every page shows the end: its player may rematch
            await page.locator("#rematch").wait_for(timeout=GUARD_MS)
        await served.server.close()  # the streams end, so their whole bodies can be read
        for user, responses in received.items():
            assert any(r.url.endswith("/api/stream") for r in responses), user
            views: list[dict[str, Any]] = []
            for response in responses:
                await response.finished()
                views += received_views(await response.body())
            last = max(views, key=lambda view: view["version"])
            assert last["state"] == "finished" and last["seat"] is not None
            for view in views:
                hidden = hidden_from(served.web.tables[view["version"]], user)
                assert not private_codes(view) & hidden, (user, view)
