"""What a finished game counts for each seat, from a log written by hand."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from chatbot.stats.derive import FinishedGame, finished_games
from chatbot.stats.ratings import bot_rating, is_rated, new_rating, rate, rate_with_bots

AT = datetime(2026, 12, 6, tzinfo=UTC)


@dataclass(frozen=True)
class Row:
    seq: int
    kind: str
    payload: dict[str, Any]
    created_at: datetime = AT


def log(*entries: tuple[str, dict[str, Any]]) -> list[Row]:
    return [Row(seq, kind, payload) for seq, (kind, payload) in enumerate(entries, start=1)]


def event(kind: str, **fields: Any) -> tuple[str, dict[str, Any]]:
    return (kind, {"type": kind, "audience": ["public", None], **fields})


def move(seat: int) -> tuple[str, dict[str, Any]]:
    return ("input", {"trigger": "move", "args": [seat, {"action": "play", "card": None}]})


def two_v_two(*hand: tuple[str, dict[str, Any]], winner: int = 0) -> FinishedGame:
    rows = log(
        ("input", {"trigger": "open", "args": [1]}),
        ("input", {"trigger": "sit", "args": [1, 2, "Bia"]}),
        ("input", {"trigger": "sit", "args": [2, 3, "Caio"]}),
        ("input", {"trigger": "sit", "args": [3, 4, "Duda"]}),
        event("GameStarted", variant="paulista", players=4),
        *hand,
        event("GameWon", team=winner, score=[12, 3]),
    )
    games = finished_games(7, {}, rows)
    assert len(games) == 1
    return games[0]


def test_raises_runs_and_hands_are_counted_for_their_seats() -> None:
    game = two_v_two(
        event("HandStarted", number=1, dealer=0, vira=None, special="eleven", stake=1),
        event("CallMade", seat=1, call="truco", value=3),
        event("CallMade", seat=0, call="raise", value=6),  # a counter-raise: level 2
        event("CallAnswered", seat=1, call="raise", accepted=True, value=6),
        event("HandWon", team=0, points=[6, 0], score=[6, 0], reason="tricks"),
        event("HandStarted", number=2, dealer=1, vira=None, special=None, stake=1),
        event("CallMade", seat=2, call="truco", value=3),
        event("CallAnswered", seat=3, call="truco", accepted=False, value=1),
        event("HandWon", team=0, points=[1, 0], score=[7, 0], reason="run"),
        event("SenaMade", seat=0, sena="wink", cards=[]),
        event("SenaCaught", seat=0, sena="wink", cards=[], catcher=1),
    )
    ana, bia, caio, duda = (line.counts for line in game.seats)
    assert [line.user_id for line in game.seats] == [1, 2, 3, 4]
    assert game.format == "2v2" and not game.with_bots and is_rated(game)
    assert ana["raises_called_2"] == ana["raises_won_2"] == 1
    assert bia["raises_called_1"] == 1 and bia["raises_won_1"] == 0
    assert bia["raises_accepted"] == 1 and bia["raises_accepted_won"] == 0
    assert caio["raises_called_1"] == caio["raises_won_1"] == 1
    assert duda["runs"] == 1
    assert ana["hands"] == duda["hands"] == 2
    assert ana["hands_won"] == caio["hands_won"] == 2 and bia["hands_won"] == 0
    assert ana["eleven_played"] == bia["eleven_played"] == 1
    assert ana["eleven_won"] == 1 and bia["eleven_won"] == 0
    assert ana["senas_made"] == 1 and bia["senas_caught"] == 1
    assert ana["wins"] == caio["wins"] == 1 and bia["wins"] == 0
    assert all(line.counts["games"] == 1 for line in game.seats)


def test_a_stopped_game_counts_for_nobody() -> None:
    rows = log(
        ("input", {"trigger": "open", "args": [1]}),
        ("input", {"trigger": "sit", "args": [1, 2, "Bia"]}),
        event("GameStarted", variant="paulista", players=2),
        event("HandWon", team=0, points=[1, 0], score=[1, 0], reason="tricks"),
        event("TableClosed", reason="stopped"),
    )
    assert finished_games(7, {}, rows) == []


def test_partners_share_the_result_and_a_bot_played_seat_stays() -> None:
    game = two_v_two(
        event("HandStarted", number=1, dealer=0, vira=None, special=None, stake=1),
        move(0), move(1),
        ("input", {"trigger": "time_out", "args": [3, 2, {"action": "play"}]}),
        event("SeatTimedOut", seat=2, away=True),
        move(3), move(0), move(1), move(2), move(3),  # seat 2 played by a bot while away
        event("HandWon", team=0, points=[1, 0], score=[12, 0], reason="tricks"),
    )
    assert game.seats[2].bot_played_most and not game.seats[0].bot_played_most
    after = rate(game, {})
    assert set(after) == {1, 2, 4}  # Caio (3) does not move
    fresh = new_rating()
    assert after[1].mu > fresh.mu and after[2].mu < fresh.mu
    assert after[1].mu - fresh.mu == fresh.mu - after[2].mu
    assert after[2] == after[4] and after[1].games == 1


def test_a_game_with_a_bot_is_apart_and_unrated() -> None:
    rows = log(
        ("input", {"trigger": "open", "args": [1]}),
        ("input", {"trigger": "add_bot", "args": [1, "Bot", "hard"]}),
        event("GameStarted", variant="argentino", players=2),
        event("CallScored", call="envido", team=0, points=2, count=27),
        event("CallScored", call="flor", team=1, points=3, count=30),
        event("HandWon", team=0, points=[2, 0], score=[15, 0], reason="tricks"),
        event("GameWon", team=0, score=[15, 0]),
    )
    (game,) = finished_games(7, {}, rows)
    assert game.with_bots and not is_rated(game)
    ana, bot = game.seats
    assert bot.is_bot and bot.bot_level == "hard"
    assert ana.counts["envido_won"] == 1 and ana.counts["flor_won"] == 0
    assert ana.counts["vs_bot_hard_games"] == ana.counts["vs_bot_hard_wins"] == 1


def one_v_one_bot(level: str, winner: int) -> FinishedGame:
    rows = log(
        ("input", {"trigger": "open", "args": [1]}),
        ("input", {"trigger": "add_bot", "args": [1, "Bot", level]}),
        event("GameStarted", variant="paulista", players=2),
        event("HandWon", team=winner, points=[1, 0], score=[12, 0], reason="tricks"),
        event("GameWon", team=winner, score=[12, 0]),
    )
    (game,) = finished_games(7, {}, rows)
    return game


def test_each_bot_level_has_a_fixed_rating_and_only_the_person_moves() -> None:
    fresh = new_rating()
    beat_hard = rate_with_bots(one_v_one_bot("hard", 0), {})
    beat_easy = rate_with_bots(one_v_one_bot("easy", 0), {})
    lost_to_easy = rate_with_bots(one_v_one_bot("easy", 1), {})
    assert set(beat_hard) == {1}  # the bot is not rated: its level's rating is fixed
    assert bot_rating("hard").mu > bot_rating("normal").mu > bot_rating("easy").mu
    assert beat_hard[1].mu > beat_easy[1].mu > fresh.mu > lost_to_easy[1].mu
    assert beat_hard[1].games == 1
    # a game with a bot never moves a rating among people
    assert not is_rated(one_v_one_bot("hard", 0))
    known = {1: beat_hard[1]}
    again = rate_with_bots(one_v_one_bot("hard", 0), known)
    assert again[1].games == 2 and again[1].mu > beat_hard[1].mu
