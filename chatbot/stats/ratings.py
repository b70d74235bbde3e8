"""Team-aware skill ratings of people, with openskill's Plackett-Luce model.

Why openskill: it rates teams of any size in one call (a 2v2 or 3v3 result moves
each partner by their share of the team's skill), keeps an uncertainty (sigma) per
player, so a newcomer moves fast and is visibly provisional, and its
``ordinal()`` (mu - 3 sigma) is the conservative estimate a leaderboard should rank
by. It is pure Python, MIT-licensed and free of patents (TrueSkill is patented).

The rule (README, "Players' records"): only games between people count. A game with
a bot at the table moves nobody (it is kept apart, as a record against each bot
level); a game stopped before its end moves nobody; a person for whom a bot made
most moves (time-outs, away) keeps their rating while the others move as the model
says. Each variant family (``TrickRules.rating_family``) has its own rating.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from chatbot.rules.registry import rules_class
from chatbot.stats.derive import FinishedGame

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 10  # a rating is provisional until this many rated games
# The leaderboard's bar against farming (two accounts that only play each other, a
# friend who always runs): this many rated games, against this many different people.
BOARD_GAMES = 5
BOARD_OPPONENTS = 3


@dataclass(frozen=True, slots=True)
class Rating:
    """A person's rating in one family: the model's mu and sigma, and the rated games."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate (mu - 3 sigma) leaderboards rank by."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def new_rating() -> Rating:
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma, 0)


def family_of(variant: str) -> str:
    """The rating family of a variant (Paulista and Mineiro share the Brazilian one)."""
    cls = rules_class(variant)
    return cls.rating_family or cls.name


def is_rated(game: FinishedGame) -> bool:
    """Only games between people move ratings."""
    return not game.with_bots and len({line.user_id for line in game.seats}) == len(game.seats)


def rate(game: FinishedGame, known: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the people of a rated game, from their ratings before it
    (``known``; a person missing there starts fresh). People a bot played most of the
    game for are left out of the result: they do not move."""
    teams: dict[int, list[int]] = {}
    for line in game.seats:
        assert line.user_id is not None
        teams.setdefault(line.team, []).append(line.user_id)
    order = sorted(teams)
    before = {user: known.get(user) or new_rating() for members in teams.values()
              for user in members}
    model_teams = [[MODEL.rating(mu=before[u].mu, sigma=before[u].sigma) for u in teams[t]]
                   for t in order]
    ranks: list[float] = [0 if team == game.winner else 1 for team in order]
    rated = MODEL.rate(model_teams, ranks=ranks)
    still = {line.user_id for line in game.seats if line.bot_played_most}
    after: dict[int, Rating] = {}
    for team, ratings in zip(order, rated, strict=True):
        for user, new in zip(teams[team], ratings, strict=True):
            if user not in still:
                after[user] = Rating(new.mu, new.sigma, before[user].games + 1)
    return after
