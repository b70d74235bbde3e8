"""Button payloads: short, versioned, signed for one chat, checked against the stored turn.

A callback's data is all a client sends back, at most 64 bytes, and anyone can
forge it or replay it onto another message (an MTProto client can press any
data on any message it can see). Each payload therefore names the table (its
code, or ``-`` for a button of no table), the turn sequence it was drawn for,
and the action, and carries a truncated HMAC keyed by a server secret over all
of that *and the scope it was sent to*: the chat of the message that carries the
button (``chat_scope``), or the user an inline result was offered to
(``user_scope``). The scope is not written in the data, it is where the press
arrives, so a button replayed in another chat fails the signature at no cost
in bytes. A forged payload fails the signature, an old one fails the sequence;
the handlers also check that the data is on the pressed message's keyboard,
which binds it to its message (docs/architecture.md, "Button binding").
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass

VERSION = "2"  # 2: the signature covers the scope
LEGACY = "1"  # signed without a scope: still on screen when the bot is upgraded
SEP = "|"
SIGNATURE_BYTES = 6
MAX_BYTES = 64
NO_TABLE = "-"  # the code of a button that belongs to no table (menus, rules pages)


class BadPayload(ValueError):
    """Not one of our payloads for this scope (forged, replayed elsewhere, truncated,
    or from another version)."""


@dataclass(frozen=True, slots=True)
class Payload:
    code: str  # the table's short code, or NO_TABLE
    seq: int  # the table's turn sequence when the button was drawn
    action: str  # a short action word ("play", "truco", "join", ...)
    arg: str = ""  # e.g. a card code or a seat number


def chat_scope(chat_id: int) -> str:
    """The scope of a button on a message in chat ``chat_id``."""
    return f"c{chat_id}"


def user_scope(user_id: int) -> str:
    """The scope of an inline result offered to ``user_id`` (it has no chat)."""
    return f"u{user_id}"


class PayloadCodec:
    def __init__(self, secret: bytes) -> None:
        if not secret:
            raise ValueError("a payload secret is needed")
        self._secret = secret

    def _sign(self, scope: str, body: str) -> str:
        digest = hmac.new(self._secret, f"{scope}\x1f{body}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).decode().rstrip("=")

    def encode(self, payload: Payload, scope: str) -> str:
        for part in (payload.code, payload.action, payload.arg):
            if SEP in part:
                raise ValueError(f"{SEP!r} cannot appear in a payload field")
        body = SEP.join((VERSION, payload.code, str(payload.seq), payload.action, payload.arg))
        data = f"{body}{SEP}{self._sign(scope, body)}"
        if len(data.encode()) > MAX_BYTES:
            raise ValueError("payload longer than Telegram's 64 bytes")
        return data

    def decode(self, data: str | None, scope: str) -> Payload:
        """The payload, if it was signed for ``scope`` (where the press arrived).

        A version-1 payload (signed for no scope) is still taken if it names a
        table: table messages drawn before an upgrade keep working until they are
        redrawn, and the handlers bind those to the table's chat and to their
        message anyway. A version-1 button of no table (the old /start menu, which
        could be replayed into a group) is refused.
        """
        if data and data.startswith(LEGACY + SEP):
            return self._legacy(data)
        payload, body, signature = _split(data)
        if not hmac.compare_digest(signature, self._sign(scope, body)):
            raise BadPayload("bad signature for this scope")
        return payload

    def _legacy(self, data: str) -> Payload:
        payload, body, signature = _split(data, LEGACY)
        digest = hmac.new(self._secret, body.encode(), hashlib.sha256).digest()
        expected = base64.urlsafe_b64encode(digest[:SIGNATURE_BYTES]).decode().rstrip("=")
        if not hmac.compare_digest(signature, expected) or payload.code == NO_TABLE:
            raise BadPayload("bad or unbound version-1 payload")
        return payload


def peek(data: str | None) -> Payload:
    """The fields of a payload, signature unchecked: for tests and logs, never to act on."""
    return _split(data)[0]


def _split(data: str | None, version: str = VERSION) -> tuple[Payload, str, str]:
    if not data or len(data.encode()) > MAX_BYTES:
        raise BadPayload("empty or too long")
    parts = data.split(SEP)
    if len(parts) != 6 or parts[0] != version:
        raise BadPayload("not a payload of this version")
    _, code, seq, action, arg = parts[:5]
    if not seq.isdigit():
        raise BadPayload("bad sequence")
    return Payload(code, int(seq), action, arg), SEP.join(parts[:5]), parts[5]
