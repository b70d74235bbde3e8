"""``python -m chatbot.bench web`` runs on a tiny size and prints its JSON figures (a
benchmark, not a test: no figure is judged here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUARD = 600  # seconds: only a hung run waits this long


def test_the_web_benchmark_prints_its_figures() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "chatbot.bench", "web", "--games", "1", "--hands", "1",
         "--speed", "50", "--pages", "4", "--moves", "2", "--web-think", "0.01"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=GUARD, check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["benchmark"] == "web"
    for kind in ("chat", "web"):
        assert set(figures["messages"][kind]) >= {"all_chats_of_a_game", "group",
                                                  "private_chat", "games_finished"}
    assert set(figures["server"]) >= {"pages", "request_ms", "update_ms", "target_p99_ms",
                                      "server_cpu_ms_per_move", "load_average_1min"}
    assert {"p50", "p99", "count"} <= set(figures["server"]["update_ms"])
    assert set(figures["memory"]) == {"rss_before_pages_kib", "rss_pages_open_kib",
                                      "per_open_page_kib", "python_heap_per_open_page_kib"}
