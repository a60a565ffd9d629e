"""The readers and writers import no rule set (issue 15: the formats build on the core only).

The imports are read from the modules' source (every ``import`` statement, also those inside
functions), so a lazy import of a rule set is caught too."""

from __future__ import annotations

import ast
from pathlib import Path

import ratingkit.formats

FORMATS = Path(ratingkit.formats.__file__).parent
#: What a reader may not import: the rating systems, the services built on them, the rule
#: sets' list, the CLI and the notebook layer.
FORBIDDEN = (
    "ratingkit.fide",
    "ratingkit.fide1982",
    "ratingkit.fesa",
    "ratingkit.lnmo",
    "ratingkit.services",
    "ratingkit.builtin",
    "ratingkit.cli",
    "ratingkit.notebook",
)


def _module_name(path: Path) -> str:
    parts = ["ratingkit", path.parent.name]
    if path.stem != "__init__":
        parts.append(path.stem)
    return ".".join(parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in the file."""
    module = _module_name(path)
    package = module if path.stem == "__init__" else module.rsplit(".", 1)[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            # ``from .. import fesa`` names the module in the alias
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return found


def _forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def test_the_check_sees_relative_and_lazy_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from ..lnmo import parse_grade\n"
        "from .. import fesa\n"
        "def f():\n"
        "    import ratingkit.services.ledger\n"
        "from ..core.model import Event\n",
        encoding="utf-8",
    )
    names = [name for _, name in _imports(sample)]
    assert [n for n in names if _forbidden(n)] == [
        "ratingkit.lnmo",
        "ratingkit.lnmo.parse_grade",
        "ratingkit.fesa",
        "ratingkit.services.ledger",
    ]
    assert "ratingkit.core.model" in names
    assert not _forbidden("ratingkit.fideish") and not _forbidden("ratingkit.core.fide")


def test_formats_import_no_rule_set() -> None:
    files = sorted(FORMATS.glob("*.py"))
    assert {f.stem for f in files} >= {"trf", "fesatable", "clubcsv", "csvpair", "scorecsv"}
    bad = [
        f"{path.name}:{line}: imports {name}"
        for path in files
        for line, name in _imports(path)
        if _forbidden(name)
    ]
    assert bad == []


def test_the_core_imports_only_the_core() -> None:
    """The core is what everything builds on: it imports no reader, rating system, service or
    notebook code, not even lazily (issue 27: the registry, which loads ratingkit.builtin, lives
    above the systems in ratingkit.registry; tests/test_import_layers.py holds every layer)."""
    core = FORMATS.parent / "core"
    files = sorted(core.glob("*.py"))
    assert {f.stem for f in files} >= {"model", "outcome", "report", "ruleset", "players"}
    bad = [
        f"{path.name}:{line}: imports {name}"
        for path in files
        for line, name in _imports(path)
        if name.startswith("ratingkit") and not name.startswith("ratingkit.core")
    ]
    assert bad == []
