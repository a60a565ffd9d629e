"""A pytest plugin (loaded with ``-p tests.isolation`` from pyproject.toml) for every run,
unit tests and notebooks alike.

Jupyter, IPython and matplotlib keep their configuration and runtime files in a temporary
directory for the whole run, so that a user's settings cannot change what the notebooks print
and CI leaves nothing behind.  Kernels that nbval starts inherit this environment.

Python's compiled files go there too (``PYTHONPYCACHEPREFIX``), ratingkit's compiled once
before the workers start: a run starts some hundreds of Python processes (kernels, servers,
the CLI, ledger writers killed on purpose), and where none may be written (a fresh clone, or
``PYTHONDONTWRITEBYTECODE`` set, as in CI), each of them compiled ratingkit again, about half
a second of CPU each.  The checkout itself gets no ``__pycache__`` from a run.
"""

from __future__ import annotations

import compileall
import os
import shutil
import sys
import tempfile
from pathlib import Path

_DIRECTORIES = (
    ("JUPYTER_CONFIG_DIR", "jupyter-config"),
    ("JUPYTER_DATA_DIR", "jupyter-data"),
    ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"),
    ("IPYTHONDIR", "ipython"),
    ("MPLCONFIGDIR", "matplotlib"),
)
_isolated: str | None = None


def pytest_configure(config) -> None:
    global _isolated
    _isolated = tempfile.mkdtemp(prefix="ratingkit-tests-")
    for name, sub in _DIRECTORIES:
        os.environ[name] = os.path.join(_isolated, sub)
        os.makedirs(os.environ[name], exist_ok=True)
    # Only the inline backend draws into notebook outputs; a forced Agg backend empties them.
    os.environ.pop("MPLBACKEND", None)
    if not hasattr(config, "workerinput"):  # the controller; workers and subprocesses inherit
        _compiled_once(Path(_isolated) / "pycache")


def _compiled_once(prefix: Path) -> None:
    os.environ["PYTHONPYCACHEPREFIX"] = str(prefix)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = str(prefix)
    sys.dont_write_bytecode = False
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "ratingkit", quiet=1)


def pytest_unconfigure(config) -> None:
    if _isolated is not None:
        shutil.rmtree(_isolated, ignore_errors=True)
