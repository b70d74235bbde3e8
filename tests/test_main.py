"""``Settings.from_env``: the forms people paste, read the same way.

The commands themselves run as subprocesses in ``tests/test_readme.py``; these
pin the parsing rules they rely on.
"""

from __future__ import annotations

import pytest

from chatbot.handlers.telegram.config import OFFICIAL_API_ROOT, ConfigError, Settings


def test_no_token_is_no_settings() -> None:
    assert Settings.from_env({}) is None
    assert Settings.from_env({"TELEGRAM_BOT_TOKEN": "  "}) is None


def test_only_a_token_talks_to_the_official_bot_api() -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "123:abc"})
    assert settings is not None
    assert settings.api_root == OFFICIAL_API_ROOT == "https://api.telegram.org"
    assert settings.api_base_url == "https://api.telegram.org/bot"
    assert settings.api_file_url == "https://api.telegram.org/file/bot"
    assert settings.mode == "polling"


@pytest.mark.parametrize("base", ["http://127.0.0.1:9", "http://127.0.0.1:9/",
                                  "http://127.0.0.1:9/bot", "http://127.0.0.1:9/bot/"])
def test_the_base_url_with_or_without_bot(base: str) -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "123:abc",
                                  "TELEGRAM_API_BASE_URL": base,
                                  "TRUCO_DATABASE_URL": "sqlite:///x.db",
                                  "TRUCO_TURN_SECONDS": "30"})
    assert settings is not None
    assert settings.api_base_url == "http://127.0.0.1:9/bot"
    assert settings.api_file_url == "http://127.0.0.1:9/file/bot"
    assert settings.database_url == "sqlite:///x.db"
    assert settings.timing.turn == 30


def test_webhook_settings() -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "123:abc",
                                  "TRUCO_WEBHOOK_URL": "https://example.org/truco/hook"})
    assert settings is not None
    assert settings.mode == "webhook"
    assert settings.webhook_path == "truco/hook"
    assert settings.webhook_listen == "127.0.0.1" and settings.webhook_port == 8443
    assert len(settings.webhook_secret) == 64 and "123:abc" not in settings.webhook_secret
    other = Settings.from_env({"TELEGRAM_BOT_TOKEN": "456:def",
                               "TRUCO_WEBHOOK_URL": "https://example.org/truco/hook"})
    assert other is not None and other.webhook_secret != settings.webhook_secret
    with pytest.raises(ConfigError):
        Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:a", "TRUCO_WEBHOOK_SECRET": "no spaces"})


def test_the_owner_id_is_a_telegram_user_id_or_unset() -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:a", "TRUCO_OWNER_ID": " 123456789 "})
    assert settings is not None and settings.owner_id == 123456789
    unset = Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:a"})
    assert unset is not None and unset.owner_id is None
    for wrong in ("@operator", "-5", "0", "12.5", "١٢٣"):
        with pytest.raises(ConfigError, match="TRUCO_OWNER_ID must be your Telegram user id"):
            Settings.from_env({"TELEGRAM_BOT_TOKEN": "1:a", "TRUCO_OWNER_ID": wrong})


def test_an_http_webhook_only_with_a_self_hosted_bot_api() -> None:
    """Telegram's own servers post only to HTTPS; a self-hosted Bot API server may post
    over plain HTTP (behind a firewall), so only there is http:// taken."""
    hook = {"TELEGRAM_BOT_TOKEN": "1:a", "TRUCO_WEBHOOK_URL": "http://example.org/hook"}
    with pytest.raises(ConfigError, match="must be an https:// address"):
        Settings.from_env(hook)
    own = Settings.from_env({**hook, "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081"})
    assert own is not None and own.webhook_url == "http://example.org/hook"
    with pytest.raises(ConfigError):
        Settings.from_env({**hook, "TRUCO_WEBHOOK_URL": "ftp://example.org/hook",
                           "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081"})
