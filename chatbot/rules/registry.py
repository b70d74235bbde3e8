"""Variant name -> rules class; the one place that knows every variant.

Classes are imported on first use, so a variant module costs nothing until a
table plays it.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import import_module
from typing import Any

from chatbot.rules.base import TrickRules

VARIANTS: dict[str, str] = {
    "paulista": "chatbot.rules.paulista:PaulistaRules",
    "mineiro": "chatbot.rules.mineiro:MineiroRules",
    "argentino": "chatbot.rules.argentino:ArgentinoRules",
    "le-truc": "chatbot.rules.le_truc:LeTrucRules",
    "put": "chatbot.rules.put:PutRules",
}


# Other names people type for a variant (after lower-casing, with spaces and
# underscores read as hyphens).
ALIASES: dict[str, str] = {
    "argentine": "argentino", "argentina": "argentino", "truco-argentino": "argentino",
    "truco-paulista": "paulista", "truco-mineiro": "mineiro",
    "letruc": "le-truc", "truc": "le-truc",
}


class UnknownVariant(KeyError):
    pass


def find_variant(name: str) -> str | None:
    """The variant a person meant: ``PAULISTA``, ``Le Truc``, ``le_truc`` and
    ``argentine`` are all found; None when nothing matches."""
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    key = ALIASES.get(key, key)
    return key if key in VARIANTS else None


@cache
def rules_class(variant: str) -> type[TrickRules[Any]]:
    path = VARIANTS.get(variant)
    if path is None:
        raise UnknownVariant(variant)
    module, _, name = path.partition(":")
    try:
        found: type[TrickRules[Any]] = getattr(import_module(module), name)
    except (ImportError, AttributeError):
        raise UnknownVariant(variant) from None
    return found


def available_variants() -> list[str]:
    """Variants whose rules can be loaded, in the order players know them."""
    names = []
    for name in VARIANTS:
        try:
            rules_class(name)
        except UnknownVariant:
            continue
        names.append(name)
    return names


@lru_cache(maxsize=256)
def _cached(variant: str, frozen: tuple[tuple[str, Any], ...]) -> TrickRules[Any]:
    return rules_class(variant)(dict(frozen))


def rules_for(variant: str, options: dict[str, Any] | None = None) -> TrickRules[Any]:
    """The rules object of a variant with these options (shared: it holds no game state)."""
    return _cached(variant, tuple(sorted((options or {}).items())))
