"""No code outside chatbot/rules compares anything with a variant's name.

What differs between variants is asked of the rules (their data and hooks), so a new
variant needs no line outside its own module. Texts may still be looked up by a variant's
name (its title, its /rules pages): a lookup in a table of texts is not a decision.
"""

from __future__ import annotations

import ast
from pathlib import Path

from chatbot.rules.registry import ALIASES, VARIANTS

ROOT = Path(__file__).resolve().parent.parent / "chatbot"
NAMES = frozenset({*VARIANTS, *ALIASES, *(n.replace("-", "_") for n in VARIANTS)})
# "put" is also a call (A.PUT): compared with a call it is no variant's name.
AMBIGUOUS = frozenset({"put"})


def _names_in(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value in NAMES else []
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [n for elt in node.elts for n in _names_in(elt)]
    return []


def _about_a_variant(node: ast.AST) -> bool:
    text = ast.unparse(node)
    return "variant" in text or text == "name" or text.endswith(".name")


def _offences(path: Path, root: Path = ROOT) -> list[str]:
    """``file:line: code`` of each comparison with, or loop over, variant names."""
    tree = ast.parse(path.read_text(), str(path))
    where = path.relative_to(root.parent)
    found: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            for side in sides:
                others = [s for s in sides if s is not side]
                if any(name not in AMBIGUOUS or any(_about_a_variant(o) for o in others)
                       for name in _names_in(side)):
                    found[node.lineno] = ast.unparse(node)
        elif isinstance(node, ast.For | ast.comprehension) and \
                len(set(_names_in(node.iter))) >= 2:
            found[node.iter.lineno] = f"loop over {ast.unparse(node.iter)}"
    return [f"{where}:{line}: {code}" for line, code in sorted(found.items())]


def _sources() -> list[Path]:
    rules = ROOT / "rules"
    return [p for p in sorted(ROOT.rglob("*.py")) if rules not in p.parents]


def test_no_variant_name_is_compared_outside_the_rules() -> None:
    offences = [o for path in _sources() for o in _offences(path)]
    assert offences == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    """The detector itself: each shape of the old leaks is caught, a call named put is not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        'a = rules.name == "mineiro"\n'
        'b = view.variant == "put"\n'
        'c = "argentino" != table.variant\n'
        'd = variant in ("le-truc", "paulista")\n'
        'for name in ("argentino", "le_truc", "put"):\n    pass\n'
        'e = call == "put"\n'
    )
    offences = _offences(sample, tmp_path / "chatbot")
    assert [o.split(":")[1] for o in offences] == ["1", "2", "3", "4", "5"]
