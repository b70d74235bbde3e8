"""Señas over random games (hypothesis): no seña reaches anyone but the signaller's
partners unless an opponent caught it, and a seña never changes the turn, the legal
moves, the score or the cards. Every move and every seña is drawn by hypothesis, so a
failing game shrinks to a short one."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chatbot.rules import events as E
from chatbot.rules.base import TrickRules
from chatbot.rules.registry import rules_for
from chatbot.rules.senas import MAX_PER_HAND
from chatbot.rules.serialize import match_to_dict
from chatbot.rules.state import Match
from chatbot.rules.views import seat_view

GAMES = [(variant, players) for variant in ("paulista", "mineiro", "argentino")
         for players in (4, 6)]
MAX_STEPS = 400  # moves and señas of one game before the test stops following it


def _without_senas(match: Match) -> str:
    """The whole game as saved, with the hand's record of señas left out."""
    doc = match_to_dict(match)
    if doc["hand"] is not None:
        doc["hand"]["x"].pop("senas", None)
    return json.dumps(doc, sort_keys=True)


def _sena_step(rules: TrickRules, match: Match, data: st.DataObject,
               stream: random.Random, heard: list[list[tuple[int, str]]]) -> None:
    """One seña by a seat hypothesis picks (refused ones must change nothing) and the
    checks of what it tells and to whom."""
    n = match.players
    seat = data.draw(st.integers(0, n - 1), label="signaller")
    listed = rules.sena_list(match)
    name = listed[data.draw(st.integers(0, len(listed) - 1), label="sena")].name
    before = _without_senas(match)
    turn = rules.to_act(match)
    legal = [rules.legal(match, s) for s in range(n)]
    refused = rules.check_sena(match, seat, name)
    if refused is not None:
        kept = json.dumps(match_to_dict(match), sort_keys=True)
        with pytest.raises(type(refused)):
            rules.make_sena(match, seat, name, stream)
        assert json.dumps(match_to_dict(match), sort_keys=True) == kept
        return
    events = rules.make_sena(match, seat, name, stream)
    # a seña is not a move: nothing else of the game changes
    assert _without_senas(match) == before
    assert rules.to_act(match) == turn
    assert [rules.legal(match, s) for s in range(n)] == legal
    team = rules.team_of(seat, n)
    made = [e for e in events if isinstance(e, E.SenaMade)]
    caught = [e for e in events if isinstance(e, E.SenaCaught)]
    assert len(made) == 1 and len(events) == 1 + len(caught)
    assert made[0].audience == E.to_team(team)
    mode = rules.senas_mode(match)
    assert mode == "catch" or not caught
    for event in caught:
        assert event.audience == E.to_seat(event.catcher)
        assert rules.team_of(event.catcher, n) != team
    for viewer in range(n):
        sees = [e for e in events if e.audience.admits(viewer, rules.team_of(viewer, n))]
        partner = rules.team_of(viewer, n) == team
        catcher = any(e.catcher == viewer for e in caught)
        # the partners (and the signaller) hear of it, an opponent only by catching it
        assert bool(sees) == (partner or catcher)
        if sees:
            heard[viewer].append((seat, name))
    assert len([1 for who, _ in heard[seat] if who == seat]) <= MAX_PER_HAND


@pytest.mark.parametrize(("variant", "players"), GAMES, ids=lambda v: str(v))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), catch=st.sampled_from([None, 0, 20, 100]),
       data=st.data())
def test_a_sena_reaches_only_the_partners_unless_caught(variant: str, players: int, seed: int,
                                                       catch: int | None,
                                                       data: st.DataObject) -> None:
    options: dict[str, object] = {"senas": "on"} if catch is None else {"sena_catch": catch}
    rules = rules_for(variant, options)
    rng = random.Random(seed)
    stream = random.Random(seed ^ 0x5E5A)  # the game's stream the catches are drawn from
    match = rules.new_match(players, rng.randrange(players))
    rules.deal(match, rng)
    heard: list[list[tuple[int, str]]] = [[] for _ in range(players)]
    for _ in range(MAX_STEPS):
        if match.winner is not None:
            break
        hand = match.hand
        assert hand is not None
        if hand.over:
            rules.next_hand(match, rng)
            heard = [[] for _ in range(players)]
            continue
        if data.draw(st.integers(0, 2), label="a seña now?") == 0:
            _sena_step(rules, match, data, stream, heard)
        else:
            seat = rules.to_act(match)
            assert seat is not None
            legal = rules.legal(match, seat)
            rules.apply(match, seat, legal[data.draw(st.integers(0, len(legal) - 1),
                                                     label="move")], [])
        if not hand.over:
            for viewer in range(players):
                # what the view tells each seat is exactly what reached it
                assert list(seat_view(rules, match, viewer).senas) == heard[viewer]
