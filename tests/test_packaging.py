"""The project's own files agree with each other: pyproject.toml, environment.yml, the README's
two commands and .ci/run."""

from __future__ import annotations

import re
import tomllib

from conftest import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
README = (ROOT / "README.md").read_text()


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement, maxsplit=1)[0].lower()


def _conda_dependencies() -> dict[str, str]:
    deps: dict[str, str] = {}
    in_deps = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        match = re.match(r"^  - ([A-Za-z0-9_.\-]+)(.*)$", line)
        if in_deps and match:
            deps[match.group(1).lower()] = match.group(1) + match.group(2).strip()
    return deps


def test_environment_yml_lists_the_same_packages_as_pyproject():
    project = PYPROJECT["project"]
    wanted = list(project["dependencies"])
    for extras in project["optional-dependencies"].values():
        wanted += [r for r in extras if r not in wanted]
    conda = _conda_dependencies()
    conda.pop("python")
    conda.pop("pip")
    assert {_name(r): r.replace(" ", "") for r in wanted} == conda


def test_python_versions_agree():
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert _conda_dependencies()["python"] == "python>=3.11"


def _readme_commands() -> list[str]:
    return re.findall(r"```(?:bash|sh)?\n(.*?)\n```", README, flags=re.S)[:2]


def test_readme_opens_with_two_commands_and_ci_runs_the_second():
    first, second = _readme_commands()
    # The first command opens JupyterLab through ratingkit-workbook (on copies of the
    # notebooks); its command line is checked in tests/test_workbook.py.
    assert first.endswith(".venv/bin/ratingkit-workbook")
    assert "pytest" in second
    ci_lines = [
        line
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert second in ci_lines


def test_ci_script_is_executable():
    import os

    assert os.access(ROOT / ".ci" / "run", os.X_OK)


def test_top_level_is_what_the_project_promises():
    import subprocess

    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if tracked.returncode != 0 or not tracked.stdout:
        import pytest

        pytest.skip("not a git checkout: the top level is checked on tracked files")
    entries = {line.split("/")[0] for line in tracked.stdout.splitlines()}
    entries = {e for e in entries if not e.startswith(".")} - {"examples", "bench"}
    assert entries == {
        "pyproject.toml",
        "README.md",
        "ARCHITECTURE.md",
        "environment.yml",
        "ratingkit",
        "notebooks",
        "tests",
    }
    assert ".ci/run" in tracked.stdout.splitlines()
