"""Button payloads: short, versioned, signed, and checked against the stored turn.

A callback's data is all a client sends back, at most 64 bytes, and anyone can
forge it. Each payload therefore names the table (its code), the turn sequence
it was drawn for, and the action, and carries a truncated HMAC keyed by a
server secret: a forged one fails the signature, an old one fails the sequence.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

VERSION = "1"
SEP = "|"
SIGNATURE_BYTES = 6
MAX_BYTES = 64


class BadPayload(ValueError):
    """Not one of our payloads (forged, truncated, or from another version)."""


@dataclass(frozen=True, slots=True)
class Payload:
    code: str  # the table's short code
    seq: int  # the table's turn sequence when the button was drawn
    action: str  # a short action word ("play", "truco", "join", ...)
    arg: str = ""  # e.g. a card code or a seat number


class PayloadCodec:
    def __init__(self, secret: bytes) -> None:
        if not secret:
            raise ValueError("a payload secret is needed")
        self._secret = secret

    def _sign(self, body: str) -> str:
        digest = hmac.new(self._secret, body.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).decode().rstrip("=")

    def encode(self, payload: Payload) -> str:
        for part in (payload.code, payload.action, payload.arg):
            if SEP in part:
                raise ValueError(f"{SEP!r} cannot appear in a payload field")
        body = SEP.join((VERSION, payload.code, str(payload.seq), payload.action, payload.arg))
        data = f"{body}{SEP}{self._sign(body)}"
        if len(data.encode()) > MAX_BYTES:
            raise ValueError("payload longer than Telegram's 64 bytes")
        return data

    def decode(self, data: str | None) -> Payload:
        if not data or len(data.encode()) > MAX_BYTES:
            raise BadPayload("empty or too long")
        parts = data.split(SEP)
        if len(parts) != 6 or parts[0] != VERSION:
            raise BadPayload("not a payload of this version")
        body, signature = SEP.join(parts[:5]), parts[5]
        if not hmac.compare_digest(signature, self._sign(body)):
            raise BadPayload("bad signature")
        _, code, seq, action, arg = parts[:5]
        if not seq.isdigit():
            raise BadPayload("bad sequence")
        return Payload(code, int(seq), action, arg)
