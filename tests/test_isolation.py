"""The run's own plugin (tests/isolation.py): Python's compiled files of this run go to the
run's temporary folder, which starts with links to the installed ones."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pandas
from conftest import ROOT


def test_ratingkit_is_compiled_once_into_the_runs_own_prefix():
    prefix = Path(os.environ["PYTHONPYCACHEPREFIX"])
    assert sys.pycache_prefix == str(prefix)
    assert Path(tempfile.gettempdir()) in prefix.parents
    compiled = Path(importlib.util.cache_from_source(str(ROOT / "ratingkit" / "__init__.py")))
    assert prefix in compiled.parents and compiled.is_file() and not compiled.is_symlink()


def test_the_prefix_links_the_standard_librarys_and_the_packages_compiled_files():
    for module in (json, pandas):
        source = module.__file__
        assert source is not None
        link = Path(importlib.util.cache_from_source(source))
        installed = Path(source).parent / "__pycache__" / link.name
        assert link.is_symlink() and link.resolve() == installed.resolve(), link


def test_a_process_of_the_run_imports_the_installed_files_without_compiling_them():
    """A child importing pandas writes nothing new into the prefix: every file it needs is a
    link (a module compiled again would appear as a new file)."""
    prefix = Path(os.environ["PYTHONPYCACHEPREFIX"])
    pandas_files = Path(importlib.util.cache_from_source(pandas.__file__)).parent
    before = {p for p in pandas_files.rglob("*.pyc") if not p.is_symlink()}
    subprocess.run([sys.executable, "-c", "import pandas"], check=True)
    after = {p for p in pandas_files.rglob("*.pyc") if not p.is_symlink()}
    assert after == before
    assert prefix in pandas_files.parents
