"""The docs name files that exist: every relative Markdown link and every path in
backquotes (``docs/…``, ``chatbot/…``, ``tests/…``) of the README and ``docs/``, and
every ``docs/…`` path a source file's comments point to.

Docs describe the code as it is; a renamed module or a moved measurement leaves a
dangling name, which this catches.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# docs/spec/ is the reference specification, kept as it was given: it describes the
# product wanted, not this code, so its names are not checked against the tree.
PAGES = sorted([ROOT / "README.md",
                *(page for page in (ROOT / "docs").rglob("*.md")
                  if not page.is_relative_to(ROOT / "docs" / "spec"))])
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
QUOTED = re.compile(r"`((?:docs|chatbot|tests|scenarios)/[\w./@-]*[\w/])`")
IN_CODE = re.compile(r"\bdocs/[\w./-]+\.(?:md|json|png)")


def missing_names(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    links = [page.parent / target for target in LINK.findall(text)
             if "://" not in target and not target.startswith("mailto:")]
    quoted = [ROOT / path for path in QUOTED.findall(text)]
    return sorted({str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
                   for path in links + quoted if not path.resolve().exists()})


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_name_on_a_page_exists(page: Path) -> None:
    assert missing_names(page) == []


def test_every_docs_path_in_the_code_exists() -> None:
    sources = sorted([*(ROOT / "chatbot").rglob("*.py"), *(ROOT / "tests").rglob("*.py")])
    dangling = {
        f"{source.relative_to(ROOT)}: {name}"
        for source in sources
        for name in IN_CODE.findall(source.read_text(encoding="utf-8"))
        if not (ROOT / name).exists()
    }
    assert dangling == set()
