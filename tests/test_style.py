"""ruff and mypy, configured in pyproject.toml, run with the tests so style and types cannot rot."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT


def _ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_ruff_lint():
    result = _ruff("check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format():
    result = _ruff("format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_no_errors(tmp_path):
    """mypy --strict on the whole package (pyproject.toml's [tool.mypy]; issue 27); the cache
    goes to a temporary folder, so the checkout stays clean."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy"), "ratingkit"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
