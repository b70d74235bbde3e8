"""Who is asking: the user as Telegram signed it in the Mini App's ``initData``.

Telegram hands a Mini App a query string (``initData``) signed for the bot that
opened it: the hash is the HMAC-SHA-256 of every other field, sorted by name and
written ``key=value`` one a line, keyed by the HMAC-SHA-256 of the bot's token
under the key ``WebAppData`` ("Validating data received via the Mini App" in
Telegram's Mini App documentation). That signature is the only source of a
user's identity on the web table: never the URL, the start parameter or a
request's body, which anyone may write.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qsl, urlencode

MAX_AGE = timedelta(days=1)  # an initData older than this is refused


class BadInitData(Exception):
    """The initData is missing, forged, altered, expired or of another bot."""


@dataclass(frozen=True, slots=True)
class WebUser:
    """The signed user: their id, a name to show, and the language their client uses."""

    id: int
    name: str
    language_code: str | None
    start_param: str | None = None  # a direct link's ``startapp`` (signed too)


def secret_key(token: str) -> bytes:
    """The key every initData of this bot is signed with."""
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def check_string(fields: dict[str, str]) -> str:
    """The data-check-string: every field but the hash, sorted, ``key=value`` a line."""
    return "\n".join(f"{k}={v}" for k, v in sorted(fields.items()) if k != "hash")


def sign(fields: dict[str, str], token: str) -> str:
    """The hash Telegram would give these fields (for the tests' and the harness's pages)."""
    return hmac.new(secret_key(token), check_string(fields).encode(), hashlib.sha256).hexdigest()


def verify(init_data: str, token: str, now: datetime | None = None) -> WebUser:
    """The user of a genuine, fresh initData signed for ``token``; BadInitData otherwise."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise BadInitData("unreadable") from None
    fields = dict(pairs)
    if len(fields) != len(pairs):
        raise BadInitData("a field twice")
    given = fields.get("hash", "")
    if not hmac.compare_digest(sign(fields, token), given):
        raise BadInitData("signature")
    try:
        signed_at = datetime.fromtimestamp(int(fields["auth_date"]), UTC)
        user = json.loads(fields["user"])
        user_id = int(user["id"])
    except (KeyError, ValueError, TypeError, OverflowError):
        raise BadInitData("no user") from None
    now = now or datetime.now(UTC)
    if now - signed_at > MAX_AGE or signed_at - now > timedelta(minutes=5):
        raise BadInitData("expired")
    name = " ".join(str(user.get(k) or "") for k in ("first_name", "last_name")).strip()
    language = user.get("language_code")
    return WebUser(user_id, name or str(user_id),
                   language if isinstance(language, str) else None,
                   fields.get("start_param"))


def signed_init_data(token: str, user: dict[str, object], signed_at: datetime,
                     **extra: str) -> str:
    """An initData as Telegram would sign it for ``user`` (tests and local trials)."""
    fields = {"auth_date": str(int(signed_at.timestamp())),
              "user": json.dumps(user, separators=(",", ":")), **extra}
    fields["hash"] = sign(fields, token)
    return urlencode(fields)
