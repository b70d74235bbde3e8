"""Team-aware skill ratings of people, with openskill's Plackett-Luce model.

Why openskill: it rates teams of any size in one call (a 2v2 or 3v3 result moves
each partner by their share of the team's skill), keeps an uncertainty (sigma) per
player, so a newcomer moves fast and is visibly provisional, and its
``ordinal()`` (mu - 3 sigma) is the conservative estimate a leaderboard should rank
by. It is pure Python, MIT-licensed and free of patents (TrueSkill is patented).

The rule (README, "Players' records"): only games between people count. A game with
a bot at the table moves nobody's rating among people: it counts apart, as a record
against each bot level and in a second rating, from games with bots at the table,
where every bot level has a fixed rating (:data:`BOT_RATINGS`) and only the people
move; a game stopped before its end moves nobody; a person for whom a bot made
most moves (time-outs, away) keeps their rating while the others move as the model
says. Each variant family (``TrickRules.rating_family``) has its own rating.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

from chatbot.rules.registry import rules_class
from chatbot.stats.derive import FinishedGame, SeatLine

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 10  # a rating is provisional until this many rated games
# The leaderboard's bar against farming (two accounts that only play each other, a
# friend who always runs): this many rated games, against this many different people.
BOARD_GAMES = 5
BOARD_OPPONENTS = 3

# Each bot level's fixed rating (mu, sigma) in the ratings from games with bots at the
# table. Bots never learn between games, so they do not move, and a small sigma says
# their strength is known: a person's result against them moves the person by what
# the gap between the two says. The order is the arena's (docs/ai.md): easy below
# the rule bot and its styles, the hard bot above them; a new person starts at 25.
BOT_SIGMA = 1.0
BOT_RATINGS: dict[str, float] = {
    "easy": 20.0,
    "normal": 25.0,
    "tight": 25.0,
    "loose": 25.0,
    "aggressive": 25.0,
    "cautious": 25.0,
    "hard": 30.0,
}


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


def bot_rating(level: str | None) -> Rating:
    """A bot level's fixed rating (a level this code does not know: the rule bot's)."""
    return Rating(BOT_RATINGS.get(level or "normal", BOT_RATINGS["normal"]), BOT_SIGMA)


def is_rated_with_bots(game: FinishedGame) -> bool:
    """Games with bots at the table move the ratings kept apart for them."""
    people = [line.user_id for line in game.people()]
    return game.with_bots and bool(people) and len(set(people)) == len(people)


def rate_with_bots(game: FinishedGame, known: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings, from games with bots at the table, of the people of such a game
    (``known``: theirs before it; a person missing there starts fresh). Every bot plays
    at its level's fixed rating and is not in the result; a person a bot played most
    of the game for does not move either."""
    return _rated(game, lambda line: bot_rating(line.bot_level) if line.is_bot
                  else known.get(line.user_id or 0) or new_rating())


def rate(game: FinishedGame, known: Mapping[int, Rating]) -> dict[int, Rating]:
    """The new ratings of the people of a rated game, from their ratings before it
    (``known``; a person missing there starts fresh). People a bot played most of the
    game for are left out of the result: they do not move."""
    return _rated(game, lambda line: known.get(line.user_id or 0) or new_rating())


def _rated(game: FinishedGame, before: Callable[[SeatLine], Rating]) -> dict[int, Rating]:
    """One call of the model over the game's teams, each seat at ``before(seat)``; the
    people's new ratings, but for those a bot played most of the game for."""
    teams: dict[int, list[SeatLine]] = {}
    for line in game.seats:
        teams.setdefault(line.team, []).append(line)
    order = sorted(teams)
    start = {line.seat: before(line) for line in game.seats}
    model_teams = [[MODEL.rating(mu=start[line.seat].mu, sigma=start[line.seat].sigma)
                    for line in teams[team]] for team in order]
    ranks: list[float] = [0 if team == game.winner else 1 for team in order]
    rated = MODEL.rate(model_teams, ranks=ranks)
    after: dict[int, Rating] = {}
    for team, ratings in zip(order, rated, strict=True):
        for line, new in zip(teams[team], ratings, strict=True):
            if line.user_id is not None and not line.bot_played_most:
                after[line.user_id] = Rating(new.mu, new.sigma, start[line.seat].games + 1)
    return after
