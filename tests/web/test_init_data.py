"""The web table knows a user only from Telegram's signature of the page's initData."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl, urlencode

import pytest

from chatbot.handlers.web.init_data import BadInitData, signed_init_data, verify

TOKEN = "123456:test-token"
NOW = datetime(2026, 12, 6, 19, 0, tzinfo=UTC)
ANA = {"id": 7001, "first_name": "Ana", "last_name": "Lima", "language_code": "pt-br"}


def test_a_genuine_init_data_names_its_user() -> None:
    data = signed_init_data(TOKEN, ANA, NOW - timedelta(hours=2), start_param="ABC123")
    user = verify(data, TOKEN, NOW)
    assert (user.id, user.name, user.language_code, user.start_param) == (
        7001, "Ana Lima", "pt-br", "ABC123")


def test_a_forged_hash_is_refused() -> None:
    fields = dict(parse_qsl(signed_init_data(TOKEN, ANA, NOW)))
    fields["hash"] = "0" * 64
    with pytest.raises(BadInitData):
        verify(urlencode(fields), TOKEN, NOW)


def test_an_altered_user_is_refused() -> None:
    fields = dict(parse_qsl(signed_init_data(TOKEN, ANA, NOW)))
    fields["user"] = fields["user"].replace("7001", "7002")
    with pytest.raises(BadInitData):
        verify(urlencode(fields), TOKEN, NOW)


def test_an_added_field_is_refused() -> None:
    with pytest.raises(BadInitData):
        verify(signed_init_data(TOKEN, ANA, NOW) + "&start_param=OTHER", TOKEN, NOW)


def test_one_older_than_a_day_is_refused() -> None:
    data = signed_init_data(TOKEN, ANA, NOW - timedelta(days=1, seconds=1))
    with pytest.raises(BadInitData):
        verify(data, TOKEN, NOW)
    assert verify(signed_init_data(TOKEN, ANA, NOW - timedelta(hours=23)), TOKEN, NOW).id == 7001


def test_another_bots_init_data_is_refused() -> None:
    with pytest.raises(BadInitData):
        verify(signed_init_data("654321:other-bot", ANA, NOW), TOKEN, NOW)


@pytest.mark.parametrize("data", ["", "hash=", "%%%", "user=1&hash=abc", "a=1&a=2"])
def test_garbage_is_refused_without_a_traceback(data: str) -> None:
    with pytest.raises(BadInitData):
        verify(data, TOKEN, NOW)


def test_a_signed_init_data_without_a_user_is_refused() -> None:
    from chatbot.handlers.web.init_data import sign
    fields = {"auth_date": str(int(NOW.timestamp())), "query_id": "q"}
    fields["hash"] = sign(fields, TOKEN)
    with pytest.raises(BadInitData):
        verify(urlencode(fields), TOKEN, NOW)
