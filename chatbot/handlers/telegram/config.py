"""Settings from the environment, in one place, and the list of variables the help prints.

Every variable is declared once in :data:`VARIABLES` (name, default, meaning), so
``truco-bot run --help`` and the parsing below cannot disagree. A value a person
can get wrong (a number that is not one, a port out of range) raises
:class:`ConfigError` with a sentence naming the variable: the command line prints
it as one line instead of a traceback.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from chatbot.handlers.service import Timing
from chatbot.i18n.translation import N_, _
from chatbot.logs import FORMATS
from chatbot.storage import DEFAULT_URL

TOKEN_VAR = "TELEGRAM_BOT_TOKEN"
BASE_URL_VAR = "TELEGRAM_API_BASE_URL"
OFFICIAL_API_ROOT = "https://api.telegram.org"
DEFAULT_WEBHOOK_PORT = 8443
DEFAULT_WEBHOOK_LISTEN = "127.0.0.1"
OWNER_VAR = "TRUCO_OWNER_ID"
DATABASE_VAR = "TRUCO_DATABASE_URL"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_PARTITIONS = 16
DEFAULT_LEASE_SECONDS = 5.0
DEFAULT_WEBAPP_PORT = 8444


@dataclass(frozen=True, slots=True)
class Variable:
    """One environment variable the bot reads: its default, and what it means.

    ``meaning`` and ``shown_default`` are N_() message ids, translated when the
    help is printed; ``shown_default`` stands for a default that is not a value
    (none, or one derived from another setting).
    """

    name: str
    default: str
    meaning: str
    shown_default: str | None = None


VARIABLES: tuple[Variable, ...] = (
    Variable(TOKEN_VAR, "", N_("the token @BotFather gave you"),
             N_("none: the bot cannot start without it")),
    Variable(DATABASE_VAR, DEFAULT_URL,
             N_("an SQLite file, or postgresql://user@host/db for a server")),
    Variable(BASE_URL_VAR, OFFICIAL_API_ROOT,
             N_("another Bot API server (its root, with or without /bot at the end)")),
    Variable("TRUCO_LOG_LEVEL", "INFO", N_("how much to log: DEBUG, INFO, WARNING or ERROR")),
    Variable("TRUCO_LOG_FORMAT", "text",
             N_("text, or json for one JSON object a line (for a log collector); both "
                "name the update, chat and table a line is about")),
    Variable("TRUCO_TURN_SECONDS", "60",
             N_("seconds a person has for a move before a bot plays for them")),
    Variable("TRUCO_BOT_SECONDS", "1.5", N_("seconds a bot waits before it moves")),
    Variable("TRUCO_PAUSE_SECONDS", "3", N_("seconds between one hand and the next")),
    Variable("TRUCO_WEBHOOK_URL", "",
             N_("the public HTTPS address Telegram posts updates to"),
             N_("unset: the bot polls for updates")),
    Variable("TRUCO_WEBHOOK_LISTEN", DEFAULT_WEBHOOK_LISTEN,
             N_("the address the webhook server listens on (behind a reverse proxy)")),
    Variable("TRUCO_WEBHOOK_PORT", str(DEFAULT_WEBHOOK_PORT),
             N_("the port the webhook server listens on")),
    Variable("TRUCO_WEBHOOK_SECRET", "",
             N_("the secret Telegram sends with each update"),
             N_("derived from the token")),
    Variable(OWNER_VAR, "",
             N_("your Telegram user id: the bot makes its card sticker sets in your name "
                "(start a chat with the bot first)"),
             N_("unset: cards are shown as text")),
    Variable("TRUCO_REDIS_URL", DEFAULT_REDIS_URL,
             N_("the Redis server that carries the updates from truco-bot ingress to the "
                "workers (ingress and worker only)")),
    Variable("TRUCO_REDIS_PREFIX", "truco",
             N_("the start of every Redis key of this bot, so that several bots can share "
                "one Redis")),
    Variable("TRUCO_PARTITIONS", str(DEFAULT_PARTITIONS),
             N_("how many streams the updates are spread over by chat; the same number "
                "for the ingress and every worker")),
    Variable("TRUCO_LEASE_SECONDS", "5",
             N_("how long a worker holds its streams without renewing them: a dead "
                "worker's games move to the others after this")),
    Variable("TRUCO_HEALTH_PORT", "",
             N_("the port of this process's /health and /ready addresses, for a "
                "supervisor"),
             N_("unset: none")),
    Variable("TRUCO_WEBAPP_URL", "",
             N_("the public HTTPS address of the web table, a Telegram Mini App the bot "
                "serves itself"),
             N_("unset: no web table, the chat only")),
    Variable("TRUCO_WEBAPP_NAME", "",
             N_("the Mini App's short name from @BotFather's /newapp: a group's table "
                "message links to it"),
             N_("unset: the web table opens from private chats only")),
    Variable("TRUCO_WEBAPP_LISTEN", DEFAULT_WEBHOOK_LISTEN,
             N_("the address the web table's server listens on (behind a reverse proxy)")),
    Variable("TRUCO_WEBAPP_PORT", str(DEFAULT_WEBAPP_PORT),
             N_("the port the web table's server listens on")),
)


class ConfigError(ValueError):
    """A setting a person must fix; the message is a whole sentence in their language."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str
    database_url: str = DEFAULT_URL
    api_root: str = OFFICIAL_API_ROOT
    log_level: str = "INFO"
    log_format: str = "text"
    timing: Timing = field(default_factory=Timing)
    edit_delay: float = 1.0  # seconds a table message waits for more changes before an edit
    webhook_url: str | None = None
    webhook_listen: str = DEFAULT_WEBHOOK_LISTEN
    webhook_port: int = DEFAULT_WEBHOOK_PORT
    webhook_secret_setting: str | None = None
    owner_id: int | None = None
    """The operator's Telegram user id: the card sticker sets are created in their name."""
    redis_url: str = DEFAULT_REDIS_URL
    redis_prefix: str = "truco"
    partitions: int = DEFAULT_PARTITIONS
    lease_seconds: float = DEFAULT_LEASE_SECONDS
    health_port: int | None = None
    webapp_url: str | None = None  # the web table (chatbot/handlers/web); None: chat only
    webapp_name: str | None = None  # its short name at @BotFather, for t.me links in groups
    webapp_listen: str = DEFAULT_WEBHOOK_LISTEN
    webapp_port: int = DEFAULT_WEBAPP_PORT

    @property
    def api_base_url(self) -> str:
        """What PTB's ``base_url`` takes: the token and the method are appended to it."""
        return f"{self.api_root}/bot"

    @property
    def api_file_url(self) -> str:
        return f"{self.api_root}/file/bot"

    @property
    def payload_secret(self) -> bytes:
        """Buttons are signed with a key derived from the token: nothing more to configure."""
        return hashlib.sha256(b"truco-bot buttons " + self.token.encode()).digest()

    @property
    def webhook_secret(self) -> str:
        """Telegram's ``secret_token`` (1-256 of A-Z a-z 0-9 _ -): the operator's, else
        derived from the token, so a forged POST to the webhook is refused."""
        if self.webhook_secret_setting:
            return self.webhook_secret_setting
        return hashlib.sha256(b"truco-bot webhook " + self.token.encode()).hexdigest()

    @property
    def webhook_path(self) -> str:
        """The path of the public URL, served as is (the reverse proxy forwards it)."""
        return urlsplit(self.webhook_url or "").path.lstrip("/")

    @property
    def webhook_address(self) -> str:
        """Where the webhook's own server listens, as ``host:port``."""
        return f"{self.webhook_listen}:{self.webhook_port}"

    @property
    def mode(self) -> str:
        return "webhook" if self.webhook_url else "polling"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings | None:
        """None when there is no token (the caller explains how to get one).

        Raises :class:`ConfigError` for a value that cannot be used.
        """
        env = dict(os.environ if env is None else env)
        token = env.get(TOKEN_VAR, "").strip()
        if not token:
            return None
        root = api_root(env.get(BASE_URL_VAR, ""))
        webhook_url = _webhook_url(env.get("TRUCO_WEBHOOK_URL", ""), root)
        webapp_url = env.get("TRUCO_WEBAPP_URL", "").strip() or None
        if webapp_url is not None and urlsplit(webapp_url).scheme not in ("http", "https"):
            raise ConfigError(_("{var} must be an https:// address, not {value}.",
                                var="TRUCO_WEBAPP_URL", value=webapp_url))
        webapp_name = env.get("TRUCO_WEBAPP_NAME", "").strip() or None
        secret = env.get("TRUCO_WEBHOOK_SECRET", "").strip() or None
        if secret is not None and not _valid_secret(secret):
            raise ConfigError(_("TRUCO_WEBHOOK_SECRET may hold 1 to 256 letters, digits, _ "
                                "and -."))
        return cls(
            token=token,
            database_url=database_url(env),
            api_root=root,
            log_level=_log_level(env.get("TRUCO_LOG_LEVEL", "INFO")),
            log_format=_log_format(env.get("TRUCO_LOG_FORMAT", "")),
            timing=Timing(turn=_seconds(env, "TRUCO_TURN_SECONDS", 60.0),
                          bot=_seconds(env, "TRUCO_BOT_SECONDS", 1.5),
                          between_hands=_seconds(env, "TRUCO_PAUSE_SECONDS", 3.0)),
            webhook_url=webhook_url,
            webhook_listen=env.get("TRUCO_WEBHOOK_LISTEN", "").strip() or DEFAULT_WEBHOOK_LISTEN,
            webhook_port=_port(env.get("TRUCO_WEBHOOK_PORT", "")),
            webhook_secret_setting=secret,
            owner_id=_owner(env.get(OWNER_VAR, "")),
            redis_url=_redis_url(env.get("TRUCO_REDIS_URL", "")),
            redis_prefix=env.get("TRUCO_REDIS_PREFIX", "").strip() or "truco",
            partitions=_count(env, "TRUCO_PARTITIONS", DEFAULT_PARTITIONS),
            lease_seconds=_lease(env),
            health_port=_optional_port(env, "TRUCO_HEALTH_PORT"),
            webapp_url=webapp_url,
            webapp_name=webapp_name,
            webapp_listen=env.get("TRUCO_WEBAPP_LISTEN", "").strip() or DEFAULT_WEBHOOK_LISTEN,
            webapp_port=_optional_port(env, "TRUCO_WEBAPP_PORT") or DEFAULT_WEBAPP_PORT,
        )


def database_url(env: Mapping[str, str]) -> str:
    """The database the bot opens (``truco-bot run``, and ``truco-bot backup`` copies):
    ``TRUCO_DATABASE_URL``, else the SQLite file ``truco.db``."""
    return env.get(DATABASE_VAR, "").strip() or DEFAULT_URL


def api_root(raw: str) -> str:
    """The Bot API server's root from either form people paste.

    ``https://host``, ``https://host/`` and ``https://host/bot`` all mean the same
    server: PTB wants ``…/bot`` and appends the token, so a ``/bot`` already there
    would otherwise become ``/botbot<token>`` and every call a 404.
    """
    root = raw.strip().rstrip("/")
    if not root:
        return OFFICIAL_API_ROOT
    root = root.removesuffix("/bot")
    if urlsplit(root).scheme not in ("http", "https"):
        raise ConfigError(_("{var} must be an http:// or https:// address, not {value}.",
                            var=BASE_URL_VAR, value=raw.strip()))
    return root


def _webhook_url(raw: str, root: str) -> str | None:
    """The address Telegram posts updates to, or None (polling).

    Telegram's own servers post only to HTTPS: with them an http:// address would
    start a bot that never hears a word, so it is refused before the start. A
    self-hosted Bot API server (``TELEGRAM_API_BASE_URL``) may post over plain HTTP
    behind a firewall, so with one either scheme is taken.
    """
    url = raw.strip() or None
    if url is None:
        return None
    schemes = ("https",) if root == OFFICIAL_API_ROOT else ("http", "https")
    if urlsplit(url).scheme not in schemes:
        raise ConfigError(_("TRUCO_WEBHOOK_URL must be an https:// address, not {value}.",
                            value=url))
    return url


def redacted_url(url: str) -> str:
    """A URL fit for a log line or an error: the password is never shown."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return parts._replace(netloc=netloc).geturl()


_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in _LEVELS:
        raise ConfigError(_("TRUCO_LOG_LEVEL must be one of {levels}, not {value}.",
                            levels=", ".join(_LEVELS), value=raw.strip()))
    return level


def _log_format(raw: str) -> str:
    value = raw.strip().lower() or "text"
    if value not in FORMATS:
        raise ConfigError(_("TRUCO_LOG_FORMAT must be text or json, not {value}.",
                            value=raw.strip()))
    return value


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 <= value < 86_400 or value != value:
        raise ConfigError(_("{var} must be a number of seconds, not {value}.",
                            var=name, value=raw))
    return value


def _port(raw: str) -> int:
    raw = raw.strip()
    if not raw:
        return DEFAULT_WEBHOOK_PORT
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 65_535:
        raise ConfigError(_("TRUCO_WEBHOOK_PORT must be a port number from 1 to 65535, "
                            "not {value}.", value=raw))
    return int(raw)


def _redis_url(raw: str) -> str:
    url = raw.strip() or DEFAULT_REDIS_URL
    if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
        raise ConfigError(_("{var} must be a redis:// address, not {value}.",
                            var="TRUCO_REDIS_URL", value=url))
    return url


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 1024:
        raise ConfigError(_("{var} must be a whole number from 1 to 1024, not {value}.",
                            var=name, value=raw))
    return int(raw)


def _lease(env: Mapping[str, str]) -> float:
    seconds = _seconds(env, "TRUCO_LEASE_SECONDS", DEFAULT_LEASE_SECONDS)
    if seconds < 1:
        raise ConfigError(_("{var} must be a number of seconds, not {value}.",
                            var="TRUCO_LEASE_SECONDS", value=env["TRUCO_LEASE_SECONDS"]))
    return seconds


def _optional_port(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or not 1 <= int(raw) <= 65_535:
        raise ConfigError(_("{var} must be a port number from 1 to 65535, not {value}.",
                            var=name, value=raw))
    return int(raw)


def _owner(raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) <= 0 or int(raw) >= 2**63:
        raise ConfigError(_("{var} must be your Telegram user id (a number like 123456789), "
                            "not {value}.", var=OWNER_VAR, value=raw))
    return int(raw)


def _valid_secret(secret: str) -> bool:
    return 1 <= len(secret) <= 256 and all(c.isascii() and (c.isalnum() or c in "_-")
                                           for c in secret)
