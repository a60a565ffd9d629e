"""Open the workbook in JupyterLab without touching the tracked notebooks.

``ratingkit-workbook`` (the README's first command) copies ``notebooks/`` into ``workbook/``
beside it (a folder git ignores) the first time, and opens JupyterLab at the project root with
``workbook/00-start-here.ipynb`` open: the examples and the package are browsable, and what
one types, runs or saves lands in the copies, so ``git status`` stays clean.  The copies sit
at the same depth as ``notebooks/``, so their paths (``../examples``) work unchanged.  A
notebook added to ``notebooks/`` later is copied on the next start; a copy already there is
never overwritten (``--fresh`` makes new copies of all, keeping the old ones as
``workbook.old/``).

Installed from a wheel (issue 26, 7) there is no checkout: the package ships the notebooks and
the examples (``pyproject.toml``'s ``data-files``, under ``share/ratingkit/``), and
``ratingkit-workbook`` run in any other folder makes the workbook there from those installed
copies: ``workbook/`` with the notebooks and ``examples/`` beside it, so the notebooks'
``../examples`` paths and the desk's example list find them.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import secrets
import shutil
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from .core.errors import RatingkitError
from .core.i18n import _, tr

#: The notebook the workbook opens with.
START = "00-start-here.ipynb"


def shipped() -> Path | None:
    """The folder that holds the notebooks and the examples that came with the package:
    the checkout beside the package when it is imported from one (an editable install),
    else the copies installed with it (``share/ratingkit/``, found through the
    distribution's own file list, wherever the installer put them); None if neither."""
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "notebooks").is_dir():
        return checkout
    try:
        files = importlib.metadata.distribution("ratingkit").files or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.as_posix().endswith(f"share/ratingkit/notebooks/{START}"):
            return Path(str(file.locate())).resolve().parent.parent
    return None


def _copy_missing(source: Path, target: Path) -> None:
    """Copy the files under ``source`` that ``target`` does not have yet (a file there is the
    user's and is never overwritten)."""
    for path in sorted(source.rglob("*")):
        copy = target / path.relative_to(source)
        if path.is_dir():
            copy.mkdir(parents=True, exist_ok=True)
        elif not copy.exists():
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)


def prepare(root: Path, *, fresh: bool = False) -> Path:
    """The working copy of the notebooks under ``root`` (made or completed now); returns its
    folder.  A project root's own ``notebooks/`` is the source; in any other folder the
    notebooks installed with the package are, and the examples are copied beside them."""
    source = root / "notebooks"
    examples: Path | None = None
    if not source.is_dir():
        installed = shipped()
        if installed is None:
            raise RatingkitError(
                tr(
                    "{root}: no notebooks/ folder here and none installed with ratingkit; "
                    "reinstall ratingkit or run from the project root",
                    root=root,
                )
            )
        source, examples = installed / "notebooks", installed / "examples"
    target = root / "workbook"
    if fresh and target.exists():
        old = root / "workbook.old"
        if old.exists():
            shutil.rmtree(old)
        target.rename(old)
    target.mkdir(exist_ok=True)
    for notebook in sorted(source.glob("*.ipynb")):
        copy = target / notebook.name
        if not copy.exists():
            shutil.copy2(notebook, copy)
        if copy.read_bytes() == notebook.read_bytes():
            trust(copy)
    if examples is not None and examples.is_dir():
        _copy_missing(examples, root / "examples")
    settings = target / SETTINGS
    settings.mkdir(exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2) + "\n")
    return target


def trust(notebook: Path) -> None:
    """Sign ``notebook`` as trusted in the user's Jupyter data folder (``jupyter trust``).

    JupyterLab draws a widget's stored view (``application/vnd.jupyter.widget-view+json``,
    from the state kept in the notebook's metadata) only in a trusted notebook: in an untrusted
    one it shows the output's plain text instead, until the cell is run.  A copy of a tracked
    notebook holds only outputs the project made, so the workbook trusts it; a copy the user
    changed is left to JupyterLab, which signs what it saves.  Without nbformat (installed
    with JupyterLab) there is nothing to sign for."""
    if importlib.util.find_spec("nbformat") is None:
        return
    import nbformat
    from nbformat.sign import NotebookNotary

    try:
        # nbformat has no annotations
        read = nbformat.read(notebook, as_version=nbformat.NO_CONVERT)  # type: ignore[no-untyped-call]
    except ValueError as error:  # nbformat's NotJSONError: a damaged copy, said in one line
        raise RatingkitError(
            tr("{notebook}: not a notebook ({error})", notebook=notebook, error=error)
        ) from None
    try:
        NotebookNotary().sign(read)  # type: ignore[no-untyped-call]
    except OSError:
        # A data folder that cannot be written leaves the copy untrusted: the workbook still
        # opens, and each widget's plain text says to run its cell.
        return


#: The workbook's JupyterLab settings folder (in the copies' folder) and the defaults it
#: overrides: JupyterLab does not ask whether to fetch Jupyter's news (it would fetch nothing:
#: the server's news feed is off) nor check for updates; and a notebook saved in the workbook
#: keeps its widgets' state in its metadata (jupyterlab_widgets' ``saveState``, off by
#: default), so that the views its outputs name are drawn when it is opened again.
SETTINGS = ".jupyterlab-settings"
LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True},
}


def lab_command(root: Path, folder: Path, *, port: int, token: str) -> list[str]:
    """The JupyterLab command line: served on 127.0.0.1 at ``port`` with ``token``, no browser
    started, root allowed where the user is root, the project root as its folder and the
    start notebook the page it opens on."""
    start = (folder / START).relative_to(root).as_posix()
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--ip=127.0.0.1",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        f"--ServerApp.default_url=/lab/tree/{start}",
        # Nothing reaches the internet: no news feed, no check for a newer JupyterLab.
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.app_settings_dir={folder / SETTINGS}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    return command


def start_url(folder: Path, root: Path, port: int, token: str) -> str:
    """The address that opens the workbook on its start notebook (JupyterLab prints only its
    launcher's), with the file browser at the project root, where the examples are
    (JupyterLab's ``file-browser-path``; without it the browser shows the notebook's folder)."""
    start = (folder / START).relative_to(root).as_posix()
    return f"http://127.0.0.1:{port}/lab/tree/{start}?token={token}&file-browser-path=/"


def free_port(first: int = 8888, tries: int = 50) -> int:
    """The first port from ``first`` on that nothing listens on at 127.0.0.1."""
    for port in range(first, first + tries):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RatingkitError(
        tr(
            "no free port from {first} to {last}; give --port",
            first=first,
            last=first + tries - 1,
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="ratingkit-workbook",
        description=_("open the workbook in JupyterLab, on copies of the notebooks"),
    )
    parser.add_argument("--fresh", action="store_true", help=_("start again from the originals"))
    parser.add_argument("--port", type=int, help=_("the port to serve on (default: JupyterLab's)"))
    parser.add_argument(
        "--dry-run", action="store_true", help=_("prepare the copies and print the command only")
    )
    args = parser.parse_args(argv)
    root = Path.cwd()
    try:
        folder = prepare(root, fresh=args.fresh)
    except (RatingkitError, OSError) as exc:
        print(tr("ratingkit-workbook: error: {message}", message=exc), file=sys.stderr)
        return 2
    try:
        port = args.port or free_port()
    except RatingkitError as exc:
        print(tr("ratingkit-workbook: error: {message}", message=exc), file=sys.stderr)
        return 2
    token = secrets.token_hex(24)
    command = lab_command(root, folder, port=port, token=token)
    if not args.dry_run and importlib.util.find_spec("jupyterlab") is None:
        print(
            _(
                "ratingkit-workbook: error: JupyterLab is not installed in this environment; "
                "install it with: .venv/bin/pip install -e '.[lab]'"
            ),
            file=sys.stderr,
        )
        return 2
    if args.dry_run:
        print(" ".join(command))
        return 0
    print(
        tr(
            "The workbook (copies of the notebooks in {folder}/): open\n\n    {url}\n",
            folder=folder.name,
            url=start_url(folder, root, port, token),
        ),
        flush=True,
    )
    os.execv(command[0], command)
    return 0  # pragma: no cover (execv does not return)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
