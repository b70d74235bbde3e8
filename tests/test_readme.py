"""The README's commands, run as a user runs them: ``./truco ...`` as subprocesses.

Nothing here leaves this machine: the real-start tests either stop before
Telegram is called (``run --check``), point the bot at a closed local port, or
at the fake Bot API served by this test process on 127.0.0.1. Every wait is on
the thing awaited (a line of output, an API call), with a generous guard only
against a hang, never a claim about speed.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from itertools import pairwise
from pathlib import Path

import aiohttp
import pytest
from PIL import Image

from chatbot.handlers.telegram.config import VARIABLES
from chatbot.i18n.locales import LOCALES
from chatbot.rules.registry import available_variants, rules_class
from chatbot.testing.fakebotapi import FakeTelegramServer, FakeUser
from tests.fakebotapi.fixtures import fake_telegram  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[1]
TRUCO = str(ROOT / "truco")
GUARD = 120.0  # seconds: only against a hang; a loaded machine is slow, not wrong
CLOSED_PORT_URL = "http://127.0.0.1:9"  # discard port: nothing listens there
OFFICIAL = "https://api.telegram.org"
TRACEBACK = "Traceback (most recent call last)"


def as_in_a_terminal() -> None:
    """Start a child as a terminal starts a foreground command: with Ctrl-C (SIGINT) at
    its default. A suite started in the background by a script (``pytest ... &``)
    ignores SIGINT, and an ignored signal is inherited: a shell cannot trap it and
    Python installs no handler for it, so a Ctrl-C test would test nothing."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def user_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """A user's environment: PATH and a UTF-8 locale, none of the tests' settings."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "HOME": str(tmp_path), "TRUCO_DATABASE_URL": f"sqlite:///{tmp_path / 'truco.db'}"}
    env.update(extra)
    return env


def truco(*args: str, env: Mapping[str, str], stdin: str | None = None,
          cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TRUCO, *args], cwd=cwd, env=dict(env), input=stdin,
                          capture_output=True, text=True, timeout=GUARD, check=False)


# ---------------------------------------------------------------- the bot's start


def test_run_without_a_token_explains_on_stderr_and_fails(tmp_path: Path) -> None:
    """A supervisor must not record a start without a token as a success: the steps
    go to stderr and the exit status is 78 (EX_CONFIG), as ``run --help`` says."""
    done = truco("run", env=user_env(tmp_path))
    assert done.returncode == 78, done.stderr
    assert done.stdout == ""
    for needle in ("@BotFather", "/newbot", "/setinline", "/setinlinefeedback",
                   "TELEGRAM_BOT_TOKEN=... ./truco run", "./truco play paulista"):
        assert needle in done.stderr
    assert TRACEBACK not in done.stderr


def test_check_with_only_a_token_names_the_official_bot_api(tmp_path: Path) -> None:
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc")
    del env["TRUCO_DATABASE_URL"]  # the default: truco.db where the bot runs
    done = subprocess.run([str(ROOT / ".venv" / "bin" / "truco-bot"), "run", "--check"],
                          cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=GUARD, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Bot API: {OFFICIAL} (Telegram's official server)"
    assert re.fullmatch(r"Database: sqlite\+aiosqlite:///truco\.db \(schema \d{4}\)", lines[1])
    assert lines[2] == "Updates: polling (getUpdates)"
    assert lines[3] == "Configuration OK; Telegram was not called."
    assert (tmp_path / "truco.db").exists()  # opened and migrated, as a start would
    assert TRACEBACK not in done.stderr


def test_check_through_the_wrapper_with_a_webhook_and_a_bot_suffixed_base_url(
        tmp_path: Path) -> None:
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc",
                   TELEGRAM_API_BASE_URL="http://127.0.0.1:8081/bot/",
                   TRUCO_WEBHOOK_URL="https://bot.example.org/truco", TRUCO_WEBHOOK_PORT="8500")
    done = truco("run", "--check", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "Bot API: http://127.0.0.1:8081"
    assert ("Updates: webhook at https://bot.example.org/truco, listening on 127.0.0.1:8500"
            in done.stdout)


@pytest.mark.parametrize("command", [["run", "--check"], ["run"]])
def test_a_plain_http_webhook_is_refused_in_one_line(tmp_path: Path,
                                                     command: list[str]) -> None:
    """Telegram's servers post only to HTTPS: an http:// webhook would start a bot that
    never hears a word, so the start (and its --check) refuses it before anything."""
    hook = "http://bot.example.org/truco/updates"
    done = truco(*command, env=user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc",
                                        TRUCO_WEBHOOK_URL=hook))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"TRUCO_WEBHOOK_URL must be an https:// address, not {hook}.\n"


def test_a_bot_api_it_cannot_reach_is_one_clear_line_and_a_failure(tmp_path: Path) -> None:
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc",
                   TELEGRAM_API_BASE_URL=CLOSED_PORT_URL)
    done = truco("run", env=env)
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [line for line in done.stderr.splitlines()
                                        if line.startswith("Cannot reach")]
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith(f"Cannot reach the Telegram Bot API at {CLOSED_PORT_URL}: ")
    assert "Unclosed" not in done.stderr and TRACEBACK not in done.stderr


@pytest.mark.parametrize(("name", "value", "expected"), [
    ("TRUCO_TURN_SECONDS", "abc", "TRUCO_TURN_SECONDS must be a number of seconds, not abc."),
    ("TRUCO_WEBHOOK_PORT", "99999", "TRUCO_WEBHOOK_PORT must be a port number from 1 to "
                                    "65535, not 99999."),
    ("TRUCO_LOG_LEVEL", "loud", "TRUCO_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, "
                                "CRITICAL, not loud."),
    ("TELEGRAM_API_BASE_URL", "api.telegram.org", "TELEGRAM_API_BASE_URL must be an http:// "
                                                  "or https:// address, not api.telegram.org."),
])
def test_a_bad_setting_is_named_in_one_line(tmp_path: Path, name: str, value: str,
                                            expected: str) -> None:
    done = truco("run", env=user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc", **{name: value}))
    assert done.returncode == 1
    assert done.stderr.splitlines() == [expected]


@pytest.mark.parametrize("url", [
    "postgresql://nobody@127.0.0.1:9/truco",
    "mysql://nobody@127.0.0.1/truco",
    "sqlite:////proc/no/such/folder/truco.db",
])
def test_a_database_it_cannot_open_is_one_line(tmp_path: Path, url: str) -> None:
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN="123:abc", TRUCO_DATABASE_URL=url,
                   TELEGRAM_API_BASE_URL=CLOSED_PORT_URL)
    for args in (("run", "--check"), ("run",)):
        done = truco(*args, env=env)
        assert done.returncode == 1, (args, done.stdout)
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith(f"Cannot open the database {url}: "), lines
        assert lines[0].endswith("Check TRUCO_DATABASE_URL."), lines


# ------------------------------------------------- against the fake Bot API, for real


@asynccontextmanager
async def bot_process(env: Mapping[str, str]) -> AsyncIterator[asyncio.subprocess.Process]:
    """``./truco run`` as a child process; killed if the test leaves it running."""
    process = await asyncio.create_subprocess_exec(
        TRUCO, "run", cwd=ROOT, env=dict(env), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        preexec_fn=as_in_a_terminal)
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def finished(process: asyncio.subprocess.Process) -> tuple[int, str, str]:
    out, err = await asyncio.wait_for(process.communicate(), GUARD)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_rejected_token_says_so(fake_telegram: FakeTelegramServer,  # noqa: F811
                                        tmp_path: Path) -> None:
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN="999:not-the-token",
                   TELEGRAM_API_BASE_URL=fake_telegram.url)
    async with bot_process(env) as process:
        code, _out, err = await finished(process)
    assert code == 1
    assert err.splitlines() == ["Telegram rejected this token: check it with @BotFather "
                                "(/mybots, API Token)."]


async def test_another_instance_polling_stops_the_bot_with_one_line(
        fake_telegram: FakeTelegramServer, tmp_path: Path) -> None:  # noqa: F811
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN=fake_telegram.token,
                   TELEGRAM_API_BASE_URL=fake_telegram.url, TRUCO_LOG_LEVEL="WARNING")
    async with bot_process(env) as process:
        await fake_telegram.wait_until(lambda: fake_telegram.waiting_polls, GUARD,
                                       "the bot's long poll")
        url = f"{fake_telegram.url}/bot{fake_telegram.token}/getUpdates"
        async with aiohttp.ClientSession() as other:  # a second copy of the bot, polling

            async def poll_until_the_bot_exits() -> None:
                while process.returncode is None:
                    async with other.post(url, data={"timeout": "1"}) as answer:
                        await answer.read()

            poller = asyncio.create_task(poll_until_the_bot_exits())
            code, _out, err = await finished(process)
            await asyncio.wait_for(poller, GUARD)
    assert code == 1
    assert err.splitlines()[-1] == (
        "Another copy of this bot is already receiving its updates (Telegram answered 409 "
        "Conflict): stop it first; one token runs one bot.")
    assert TRACEBACK not in err


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_webhook_mode_end_to_end(fake_telegram: FakeTelegramServer,  # noqa: F811
                                       tmp_path: Path) -> None:
    port = free_port()
    hook = f"http://127.0.0.1:{port}/truco/updates"
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN=fake_telegram.token,
                   TELEGRAM_API_BASE_URL=fake_telegram.url + "/bot",  # the /bot form works too
                   TRUCO_WEBHOOK_URL=hook, TRUCO_WEBHOOK_PORT=str(port))
    alice = FakeUser(fake_telegram, 1001, "Alice", "en")
    async with bot_process(env) as process:
        set_hook = await fake_telegram.wait_for_call("setWebhook", timeout=GUARD)
        assert set_hook.params["url"] == hook
        secret = fake_telegram.webhook_secret
        assert re.fullmatch(r"[A-Za-z0-9_-]{32,256}", secret)
        assert fake_telegram.token not in secret
        # wait until the bot is ready for updates: its start-up line is logged
        assert process.stderr is not None
        while b"truco-bot started as @TrucoTestBot" not in (line := await asyncio.wait_for(
                process.stderr.readline(), GUARD)):
            assert line, "the bot stopped before it started"
        mark = fake_telegram.mark()
        await alice.start()  # Telegram POSTs it to the webhook
        welcome = await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id,
                                                    since=mark, timeout=GUARD)
        assert "Welcome to truco-bot" in welcome.params["text"]
        assert not fake_telegram.calls_to("getUpdates", since=mark)
        # a POST without the secret, or with a wrong one, is refused and changes nothing
        forged = {"update_id": 1, "message": {
            "message_id": 1, "date": 0, "chat": {"id": 4242, "type": "private"},
            "from": {"id": 4242, "is_bot": False, "first_name": "Mallory"}, "text": "/start"}}
        async with aiohttp.ClientSession() as mallory:
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                async with mallory.post(hook, json=forged, headers=headers) as answer:
                    assert answer.status == 403
        process.send_signal(signal.SIGTERM)
        code, _out, err = await finished(process)
    assert code == 0, err
    assert TRACEBACK not in err
    assert fake_telegram.calls_to("deleteWebhook", since=mark)
    assert fake_telegram.webhook_url == ""
    assert not fake_telegram.calls_to("sendMessage", chat_id=4242)


# ---------------------------------------------------------------- the terminal game


@pytest.mark.parametrize("variant", available_variants())
def test_play_every_game_to_the_final_score(tmp_path: Path, variant: str) -> None:
    players = max(rules_class(variant).seat_counts[:2])  # a team game where there is one
    done = truco("play", variant, "--players", str(players), "--seed", "7",
                 env=user_env(tmp_path), stdin="1\n" * 5000)
    assert done.returncode == 0, done.stderr
    assert TRACEBACK not in done.stderr
    last = done.stdout.rstrip().splitlines()[-1]
    assert re.search(r"Game over: .+ wins? (\d+ to \d+|with \d+ points)\.$", last), last


@pytest.mark.parametrize("args", [["--seed", "7"], ["--seed", "2", "--target", "11"]])
def test_put_for_four_shows_the_person_their_own_moves_and_the_hand_they_sit_out(
        tmp_path: Path, args: list[str]) -> None:
    """`./truco play put --players 4`: the person reads their passes and discards as
    their own ("You pass a card to Bot 2."), no bot's turn line runs into theirs, and a
    hand they sit out after passing is said so and waits for Enter before the next deal."""
    done = truco("play", "put", "--players", "4", *args, env=user_env(tmp_path),
                 stdin="1\n" * 5000)
    assert done.returncode == 0 and TRACEBACK not in done.stderr, done.stderr
    out = done.stdout
    lines = out.splitlines()
    assert "Game over: " in lines[-1]
    assert not [line for line in lines if line.endswith("'s turn.")], "a bot's turn line"
    assert not re.search(r"\bPlayer (passes|discards)\b", out), "the person in the third person"
    assert not [line for line in lines if line.rstrip() == "Your cards:"]
    # each "Your turn." is followed by that turn's cards and menu, never by another turn
    turns = [i for i, line in enumerate(lines) if line == "Your turn."]
    assert turns
    for here, after in pairwise(turns):
        assert any("Your move (" in line for line in lines[here:after]), lines[here:after]
    passes = [i for i, line in enumerate(lines) if line.endswith("You pass a card to Bot 2.")]
    assert passes, "the person passed no card in these games"
    for index in passes:
        assert lines[index + 1] == "You discard 2 cards face down."
        assert lines[index + 2] == ("You sit out the rest of this hand: Bot 2 plays it for "
                                    "your side.")
        rest = lines[index + 3:]
        end = next(i for i, line in enumerate(rest) if " win the hand: " in line
                   or line.startswith("Game over"))
        follows = rest[end + 1] if end + 1 < len(rest) else ""
        assert follows.startswith(("Press Enter for the next hand: ", "Game over")), follows
    if args[1] == "2":
        assert "Press Enter for the next hand: Hand 2: " in out


def test_sigint_during_a_game_leaves_with_the_score(tmp_path: Path) -> None:
    process = subprocess.Popen([TRUCO, "play", "paulista", "--seed", "3"], cwd=ROOT,
                               env=user_env(tmp_path), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=as_in_a_terminal)
    try:
        assert process.stdout is not None
        seen = ""
        while "Your move" not in seen:  # the game waits for the person
            char = process.stdout.read(1)
            assert char, "the game ended before asking"
            seen += char
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=GUARD)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert TRACEBACK not in err
    lines = (seen + out).rstrip().splitlines()
    assert lines[-2:] == ["You left the game.", "Score: Player: 0 · Bot 1: 0"]


def catches_ctrl_c(pid: int) -> bool:
    """Whether the process is the Python program (``./truco`` has exec'd it) and has
    its own SIGINT handler in place: the moment its modules start loading."""
    try:
        if not Path(os.readlink(f"/proc/{pid}/exe")).name.startswith("python"):
            return False  # still the shell of ./truco (which traps SIGINT too), or env
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except OSError:
        return False
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt"))
    return bool(int(caught, 16) & (1 << (signal.SIGINT - 1)))


@pytest.mark.parametrize("moment", ["at once", "while python loads"])
def test_sigint_while_play_starts_leaves_in_one_line(tmp_path: Path, moment: str) -> None:
    """Ctrl-C while ``./truco play`` starts: at once (in the wrapper, or in Python's own
    start, where it is held back until the program can take it), or while the game's
    modules load. "You left the game." and exit 130, no traceback; a Ctrl-C that ends
    a process before Python runs at all leaves nothing to say and the signal's own
    status, which a shell reports as 130 too. (Should a loaded machine let the game
    reach its first prompt first, the score follows, as at any prompt.)"""
    truco("--help", env=user_env(tmp_path))  # installed: the start is the program's own
    process = subprocess.Popen([TRUCO, "play", "paulista"], cwd=ROOT, env=user_env(tmp_path),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=as_in_a_terminal)
    try:
        for _ in range(int(GUARD * 1000) if moment != "at once" else 0):  # hang guard
            if catches_ctrl_c(process.pid) or process.poll() is not None:
                break
            time.sleep(0.001)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=GUARD)
    finally:
        if process.poll() is None:
            process.kill()
    assert err == "" and TRACEBACK not in out
    lines = out.strip().splitlines()
    if moment == "at once" and not out:
        # the signal came before Python ran: ended by it, or by the wrapper's own trap
        assert process.returncode in (-signal.SIGINT, 130)
        return
    assert process.returncode == 130, (out, err)
    if "Your move" not in out:
        assert lines == ["You left the game."]
    else:
        assert lines[-2] == "You left the game." and lines[-1].startswith("Score: ")


def test_senas_in_the_terminal_as_the_help_says(tmp_path: Path) -> None:
    """``--senas catch|on|off`` (listed by ``play --help`` for the team games): with
    señas the person is offered ``s`` at their turn, with ``off`` never."""
    for mode, offered in (("catch", True), ("on", True), ("off", False)):
        done = truco("play", "paulista", "--players", "4", "--senas", mode, "--seed", "7",
                     env=user_env(tmp_path), stdin="1\n" * 5000)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.rstrip().splitlines()[-1].startswith("Game over: ")
        assert ("Type s to signal to your partner." in done.stdout) is offered, mode
    wrong = truco("play", "mineiro", "--players", "4", "--senas", "sometimes",
                  env=user_env(tmp_path))
    assert wrong.returncode == 2
    assert wrong.stdout == "--senas takes one of: catch, on, off.\n"
    two = truco("play", "le-truc", "--senas", "on", env=user_env(tmp_path))
    assert (two.returncode, two.stdout) == (2, "Le Truc has no --senas option.\n")


# ---------------------------------------------------------------- help and checkers


def test_help_texts(tmp_path: Path) -> None:
    env = user_env(tmp_path)
    top = truco("--help", env=env)
    assert top.returncode == 0 and "usage: truco-bot" in top.stdout
    assert "./truco test" in top.stdout and "\n  check-scenarios  " in top.stdout
    run = truco("run", "--help", env=env)
    assert run.returncode == 0
    assert "Exit status: 0 after a clean stop" in run.stdout and " 78 when no token" in run.stdout
    for variable in VARIABLES:
        assert f"  {variable.name}\n" in run.stdout
    assert "(default: https://api.telegram.org)" in run.stdout
    play = truco("play", "--help", env=env)
    assert play.returncode == 0
    for variant in available_variants():
        assert f"  {variant} " in play.stdout
    for word in (*LOCALES, "--deck", "--target", "--flor", "--envido", "--senas", "--level",
                 "easy",
                 "hard", "contraflor", "immediate"):
        assert word in play.stdout, word
    wrong = truco("plya", env=env)
    assert wrong.returncode == 2
    assert "Unknown command plya. Did you mean play?" in wrong.stderr


def test_a_misspelt_game_gets_the_closest_names(tmp_path: Path) -> None:
    done = truco("play", "mineirp", env=user_env(tmp_path))
    assert done.returncode == 2
    assert "Unknown game mineirp. Did you mean mineiro?" in done.stdout


def repository_copy(tmp_path: Path) -> Path:
    """The repository's files in an empty folder of their own, as a fresh clone has them:
    nothing beside it (no reference material at ``..``). Its ``.venv`` is this checkout's
    (installed by ``./truco --help`` first), and ``PYTHONPATH`` (see ``copy_env``) makes
    it import the copy's own ``chatbot``, so what runs is the copy's code and data."""
    truco("--help", env=user_env(tmp_path))  # this checkout's .venv, installed once
    alone = tmp_path / "alone"
    copy = alone / "truco-bot"
    shutil.copytree(ROOT, copy, symlinks=True, ignore=shutil.ignore_patterns(
        ".venv", ".git", "__pycache__", ".*_cache", ".hypothesis", "*.db", "*.egg-info"))
    (copy / ".venv").symlink_to(ROOT / ".venv")
    assert [path.name for path in alone.iterdir()] == ["truco-bot"]
    return copy


def copy_env(tmp_path: Path, copy: Path) -> dict[str, str]:
    return user_env(tmp_path, PYTHONPATH=str(copy))


def test_the_scenario_checker_runs_in_a_copy_with_nothing_beside_it(tmp_path: Path) -> None:
    """``./truco check-scenarios`` checks the repository's own scenarios (the rule
    specification's and the project's) and says how many passed; a folder named is
    checked instead."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "./truco check-scenarios " in readme
    copy = repository_copy(tmp_path)
    env = copy_env(tmp_path, copy)
    done = truco("check-scenarios", env=env, cwd=copy)
    count = len(list((copy / "scenarios").rglob("*.json")))
    assert count > 131
    assert f'"{count} passed, 0 failed"' in readme  # the README's figure is today's
    assert (done.returncode, done.stdout) == (0, f"{count} passed, 0 failed\n"), done.stderr
    spec = truco("check-scenarios", "scenarios/spec", env=env, cwd=copy)
    assert (spec.returncode, spec.stdout) == (0, "131 passed, 0 failed\n"), spec.stderr


def test_the_scenario_runner_line_of_the_readme(tmp_path: Path) -> None:
    line = (".venv/bin/python -m chatbot.scenario "
            "scenarios/spec/paulista-01-vira-7-queens-manilhas.json")
    assert line in (ROOT / "README.md").read_text(encoding="utf-8")
    copy = repository_copy(tmp_path)
    done = subprocess.run(line.split(), cwd=copy, env=copy_env(tmp_path, copy),
                          capture_output=True, text=True, timeout=GUARD, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["hand_winner"] == 1


def test_nothing_points_outside_the_repository() -> None:
    """No command, test, usage text or doc of the product reads the reference material
    that sat beside the project while it was written: a clone has none."""
    outside = "/".join(["..", "shared"])
    places = [ROOT / "README.md", ROOT / "truco"]
    for folder in ("chatbot", "tests", "docs", "scenarios"):
        places += [path for path in sorted((ROOT / folder).rglob("*"))
                   if path.is_file() and path.suffix not in (".png", ".webp", ".pyc")]
    found = [str(path.relative_to(ROOT)) for path in places
             if outside in path.read_text(encoding="utf-8", errors="replace")]
    assert found == []


def test_the_card_pictures_line_of_the_readme(tmp_path: Path) -> None:
    """``python -m chatbot.cards docs`` writes the README's two hands (here into a folder
    of the test's): the very pictures docs/ ships, and the README shows them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ".venv/bin/python -m chatbot.cards docs " in readme
    done = subprocess.run([sys.executable, "-m", "chatbot.cards", "docs", "--into",
                           str(tmp_path)], cwd=ROOT, env=user_env(tmp_path),
                          capture_output=True, text=True, timeout=GUARD, check=False)
    assert done.returncode == 0, done.stderr
    for name in ("paulista-hand.png", "argentino-hand.png"):
        assert f"wrote {tmp_path / name}" in done.stdout
        with Image.open(tmp_path / name) as fresh, Image.open(ROOT / "docs" / name) as shipped:
            assert fresh.convert("RGB").tobytes() == shipped.convert("RGB").tobytes(), name
        assert f"](docs/{name})" in readme


def test_the_readme_lists_every_setting_and_no_other() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Configuration"):]
    table = table[:table.index("\n\n", table.index("| --- |"))]
    listed = re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.M)
    assert listed == [variable.name for variable in VARIABLES]


async def test_a_network_drop_after_start_is_logged_once_and_survived(
        fake_telegram: FakeTelegramServer, tmp_path: Path) -> None:  # noqa: F811
    env = user_env(tmp_path, TELEGRAM_BOT_TOKEN=fake_telegram.token,
                   TELEGRAM_API_BASE_URL=fake_telegram.url, TRUCO_LOG_LEVEL="DEBUG")
    alice = FakeUser(fake_telegram, 1001, "Alice", "en")
    lines: list[str] = []

    async def read_until(process: asyncio.subprocess.Process, needle: str,
                         times: int = 1) -> None:
        assert process.stderr is not None
        while sum(needle in line for line in lines) < times:
            line = await asyncio.wait_for(process.stderr.readline(), GUARD)
            assert line, f"the bot stopped before logging {needle!r}: {lines[-5:]}"
            lines.append(line.decode(errors="replace"))

    async with bot_process(env) as process:
        await read_until(process, "truco-bot started as @TrucoTestBot")
        port = int(fake_telegram.url.rsplit(":", 1)[1])
        await fake_telegram.stop()  # the network drops: every poll now fails
        await read_until(process, "still no connection to the Telegram Bot API", times=2)
        await fake_telegram.start(port)
        await read_until(process, "the Telegram Bot API answers again")
        mark = fake_telegram.mark()
        await alice.start()
        await fake_telegram.wait_for_call("sendMessage", chat_id=alice.id, since=mark,
                                          timeout=GUARD)
        process.send_signal(signal.SIGINT)
        code, _out, rest = await finished(process)
    log = "".join(lines) + rest
    assert code == 0
    assert log.count("lost the connection to the Telegram Bot API") == 1
    assert log.count("the Telegram Bot API answers again") == 1
    assert TRACEBACK not in log
