"""The README says the workbook's widgets show at once (issue 26, part 3): JupyterLab draws a
widget's stored view only in a trusted notebook, from the state kept in the notebook's
metadata (``widgets`` / ``application/vnd.jupyter.widget-state+json``, with ``state``,
``version_major`` and ``version_minor``, as jupyterlab_widgets' manager reads it).
``ratingkit-workbook`` trusts the copies it makes; where a widget is not drawn (an untrusted
notebook) its plain text says what to do in JupyterLab's words.

JupyterLab drawing the stored widgets with nothing run is tested in Chromium by
tests/test_browser.py's workbook test, in the JupyterLab the README's first command starts.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from ratingkit import workbook
from ratingkit.core.i18n import _, language_of
from ratingkit.notebook.widgets.base import Widget

STATE = "application/vnd.jupyter.widget-state+json"
VIEW = "application/vnd.jupyter.widget-view+json"
#: JupyterLab's own menu, as its English interface names it (what the fallback text quotes).
RUN_ALL = "Run > Run All Cells"
#: The notebooks the issue names, and a control each draws from its stored state alone.
DRAWN = {
    "00-start-here.ipynb": ".widget-slider",
    "09-officers-desk.ipynb": ".widget-upload",
}


def _jupyter_dirs(tmp_path: Path) -> dict[str, str]:
    dirs = {}
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        path = tmp_path / name.lower()
        path.mkdir()
        dirs[name] = str(path)
    dirs["MPLCONFIGDIR"] = dirs["IPYTHONDIR"]
    return dirs


def _project(tmp_path: Path, names) -> Path:
    root = tmp_path / "checkout"
    (root / "notebooks").mkdir(parents=True)
    for name in names:
        shutil.copy2(ROOT / "notebooks" / name, root / "notebooks" / name)
    (root / "examples").symlink_to(ROOT / "examples")
    return root


def test_every_notebook_keeps_the_state_of_every_view_it_shows_as_jupyterlab_reads_it():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        saved = notebook["metadata"]["widgets"][STATE]
        # jupyterlab_widgets 3 (ipywidgets 8) reads protocol 2.0 state.
        assert (saved["version_major"], saved["version_minor"]) == (2, 0), path.name
        views = [
            output["data"][VIEW]["model_id"]
            for cell in notebook["cells"]
            if cell["cell_type"] == "code"
            for output in cell.get("outputs", [])
            if VIEW in output.get("data", {})
        ]
        assert views, path.name
        for model_id in views:
            entry = saved["state"][model_id]
            assert {"model_name", "model_module", "model_module_version", "state"} <= set(entry)


def test_the_workbook_trusts_its_fresh_copies_and_saves_widget_state(tmp_path, monkeypatch):
    from nbformat import read
    from nbformat.sign import NotebookNotary

    for name, value in _jupyter_dirs(tmp_path).items():
        monkeypatch.setenv(name, value)
    root = _project(tmp_path, ["00-start-here.ipynb", "01-fide-2014.ipynb"])
    folder = workbook.prepare(root)
    notary = NotebookNotary()
    assert notary.check_signature(read(folder / "00-start-here.ipynb", as_version=4))
    # A copy the user changed is not signed by the workbook (JupyterLab signs what it saves).
    changed = read(folder / "01-fide-2014.ipynb", as_version=4)
    changed.cells[0].source += "\nmy note"
    (folder / "01-fide-2014.ipynb").write_text(json.dumps(changed), encoding="utf-8")
    workbook.prepare(root)
    assert not notary.check_signature(read(folder / "01-fide-2014.ipynb", as_version=4))
    overrides = json.loads((folder / workbook.SETTINGS / "overrides.json").read_text())
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"] == {"saveState": True}


@pytest.mark.parametrize("lang", ["en", "ru", "tr"])
def test_the_fallback_text_says_to_run_the_cell_with_jupyterlabs_menu(lang):
    with language_of(lang):
        text = _(Widget.plain_text)
    assert RUN_ALL in text and "Voila" in text
    if lang != "en":
        assert "run its cell" not in text  # translated, JupyterLab's menu quoted as it reads


def test_the_stored_notebooks_show_the_fallback_text_in_their_language():
    with language_of("ru"):
        russian = _(Widget.plain_text)
    desk = (ROOT / "notebooks" / "09-officers-desk.ru.ipynb").read_text(encoding="utf-8")
    assert json.dumps(f"OfficersDesk: {russian}", ensure_ascii=False) in desk
