"""The hard bot's tuning: one frozen dataclass, every field with the reason for its value."""

from __future__ import annotations

import ast
import dataclasses
import inspect

import pytest

from chatbot.ai import params
from chatbot.ai.params import HARD, HardParams


def test_every_field_says_why() -> None:
    """Each field stands right under a comment that gives the reason for its value."""
    lines = inspect.getsource(params).splitlines()
    tree = ast.parse("\n".join(lines))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "HardParams")
    fields = [n for n in cls.body if isinstance(n, ast.AnnAssign)]
    assert len(fields) == len(dataclasses.fields(HardParams)) > 40
    silent = [ast.unparse(f.target) for f in fields
              if not lines[f.lineno - 2].strip().startswith("#")]  # the line above the field
    assert silent == []


def test_the_tuning_cannot_be_changed_under_the_bot() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        HARD.prior = 0.5  # type: ignore[misc]
    assert HardParams() == HARD  # the default instance is the defaults
