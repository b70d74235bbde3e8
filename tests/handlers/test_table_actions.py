"""The table actions every front end shares (chatbot/handlers/table_actions.py).

The terminal game and the game service (Telegram, the web table) reach a table only
through these actions: the module is the one under chatbot/handlers that fires the
machine, and both front ends build a ``TableActions`` over their store. Each action is
then played here through the terminal's in-memory store, and a lobby through the
stored tables of the service, to show that both stores come to the same table.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from chatbot.fsm import events as TE
from chatbot.fsm.errors import Refused
from chatbot.fsm.table import Table
from chatbot.handlers.service import GameService
from chatbot.handlers.table_actions import (
    Changed,
    Memory,
    TableActions,
    advice,
    open_table,
)
from chatbot.rules.events import Event, GameWon, SenaMade
from chatbot.storage import Repository

HANDLERS = Path(__file__).resolve().parents[2] / "chatbot" / "handlers"
CORE = HANDLERS / "table_actions.py"
ANA, BIA = 1, 2


def machine_importers() -> set[str]:
    """The modules under chatbot/handlers that import the machine's ``fire`` (or the
    machine module itself, through which it could be called)."""
    found: set[str] = set()
    for path in HANDLERS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = {alias.name for alias in node.names}
                reaches = ((node.module == "chatbot.fsm.machine" and bool(names & {"fire", "*"}))
                           or (node.module == "chatbot.fsm" and "machine" in names))
            else:
                reaches = isinstance(node, ast.Import) and any(
                    alias.name == "chatbot.fsm.machine" for alias in node.names)
            if reaches:
                found.add(path.relative_to(HANDLERS).as_posix())
    return found


def imports_of(path: Path, module: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == module:
            names.update(alias.name for alias in node.names)
    return names


def test_only_the_table_actions_fire_the_machine_in_the_handlers() -> None:
    assert machine_importers() == {"table_actions.py"}


# Service methods that act without the table actions' judgement: ``act`` fires a bare
# trigger (tests set tables up with it), ``perform`` and ``carry_out`` take any plan.
BYPASSES = {"act", "perform", "carry_out"}
FRONT_ENDS = [*sorted((HANDLERS / "telegram").rglob("*.py")),
              *sorted((HANDLERS / "web").rglob("*.py")),
              HANDLERS / "lobby_plans.py", HANDLERS / "lobby_presses.py"]


def bypasses(source: str, name: str) -> list[str]:
    """The calls ``x.act(...)``, ``x.perform(...)``, ``x.carry_out(...)`` in ``source``."""
    return [f"{name}:{node.lineno} .{node.func.attr}("
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in BYPASSES]


def test_no_front_end_acts_around_the_table_actions() -> None:
    """Every table action of Telegram and the web table (/leave, /stop, the practice
    table's setup, the come-back button, every lobby button) is a method of
    ``GameService.actions``, so table_actions decides it as it does for the terminal."""
    assert len(FRONT_ENDS) > 40  # the walk found the packages
    assert [call for path in FRONT_ENDS
            for call in bypasses(path.read_text(encoding="utf-8"),
                                 path.relative_to(HANDLERS).as_posix())] == []


def test_the_bypass_check_sees_a_bare_trigger() -> None:
    """The check above catches what /leave did before (a trigger only the machine
    judged) and lets the table actions through."""
    before = "async def leave(deps):\n    await deps.service.act(7, 'stand', 1)\n"
    assert bypasses(before, "before") == ["before:2 .act("]
    assert bypasses("await deps.service.actions.leave(7, 1)", "after") == []


def test_the_terminal_game_and_the_service_act_through_the_same_table_actions() -> None:
    core = "chatbot.handlers.table_actions"
    assert {"TableActions", "Memory", "open_table", "advice"} <= imports_of(
        HANDLERS / "console.py", core)
    assert {"TableActions", "open_table", "due", "apply_steps"} <= imports_of(
        HANDLERS / "service.py", core)
    assert "hint_text" in {n.name for n in ast.parse(
        (HANDLERS / "advice.py").read_text(encoding="utf-8")).body
        if isinstance(n, ast.AsyncFunctionDef)}
    assert "advice" in imports_of(HANDLERS / "advice.py", core)


def test_the_table_actions_load_no_database_stack() -> None:
    assert not any(name.startswith(("chatbot.storage", "sqlalchemy", "sqlmodel", "alembic"))
                   for name in _all_imports(CORE))
    assert not any(name.startswith("chatbot.handlers.")
                   and name not in ("chatbot.handlers.lobby_options",)
                   for name in _all_imports(CORE))


def _all_imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


# ------------------------------------------------------------- in memory
def memory(seed: int = 5) -> TableActions[Table, Changed | None]:
    rng = random.Random(seed)
    return TableActions(Memory(rng, random.Random(rng.random())))


def bot_name(seat: int) -> str:
    return f"Bot {seat}"


def names(table: Table) -> list[str | None]:
    return [s.name if s is not None else None for s in table.seats]


def kinds(changed: Changed | None) -> list[str]:
    assert changed is not None
    return [type(e).__name__ for e in changed.events]


def unchanged_by(table: Table, act: Any) -> Refused:
    """The refusal of ``act`` (a call on the table), which must leave it as it was."""
    before = table.to_dict()
    with pytest.raises(Refused) as refused:
        act()
    assert table.to_dict() == before
    return refused.value


def test_open_seats_its_creator_in_the_lobby() -> None:
    opened = open_table("paulista", 4, {}, ANA, "Ana")
    assert opened.table.state == "lobby" and opened.trigger == "sit"
    assert names(opened.table) == ["Ana", None, None, None]
    assert opened.events == [TE.PlayerSat(0, "Ana", False)]
    assert opened.table.creator == ANA


def test_join_leave_and_add_a_bot() -> None:
    actions, table = memory(), open_table("paulista", 4, {}, ANA, "Ana").table
    assert kinds(actions.join(table, BIA, "Bia")) == ["PlayerSat"]
    assert unchanged_by(table, lambda: actions.join(table, BIA, "Bia")).reason \
        == "already-seated"
    assert names(table) == ["Ana", "Bia", None, None]
    assert kinds(actions.leave(table, BIA)) == ["PlayerLeft"]
    assert unchanged_by(table, lambda: actions.leave(table, BIA)).reason == "not-at-table"
    # a bot asked for a taken seat sits in the first free one
    actions.add_bot(table, bot_name, "easy", seat=3)
    actions.add_bot(table, bot_name, "hard", seat=3)
    assert names(table) == ["Ana", "Bot 1", None, "Bot 3"]
    first, third = table.seats[1], table.seats[3]
    assert first is not None and first.bot_level == "hard"
    assert third is not None and third.bot_level == "easy"
    actions.join(table, BIA, "Bia", team=table.team_of(0))
    assert names(table) == ["Ana", "Bot 1", "Bia", "Bot 3"]
    assert unchanged_by(table, lambda: actions.add_bot(table, bot_name, "easy")).reason \
        == "no-free-seat"


def test_a_press_acts_once_and_a_late_press_acts_on_the_table_as_it_stands() -> None:
    """A button's press (``pressed``) is remembered with its effect: the same press
    again is "done already", another person's press of the same keyboard acts, and a
    refused press is not remembered. The memory is the table's, so it is saved."""
    actions, table = memory(), open_table("paulista", 4, {}, ANA, "Ana").table
    press = [table.seq, ANA, "bot", "1:hard"]
    actions.pressed(press).add_bot(table, bot_name, "hard", 1)
    assert names(table) == ["Ana", "Bot 1", None, None]
    assert unchanged_by(table, lambda: actions.pressed(press).add_bot(
        table, bot_name, "hard", 1)).reason == "already-done"
    actions.pressed([press[0], BIA, "bot", "1:hard"]).add_bot(table, bot_name, "hard", 1)
    assert names(table) == ["Ana", "Bot 1", "Bot 2", None]
    late_start = [press[0], ANA, "start", ""]
    assert unchanged_by(table, lambda: actions.pressed(late_start).start(table)).reason \
        == "table-not-full"
    assert Table.from_dict(table.to_dict()).presses == table.presses
    assert len(table.presses) == 2
    actions.add_bot(table, bot_name, "easy")  # not a press: nothing remembered
    assert len(table.presses) == 2


def test_set_the_game_and_an_option() -> None:
    actions, table = memory(), open_table("paulista", 2, {}, ANA, "Ana").table
    assert kinds(actions.set_game(table, "players", "2")) == ["TableConfigured"]
    assert table.players == 4
    refused = unchanged_by(table, lambda: actions.set_game(table, "players", "2"))
    assert (refused.reason, refused.params["value"]) == ("option-changed", 4)
    actions.set_game(table, "variant", "paulista")
    assert table.variant != "paulista"
    before = table.turn_seconds
    actions.set_option(table, "turn", "60", 60.0)
    assert table.turn_seconds == 90 and before is None
    assert unchanged_by(table, lambda: actions.set_option(table, "turn", "60", 60.0)).reason \
        == "option-changed"


def full_table(seed: int = 5, players: int = 2, **options: Any,
               ) -> tuple[TableActions[Table, Changed | None], Table]:
    actions = memory(seed)
    table = open_table("paulista", players, options, ANA, "Ana").table
    for seat in range(1, players):
        actions.add_bot(table, bot_name, "normal", seat)
    return actions, table


def test_start_deals_and_a_second_start_is_refused() -> None:
    actions, table = full_table()
    assert unchanged_by(table, lambda: memory().start(
        open_table("paulista", 2, {}, ANA, "Ana").table)).reason == "table-not-full"
    changed = actions.start(table)
    assert "GameStarted" in kinds(changed) and table.state.startswith("hand_")
    assert unchanged_by(table, lambda: actions.start(table)).reason == "game-started"


def until_anas_turn(actions: TableActions[Table, Changed | None], table: Table) -> None:
    """The table goes on by itself (bots, deals) until Ana may move."""
    for _ in range(200):
        match = table.match
        assert match is not None and table.state != "finished"
        if table.rules.legal(match, 0):
            return
        assert actions.proceed(table, table.seq) is not None
    raise AssertionError("Ana never got a turn")


def test_a_move_checks_the_seat_and_the_turn() -> None:
    actions, table = full_table()
    actions.start(table)
    until_anas_turn(actions, table)
    match = table.match
    assert match is not None
    move = table.rules.legal(match, 0)[0]
    assert unchanged_by(table, lambda: actions.play(table, ANA, move, table.seq - 1)).reason \
        == "stale"
    assert unchanged_by(table, lambda: actions.play(table, BIA, move, table.seq)).reason \
        == "not-at-table"
    seq = table.seq
    changed = actions.play(table, ANA, move, seq)
    assert changed is not None and changed.trigger == "move" and table.seq > seq


def test_proceed_moves_a_bot_deals_the_next_hand_and_ignores_an_old_turn() -> None:
    actions, table = full_table()
    actions.start(table)
    assert actions.proceed(table, table.seq - 1) is None
    seen: set[str] = set()
    for _ in range(400):
        if table.state == "finished":
            break
        match = table.match
        assert match is not None
        if table.state != "scoring" and table.rules.legal(match, 0):
            actions.play(table, ANA, table.rules.legal(match, 0)[0], table.seq)
            continue
        changed = actions.proceed(table, table.seq)
        assert changed is not None
        seen.add(changed.trigger)
    assert table.state == "finished"
    assert {"move", "next_hand"} <= seen


def test_hint_rematch_and_stop() -> None:
    actions, table = full_table()
    actions.start(table)
    until_anas_turn(actions, table)
    match = table.match
    assert match is not None
    asked = advice(table, 0, table.seq)
    action, reason = asked.search()
    assert action in table.rules.legal(match, 0) and reason
    assert unchanged_by(table, lambda: advice(table, 1, table.seq)).reason == "not-your-turn"
    assert unchanged_by(table, lambda: actions.rematch(table)).reason == "game-started"
    assert unchanged_by(table, lambda: actions.rematch(table, 99)).reason == "not-at-table"
    events: list[Event] = []
    while table.state != "finished":
        match = table.match
        assert match is not None
        if table.state != "scoring" and table.rules.legal(match, 0):
            changed = actions.play(table, ANA, table.rules.legal(match, 0)[0], table.seq)
        else:
            changed = actions.proceed(table, table.seq)
        assert changed is not None
        events += changed.events
    assert any(isinstance(e, GameWon) for e in events)
    assert "GameStarted" in kinds(actions.rematch(table))
    assert kinds(actions.stop(table)) == ["TableClosed"] and table.state == "closed"


def test_come_back_brings_an_away_player_back() -> None:
    actions, table = full_table()
    actions.start(table)
    assert unchanged_by(table, lambda: actions.come_back(table, 0)).reason == "not-away"
    info = table.seats[0]
    assert info is not None
    info.away = True
    assert kinds(actions.come_back(table, 0)) == ["PlayerReturned"] and not info.away


def dealt_with_senas() -> tuple[TableActions[Table, Changed | None], Table, Changed]:
    """Four at Paulista with señas, dealt so that a bot signals and Ana may: the bots'
    señas already made."""
    for seed in range(40):
        actions, table = full_table(seed, 4, senas="on")
        actions.start(table)
        assert table.match is not None
        available = table.rules.senas_available(table.match, 0)
        told = actions.bot_senas(table)
        if told is not None and available:
            return actions, table, told
    raise AssertionError("no deal of 40 gave both a bot's seña and one for Ana")


def test_senas_of_the_bots_and_of_a_person() -> None:
    """The bots signal once a hand; Ana signals to Bot 2, in this hand only."""
    actions, table, told = dealt_with_senas()
    assert {type(e) for e in told.events} == {SenaMade}
    assert actions.bot_senas(table) is None  # once a hand
    match = table.match
    assert match is not None
    name = table.rules.senas_available(match, 0)[0].name
    refused = unchanged_by(table, lambda: actions.sena(table, ANA, name,
                                                       hand_no=match.hand_no + 1))
    assert refused.reason == "sena-stale"
    mine = actions.sena(table, ANA, name, hand_no=match.hand_no)
    assert mine is not None
    assert any(isinstance(e, SenaMade) and e.seat == 0 for e in mine.events)


# ------------------------------------------------- the service's stored tables
async def test_the_service_and_the_terminal_come_to_the_same_lobby(
        db_engine: AsyncEngine) -> None:
    service = GameService(Repository(db_engine))
    opened = await service.open_table(chat_id=-100, creator_id=ANA, creator_name="Ana",
                                      variant="paulista", players=2)
    stored_id = opened.record.id
    actions, table = memory(), open_table("paulista", 2, {}, ANA, "Ana").table
    steps: list[tuple[str, tuple[Any, ...]]] = [
        ("set_game", ("players", "2")), ("join", (BIA, "Bia")),
        ("add_bot", (bot_name, "easy")), ("leave", (BIA,)), ("add_bot", (bot_name, "hard")),
        ("add_bot", (bot_name, "normal")),
    ]
    for name, args in steps:
        outcome = await getattr(service.actions, name)(stored_id, *args)
        changed = getattr(actions, name)(table, *args)
        assert outcome is not None and changed is not None
        assert outcome.events == changed.events, name
    record = await service.repo.get_table(stored_id)
    assert record is not None
    assert Table.from_dict(record.game).to_dict() == table.to_dict()
    assert names(table) == ["Ana", "Bot 1", "Bot 2", "Bot 3"]
    with pytest.raises(Refused) as refused:
        await service.actions.join(stored_id, BIA, "Bia")
    assert refused.value.reason == "no-free-seat"
