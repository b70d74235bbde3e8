"""One ingress and several workers as real processes (``truco-bot ingress|worker``).

They run the console script of the virtualenv, as an operator starts them, against
the fake Bot API of the test (in the test's process), the test's PostgreSQL database
and a Redis of the test's own (``redis-server`` on a free port, append-only file
fsynced on every write, so that it can be restarted without losing an entry);
without ``redis-server`` on PATH the machine's Redis on 6379 is used and the tests
that restart Redis are skipped. Every key has a random prefix, so parallel runs
never meet. Each process logs to a file in the test's directory, printed when a
test fails.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import sys
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from redis.asyncio import Redis
from sqlalchemy.engine import URL

from chatbot.handlers.cluster.streams import Streams
from chatbot.testing.fakebotapi import FakeTelegramServer

ROOT = Path(__file__).resolve().parents[2]
# the console script of the virtualenv running the tests (``./truco test``: .venv's), so
# the processes run the same installation whichever test happens to run first
TRUCO_BOT = Path(sys.executable).parent / "truco-bot"
WAIT = 180.0  # a guard against a hang only: every wait ends when its condition holds
# Where the processes keep their compiled modules, across tests and runs. Under
# PYTHONDONTWRITEBYTECODE each process would compile every module it imports from
# source, about 2 s of CPU per start (a test starts up to fourteen); a cache outside the
# sources writes nothing beside them, and Python checks each entry against its source.
BYTECODE = ROOT / ".pytest_cache" / "bytecode"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class RedisServer:
    """Our own redis-server, restartable on the same port and files."""

    directory: Path
    port: int = field(default_factory=free_port)
    process: asyncio.subprocess.Process | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
            "--dir", str(self.directory), "--appendonly", "yes", "--appendfsync", "always",
            "--save", "", stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL)
        client = Redis.from_url(self.url)
        try:
            for _ in range(int(WAIT * 10)):
                try:
                    await client.ping()
                    return
                except Exception:
                    await asyncio.sleep(0.1)
            raise AssertionError("redis-server did not start")
        finally:
            await client.aclose()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)  # SHUTDOWN: the AOF is complete
            await asyncio.wait_for(self.process.wait(), WAIT)
        self.process = None


def own_redis_available() -> bool:
    return shutil.which("redis-server") is not None


@dataclass
class Cluster:
    server: FakeTelegramServer
    db_url: URL
    redis_url: str
    directory: Path
    partitions: int = 8
    prefix: str = field(default_factory=lambda: f"t{uuid.uuid4().hex[:10]}")
    processes: dict[str, asyncio.subprocess.Process] = field(default_factory=dict)

    @property
    def streams(self) -> Streams:
        return Streams(self.prefix, self.partitions)

    def env(self, **extra: str) -> Mapping[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TRUCO_", "TELEGRAM_")) and k != "PYTHONDONTWRITEBYTECODE"}
        env.update({
            "PYTHONPYCACHEPREFIX": str(BYTECODE),
            "TELEGRAM_BOT_TOKEN": self.server.token,
            "TELEGRAM_API_BASE_URL": self.server.url,
            "TRUCO_DATABASE_URL": self.db_url.render_as_string(hide_password=False),
            "TRUCO_REDIS_URL": self.redis_url,
            "TRUCO_REDIS_PREFIX": self.prefix,
            "TRUCO_PARTITIONS": str(self.partitions),
            "TRUCO_LEASE_SECONDS": "2",
            "TRUCO_TURN_SECONDS": "3600",
            "TRUCO_BOT_SECONDS": "0",
            "TRUCO_PAUSE_SECONDS": "0",
            "TRUCO_LOG_LEVEL": "INFO",
            "TRUCO_LANG": "en",
            **extra,
        })
        return env

    async def start(self, name: str, role: str, **env: str) -> asyncio.subprocess.Process:
        log = open(self.directory / f"{name}.log", "ab")  # noqa: SIM115 (the child keeps it)
        process = await asyncio.create_subprocess_exec(
            str(TRUCO_BOT), role, cwd=ROOT, env=dict(self.env(**env)),
            stdin=asyncio.subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()
        self.processes[name] = process
        return process

    async def kill(self, name: str) -> None:
        process = self.processes.pop(name)
        process.send_signal(signal.SIGKILL)
        await process.wait()

    async def stop_all(self) -> None:
        for process in self.processes.values():
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for name, process in list(self.processes.items()):
            try:
                await asyncio.wait_for(process.wait(), 60)
            except TimeoutError:
                process.kill()
                await process.wait()
                print(f"{name} did not stop on SIGTERM", file=sys.stderr)
        self.processes.clear()

    def logs(self) -> str:
        return "\n".join(f"==== {p.name}\n{p.read_text(errors='replace')[-6000:]}"
                         for p in sorted(self.directory.glob("*.log")))

    async def lease_holders(self, redis: Redis) -> dict[int, str]:
        names = [self.streams.lease(p) for p in range(self.partitions)]
        values = await redis.mget(names)
        return {p: v.decode() if isinstance(v, bytes) else v
                for p, v in enumerate(values) if v is not None}

    def worker_of_pid(self, pid: int) -> str | None:
        return next((n for n, p in self.processes.items() if p.pid == pid), None)

