"""The hard bot as it played on 2026-12-01, frozen: the arena's fixed yardstick.

A copy of the search path of that day (search, worlds, rule bot, strength,
equity), never to be edited: later work on ``hard`` is measured against it
(``python -m chatbot.bench arena --a hard --b baseline``), so it must not move
when the live modules do. It is a bench level only, never offered to players.
"""

from __future__ import annotations

import random
from typing import Any

from chatbot.ai.baseline import search
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.views import SeatView


def choose(rules: TrickRules[Any], view: SeatView, rng: random.Random) -> Action:
    """The frozen hard bot's action: always one of ``view.legal``."""
    return search.choose(rules, view, rng)
