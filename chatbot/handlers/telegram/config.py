"""Settings from the environment, in one place."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field

from chatbot.handlers.service import Timing
from chatbot.storage import DEFAULT_URL

TOKEN_VAR = "TELEGRAM_BOT_TOKEN"


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_url: str = DEFAULT_URL
    api_base_url: str = "https://api.telegram.org/bot"
    api_file_url: str = "https://api.telegram.org/file/bot"
    log_level: str = "INFO"
    timing: Timing = field(default_factory=Timing)
    edit_delay: float = 1.0  # seconds a table message waits for more changes before an edit
    webhook_url: str | None = None
    webhook_port: int = 8443

    @property
    def payload_secret(self) -> bytes:
        """Buttons are signed with a key derived from the token: nothing more to configure."""
        return hashlib.sha256(b"truco-bot buttons " + self.token.encode()).digest()

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings | None:
        """None when there is no token (the caller explains how to get one)."""
        env = dict(os.environ if env is None else env)
        token = env.get(TOKEN_VAR, "").strip()
        if not token:
            return None
        base = env.get("TELEGRAM_API_BASE_URL", "").rstrip("/")
        turn = float(env.get("TRUCO_TURN_SECONDS", "60"))
        return cls(
            token=token,
            database_url=env.get("TRUCO_DATABASE_URL", DEFAULT_URL),
            api_base_url=f"{base}/bot" if base else cls.api_base_url,
            api_file_url=f"{base}/file/bot" if base else cls.api_file_url,
            log_level=env.get("TRUCO_LOG_LEVEL", "INFO").upper(),
            timing=Timing(turn=turn, bot=float(env.get("TRUCO_BOT_SECONDS", "1.5")),
                          between_hands=float(env.get("TRUCO_PAUSE_SECONDS", "3"))),
            webhook_url=env.get("TRUCO_WEBHOOK_URL") or None,
            webhook_port=int(env.get("TRUCO_WEBHOOK_PORT", "8443")),
        )
