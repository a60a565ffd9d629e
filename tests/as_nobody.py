"""Running ratingkit as the user ``nobody`` wherever the checkout is (issue 26, 5).

Some tests prove what a user without write access sees; as root they would prove nothing
(root ignores file modes), so they run a subprocess as ``nobody`` with ``setpriv``.  That user
cannot enter a checkout in a private folder (a clone under a home directory that is 0700, a
folder from ``mktemp -d``), nor its ``.venv``.  So the session prepares, in a temporary folder
that everyone may read, what those subprocesses import: a copy of the package and of the
distributions the command line imports (hard links where the file system allows, copies
otherwise), and finds a Python interpreter of this version that ``nobody`` may run.  When there
is none, the tests skip and say why.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement

SETPRIV = ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")

#: Of pyproject.toml's dependencies, those only the notebooks import.
NOTEBOOK_ONLY = frozenset({"matplotlib", "ipywidgets"})


def _cli_distributions() -> tuple[str, ...]:
    """What ``python -m ratingkit`` imports beyond the standard library: pyproject.toml's
    dependencies (read, so that a new one cannot be forgotten here) less :data:`NOTEBOOK_ONLY`;
    their own requirements come along."""
    import tomllib

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    names = (Requirement(text).name for text in project["project"]["dependencies"])
    return tuple(name for name in names if name not in NOTEBOOK_ONLY)


CLI_DISTRIBUTIONS = _cli_distributions()

#: Run as ``nobody``: everything the subprocesses need imports, and from the prepared copy.
_PROBE = """
import sys
import babel.numbers, charset_normalizer, numpy, openpyxl, pandas, typing_extensions
import ratingkit.cli, ratingkit.services.ledger, ratingkit.services.ledgerfile
print(sys.version_info[:2] == tuple(map(int, sys.argv[1].split("."))), ratingkit.__file__)
"""


def unavailable() -> str | None:
    """Why no test can run as ``nobody`` here, or None."""
    if os.name != "posix" or os.geteuid() != 0:
        return "runs ratingkit as 'nobody' with setpriv (root ignores file modes): needs root"
    if shutil.which("setpriv") is None:
        return "runs ratingkit as 'nobody' with setpriv, which is not installed"
    return None


@dataclass(frozen=True)
class Nobody:
    """A Python interpreter ``nobody`` may run and the folder it imports ratingkit from."""

    python: str
    library: Path

    def command(self, *arguments: str) -> list[str]:
        # -s: no user site-packages; -B: no .pyc written (nobody may not write there).
        return [*SETPRIV, self.python, "-s", "-B", *arguments]

    def run(self, *arguments: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self.command(*arguments),
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd="/",
            env={**os.environ, "PYTHONPATH": str(self.library)},
        )


def _link_or_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)
    os.chmod(target, 0o644 if not os.access(source, os.X_OK) else 0o755)


def _distributions(names: tuple[str, ...]) -> Iterator[importlib.metadata.Distribution]:
    """The named distributions and, recursively, what they require (no extras)."""
    seen: set[str] = set()
    waiting = list(names)
    while waiting:
        name = waiting.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # an optional platform requirement that is not installed here
        yield distribution
        for text in distribution.requires or ():
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                waiting.append(requirement.name)


def prepare(folder: Path, package: Path) -> Path:
    """Fill ``folder``/lib with ``package`` (the checkout's ``ratingkit``) and the files of
    the distributions the command line imports; returns the lib folder."""
    library = folder / "lib"
    for path in package.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            _link_or_copy(path, library / "ratingkit" / path.relative_to(package))
    for distribution in _distributions(CLI_DISTRIBUTIONS):
        for file in distribution.files or ():
            if file.parts[0] == ".." or "__pycache__" in file.parts:
                continue  # scripts outside site-packages; compiled files are not needed
            source = Path(str(file.locate()))
            if source.is_file():
                _link_or_copy(source, library / file)
    for path in [folder, *(p for p in library.rglob("*") if p.is_dir())]:
        os.chmod(path, 0o755)
    return library


def _interpreters() -> Iterator[str]:
    """This Python, under every name it may have; ``nobody`` may be able to run only some."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [
        sys.executable,
        os.path.realpath(sys.executable),
        getattr(sys, "_base_executable", ""),
        shutil.which(f"python{version}", path="/usr/local/bin:/usr/bin:/bin") or "",
    ]
    seen: set[str] = set()
    for candidate in candidates:
        if candidate and candidate not in seen:
            seen.add(candidate)
            yield candidate


def find(library: Path) -> Nobody | str:
    """The interpreter ``nobody`` can run ratingkit with from ``library``, or why none."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    failures = []
    for python in _interpreters():
        nobody = Nobody(python, library)
        try:
            probe = nobody.run("-c", _PROBE, version, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as error:
            failures.append(f"{python}: {error}")
            continue
        words = probe.stdout.split()
        if probe.returncode == 0 and words[:1] == ["True"] and words[1].startswith(str(library)):
            return nobody
        last = (probe.stderr.strip().splitlines() or [probe.stdout.strip()])[-1]
        failures.append(f"{python}: {last}")
    return "'nobody' can run no Python {} with ratingkit from {}: {}".format(
        version, library, "; ".join(failures)
    )


def readable_folder(prefix: str) -> Path:
    """A fresh folder that everyone may enter, outside pytest's temporary tree (root's, 0700)
    and in /tmp where there is one (a TMPDIR may be private too)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir="/tmp" if os.path.isdir("/tmp") else None))
    os.chmod(folder, 0o755)
    return folder
