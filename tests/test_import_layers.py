"""The package's import map: no circle, and no import into a layer above (issue 27, part 4).

The map is read from the modules' source with ``ast``: every ``import`` and ``from ... import``
between ratingkit's modules, those inside functions too (a lazy import is a dependency all the
same).  An import under ``if TYPE_CHECKING:`` never runs: it counts for the layers (a core
module may not even name a rule set's type) but not for the circles.

The layers, lowest first (ARCHITECTURE.md, "Layers"); a module imports its own part of the
package and the layers below it, never a layer above nor another part of its own layer:

0. ``core``
1. the rating systems (``fide``, ``fide1982``, ``fesa``, ``lnmo``) and the readers (``formats``):
   each builds on the core only
2. ``builtin``: the list of the built-in rule sets
3. ``registry``: the rule sets by name (it loads ``builtin``)
4. ``services`` (the ledger, comparisons, pools, FIDE's versions side by side) and
   ``documents`` (the rule documents' clauses, found through the registry)
5. the package's ``__init__`` (its public names)
6. what a person runs: ``cli``, ``workbook``, ``notebook``, ``workshop``
7. ``__main__`` (``python -m ratingkit``: the CLI)
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import ratingkit

PACKAGE = Path(ratingkit.__file__).parent

#: Each part of the package (its first name under ``ratingkit``) and its layer.
LAYERS: Mapping[str, int] = {
    "core": 0,
    "fide": 1,
    "fide1982": 1,
    "fesa": 1,
    "lnmo": 1,
    "formats": 1,
    "builtin": 2,
    "registry": 3,
    "services": 4,
    "documents": 4,
    "__init__": 5,
    "cli": 6,
    "workbook": 6,
    "notebook": 6,
    "workshop": 6,
    "__main__": 7,
}

#: The circles left, through a function-level import, each with the reason it is still there
#: (none since issue 27 part 4 and issue 28 part 2). The test fails on any other circle and on
#: a change of these: fixing one means deleting it here.
KNOWN_CIRCLES: Mapping[frozenset[str], str] = {}


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """``ratingkit/fide/event.py`` -> ``ratingkit.fide.event``; a package is its ``__init__``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                inside.update(id(child) for child in ast.walk(statement))
    return inside


def imports_of(path: Path, name: str, modules: Iterable[str]) -> list[tuple[int, str, bool]]:
    """(line, imported ratingkit module, only for type checking) for every import in the file.
    ``from a import b`` imports the module ``a.b`` where there is one, else ``a``; a name that
    is no module of the package stands for its closest enclosing module."""
    known = set(modules)
    package = name if path.stem == "__init__" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_checking_nodes(tree)
    found: list[tuple[int, str, bool]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join([*base, node.module] if node.module else base)
            else:
                source = node.module or ""
            names = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                for alias in node.names
            ]
        else:
            continue
        for imported in names:
            while imported and imported not in known:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                found.append((node.lineno, imported, id(node) in typing_only))
    return found


def import_map(root: Path = PACKAGE) -> dict[str, list[tuple[int, str, bool]]]:
    modules = package_modules(root)
    return {name: imports_of(path, name, modules) for name, path in modules.items()}


def circles(graph: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion): each is a set of modules that import one another in a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def part_of(module: str) -> str:
    """The part of the package a module belongs to: ``ratingkit.fide.event`` -> ``fide``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def runtime_graph(imports: Mapping[str, list[tuple[int, str, bool]]]) -> dict[str, set[str]]:
    return {
        name: {target for _, target, typing_only in found if not typing_only}
        for name, found in imports.items()
    }


# -- the map itself is right --------------------------------------------------------------------


def _sample_package(tmp_path: Path) -> Path:
    root = tmp_path / "ratingkit"
    for folder in ("core", "fide"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("", encoding="utf-8")
    (root / "__init__.py").write_text("", encoding="utf-8")
    (root / "registry.py").write_text("from . import builtin\n", encoding="utf-8")
    (root / "builtin.py").write_text("from .fide.rules import FIDE\n", encoding="utf-8")
    (root / "core" / "model.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ..fide.rules import FIDE\n"
        "def f():\n"
        "    from .. import registry\n",
        encoding="utf-8",
    )
    (root / "fide" / "rules.py").write_text(
        "import ratingkit.core.model\nfrom ..core.model import f\n", encoding="utf-8"
    )
    return root


def test_the_map_sees_relative_lazy_and_type_checking_imports(tmp_path: Path) -> None:
    root = _sample_package(tmp_path)
    imports = import_map(root)
    assert imports["ratingkit.core.model"] == [
        (3, "ratingkit.fide.rules", True),
        (5, "ratingkit.registry", False),
    ]
    assert imports["ratingkit.registry"] == [(1, "ratingkit.builtin", False)]
    assert imports["ratingkit.fide.rules"] == [
        (1, "ratingkit.core.model", False),
        (2, "ratingkit.core.model", False),
    ]
    # model -> registry -> builtin -> fide.rules -> model, through a lazy import
    assert circles(runtime_graph(imports)) == [
        frozenset(
            {
                "ratingkit.core.model",
                "ratingkit.registry",
                "ratingkit.builtin",
                "ratingkit.fide.rules",
            }
        )
    ]


def test_circles_finds_each_component_once() -> None:
    graph = {"a": ["b"], "b": ["a", "c"], "c": ["d"], "d": ["c"], "e": ["a"], "f": []}
    assert sorted(map(sorted, circles(graph))) == [["a", "b"], ["c", "d"]]
    assert circles({"a": ["b"], "b": ["c"], "c": []}) == []


# -- the package ----------------------------------------------------------------------------------


def test_every_part_of_the_package_has_a_layer() -> None:
    assert {part_of(name) for name in package_modules()} <= set(LAYERS)


def test_no_import_circle_but_the_known_ones() -> None:
    found = set(circles(runtime_graph(import_map())))
    assert found == set(KNOWN_CIRCLES)


def test_no_module_imports_a_layer_above_or_beside_it() -> None:
    """Also under TYPE_CHECKING: the core does not even name a rule set's type."""
    bad = [
        f"{name}:{line}: imports {target} ({part_of(target)}, layer {LAYERS[part_of(target)]})"
        for name, found in import_map().items()
        for line, target, _ in found
        if part_of(target) != part_of(name) and LAYERS[part_of(target)] >= LAYERS[part_of(name)]
    ]
    assert bad == []


def test_the_core_imports_nothing_above_it() -> None:
    """The core is what everything builds on: no lazy import of the registry or a rule set."""
    bad = [
        f"{name}:{line}: imports {target}"
        for name, found in import_map().items()
        if part_of(name) == "core"
        for line, target, _ in found
        if part_of(target) != "core"
    ]
    assert bad == []


def test_the_core_has_no_circle_even_through_type_checking_imports() -> None:
    """The core's modules do not even name one another's types in a circle (issue 27: model,
    outcome, players and fileio were one; the notes they all write now lie below them)."""
    imports = import_map()
    core = {
        name: {target for _, target, _ in found if part_of(target) == "core"}
        for name, found in imports.items()
        if part_of(name) == "core"
    }
    assert circles(core) == []
