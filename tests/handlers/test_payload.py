"""Button payloads: round trip, the 64-byte limit, and forged or damaged data refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chatbot.handlers.payload import MAX_BYTES, BadPayload, Payload, PayloadCodec

CODEC = PayloadCodec(b"secret")
fields = st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ23456789-", min_size=0, max_size=8)


@given(code=fields.filter(bool), seq=st.integers(0, 10**9), action=fields, arg=fields)
def test_round_trip_within_telegrams_limit(code: str, seq: int, action: str, arg: str) -> None:
    data = CODEC.encode(Payload(code, seq, action, arg))
    assert len(data.encode()) <= MAX_BYTES
    assert CODEC.decode(data) == Payload(code, seq, action, arg)


def test_forged_payloads_are_refused() -> None:
    data = CODEC.encode(Payload("K7X2QA", 17, "play", "4C"))
    forged = data.replace("|17|", "|18|")
    with pytest.raises(BadPayload):
        CODEC.decode(forged)
    with pytest.raises(BadPayload):
        PayloadCodec(b"another secret").decode(data)
    for junk in ["", None, "hello", data[:-1], data + "x", "2" + data[1:], "x" * 65]:
        with pytest.raises(BadPayload):
            CODEC.decode(junk)


def test_separator_cannot_be_smuggled_in() -> None:
    with pytest.raises(ValueError):
        CODEC.encode(Payload("AB|C", 1, "play"))
