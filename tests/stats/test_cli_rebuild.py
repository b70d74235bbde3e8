"""``truco-bot rebuild-stats`` puts back what the game logs say."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import delete
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from chatbot.__main__ import main as truco_bot
from chatbot.handlers.service import GameService
from chatbot.storage.database import make_engine
from chatbot.storage.migrate import upgrade_to_head
from chatbot.storage.models import player_ratings, player_stats
from chatbot.storage.runner import runner_for
from tests.dbfixtures import recording_repository
from tests.stats.games import play_game
from tests.stats.test_records_rebuild import ANA, BIA, GROUP, snapshot


async def test_rebuild_stats_restores_the_records(empty_db_url: URL,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    await upgrade_to_head(empty_db_url)
    engine = make_engine(empty_db_url, poolclass=NullPool)
    try:
        service = GameService(recording_repository(engine))
        await play_game(service, GROUP, "mineiro", [ANA, BIA], seed=5)
        await play_game(service, GROUP, "paulista", [BIA, ANA], seed=6)
        recorded = await snapshot(engine)

        def damage(conn: object) -> None:
            conn.execute(delete(player_stats))  # type: ignore[attr-defined]
            conn.execute(delete(player_ratings))  # type: ignore[attr-defined]
        await runner_for(engine).write(damage)
        assert await snapshot(engine) != recorded

        monkeypatch.setenv("TRUCO_DATABASE_URL", empty_db_url.render_as_string(False))
        monkeypatch.setenv("TRUCO_LANG", "en")
        assert await asyncio.to_thread(truco_bot, ["rebuild-stats"]) == 0
        assert "from 2 finished games" in capsys.readouterr().out
        assert await snapshot(engine) == recorded
    finally:
        await engine.dispose()


def test_a_database_it_cannot_open_is_one_line(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    not_a_folder = tmp_path / "a-file"
    not_a_folder.write_text("")
    monkeypatch.setenv("TRUCO_DATABASE_URL", f"sqlite:///{not_a_folder}/truco.db")
    monkeypatch.setenv("TRUCO_LANG", "en")
    assert truco_bot(["rebuild-stats"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("Cannot use the database") and len(error.splitlines()) == 1
