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


def test_token_without_front_end_says_so() -> None:
    done = run(token="123:abc")
    assert done.returncode == 1
    assert "./truco play paulista" in done.stdout


def test_play_quits_on_end_of_input() -> None:
    done = run("play", "paulista", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "You left the game." in done.stdout
