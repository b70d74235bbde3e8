"""The table options a group lobby offers as buttons, and the values each button cycles through.

Every variant declares many options (``option_specs``), most of them house rules
that only a few players know; the lobby offers the ones people actually agree
on before a game: the deck where there is a choice, the target score where it is
an option, flor and when envido points count in Argentine Truco, and a turn
time for every game. Everything
else keeps its default. The turn time is not a rules option: it is stored on the
table (``Table.turn_seconds``, None meaning the service's default) and only
changes how long a person may think.

No user-facing text here: labels come from :mod:`chatbot.i18n.table_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.rules.errors import SetupError
from chatbot.rules.registry import rules_class

TURN = "turn"  # the turn time's button; not a rules option
TURN_SECONDS: tuple[int, ...] = (30, 60, 90, 120)



def rule_options(variant: str) -> dict[str, tuple[Any, ...]]:
    """The variant's rules options worth a lobby button, each with the values its button
    cycles through: the rules declare them (``lobby_options``; a test checks them against
    the specs)."""
    return dict(rules_class(variant).lobby_options)


@dataclass(frozen=True, slots=True)
class Setting:
    """One lobby button's state: the option, its value now, and the values it cycles through."""

    name: str
    value: Any
    values: tuple[Any, ...]


def offered(variant: str) -> dict[str, tuple[Any, ...]]:
    """The variant's lobby options in button order, the turn time last."""
    return {**rule_options(variant), TURN: TURN_SECONDS}


def turn_seconds(table: Table, default: float) -> int:
    """The table's turn time in whole seconds (its own choice, else the service's)."""
    return table.turn_seconds if table.turn_seconds is not None else round(default)


def settings(table: Table, turn_default: float) -> list[Setting]:
    """The lobby's option buttons for this table, each with the value in force."""
    rules = table.rules
    options = rules.options
    return [Setting(name, turn_seconds(table, turn_default) if name == TURN else options[name],
                    values)
            for name, values in offered(table.variant).items()
            if name == TURN or rules.option_applies(name, table.players)]


def following(values: tuple[Any, ...], value: Any) -> Any:
    """The value after ``value``, round the cycle; a value outside it (set by other means)
    goes to the next larger one, else the first."""
    if value in values:
        return values[(values.index(value) + 1) % len(values)]
    if isinstance(value, int | float):
        return next((v for v in values if v > value), values[0])
    return values[0]


def carry_over(options: dict[str, Any], variant: str) -> dict[str, Any]:
    """The options that still mean something at ``variant``: known to its rules, valid
    there, and one of its offered values when it has a button (a 15-point Argentine
    game does not make a 15-point Le Truc)."""
    specs = rules_class(variant).option_specs
    buttons = rule_options(variant)
    kept: dict[str, Any] = {}
    for name, value in options.items():
        if name not in specs or (name in buttons and value not in buttons[name]):
            continue
        try:
            specs[name].check(name, value)
        except SetupError:
            continue
        kept[name] = value
    return kept


def configure_args(table: Table, name: str, shown: str,
                   turn_default: float) -> tuple[str, int, dict[str, Any], int | None]:
    """The ``configure`` trigger's arguments for one press of an option button.

    ``shown`` is the value the button displayed: when the table has moved on since
    it was drawn (another press, another game), the press is stale and changes
    nothing, so a double click advances one step, not two.
    """
    now = {s.name: s for s in settings(table, turn_default)}.get(name)
    if now is None or str(now.value) != shown:
        raise Refused("stale")
    value = following(now.values, now.value)
    if name == TURN:
        return table.variant, table.players, dict(table.options), value
    options = {**table.options, name: value}
    if value == rules_class(table.variant).option_specs[name].default_value:
        del options[name]  # a default is not stored: equal tables share one rules object
    return table.variant, table.players, options, None
