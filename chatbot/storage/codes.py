"""Short game codes, typed or tapped into inline queries to name a table."""

from __future__ import annotations

import secrets

# No 0/O, 1/I/L: codes are read off a phone screen and sometimes typed.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6  # 31**6, about 887 million codes: collisions are rare and retried


def new_code(length: int = LENGTH) -> str:
    """A random code; unguessable, so it doubles as a weak capability."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normalize_code(text: str) -> str:
    """What a user typed, in the stored spelling (codes are case-insensitive)."""
    return text.strip().upper()
