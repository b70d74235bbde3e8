"""What ``truco-bot play`` loads: the offline game starts without the Telegram and
database stacks, so it starts sooner and a Ctrl-C while it starts meets none of them.

Each check runs in a fresh interpreter: this test process has them all loaded.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from chatbot.handlers.console import FLAGS, parser, play_epilog, table_options
from chatbot.rules.registry import available_variants, rules_class

SERVER_STACK = ("alembic", "sqlalchemy", "sqlmodel", "telegram", "aiohttp", "redis",
                "tornado", "asyncpg", "aiosqlite")

PLAY_A_GAME = """
import json, sys
from chatbot.__main__ import main
code = main(["play", "paulista", "--players", "4", "--seed", "7"])
loaded = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(sys.argv[1])))
print(json.dumps({"code": code, "loaded": loaded}))
"""


def test_a_whole_terminal_game_loads_no_server_module() -> None:
    done = subprocess.run([sys.executable, "-c", PLAY_A_GAME, json.dumps(SERVER_STACK)],
                          input="1\n" * 5000, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.rstrip().splitlines()[-1])
    assert report == {"code": 0, "loaded": []}


def test_the_console_script_loads_nothing_before_it_can_catch_ctrl_c() -> None:
    """Its module imports no project module at its top: the game's modules load inside
    the handler that turns a Ctrl-C into one line and exit 130."""
    code = ("import sys; import chatbot.console_script; "
            "print(sorted(m for m in sys.modules if m.startswith('chatbot')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['chatbot', 'chatbot.console_script']"


@pytest.mark.parametrize("variant", available_variants())
def test_every_option_the_help_lists_is_accepted(variant: str) -> None:
    """``play --help`` lists each game's options with their words; each of them parses
    and becomes a table option of that game."""
    lines = play_epilog().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {variant} "))
    details = " ".join(line for line in lines[start + 1:start + 3] if line.startswith("    "))
    listed = re.findall(r"(--[a-z]+) ([a-z0-9|]+)", details)
    assert listed or not rules_class(variant).lobby_options
    for flag, words in listed:
        for word in words.split("|"):
            args = parser().parse_args([variant, flag, word])
            option = FLAGS.get(flag[2:], (flag[2:], {}))[0]
            assert option in table_options(variant, args), (flag, word)
