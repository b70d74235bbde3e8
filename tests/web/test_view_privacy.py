"""No response of the web table holds a card its reader may not see (hypothesis).

Random games of every variant, deck and seat count are played move by move; at
every moment the view of each seat and of a spectator is built and searched for
every card held by someone else that the rules do not show that reader: by code
in the structured cards, and by face and spoken name in every text.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatbot.cards.catalog import IMAGES
from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers.web.view import table_view
from chatbot.i18n.cards import card_label, card_name
from chatbot.rules.cards import Card, card_code
from chatbot.rules.events import Event
from chatbot.rules.playout import standard_configs
from chatbot.rules.registry import available_variants

CONFIGS = standard_configs(available_variants())
PEOPLE = 100  # seat s is person PEOPLE + s
MOVES = 60


def started(variant: str, players: int, options: dict[str, Any], seed: int) -> Table:
    table = Table(variant, players, dict(options))
    for seat in range(players):
        fire(table, "sit", seat, PEOPLE + seat, f"P{seat}")
    fire(table, "start", rng=random.Random(seed))
    return table


def cards_in(doc: Any) -> set[str]:
    """Every card code the JSON names as a card (a card dict, a move's card)."""
    found: set[str] = set()
    if isinstance(doc, dict):
        if "code" in doc and "img" in doc:
            found.add(doc["code"])
        if doc.get("card") and isinstance(doc["card"], str):
            found.add(doc["card"])
        for value in doc.values():
            found |= cards_in(value)
    elif isinstance(doc, list):
        for value in doc:
            found |= cards_in(value)
    return found


def known_to(table: Table, seat: int | None, events: list[Event]) -> set[Card]:
    """What the rules let this reader know of the cards: the seats they may see, the
    turned card and its manilhas, and every card an event for them names."""
    match = table.match
    assert match is not None and match.hand is not None
    hand = match.hand
    known: set[Card] = set(table.rules.manilhas(hand.vira))
    if hand.vira is not None:
        known.add(hand.vira)
    if seat is not None:
        for cards in table.rules.visible_cards(match, seat).values():
            known |= set(cards)
    team = table.team_of(seat) if seat is not None else None
    for event in events:
        admitted = (event.audience.kind == "public" if seat is None
                    else event.audience.admits(seat, team))
        if admitted:
            known |= {v for f in dataclasses.fields(event)
                      for v in _cards(getattr(event, f.name))}
    return known


def _cards(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, tuple | list):
        return [c for v in value for c in _cards(v)]
    if isinstance(value, dict):
        return [c for v in value.values() for c in _cards(v)]
    return []


def assert_nothing_hidden(table: Table, seat: int | None, events: list[Event],
                          locale: str) -> None:
    match = table.match
    assert match is not None and match.hand is not None
    user = PEOPLE + seat if seat is not None else 999
    doc = table_view(table, "CODE", user_id=user, locale=locale, events=events)
    # a seña's button names the cards the seña stands for in this game (the variant's
    # table of señas, the same for everyone), not a card anyone holds
    offered = {s.name for s in table.rules.senas_available(match, seat)} \
        if seat is not None else set()
    assert {s["name"] for s in doc.pop("senas")} == offered
    text = json.dumps(doc, ensure_ascii=False)
    family = table.rules.family
    known = known_to(table, seat, events)
    hidden = {c for held in match.hand.cards for c in held} - known
    assert not cards_in(doc) & {card_code(c, family) for c in hidden}
    for card in hidden:
        face = re.escape(card_label(card, family, locale))
        assert not re.search(rf"(?<![0-9A-Za-z]){face}", text), (card, seat)
        assert card_name(card, family, locale) not in text, (card, seat)
    for path in re.findall(r'"cards/([^"]+\.webp)', text):
        assert (IMAGES / path).is_file(), path


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label())
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_no_view_holds_a_card_its_reader_may_not_see(config: Any, data: st.DataObject,
                                                     seed: int) -> None:
    table = started(config.variant, config.players, dict(config.options), seed)
    events: list[Event] = []
    locale = data.draw(st.sampled_from(["en", "pt_BR", "fa"]))
    rng = random.Random(seed)
    for _ in range(MOVES):
        match = table.match
        assert match is not None
        for reader in [None, *range(table.players)]:
            assert_nothing_hidden(table, reader, events, locale)
        if table.state == "scoring":
            events = list(fire(table, "next_hand", rng=rng))
            continue
        if table.state not in ("hand_deciding", "hand_playing", "hand_answering", "hand_phase"):
            break
        seat = table.rules.to_act(match)
        if seat is None:
            break
        legal = table.rules.legal(match, seat)
        action = data.draw(st.sampled_from(legal))
        events += fire(table, "move", seat, action, seq=table.seq)


def test_a_spectator_sees_no_hand_and_a_player_sees_their_own() -> None:
    table = started("paulista", 2, {}, 3)
    match = table.match
    assert match is not None and match.hand is not None
    spectator = table_view(table, "C", user_id=None, locale="en")
    assert spectator["hand"] is None and spectator["moves"] == [] and spectator["notice"]
    ana = table_view(table, "C", user_id=PEOPLE, locale="en")
    own = [card_code(c, table.rules.family) for c in match.hand.cards[0]]
    assert [c["code"] for c in ana["hand"]] == own
    assert all(c["name"] for c in ana["hand"])


def test_the_page_reads_right_to_left_in_persian() -> None:
    doc = table_view(started("paulista", 2, {}, 4), "C", user_id=PEOPLE, locale="fa")
    assert (doc["dir"], doc["lang"]) == ("rtl", "fa")
    assert Path(IMAGES).is_dir()
