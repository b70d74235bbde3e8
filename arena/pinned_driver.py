"""The decision driver of a pinned arena level: one commit's bot, over JSON lines.

The arena (``chatbot/bench/pinned.py``) runs this file with the pinned commit's
python and ``PYTHONPATH`` set to that commit's tree, so every ``chatbot`` import
below is the old code's, not today's: the bot of a tag plays as it played then,
with nothing of it copied into the product. This file imports nothing of the
repository it ships in, and relies only on what the old commits share: a match
stored with ``chatbot.rules.serialize`` (saved games must load, so the format
is stable), ``seat_view``, and ``chatbot.ai.decide``.

Protocol (one JSON document a line, a reply for every request, in order):

- on start the driver writes ``{"ready": true, "reads": R}``: R says whether
  this commit's bot keeps reads of a table (then the arena sends its events);
- ``{"op": "decide", "table": T, "seat": S, "level": L, "rng": K, "match": M,
  "events": [...], "chosen": [...]}``: the public events of table T since its last request are fed
  to that table's reads, then the seat's own view of M is built and the level
  decides with the random stream named K (made on the first request that names
  it, then kept, as the arena keeps one stream per seat and game). Reply
  ``{"action": [kind, card], "estimate": p, "cpu": s}``: card ``[rank, suit]`` or
  null; p the search's chance of winning the hand when it searched, else null;
  s this process's CPU time for the decision;
- ``{"op": "fresh", ...}`` the same fields but a one-off stream: the search's
  chance of winning the hand if it accepts (the arena's :func:`fresh_estimate`);
  reply ``{"chance": p}``;
- a request that fails is answered ``{"error": text}``.

Options: a stored match holds every option of today's rules, defaults filled in;
an old commit knows fewer. The ones it does not know are left out when they are at
today's default (the game is the old one's); if one of them is among ``chosen``
(the options that differ from today's defaults) the old bot cannot play that table,
and says so.

Hidden cards: the match M holds every hand (it is the arena's own), but the bot
only ever sees ``seat_view(rules, match, seat)``, as in-process; the events sent
are the public ones only.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
import sys
import time
from typing import Any

from chatbot.ai import decide
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.registry import rules_class, rules_for
from chatbot.rules.serialize import event_from_dict, match_from_dict
from chatbot.rules.views import seat_view

# the levels that search, and where their analysis lives in the commits that have them
SEARCH_MODULES = {"hard": "chatbot.ai.search", "baseline": "chatbot.ai.baseline.search"}


def table_reads_class() -> Any:
    """This commit's ``TableReads`` (None before the bot kept reads of a table)."""
    try:
        return importlib.import_module("chatbot.ai.reads").TableReads
    except (ImportError, AttributeError):
        return None


def accepts_reads(function: Any) -> bool:
    return "reads" in inspect.signature(function).parameters


class Driver:
    """One pinned level's tables: their reads and the random stream of each seat."""

    def __init__(self) -> None:
        self.reads_class = table_reads_class()
        self.reads: dict[str, Any] = {}
        self.rngs: dict[tuple[str, int], tuple[str, random.Random]] = {}

    def analyse(self, level: str) -> Any:
        """The level's search (``analyse``), or None for a rule bot or a commit without it."""
        name = SEARCH_MODULES.get(level)
        if name is None:
            return None
        try:
            return getattr(importlib.import_module(name), "analyse", None)
        except ImportError:
            return None

    def table(self, doc: dict[str, Any]) -> tuple[Any, Any, Any]:
        """The rules, the seat's view and the table's reads, its new events fed first."""
        match = match_from_dict(doc["match"])
        known = rules_class(match.variant).option_specs
        unknown = sorted(set(doc.get("chosen", ())) - set(known))
        if unknown:
            raise ValueError(f"this commit has no option {', '.join(unknown)}")
        match.options = {k: v for k, v in match.options.items() if k in known}
        rules = rules_for(match.variant, match.options)
        reads = None
        if self.reads_class is not None:
            reads = self.reads.get(doc["table"])
            if reads is None:
                reads = self.reads[doc["table"]] = self.reads_class(match.players)
            family = type(rules).family
            reads.feed(rules, [event_from_dict(e, family) for e in doc.get("events", ())])
        return rules, seat_view(rules, match, doc["seat"]), reads

    def stream(self, table: str, seat: int, key: str) -> random.Random:
        """The seat's random stream named ``key``: the same draws as the arena's own."""
        held = self.rngs.get((table, seat))
        if held is None or held[0] != key:
            held = self.rngs[(table, seat)] = (key, random.Random(key))
        return held[1]

    def call(self, function: Any, reads: Any, *args: Any) -> Any:
        return function(*args, reads=reads) if reads is not None and accepts_reads(function) \
            else function(*args)

    def decide(self, doc: dict[str, Any]) -> dict[str, Any]:
        start = time.thread_time()
        rules, view, reads = self.table(doc)
        level = doc["level"]
        rng = self.stream(doc["table"], doc["seat"], doc["rng"])
        analyse = self.analyse(level)
        estimate = None
        if analyse is not None and len(view.legal) > 1:  # as the arena's bot_move
            analysis = self.call(analyse, reads, rules, view, rng)
            action = analysis.choice
            estimate = analysis.chance() if analysis.searched else None
        else:
            action = self.call(decide, reads, rules, view, level, rng)
        card = None if action.card is None else [action.card.rank, action.card.suit]
        return {"action": [str(action.kind), card], "estimate": estimate,
                "cpu": time.thread_time() - start}

    def fresh(self, doc: dict[str, Any]) -> dict[str, Any]:
        rules, view, reads = self.table(doc)
        analyse = self.analyse(doc["level"])
        if analyse is None:
            return {"chance": None}
        analysis = self.call(analyse, reads, rules, view, random.Random(doc["rng"]))
        accept = Action(A.ACCEPT)
        if not analysis.searched or accept not in analysis.outcomes:
            return {"chance": None}
        return {"chance": analysis.chance(accept)}


def main() -> int:
    driver = Driver()
    out = sys.stdout
    out.write(json.dumps({"ready": True, "reads": driver.reads_class is not None}) + "\n")
    out.flush()
    for line in sys.stdin:
        doc = json.loads(line)
        try:
            reply = driver.fresh(doc) if doc["op"] == "fresh" else driver.decide(doc)
        except Exception as exc:  # told to the arena, which stops the run
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
