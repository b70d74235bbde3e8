"""Table options: each variant declares what it accepts, with defaults from rules.md §8."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chatbot.rules.errors import SetupError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its allowed values (the first is the default) or an integer range."""

    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None

    def check(self, name: str, value: Any) -> Any:
        if self.choices:
            if not any(type(value) is type(c) and value == c for c in self.choices):
                allowed = ", ".join(map(str, self.choices))
                raise SetupError(f"option {name} must be one of {allowed}, not {value!r}")
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise SetupError(f"option {name} must be a whole number")
        if self.minimum is not None and value < self.minimum:
            raise SetupError(f"option {name} must be at least {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise SetupError(f"option {name} must be at most {self.maximum}")
        return value

    @property
    def default_value(self) -> Any:
        return self.default if self.default is not None or not self.choices else self.choices[0]


def choice(*values: Any) -> OptionSpec:
    return OptionSpec(choices=values)


def flag() -> OptionSpec:
    return OptionSpec(choices=(False, True))


def resolve_options(specs: dict[str, OptionSpec], given: dict[str, Any]) -> dict[str, Any]:
    """Defaults filled in, unknown names and bad values refused."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise SetupError(f"unknown option {unknown[0]!r}")
    resolved = {name: spec.default_value for name, spec in specs.items()}
    for name, value in given.items():
        resolved[name] = specs[name].check(name, value)
    return resolved
