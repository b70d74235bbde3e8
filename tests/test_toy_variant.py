"""A sixth game defined in this file alone, played through every layer.

Truco de Brinquedo is Paulista with a shorter ladder (1, 2, 4), a game to 6 and the hand
of eleven at 5. Nothing outside this file knows it: it is registered for the test only
(the registry's own table, patched), and the machine, the bots, the renderer and the
terminal game play it from what its rules say. If a new game needed a line elsewhere,
this test would fail.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from chatbot.fsm.machine import fire
from chatbot.fsm.table import Table
from chatbot.handlers import console
from chatbot.i18n.render import Viewer, action_label, render_all
from chatbot.rules import registry
from chatbot.rules.brazil import BRAZIL_OPTIONS
from chatbot.rules.events import GameWon
from chatbot.rules.options import OptionSpec, choice
from chatbot.rules.paulista import PaulistaRules
from chatbot.rules.serialize import match_from_dict, match_to_dict
from chatbot.rules.views import real_action, seat_view
from tests.ai.games import test_decide as decide  # the search on a clock-free budget

TOY = "brinquedo"


class ToyRules(PaulistaRules):
    name = TOY
    ladder = (1, 2, 4)
    raise_calls = ("truco", "quatro")
    target = 6
    special_at = 5
    special_value = 2
    option_specs: ClassVar[dict[str, OptionSpec]] = {
        **BRAZIL_OPTIONS, "target": choice(6), "deck": choice("dirty", "clean")}
    lobby_options: ClassVar[dict[str, tuple[Any, ...]]] = {"deck": ("dirty", "clean")}


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry.VARIANTS, TOY, f"{__name__}:ToyRules")
    registry.rules_class.cache_clear()
    registry._cached.cache_clear()
    yield
    registry.rules_class.cache_clear()
    registry._cached.cache_clear()


def test_the_registry_finds_it() -> None:
    assert registry.find_variant("Brinquedo") == TOY
    assert registry.rules_for(TOY).target_score() == 6
    assert TOY in registry.available_variants()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_the_machine_plays_it_with_bots_and_renders_every_event(players: int,
                                                                level: str) -> None:
    rng = random.Random(players * 100 + len(level))
    table = Table(TOY, players)
    for seat in range(players):
        fire(table, "add_bot", seat, f"Bot {seat}")
    events = fire(table, "start", rng=rng)
    names = [f"Bot {s}" for s in range(players)]
    lines: list[str] = []
    stakes: set[int] = set()
    for _ in range(2000):
        for seat in range(players):
            lines += render_all(events, Viewer(table.rules, players, names, seat), "pt_BR")
        if table.state == "finished":
            break
        if table.state == "scoring":
            events = fire(table, "next_hand", rng=rng)
            continue
        match = table.match
        assert match is not None
        seat = table.rules.to_act(match)
        assert seat is not None
        view = seat_view(table.rules, match, seat)
        assert all(action_label(a, view, table.rules, "en") for a in view.legal)
        action = real_action(match, seat, decide(table.rules, view, level, rng))
        events = fire(table, "move", seat, action, table.seq, rng=rng)
        assert match.hand is not None
        stakes.add(match.hand.stake)
        # a stored toy game reads back exactly
        assert Table.from_dict(table.to_dict()).to_dict() == table.to_dict()
        assert match_to_dict(match_from_dict(match_to_dict(match))) == match_to_dict(match)
    assert table.state == "finished"
    assert table.match is not None and table.match.winner is not None
    assert max(table.match.score) >= 6
    assert stakes <= {1, 2, 4}
    assert lines and not any("{" in line for line in lines)
    assert any(isinstance(e, GameWon) for e in events)


def test_the_terminal_game_plays_it_to_the_end() -> None:
    out: list[str] = []
    code = console.main([TOY, "--seed", "3", "--level", "normal"],
                        input_fn=lambda prompt: "1", output=out.append)
    assert code == 0
    assert out[-1].startswith("Game over:")
