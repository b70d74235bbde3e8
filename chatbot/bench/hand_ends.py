"""Where a side's points came from: the arena files every finished hand by how it ended.

A win rate says who won a run, not where the points went. Each hand ends in one
of a few ways (nobody raised; a raise was run from; a raise was accepted and the
hand played out; a hand of eleven played or run from), and each way belongs to
one side's decision: a raise of A's run from is B's answer, a raise of B's
accepted is A's. Filing A's net points per game by ending shows which decisions
cost it and which pay. The points are the hand's, all of them (an Argentine
hand's envido points go with its truco ending).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from chatbot.rules.state import Hand, HandEnd, Match, Special


@dataclass(slots=True)
class Ends:
    """The hands of one ending: how many, A's points net of B's, and how many A won."""

    hands: int = 0
    net: float = 0.0
    a_won: int = 0

    def add(self, net: float, a_won: bool) -> None:
        self.hands += 1
        self.net += net
        self.a_won += a_won

    def merge(self, other: Ends) -> None:
        self.hands += other.hands
        self.net += other.net
        self.a_won += other.a_won


def side(team: int | None, team_a: int) -> str:
    return "a" if team == team_a else "b"


def ending(match: Match[Any], team_a: int) -> str:
    """The name of how this finished hand ended, from side A's seat.

    ``quiet``: played out with no raise accepted; ``X_raise_L_run_from``: side X's
    raise to ladder level L was run from; ``X_raise_L_accepted``: the last raise
    accepted was side X's, to level L, and the hand was played out;
    ``eleven_X_played`` / ``eleven_X_ran``: side X's hand of eleven (ten in Mineiro);
    ``iron_hand``; else the engine's reason (a fold, a tie of every trick).
    """
    hand = match.hand
    assert hand is not None and hand.over
    if hand.special == Special.IRON:
        return "iron_hand"
    if hand.special == Special.ELEVEN:  # the rules record the side that holds it
        ran = hand.reason == HandEnd.ELEVEN_RUN
        return f"eleven_{side(hand.x.team, team_a)}_{'ran' if ran else 'played'}"
    if hand.reason == HandEnd.RUN:  # the winner raised and the other side ran from it
        return f"{side(hand.winner, team_a)}_raise_{hand.level + 1}_run_from"
    if hand.level > 0:
        return f"{side(hand.last_raiser, team_a)}_raise_{hand.level}_accepted"
    return "quiet" if hand.reason == HandEnd.TRICKS else str(hand.reason)


def net_points(hand: Hand[Any], team_a: int) -> float:
    """A's points of the hand minus the mean of the other sides'."""
    others = [p for t, p in enumerate(hand.points) if t != team_a]
    return hand.points[team_a] - (sum(others) / len(others) if others else 0.0)


def file_hand(ends: dict[str, Ends], match: Match[Any], team_a: int) -> None:
    """Add the finished hand of ``match`` to ``ends``."""
    hand = match.hand
    assert hand is not None
    ends.setdefault(ending(match, team_a), Ends()).add(
        net_points(hand, team_a), hand.winner == team_a)


def figures(games: Iterable[Mapping[str, Ends]], n_games: int) -> dict[str, Any]:
    """The run's endings, most costly for A first: hands per game, A's net points per
    game and per hand, and the share of those hands A won."""
    total: dict[str, Ends] = {}
    for ends in games:
        for name, part in ends.items():
            total.setdefault(name, Ends()).merge(part)
    if not n_games:
        return {}
    return {name: {"hands": part.hands,
                   "hands_per_game": round(part.hands / n_games, 3),
                   "a_net_points_per_game": round(part.net / n_games, 3),
                   "a_net_points_per_hand": round(part.net / part.hands, 3),
                   "a_won": round(part.a_won / part.hands, 4)}
            for name, part in sorted(total.items(), key=lambda item: item[1].net)}
