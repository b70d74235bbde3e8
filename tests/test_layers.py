"""The package's layers: what the running bot imports, and what it must never import.

The fake Bot API lives in ``chatbot.testing`` so that the tests and the bot
benchmark share it; the product must not depend on it (nor on ``tests``), or
an installed bot would carry test code into its start-up path.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "chatbot"
# Folders allowed to import the test doubles: themselves and the benchmarks.
MAY_IMPORT_TESTING = ("testing", "bench")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def runtime_files() -> list[Path]:
    return [path for path in PACKAGE.rglob("*.py")
            if path.relative_to(PACKAGE).parts[0] not in MAY_IMPORT_TESTING]


def test_runtime_code_never_imports_the_test_doubles_or_the_tests() -> None:
    files = runtime_files()
    assert len(files) > 50  # the walk found the package
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(
            name for name in imported_modules(path)
            if name == "tests" or name.startswith(("tests.", "chatbot.testing")))
        for path in files
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_bot_benchmark_takes_the_fake_bot_api_from_the_package() -> None:
    names = imported_modules(PACKAGE / "bench" / "bot.py")
    assert "chatbot.testing.fakebotapi" in names
    assert not any(name.startswith("tests") for name in names)


# The package graph (docs/architecture.md): dependencies point downwards only. A package
# may import packages of a lower layer, never one of its own layer or above. Packages
# of one layer are independent of each other: the state machine, the bots, storage and
# the card pictures each stand on the rules alone, and storage keeps games as JSON
# documents without reading them, so it needs not even the rules.
LAYERS: dict[str, int] = {
    "rules": 0,     # pure rules: nothing of the bot
    "storage": 0,   # tables and migrations: a game is a JSON document to it
    "logs": 0,      # the log format every process shares
    "fsm": 1,       # the table's state machine, over the rules
    "ai": 1,        # the bots, deciding from a rules SeatView
    "cards": 1,     # the card pictures, named by the rules' cards
    "stats": 1,     # players' statistics and ratings, derived from the rules' events
    "i18n": 2,      # every text: rules' events, the machine's tables
    "scenario": 3,  # the scenario runner: rules played out, texts shown
    "handlers": 3,  # the terminal, the service and the Telegram front ends
    # The entry points and what stands beside the product.
    "__main__": 4,        # the truco-bot command
    "testing": 4,         # the fake Bot API and its scripted users
    "console_script": 5,  # the installed script: __main__ behind a quiet Ctrl-C
    "bench": 5,           # the benchmarks, the bot's driven by the fake Bot API
}
# Who may import chatbot.handlers: the commands that start a front end, and the
# benchmarks and test doubles that drive one.
MAY_IMPORT_HANDLERS = {"__main__", "console_script", "bench", "testing"}

# Alembic's revision scripts are loaded by their path, never imported by the package, so
# they stand outside its graph: a back-fill may call the layer it fills for (0009 counts
# the games already logged with the records' own rebuild, chatbot/stats/records.py).
MIGRATION_SCRIPTS = PACKAGE / "storage" / "migrations" / "versions"
BACK_FILLS = {"stats"}


def package_of(path: Path) -> str:
    """The top-level package of a file under chatbot/ (a module file names itself)."""
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def chatbot_imports(path: Path) -> set[str]:
    """The top-level chatbot packages a file imports (relative imports stay in its own)."""
    return {name.split(".")[1] for name in imported_modules(path)
            if name.startswith("chatbot.")}


def package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == PACKAGE:
            continue
        if path.is_relative_to(MIGRATION_SCRIPTS):
            continue
        source = package_of(path)
        graph.setdefault(source, set()).update(chatbot_imports(path) - {source})
    return graph


def test_every_package_has_a_layer() -> None:
    assert set(package_graph()) == set(LAYERS)


def test_rules_and_storage_import_no_other_chatbot_package() -> None:
    graph = package_graph()
    assert graph["rules"] == set()
    assert graph["storage"] == set()


def test_the_migration_scripts_import_only_storage_and_what_they_back_fill() -> None:
    scripts = sorted(MIGRATION_SCRIPTS.glob("*.py"))
    assert len(scripts) > 5  # the glob found the revisions
    imported = set().union(*(chatbot_imports(path) for path in scripts))
    assert imported <= {"storage"} | BACK_FILLS


def test_nothing_in_the_package_imports_a_migration_script() -> None:
    offenders = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                       if any(name.startswith("chatbot.storage.migrations.versions")
                              for name in imported_modules(path)))
    assert offenders == []


def test_only_the_entry_points_import_the_handlers() -> None:
    importers = {source for source, targets in package_graph().items() if "handlers" in targets}
    assert importers <= MAY_IMPORT_HANDLERS


def test_no_import_runs_upward_or_sideways() -> None:
    offenders = sorted(
        (source, target) for source, targets in package_graph().items() for target in targets
        if LAYERS[target] >= LAYERS[source])
    assert offenders == []


def test_the_bots_know_no_text() -> None:
    """The levels' words live in chatbot.i18n.levels; the AI names its levels by code."""
    assert "i18n" not in package_graph()["ai"]
