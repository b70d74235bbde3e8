"""``truco-bot`` without a token explains how to get one and how to play offline."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, token: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}
    if token is not None:
        env["TELEGRAM_BOT_TOKEN"] = token
    return subprocess.run([sys.executable, "-m", "chatbot", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_no_token_explains_botfather() -> None:
    done = run()
    assert done.returncode == 0, done.stderr
    for needle in ("@BotFather", "/newbot", "/setinline", "/setinlinefeedback",
                   "TELEGRAM_BOT_TOKEN=... ./truco run", "./truco play paulista"):
        assert needle in done.stdout


def test_settings_come_from_the_environment() -> None:
    from chatbot.handlers.telegram.config import Settings

    assert Settings.from_env({}) is None
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "123:abc",
                                  "TELEGRAM_API_BASE_URL": "http://127.0.0.1:9/",
                                  "TRUCO_DATABASE_URL": "sqlite:///x.db",
                                  "TRUCO_TURN_SECONDS": "30"})
    assert settings is not None
    assert settings.api_base_url == "http://127.0.0.1:9/bot"
    assert settings.database_url == "sqlite:///x.db"
    assert settings.timing.turn == 30


def test_play_quits_on_end_of_input() -> None:
    done = run("play", "paulista", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "You left the game." in done.stdout
