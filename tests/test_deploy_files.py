"""The container and unit files of ``docs/deploy/``: what can be checked without Docker or
systemd running.

- the systemd units start commands ``truco-bot`` has, and the health ports of the
  ingress and of workers 0 to 99 (computed by the shell, as systemd runs the line)
  are valid ports that never clash;
- the Dockerfile copies only files the project has and installs from the lock file;
- the compose files build that Dockerfile and run commands ``truco-bot`` has, and the
  simple one keeps its SQLite database in its volume;
- ``docs/deploy.md`` names every one of these files, and every path it names exists.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from chatbot.__main__ import COMMANDS
from chatbot.handlers.cli_backup import backup_parser

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "docs" / "deploy"
UNITS = DEPLOY / "systemd"
INSTALLED = "/opt/truco-bot/.venv/bin/truco-bot"  # where the units expect the bot
WORKERS = range(100)


def unit(name: str) -> dict[str, dict[str, list[str]]]:
    """A unit file's sections, each key with its values in order (systemd repeats keys)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] = {}
    for raw in (UNITS / name).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def environment(service: dict[str, list[str]]) -> dict[str, str]:
    pairs = (item.split("=", 1) for item in service.get("Environment", []))
    return {name: value for name, value in pairs}


def as_systemd_runs(command: str, instance: str = "") -> list[str]:
    """An ExecStart line after systemd's own expansion: %i, %% and $$."""
    expanded = command.replace("%%", "\0").replace("%i", instance).replace("\0", "%")
    return shlex.split(expanded.replace("$$", "$"))


def run_with_fake_bot(argv: list[str], tmp_path: Path) -> str:
    """Run a unit's command line with a stand-in for truco-bot that prints its health
    port and arguments; the line's own shell does the arithmetic."""
    fake = tmp_path / "truco-bot"
    fake.write_text('#!/bin/sh\necho "${TRUCO_HEALTH_PORT:-none} $*"\n', encoding="utf-8")
    fake.chmod(0o755)
    argv = [part.replace(INSTALLED, str(fake)) for part in argv]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True,
                          env={"PATH": "/usr/bin:/bin", "TRUCO_HEALTH_PORT": "8080"},
                          cwd=tmp_path)
    return done.stdout.strip()


def test_every_unit_starts_a_command_of_truco_bot() -> None:
    names = sorted(path.name for path in UNITS.glob("*.service"))
    assert names == ["truco-bot-backup.service", "truco-bot.service",
                     "truco-ingress.service", "truco-worker@.service"]
    for name in names:
        service = unit(name)["Service"]
        (command,) = service["ExecStart"]
        argv = as_systemd_runs(command, "1")
        words = shlex.split(argv[-1]) if argv[:2] == ["/bin/sh", "-c"] else argv
        start = words.index(INSTALLED)
        assert words[start + 1] in COMMANDS, name
        assert service["User"] == ["truco"]
    timer = unit("truco-bot-backup.timer")
    assert timer["Timer"]["Persistent"] == ["true"]


def test_the_simple_unit_and_its_backup_use_one_database_in_the_state_directory() -> None:
    bot, copy = unit("truco-bot.service")["Service"], unit("truco-bot-backup.service")["Service"]
    url = environment(bot)["TRUCO_DATABASE_URL"]
    assert environment(copy)["TRUCO_DATABASE_URL"] == url
    assert url == f"sqlite:///{bot['WorkingDirectory'][0]}/truco.db"
    assert bot["WorkingDirectory"] == [f"/var/lib/{bot['StateDirectory'][0]}"]
    assert copy["WorkingDirectory"] == bot["WorkingDirectory"]


def test_the_backup_unit_runs_a_backup_the_command_accepts(tmp_path: Path) -> None:
    (command,) = unit("truco-bot-backup.service")["Service"]["ExecStart"]
    printed = run_with_fake_bot(as_systemd_runs(command), tmp_path)
    _, backup, *arguments = printed.split()
    assert backup == "backup"
    options = backup_parser().parse_args(arguments)
    assert options.force
    assert re.fullmatch(r"backups/truco-[1-7]\.db", options.file)  # one a weekday
    assert (tmp_path / "backups").is_dir()


def test_health_ports_are_valid_and_never_clash_for_workers_0_to_99(tmp_path: Path) -> None:
    ingress = int(environment(unit("truco-ingress.service")["Service"])["TRUCO_HEALTH_PORT"])
    (command,) = unit("truco-worker@.service")["Service"]["ExecStart"]
    script = as_systemd_runs(command, "$1")  # one shell, each instance number as $1
    loop = f"for n in {' '.join(map(str, WORKERS))}; do sh -c {shlex.quote(script[-1])} sh $n; done"
    printed = run_with_fake_bot(["/bin/sh", "-c", loop], tmp_path).splitlines()
    assert [line.split()[1:] for line in printed] == [["worker"]] * len(WORKERS)
    ports = [int(line.split()[0]) for line in printed]
    assert len(set(ports)) == len(WORKERS) and ingress not in ports
    assert all(1024 < port < 65536 for port in [ingress, *ports])
    # the env file's TRUCO_HEALTH_PORT (8080 in the fake's environment) does not win
    assert 8080 not in ports


def test_the_dockerfile_copies_what_exists_and_installs_from_the_lock() -> None:
    text = (DEPLOY / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.replace("\\\n", " ").splitlines()
             if line and not line.startswith("#")]
    sources = [part for line in lines if line.startswith("COPY ")
               for part in line.split()[1:-1] if not part.startswith("--")]
    assert "uv.lock" in sources and "chatbot" in sources
    runs = " ".join(line for line in lines if line.startswith("RUN "))
    assert "uv sync --locked" in runs and "pip install ." not in runs
    missing = [source for source in sources if not (ROOT / source).exists()]
    if missing == ["uv.lock"]:
        pytest.skip("uv.lock is not in this checkout yet (it comes with ./truco install)")
    assert missing == []
    assert 'ENTRYPOINT ["truco-bot"]' in lines
    (command,) = re.findall(r'^CMD \["(\w+)"\]$', text, re.MULTILINE)
    assert command in COMMANDS
    (volume,) = re.findall(r"^VOLUME (\S+)$", text, re.MULTILINE)
    assert f"TRUCO_DATABASE_URL=sqlite:///{volume}/" in text


@pytest.mark.parametrize("name", ["compose.yaml", "compose-cluster.yaml"])
def test_the_compose_files_build_the_image_and_run_its_commands(name: str) -> None:
    text = (DEPLOY / name).read_text(encoding="utf-8")
    (context, dockerfile) = re.findall(r"build: \{context: (\S+), dockerfile: (\S+)\}", text)[0]
    assert (DEPLOY / context).resolve() == ROOT and (ROOT / dockerfile).is_file()
    commands = re.findall(r'command: \["(\w+)"\]', text)
    assert commands and set(commands) <= set(COMMANDS)
    assert f"-f docs/deploy/{name} " in text  # its own header says how to start it


def test_the_simple_compose_file_keeps_the_database_in_its_volume() -> None:
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    (volume, mount) = re.findall(r"volumes: \[(\S+):(\S+)\]", text)[0]
    assert re.search(rf"^  {volume}:$", text, re.MULTILINE)  # a named volume
    assert f"TRUCO_DATABASE_URL: sqlite:///{mount}/truco.db" in text


def test_the_deploy_guide_names_every_file_and_only_files_that_exist() -> None:
    guide = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    for path in sorted(DEPLOY.rglob("*")):
        if path.is_file():
            assert str(path.relative_to(ROOT)) in guide, path
    named = set(re.findall(r"`((?:docs|chatbot|tests)/[\w./@-]+)`", guide))
    assert named and {path for path in named if not (ROOT / path).exists()} == set()
