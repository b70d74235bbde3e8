"""Variant name -> rules class; the one place that knows every variant."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from chatbot.rules.base import TrickRules
from chatbot.rules.mineiro import MineiroRules
from chatbot.rules.paulista import PaulistaRules

VARIANTS: dict[str, type[TrickRules]] = {
    PaulistaRules.name: PaulistaRules,
    MineiroRules.name: MineiroRules,
}


class UnknownVariant(KeyError):
    pass


def rules_class(variant: str) -> type[TrickRules]:
    try:
        return VARIANTS[variant]
    except KeyError:
        raise UnknownVariant(variant) from None


@lru_cache(maxsize=256)
def _cached(variant: str, frozen: tuple[tuple[str, Any], ...]) -> TrickRules:
    return rules_class(variant)(dict(frozen))


def rules_for(variant: str, options: dict[str, Any] | None = None) -> TrickRules:
    """The rules object of a variant with these options (shared, it holds no game state)."""
    return _cached(variant, tuple(sorted((options or {}).items())))
