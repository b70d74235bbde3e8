"""The rules' events are built through ``filled_by_slots``: the dataclass's signature,
defaults and values, still frozen, only cheaper to build."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from chatbot.rules import events as E
from chatbot.rules import put_events

EVENTS = sorted(
    (cls for module in (E, put_events) for cls in vars(module).values()
     if inspect.isclass(cls) and issubclass(cls, E.Event) and cls is not E.Event
     and cls.__module__ == module.__name__),
    key=lambda cls: cls.__name__)


def dataclass_signature(cls: type) -> list[tuple[str, object, object]]:
    """The parameters a dataclass ``__init__`` takes: positional fields in order, then the
    keyword-only ones, each with its kind and default."""
    params = [(f.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, f.default)
              for f in dataclasses.fields(cls) if not f.kw_only]
    params += [(f.name, inspect.Parameter.KEYWORD_ONLY, f.default)
               for f in dataclasses.fields(cls) if f.kw_only]
    return [(name, kind, inspect.Parameter.empty if default is dataclasses.MISSING
             else default) for name, kind, default in params]


def test_every_event_of_the_rules_is_built_through_its_slots() -> None:
    assert len(EVENTS) >= 18  # the walk found them
    assert all(cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__" for cls in EVENTS)


@pytest.mark.parametrize("cls", EVENTS, ids=lambda cls: cls.__name__)
def test_an_event_takes_and_keeps_what_the_dataclass_would(cls: type) -> None:
    signature = inspect.signature(cls)
    assert [(p.name, p.kind, p.default) for p in signature.parameters.values()] == (
        dataclass_signature(cls))
    values = {f.name: (f"value of {f.name}" if f.default is dataclasses.MISSING else f.default)
              for f in dataclasses.fields(cls) if not f.kw_only}
    event = cls(*values.values(), audience=E.to_seat(1))
    assert {name: getattr(event, name) for name in values} == values
    assert event.audience == E.to_seat(1)
    assert event == cls(**values, audience=E.to_seat(1))
    assert hash(event) == hash(cls(**values, audience=E.to_seat(1)))
    assert cls(*values.values()).audience is E.PUBLIC
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.audience = E.PUBLIC  # type: ignore[misc]
    with pytest.raises(TypeError):
        cls(*values.values(), "one too many")
