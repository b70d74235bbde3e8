"""The shared flow is closed: a variant overrides only the hooks TrickRules names."""

from __future__ import annotations

import inspect

import pytest

from chatbot.rules.base import TrickRules
from chatbot.rules.registry import VARIANTS, rules_class


def _own_classes(variant: str) -> list[type]:
    """The variant's class and those between it and TrickRules (BrazilianRules...)."""
    mro = rules_class(variant).__mro__
    return list(mro[:mro.index(TrickRules)])


def _methods() -> dict[str, object]:
    return {name: value for name, value in vars(TrickRules).items()
            if inspect.isfunction(value)}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_variant_overrides_only_hooks(variant: str) -> None:
    base = _methods()
    overridden = {name for cls in _own_classes(variant) for name in vars(cls) if name in base}
    assert overridden - TrickRules.HOOKS == set()


def test_every_method_but_the_hooks_is_final() -> None:
    methods = _methods()
    assert set(methods) >= TrickRules.HOOKS
    not_final = {name for name, f in methods.items()
                 if name not in TrickRules.HOOKS and not getattr(f, "__final__", False)}
    assert not_final == set()


def test_the_flow_a_newcomer_would_override_is_closed() -> None:
    """The methods issue 11 found overridden, private ones included."""
    for name in ("_on_play", "_on_accept", "_on_run", "legal", "why_illegal", "check",
                 "new_match", "apply", "deal"):
        assert name not in TrickRules.HOOKS
        assert getattr(vars(TrickRules)[name], "__final__", False), name
