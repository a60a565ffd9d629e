"""The README's Python examples run as doctests, from the project root (the paths they read
are the examples'), so the README stays true."""

from __future__ import annotations

import doctest
import os

from conftest import ROOT


def test_readme_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted >= 10, result
    assert result.failed == 0, result
    assert os.getcwd() == str(ROOT)
