"""Answers to raises judged with every card open: would the answering side have won?

An answer to a truco-ladder raise is judged by the hands it leads to, but a run
hides what the hand would have given. The arena therefore asks, at every answer
of a level it measures, whether the answering side wins the hand from there if it
accepts and every seat then plays its cards knowing all of them (the side to
act picks the play that wins if one does, the other side the one that stops
it). That is the figure the issue behind the held-out set reasons with ("with
every card open we would have won 0.42 of the hands we ran from"): a run is
wrong where such hands are won more often than the raise's break-even, an accept
where less. Both sides play perfectly, so it flatters neither the raiser nor the
answer; real play, where the cards are hidden, moves it a little either way.

Only the cards are played out: the raises and answers that might follow are
left out, as a solver of the cards alone must. A hand too big for the node
budget is left unjudged (None), never guessed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from chatbot.ai.sure_win import CARD_PLAYS
from chatbot.rules import actions as A
from chatbot.rules.actions import Action
from chatbot.rules.base import TrickRules
from chatbot.rules.state import Match, Phase

NODES = 200_000  # positions at most: a whole 2v2 hand of three cards takes a few thousand


class _OutOfNodes(Exception):
    """The hand is too big to solve within the node budget."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer of a measured level to a truco-ladder raise, judged with open cards."""

    level: str
    kind: str  # A.ACCEPT or A.RUN
    raise_level: int  # the ladder level the raise asked for (1: a truco)
    trick: int  # tricks already done when it answered (0: in the first)
    break_even: float
    open_win: bool | None  # its side wins, cards open, after accepting (None: too big)


def open_win(rules: TrickRules[Any], match: Match[Any], team: int,
             nodes: int = NODES) -> bool | None:
    """``team`` wins the hand from ``match`` when every seat plays its cards knowing all of
    them (raises left out); None when that takes more than ``nodes`` positions."""
    left = [nodes]
    try:
        return _wins(rules, match, team, left)
    except _OutOfNodes:
        return None


def _wins(rules: TrickRules[Any], match: Match[Any], team: int, left: list[int]) -> bool:
    hand = match.hand
    assert hand is not None
    if hand.phase == Phase.OVER or hand.winner is not None:
        return hand.winner == team
    left[0] -= 1
    if left[0] < 0:
        raise _OutOfNodes
    actor = rules.to_act(match)
    if actor is None:
        raise _OutOfNodes  # not a position of cards alone
    legal = rules.legal(match, actor)
    plays = [a for a in legal if a.kind in CARD_PLAYS] or \
        [a for a in legal if a.kind == A.ACCEPT]  # a call waits: taken, and the cards go on
    if not plays:
        raise _OutOfNodes
    ours = rules.team_of(actor, match.players) == team
    for action in plays:
        after = match.copy()
        rules.apply_trusted(after, actor, action)
        if _wins(rules, after, team, left) == ours:
            return ours  # ours: a winning play; theirs: a play that stops us
    return not ours


def answer_open_win(rules: TrickRules[Any], match: Match[Any], seat: int,
                    accept: Action) -> bool | None:
    """Would ``seat``'s side win the hand, cards open, had it answered ``accept``?"""
    after = match.copy()
    rules.apply_trusted(after, seat, accept)
    return open_win(rules, after, rules.team_of(seat, match.players))


def figures(answers: Iterable[Answer]) -> dict[str, Any]:
    """Answers by kind, ladder level and trick: how many, the share won with open cards
    beside the mean break-even (accepts pay above it; runs give points away above it)."""
    groups: dict[tuple[str, int, int], list[Answer]] = defaultdict(list)
    for answer in answers:
        groups[(answer.kind, answer.raise_level, answer.trick)].append(answer)
    out: dict[str, Any] = {}
    for (kind, level, trick), group in sorted(groups.items()):
        judged = [a.open_win for a in group if a.open_win is not None]
        out.setdefault(kind, {}).setdefault(str(level), {})[f"trick_{trick + 1}"] = {
            "answers": len(group),
            "open_win": round(sum(judged) / len(judged), 4) if judged else None,
            "mean_break_even": round(sum(a.break_even for a in group) / len(group), 4),
            "unjudged": len(group) - len(judged),
        }
    return out
