"""Leaderboards: who may appear, and how the board reads."""

from __future__ import annotations

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.handlers.service import GameService
from chatbot.i18n.context import use_locale
from chatbot.i18n.records_text import BOARD_LINES, board_text, stats_card
from chatbot.i18n.style import rtl_line_problem
from chatbot.stats.player_records import BoardLine, PlayerRecords, PlayerStats
from chatbot.stats.ratings import BOARD_GAMES, Rating
from chatbot.storage import Repository
from tests.stats.games import play_game

GROUP = -2002


async def test_two_accounts_that_only_play_each_other_never_reach_the_board(
        db_engine: AsyncEngine, recording_repo: Repository) -> None:
    repo = recording_repo
    for who in (21, 22):
        await repo.get_or_create_user(who, f"P{who}")
    service = GameService(repo)
    for seed in range(6):
        await play_game(service, GROUP, "paulista", [21, 22], seed=seed)
    records = PlayerRecords(db_engine)
    assert (await records.stats(21)).ratings["brazilian"].games == 6
    assert await records.board(GROUP, "brazilian") == []  # one opponent only
    assert await records.chat_family(GROUP) == "brazilian"


async def test_the_board_asks_five_games_against_three_people(
        db_engine: AsyncEngine, recording_repo: Repository) -> None:
    """The bar against farming (README, "Against farming"), at its edge: four people
    who have met all three others are listed at their fifth rated game, not before."""
    repo = recording_repo
    people = [31, 32, 33, 34]
    for who in people:
        await repo.get_or_create_user(who, f"P{who}")
    service = GameService(repo)
    pairings = [[31, 32, 33, 34], [31, 33, 32, 34], [31, 32, 34, 33]]  # partners in turn
    records = PlayerRecords(db_engine)
    for seed, seats in enumerate((pairings * 2)[:BOARD_GAMES]):
        assert await records.board(GROUP, "brazilian") == []
        await play_game(service, GROUP, "paulista", list(seats), seed=seed)
    board = await records.board(GROUP, "brazilian")
    assert sorted(line.user_id for line in board) == people
    assert all(line.rating.games == BOARD_GAMES for line in board)
    assert (await records.stats(31)).ratings["brazilian"].games == BOARD_GAMES


def line(place: int, user_id: int, games: int = 12) -> BoardLine:
    return BoardLine(place, user_id, f"P{user_id}", Rating(30.0 - place, 2.0, games))


def test_the_reader_below_the_tenth_place_is_added() -> None:
    lines = [line(place, 100 + place) for place in range(1, 15)]
    with use_locale("en"):
        text = board_text("put", lines, reader=113).splitlines()
    assert len(text) == 1 + BOARD_LINES + 2
    assert text[-2] == "…" and text[-1] == "13. P113: 11 (12 games)"
    with use_locale("en"):
        assert "…" not in board_text("put", lines, reader=105)


def test_a_provisional_rating_says_so() -> None:
    with use_locale("en"):
        text = board_text("put", [line(1, 7, games=3)], reader=None)
    assert text.splitlines()[1] == "1. P7: 23 (3 games, provisional)"


def test_raises_are_shown_by_level_even_without_the_first() -> None:
    stats = PlayerStats(1, {("paulista", "2v2", "people"): {
        "games": 1, "raises_called_2": 2, "raises_won_2": 1}}, 0, 0, False, {})
    with use_locale("en"):
        card = stats_card(stats, "Ana", {})
    assert "Raises called (won), by level: 2: 2 (1)" in card.splitlines()


def test_games_with_bots_show_the_record_per_level_and_their_own_rating() -> None:
    stats = PlayerStats(1, {
        ("paulista", "1v1", "people"): {"games": 2, "wins": 1},
        ("put", "1v1", "bots"): {"games": 19, "wins": 12, "vs_bot_hard_games": 19,
                                 "vs_bot_hard_wins": 12},
    }, 0, 0, False, {"brazilian": Rating(25.0, 8.0, 2)}, {"put": Rating(27.0, 2.0, 19)})
    with use_locale("en"):
        card = stats_card(stats, "Ana", {"easy": "Easy", "hard": "Hard"}).splitlines()
    at = card.index("Games with bots at the table: 19, won 12")
    assert card[at + 1:at + 3] == ["  Against the Hard bot: 12 won, 7 lost",
                                   "  Rating with bots at the table, Put: 21 after 19 games"]
    assert "Rating, Brazilian Truco (Paulista and Mineiro): 1, provisional after 2 games" \
        in card


@pytest.mark.parametrize("locale", ["fa", "ur"])
def test_every_line_of_a_card_and_a_board_starts_right_to_left(locale: str) -> None:
    """The indented lines of the card and the board's "…" too (docs/bidi.md)."""
    stats = PlayerStats(1, {
        ("paulista", "2v2", "people"): {"games": 3, "wins": 2, "hands": 9, "hands_won": 5},
        ("put", "1v1", "bots"): {"games": 2, "wins": 1, "vs_bot_hard_games": 2,
                                 "vs_bot_hard_wins": 1},
    }, 1, 2, False, {"brazilian": Rating(25.0, 8.0, 3)})
    board = [line(place, 100 + place) for place in range(1, 15)]
    with use_locale(locale):
        card = stats_card(stats, "Ana", {"hard": "Hard"})
        text = board_text("put", board, reader=113)
    assert len(card.splitlines()) == 8 and text.splitlines()[-2].endswith("…")
    for shown in (card, text):
        for each in shown.splitlines():
            assert rtl_line_problem(each) is None, each
