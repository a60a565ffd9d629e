"""The README's first command: ``ratingkit-workbook`` opens JupyterLab on copies of the
notebooks, so that working in the workbook leaves the tracked notebooks as they are."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

from ratingkit import workbook

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
    elsewhere = subprocess.run(
        [sys.executable, "-m", "ratingkit.workbook", "--dry-run"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=_BARE_ENV,
    )
    assert elsewhere.returncode == 2 and "no notebooks/ folder" in elsewhere.stderr


def test_git_ignores_the_working_copies():
    ignored = subprocess.run(
        ["git", "check-ignore", "workbook/00-start-here.ipynb"], cwd=ROOT, capture_output=True
    )
    assert ignored.returncode == 0
