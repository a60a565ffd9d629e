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

A prefix also hides the compiled files pip wrote beside the installed packages and Python's own
library: each module a run imports would be compiled again from its source, once a run (3.6 s
of CPU for what one Jupyter server and its kernel import, paid by several processes at once
at the start).  So the prefix starts with links to those files; a stale one is replaced by a
new file in the prefix, never written through.
"""

from __future__ import annotations

import compileall
import contextlib
import importlib.util
import os
import shutil
import sys
import sysconfig
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
    _link_installed_compiled_files()
    compileall.compile_dir(Path(__file__).resolve().parent.parent / "ratingkit", quiet=1)


def _link_installed_compiled_files() -> None:
    """Link each ``__pycache__/<module>.<tag>.pyc`` of the standard library and the installed
    packages where the prefix (``sys.pycache_prefix``, already set) looks for it."""
    tag = sys.implementation.cache_tag
    roots = sorted({sysconfig.get_paths()[key] for key in ("stdlib", "purelib", "platlib")})
    made: set[str] = set()
    for root in roots:
        for folder, _subfolders, files in os.walk(root):
            if os.path.basename(folder) != "__pycache__":
                continue
            for name in files:
                parts = name.split(".")
                if len(parts) != 3 or parts[1:] != [tag, "pyc"]:
                    continue  # an optimised (.opt-1) file or another Python's
                module = parts[0]
                source = os.path.join(os.path.dirname(folder), module + ".py")
                link = importlib.util.cache_from_source(source)
                if os.path.dirname(link) not in made:
                    os.makedirs(os.path.dirname(link), exist_ok=True)
                    made.add(os.path.dirname(link))
                with contextlib.suppress(FileExistsError):  # a root inside another root
                    os.symlink(os.path.join(folder, name), link)


def pytest_unconfigure(config) -> None:
    if _isolated is not None:
        shutil.rmtree(_isolated, ignore_errors=True)
