"""A bounded memo of the newest entries: the web table's per-version work, done once.

A change of a table is read by every open page of it: each page's stream parses the
stored table and draws its reader's view. What one version of a table gives never
changes (a version is saved once), so the parsed table is kept per (table, version)
and a reader's view per (table, version, reader, language): the mover's answer and
their own stream then draw it once, and a spectator's refresh costs nothing. The
oldest entries go first once ``size`` is reached.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> V:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._entries)
