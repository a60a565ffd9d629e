"""The package's size limits (issue 27, part 4, "No circles, no giants"): no function over
cyclomatic complexity 25 and no module of ``ratingkit/`` over 1,000 lines.

ruff's C901 holds the first in pyproject.toml (``[tool.ruff.lint.mccabe]``), so
tests/test_style.py fails on a new complex function; this file holds both limits function by
function and module by module.  The functions and modules still over a limit are listed below,
each with the part of the work that owns it and the reason it is still there.  The lists may
only shrink: a test fails when an entry is no longer over its limit, so whoever brings it under
deletes it here (and its file's C901 line in pyproject.toml's per-file-ignores).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path

from conftest import ROOT

MAX_COMPLEXITY = 25
MAX_MODULE_LINES = 1000

#: (module's path, function's name) -> why it is still over MAX_COMPLEXITY (none left).
KNOWN_COMPLEX_FUNCTIONS: Mapping[tuple[str, str], str] = {}

#: module's path -> why it is still over MAX_MODULE_LINES (none left: the CLI, the report, the
#: TRF format and the desk were split by issue 27 part 4).
KNOWN_GIANT_MODULES: Mapping[str, str] = {}


def complex_functions(folder: Path) -> set[tuple[str, str]]:
    """(path relative to ROOT, function) for every function over MAX_COMPLEXITY: ruff's C901
    run without the project's configuration, so that no per-file ignore hides one."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--no-cache",
            "--select",
            "C901",
            "--config",
            f"lint.mccabe.max-complexity={MAX_COMPLEXITY}",
            "--output-format",
            "json",
            str(folder),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr
    found = set()
    for diagnostic in json.loads(result.stdout):
        path = Path(diagnostic["filename"])
        name = diagnostic["message"].split("`")[1]
        found.add(
            (path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name, name)
        )
    return found


def module_lines(folder: Path, root: Path = ROOT) -> dict[str, int]:
    """Each module's path relative to ``root`` and its number of lines."""
    return {
        path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(folder.rglob("*.py"))
    }


# -- the checks see what they claim to see --------------------------------------------------------


def _function_with_ifs(name: str, count: int) -> str:
    """A function of ``count`` plain ``if`` statements: McCabe's complexity is the decisions
    plus one, so count + 1."""
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(count))
    return f"def {name}(x):\n{body}    return -1\n"


def test_the_complexity_check_flags_26_and_not_25(tmp_path: Path) -> None:
    (tmp_path / "sample.py").write_text(
        _function_with_ifs("at_the_limit", 24) + "\n\n" + _function_with_ifs("over_it", 25),
        encoding="utf-8",
    )
    assert complex_functions(tmp_path) == {("sample.py", "over_it")}


# -- the package ----------------------------------------------------------------------------------


def test_the_ruff_configuration_holds_the_complexity_limit() -> None:
    """tests/test_style.py runs ruff with pyproject.toml: C901 is selected at 25, and a file is
    exempt only while one of its functions is listed here."""
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"][
        "lint"
    ]
    assert "C901" in lint["select"]
    assert lint["mccabe"]["max-complexity"] == MAX_COMPLEXITY
    exempt = {path for path, rules in lint["per-file-ignores"].items() if "C901" in rules}
    assert exempt == {path for path, _ in KNOWN_COMPLEX_FUNCTIONS}


def test_no_function_over_complexity_25_but_the_known_ones() -> None:
    found = complex_functions(ROOT / "ratingkit")
    assert sorted(found - set(KNOWN_COMPLEX_FUNCTIONS)) == [], "new functions over the limit"
    assert sorted(set(KNOWN_COMPLEX_FUNCTIONS) - found) == [], (
        "no longer over the limit: delete them from KNOWN_COMPLEX_FUNCTIONS and their file's "
        "C901 line in pyproject.toml"
    )


def test_no_module_over_1000_lines_but_the_known_ones() -> None:
    giants = {
        path for path, lines in module_lines(ROOT / "ratingkit").items() if lines > MAX_MODULE_LINES
    }
    assert sorted(giants - set(KNOWN_GIANT_MODULES)) == [], "new modules over 1,000 lines"
    assert sorted(set(KNOWN_GIANT_MODULES) - giants) == [], (
        "no longer over 1,000 lines: delete them from KNOWN_GIANT_MODULES"
    )


def test_the_line_count_is_the_files_lines(tmp_path: Path) -> None:
    folder = tmp_path / "ratingkit"
    folder.mkdir()
    (folder / "small.py").write_text("a = 1\nb = 2\n", encoding="utf-8")
    (folder / "big.py").write_text("x = 0\n" * (MAX_MODULE_LINES + 1), encoding="utf-8")
    assert module_lines(folder, tmp_path) == {
        "ratingkit/big.py": MAX_MODULE_LINES + 1,
        "ratingkit/small.py": 2,
    }
