"""The README's first command: ``ratingkit-workbook`` opens JupyterLab on copies of the
notebooks, so that working in the workbook leaves the tracked notebooks as they are."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from ratingkit import workbook
from ratingkit.core.errors import RatingkitError

#: A bare environment, but Jupyter's data folder is the run's own (tests/isolation.py): the
#: workbook signs its copies there, never in the user's.
_BARE_ENV = {
    "PYTHONPATH": str(ROOT),
    "PATH": "/usr/bin:/bin",
    "JUPYTER_DATA_DIR": os.environ["JUPYTER_DATA_DIR"],
}


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    (root / "notebooks").mkdir(parents=True)
    for name in ("00-start-here.ipynb", "01-fide-2014.ipynb"):
        shutil.copy2(ROOT / "notebooks" / name, root / "notebooks" / name)
    return root


def test_the_copies_are_made_once_and_never_overwritten(tmp_path):
    root = _project(tmp_path)
    folder = workbook.prepare(root)
    assert sorted(p.name for p in folder.iterdir()) == [
        ".jupyterlab-settings",
        "00-start-here.ipynb",
        "01-fide-2014.ipynb",
    ]
    # JupyterLab's own default asks whether to fetch Jupyter's news: the workbook says no
    overrides = json.loads((folder / ".jupyterlab-settings" / "overrides.json").read_text())
    news = overrides["@jupyterlab/apputils-extension:notification"]
    assert news == {"fetchNews": "false", "checkForUpdates": False}
    (folder / "01-fide-2014.ipynb").write_text("my work")
    original = (root / "notebooks" / "01-fide-2014.ipynb").read_bytes()
    workbook.prepare(root)
    assert (folder / "01-fide-2014.ipynb").read_text() == "my work"
    assert (root / "notebooks" / "01-fide-2014.ipynb").read_bytes() == original
    workbook.prepare(root, fresh=True)
    assert (folder / "01-fide-2014.ipynb").read_bytes() == original
    assert (root / "workbook.old" / "01-fide-2014.ipynb").read_text() == "my work"


def test_jupyterlab_opens_at_the_root_with_the_start_notebook(tmp_path):
    root = _project(tmp_path)
    folder = workbook.prepare(root)
    command = workbook.lab_command(root, folder, port=8899, token="abc")
    assert command[:4] == [sys.executable, "-m", "jupyter", "lab"]
    assert "--ip=127.0.0.1" in command and "--no-browser" in command
    assert f"--ServerApp.root_dir={root}" in command and "--port=8899" in command
    assert "--ServerApp.default_url=/lab/tree/workbook/00-start-here.ipynb" in command
    assert f"--LabApp.app_settings_dir={folder / '.jupyterlab-settings'}" in command
    url = workbook.start_url(folder, root, 8899, "abc")
    # the file browser at the project root (where the examples are), not the copies' folder
    assert url == (
        "http://127.0.0.1:8899/lab/tree/workbook/00-start-here.ipynb?token=abc&file-browser-path=/"
    )


def test_the_command_runs_from_the_project_root(tmp_path):
    root = _project(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "ratingkit.workbook", "--dry-run"],
        cwd=root,
        capture_output=True,
        text=True,
        env=_BARE_ENV,
    )
    assert done.returncode == 0, done.stderr
    assert "--ServerApp.default_url=/lab/tree/workbook/00-start-here.ipynb" in done.stdout
    # Any other folder: the workbook is made there from the notebooks and the examples that
    # came with the package (issue 26, 7); from this checkout, the checkout's own.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "ratingkit.workbook", "--dry-run"],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        env=_BARE_ENV,
    )
    assert done.returncode == 0, done.stderr
    assert f"--ServerApp.root_dir={elsewhere}" in done.stdout
    assert _names(elsewhere / "workbook", "*.ipynb") == _names(ROOT / "notebooks", "*.ipynb")
    assert _names(elsewhere / "examples", "**/*") == _names(ROOT / "examples", "**/*")


def _names(folder: Path, pattern: str) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.glob(pattern))


def test_in_another_folder_the_installed_copies_are_the_source(tmp_path, monkeypatch):
    """Installed from a wheel there is no checkout: ``shipped()`` gives the installed
    ``share/ratingkit`` folder (tests/test_install.py builds and installs a real wheel); the
    notebooks go to ``workbook/``, the examples to ``examples/`` beside it (the notebooks'
    ``../examples``), and a file the user already has there is never overwritten."""
    installed = tmp_path / "share" / "ratingkit"
    (installed / "notebooks").mkdir(parents=True)
    (installed / "examples" / "lnmo-club").mkdir(parents=True)
    start = '{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n'
    (installed / "notebooks" / "00-start-here.ipynb").write_text(start)
    (installed / "examples" / "a.trf").write_text("shipped a")
    (installed / "examples" / "lnmo-club" / "games.csv").write_text("shipped games")
    monkeypatch.setattr(workbook, "shipped", lambda: installed)
    folder = tmp_path / "officer"
    (folder / "examples").mkdir(parents=True)
    (folder / "examples" / "a.trf").write_text("my a")
    made = workbook.prepare(folder)
    assert made == folder / "workbook"
    assert (made / "00-start-here.ipynb").read_text() == start
    assert (folder / "examples" / "a.trf").read_text() == "my a"
    assert (folder / "examples" / "lnmo-club" / "games.csv").read_text() == "shipped games"
    monkeypatch.setattr(workbook, "shipped", lambda: None)
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    with pytest.raises(RatingkitError, match="none installed with ratingkit"):
        workbook.prepare(nowhere)


def test_git_ignores_the_working_copies():
    ignored = subprocess.run(
        ["git", "check-ignore", "workbook/00-start-here.ipynb"], cwd=ROOT, capture_output=True
    )
    assert ignored.returncode == 0
