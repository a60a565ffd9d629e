"""How the suite is spread over pytest-xdist's workers (tests/conftest.py): the tests that
share a costly fixture or cache run on one worker, so that it is made once."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import SHARED_WORKER, worker_scope

TESTS = Path(__file__).parent


def test_a_group_shares_one_scope_and_other_tests_are_their_own():
    assert worker_scope("tests/test_citations.py::test_a") == worker_scope(
        "tests/test_language_sweep.py::test_b[ru]"
    )
    assert worker_scope("tests/test_install.py::test_a") != worker_scope("tests/test_style.py::t")
    assert worker_scope("tests/test_cli.py::test_a") == "tests/test_cli.py::test_a"
    assert worker_scope("tests/test_cli.py::test_a") != worker_scope("tests/test_cli.py::test_b")
    assert worker_scope("notebooks/01-fide-2014.ipynb::Cell 3") == "notebooks/01-fide-2014.ipynb"


def test_the_groups_name_files_that_exist():
    assert sorted(name for name in SHARED_WORKER if not (TESTS / name).is_file()) == []


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def test_every_file_that_reads_the_sweep_is_in_its_group():
    """tests/sweep.py renders every example under every rule set in every language once a
    worker: a file that reads it outside the group makes a second worker render it again."""
    readers = sorted(p.name for p in TESTS.glob("test_*.py") if "sweep" in _imports(p))
    assert readers, "no test file reads tests/sweep.py"
    assert [name for name in readers if SHARED_WORKER.get(name) != "sweep"] == []


def test_the_long_files_exist_and_are_no_group():
    """A long file in a group would be started with its group anyway; a name that no longer
    exists orders nothing."""
    from conftest import LONG_FIRST

    assert sorted(name for name in LONG_FIRST if not (TESTS / name).is_file()) == []
    assert sorted(set(LONG_FIRST) & set(SHARED_WORKER)) == []
    assert len(set(LONG_FIRST)) == len(LONG_FIRST)


def test_the_long_files_come_first_and_each_file_keeps_its_order():
    from types import SimpleNamespace

    from conftest import pytest_collection_modifyitems

    ids = [
        "tests/test_cli.py::a",
        "notebooks/01-fide-2014.ipynb::Cell 0",
        "tests/test_browser.py::b",
        "notebooks/01-fide-2014.ipynb::Cell 1",
        "tests/test_workshop.py::c",
        "tests/test_browser.py::a",
        "tests/test_cli.py::b",
    ]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    pytest_collection_modifyitems(None, items)
    assert [item.nodeid for item in items] == [
        "tests/test_workshop.py::c",
        "tests/test_browser.py::b",
        "tests/test_browser.py::a",
        "tests/test_cli.py::a",
        "notebooks/01-fide-2014.ipynb::Cell 0",
        "notebooks/01-fide-2014.ipynb::Cell 1",
        "tests/test_cli.py::b",
    ]
