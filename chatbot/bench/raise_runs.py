"""The search's model of the answers to its raises, checked against the real answers.

The hard bot prices a raise by the rollouts that follow it, where every
opponent answers as a rule bot of the style it has shown
(:func:`chatbot.ai.search.rollout_styles`). A raise pays by the runs it
draws, so a model that expects fewer runs than a seat gives holds back raises
that would have paid, and one that expects more makes raises that do not. The
arena therefore keeps, for every truco-ladder raise a measured level chose by
search, the share of its rollouts in which the opponents ran at once
(:meth:`chatbot.ai.search.Analysis.run_chance`), and the answer the table
really gave. Over many raises the two shares should meet; where they part,
the model of that opponent is off (a held-out bot's answers judge the model
without tuning anything to them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class RaiseAnswer:
    """One searched raise of a measured level: what its rollouts expected, what came."""

    level: str
    raise_level: int  # the ladder level the raise asked for (1: a truco)
    trick: int  # tricks already done when it was made (0: in the first)
    expected_run: float  # share of its rollouts run from at once
    ran: bool = False  # the table's answer was a run


def figures(raises: Iterable[RaiseAnswer]) -> dict[str, Any]:
    """The raises by ladder level and trick, and all of them: how many, the mean share of
    runs the rollouts expected and the share of real runs."""
    groups: dict[str, list[RaiseAnswer]] = defaultdict(list)
    for entry in raises:
        groups["all"].append(entry)
        groups[f"{entry.raise_level}/trick_{entry.trick + 1}"].append(entry)
    return {key: {"raises": len(group),
                  "expected_run": round(sum(r.expected_run for r in group) / len(group), 4),
                  "run": round(sum(r.ran for r in group) / len(group), 4)}
            for key, group in sorted(groups.items())}
