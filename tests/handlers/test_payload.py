"""Button payloads: round trip, the 64-byte limit, and forged or damaged data refused."""

from __future__ import annotations

import base64
import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chatbot.handlers.payload import (
    MAX_BYTES,
    BadPayload,
    Payload,
    PayloadCodec,
    chat_scope,
    peek,
    user_scope,
)

CODEC = PayloadCodec(b"secret")
GROUP = chat_scope(-1001234567890)
fields = st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ23456789-", min_size=0, max_size=8)


@given(code=fields.filter(bool), seq=st.integers(0, 10**9), action=fields, arg=fields)
def test_round_trip_within_telegrams_limit(code: str, seq: int, action: str, arg: str) -> None:
    data = CODEC.encode(Payload(code, seq, action, arg), GROUP)
    assert len(data.encode()) <= MAX_BYTES
    assert CODEC.decode(data, GROUP) == Payload(code, seq, action, arg) == peek(data)


def test_forged_payloads_are_refused() -> None:
    data = CODEC.encode(Payload("K7X2QA", 17, "play", "4C"), GROUP)
    forged = data.replace("|17|", "|18|")
    with pytest.raises(BadPayload):
        CODEC.decode(forged, GROUP)
    with pytest.raises(BadPayload):
        PayloadCodec(b"another secret").decode(data, GROUP)
    for junk in ["", None, "hello", data[:-1], data + "x", "1" + data[1:], "3" + data[1:],
                 "x" * 65]:
        with pytest.raises(BadPayload):
            CODEC.decode(junk, GROUP)


def test_a_payload_works_only_where_it_was_sent() -> None:
    """Signed for its chat (or the user an inline result was offered to): the same data
    pressed in another chat, or chosen by another user, fails the signature."""
    data = CODEC.encode(Payload("-", 0, "solo", "paulista:2"), chat_scope(1001))
    assert CODEC.decode(data, chat_scope(1001)).action == "solo"
    for elsewhere in (chat_scope(1002), chat_scope(-1001), user_scope(1001)):
        with pytest.raises(BadPayload):
            CODEC.decode(data, elsewhere)
    inline = CODEC.encode(Payload("K7X2QA", 3, "move", "truco"), user_scope(1001))
    with pytest.raises(BadPayload):
        CODEC.decode(inline, chat_scope(1001))


def test_separator_cannot_be_smuggled_in() -> None:
    with pytest.raises(ValueError):
        CODEC.encode(Payload("AB|C", 1, "play"), GROUP)


def version_1(body: str, secret: bytes = b"secret") -> str:
    """A payload as the bot signed them before scopes (to test an upgrade)."""
    digest = hmac.new(secret, body.encode(), hashlib.sha256).digest()
    return f"{body}|{base64.urlsafe_b64encode(digest[:6]).decode().rstrip('=')}"


def test_version_1_table_buttons_survive_an_upgrade_menus_do_not() -> None:
    """A table message drawn before the upgrade keeps working until it is redrawn (the
    handlers bind it to the table's chat and its message); a version-1 button of no
    table, like the old /start menu that could be replayed in a group, is refused."""
    old = version_1("1|K7X2QA|17|move|truco")
    assert CODEC.decode(old, GROUP) == Payload("K7X2QA", 17, "move", "truco")
    for refused in (version_1("1|-|0|solo|paulista:2"), version_1("1|K7X2QA|17|move|truco",
                                                                    b"another secret"),
                    old.replace("|17|", "|18|")):
        with pytest.raises(BadPayload):
            CODEC.decode(refused, GROUP)
