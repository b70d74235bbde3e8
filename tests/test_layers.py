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
