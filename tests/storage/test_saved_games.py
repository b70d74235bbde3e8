"""Games stored before variant state was typed read back unchanged and play on.

``tests/storage/saved_games/`` holds one stored game (the ``tables.game`` JSON) of each
variant, written by the code of 2026-12-02 while ``Hand.x`` was a plain dict. The typed
records write the same keys, so the stored format did not change and needs no migration:
these tests hold it to that.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chatbot.fsm.table import Table
from chatbot.rules.argentino import ArgentinoExtras
from chatbot.rules.le_truc import LeTrucExtras
from chatbot.rules.registry import VARIANTS, rules_class
from chatbot.rules.state import Extras

SAVED = Path(__file__).with_name("saved_games")


def saved(variant: str) -> dict[str, Any]:
    return json.loads((SAVED / f"{variant}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_an_old_game_reads_back_exactly(variant: str) -> None:
    doc = saved(variant)
    table = Table.from_dict(doc)
    assert table.match is not None and table.match.hand is not None
    x = table.match.hand.x
    assert type(x) is rules_class(variant).extras  # the variant's own record, typed
    assert set(x.to_doc()) == set(doc["match"]["hand"]["x"])  # every stored key, as a field
    assert json.loads(json.dumps(table.to_dict())) == doc


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_an_old_game_plays_on(variant: str) -> None:
    table = Table.from_dict(saved(variant))
    match, rules = table.match, table.rules
    assert match is not None
    seat = rules.to_act(match)
    assert seat is not None
    legal = rules.legal(match, seat)
    assert legal
    copy = match.copy()
    rules.apply(copy, seat, legal[0], [])
    assert copy.hand is not None and copy.hand.x is not match.hand.x  # copies do not share
    assert Table.from_dict(table.to_dict()).to_dict() == table.to_dict()


def test_a_record_refuses_a_field_it_does_not_have() -> None:
    with pytest.raises(ValueError, match="no field 'florc'"):
        rules_class("paulista").extras.from_doc({"florc": [0, 1]})
    assert Extras.from_doc({}).to_doc() == {}


def test_a_renamed_field_keeps_the_key_games_were_saved_with() -> None:
    """Fields read by readable names (envido_counts, mon_reste) are stored under the short
    keys saved games hold (env, mr), so a record reads and writes those keys only."""
    argentino = ArgentinoExtras.from_doc(
        {"env": (27, 33), "florc": (0, 0), "susp": ("truco", 1, 1, 0)})
    assert argentino.envido_counts == (27, 33)
    assert argentino.suspended_truco == ("truco", 1, 1, 0)
    assert argentino.to_doc() == {"env": (27, 33), "florc": (0, 0),
                                  "susp": ("truco", 1, 1, 0)}
    le_truc = LeTrucExtras.from_doc({"mr": True})
    assert le_truc.mon_reste is True
    assert le_truc.to_doc() == {"mr": True}
    with pytest.raises(ValueError, match="no field 'mon_reste'"):
        LeTrucExtras.from_doc({"mon_reste": True})
