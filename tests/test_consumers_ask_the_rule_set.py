"""Issue 27: what a rule set is, the rule set says.  No consumer (the CLI, the services, the
notebook's widgets and plots, the workshop, the formats) decides by a rule set's name or class:
it reads a member of the rule set (``desk_default_for``, ``written_formats``, ``lineage``,
``listed`` ...).  Checked on the syntax tree, so that a new ``rules.name == "fesa"`` fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "ratingkit"
CONSUMERS = ("cli", "services", "notebook", "workshop", "formats")
#: The rule set classes of the built-in systems (a consumer never isinstance-checks them).
RULE_SET_CLASSES = {"Fide2014", "Fide2022", "Fide2024", "Fide1982", "FesaRules", "LnmoRules"}
#: What holds a rule set's name in the consumers (``rules.name``, ``report.rules``).
NAME_HOLDERS = {"name", "rules", "rule_set"}


def _files() -> list[Path]:
    found: list[Path] = []
    for part in CONSUMERS:
        path = PACKAGE / part
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def _is_rule_set_name(node: ast.AST) -> bool:
    """``x.name`` or ``x.rules`` where x is spelt like a rule set or a report."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr in NAME_HOLDERS
        and isinstance(node.value, ast.Name | ast.Attribute)
        and any(word in ast.unparse(node.value) for word in ("rule", "report"))
    )


def _literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    return isinstance(node, ast.Tuple | ast.List | ast.Set) and all(map(_literal, node.elts))


def _is_prefix_test(node: ast.AST) -> bool:
    """``report.rules.startswith(...)``: a family told by its name's prefix."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("startswith", "endswith")
        and _is_rule_set_name(node.func.value)
    )


def _is_class_test(node: ast.AST) -> bool:
    """``isinstance(rules, Fide2014)`` and the like."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return False
    if node.func.id != "isinstance" or len(node.args) != 2:
        return False
    return bool(
        {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)} & RULE_SET_CLASSES
    )


def decisions_by_name(source: str) -> list[str]:
    """Every place ``source`` compares a rule set's name to a literal (``==``, ``in``,
    ``.startswith``) or isinstance-checks a rule set class."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(map(_is_rule_set_name, sides)) and any(map(_literal, sides)):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif _is_prefix_test(node) or _is_class_test(node):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize(
    "source",
    [
        'if rules.name == "fide-1982": pass',
        'if report.rules.startswith("fesa"): pass',
        'if rule_set.name in ("fesa", "fesa-2011"): pass',
        "if isinstance(rules, Fide2014): pass",
        "if isinstance(rules, (FesaRules, LnmoRules)): pass",
    ],
)
def test_the_check_finds_a_decision_by_name_or_class(source):
    # the check itself can fail: each of these is what issue 27 removed from the consumers
    assert decisions_by_name(source)


def test_the_check_lets_a_member_through():
    source = (
        'if "fesa" in get_rule_set(report.rules).written_formats: pass\n'
        "if SCORE_TABLE in rules.desk_default_for: pass\n"
        "if rules.name in by_name: pass\n"
    )
    assert decisions_by_name(source) == []


def test_no_consumer_decides_by_a_rule_sets_name_or_class():
    found = [
        f"{path.relative_to(PACKAGE)} {place}"
        for path in _files()
        for place in decisions_by_name(path.read_text(encoding="utf-8"))
    ]
    assert found == []
