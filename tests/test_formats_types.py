"""mypy at its default settings reports no error in the readers, the writers, the player file
and the event model (issue 15, point 5).  Errors of the modules they import (followed, as
mypy does by default) are the business of those modules' own checks."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

CHECKED = (
    "ratingkit/formats/",
    "ratingkit/core/players.py",
    "ratingkit/core/model.py",
    "ratingkit/core/values.py",
)


def test_mypy_finds_no_error_in_the_formats_and_the_model() -> None:
    pytest.importorskip("mypy")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", *CHECKED],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    ours = [
        line
        for line in result.stdout.splitlines()
        if ": error:" in line and line.replace("\\", "/").startswith(CHECKED)
    ]
    assert ours == [], "\n".join(ours)
    assert "error: " not in result.stderr, result.stderr
