"""Issue 26, 7: installed, not only cloned.  A rating officer installs a wheel; the wheel and
the sdist carry the notebooks and the examples, ``ratingkit-workbook`` run in an empty folder
makes the workbook there from the installed copies, and Voila serves the officer's desk from
that install, its example list filled from the installed examples.

The wheel is built here from a copy of the sources (offline: ``pip wheel --no-deps
--no-build-isolation --no-index``, with this environment's setuptools), installed with
``--no-deps`` into a fresh venv that borrows this environment's packages through a ``.pth``
file written after the install (pip would otherwise see this environment's ratingkit and skip
the wheel).  The expected lists of files are the checkout's own ``notebooks/`` and
``examples/``, never what the wheel says about itself."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import site
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

#: What a build needs from the checkout (pyproject.toml names README.md as the readme).
SOURCES = ("pyproject.toml", "README.md", "ratingkit", "notebooks", "examples")
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")


def _checkout_files(folder: str) -> set[str]:
    base = ROOT / folder
    return {
        p.relative_to(base).as_posix()
        for p in base.rglob("*")
        if p.is_file() and ".ipynb_checkpoints" not in p.parts
    }


NOTEBOOKS = {name for name in _checkout_files("notebooks") if name.endswith(".ipynb")}
EXAMPLES = _checkout_files("examples")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The wheel and the sdist, built from a copy of the sources (the checkout stays clean:
    an in-tree build would leave ``build/`` and ``ratingkit.egg-info`` in it)."""
    work = tmp_path_factory.mktemp("build")
    source = work / "source"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=IGNORED)
        else:
            shutil.copy2(path, source / name)
    dist = work / "dist"
    wheel = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"),
            *("--no-index", "--no-cache-dir", "--quiet", "--wheel-dir", str(dist), str(source)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert wheel.returncode == 0, wheel.stderr
    sdist = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from setuptools import build_meta; build_meta.build_sdist(sys.argv[1])",
            str(dist),
        ],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert sdist.returncode == 0, sdist.stderr
    return dist


def test_the_wheel_and_the_sdist_carry_every_notebook_and_example(built):
    (wheel,) = built.glob("ratingkit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    marker = "/data/share/ratingkit/"
    shared = [n.split(marker, 1)[1] for n in names if marker in n]
    assert {n.removeprefix("notebooks/") for n in shared if n.startswith("notebooks/")} == (
        NOTEBOOKS
    )
    assert {n.removeprefix("examples/") for n in shared if n.startswith("examples/")} == EXAMPLES
    # the package data the package already had, not lost on the way
    assert any(n.endswith("ratingkit/locale/ru/LC_MESSAGES/cli.po") for n in names)
    (sdist,) = built.glob("ratingkit-*.tar.gz")
    with tarfile.open(sdist) as archive:
        members = {m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()}
    assert {f"notebooks/{n}" for n in NOTEBOOKS} <= members
    assert {f"examples/{n}" for n in EXAMPLES} <= members


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory) -> Path:
    """A fresh venv with the wheel installed (no dependencies fetched: it borrows this
    environment's, offline); returns the venv's folder."""
    venv = tmp_path_factory.mktemp("venv") / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    (wheel,) = built.glob("ratingkit-*.whl")
    install = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "--python", str(python), "install"),
            *("--no-deps", "--no-index", "--no-cache-dir", "--quiet", str(wheel)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr
    own = subprocess.run(
        [str(python), "-c", "import site; print(site.getsitepackages()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # After the install: pandas, ipywidgets, voila ... from this environment, behind the
    # venv's own site-packages (a directory a .pth names has its own .pth files ignored, so
    # this environment's editable ratingkit stays out).
    Path(own, "borrowed-from-the-test-environment.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n"
    )
    return venv


def _clean_env() -> dict[str, str]:
    """This process's environment (its temporary Jupyter folders) without PYTHONPATH, so
    nothing of the checkout can be imported by accident; the Jupyter data the borrowed
    packages installed (Voila's templates) is found in this environment's share/jupyter."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["JUPYTER_PATH"] = str(Path(sys.prefix, "share", "jupyter"))
    return env


def test_the_installed_package_is_the_wheels_not_the_checkouts(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import ratingkit; print(ratingkit.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=_clean_env(),
    )
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed), where.stdout


def test_the_workbook_is_made_in_an_empty_folder_from_the_installed_copies(installed, tmp_path):
    folder = tmp_path / "my-workbook"
    folder.mkdir()
    done = subprocess.run(
        [str(installed / "bin" / "ratingkit-workbook"), "--dry-run"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert f"--ServerApp.root_dir={folder}" in done.stdout
    assert "--ServerApp.default_url=/lab/tree/workbook/00-start-here.ipynb" in done.stdout
    made = {p.name for p in (folder / "workbook").glob("*.ipynb")}
    assert made == NOTEBOOKS
    copied = {p.relative_to(folder / "examples").as_posix() for p in folder.glob("examples/**/*")}
    assert copied >= EXAMPLES
    for name in ("00-start-here.ipynb", "09-officers-desk.ipynb"):
        assert (folder / "workbook" / name).read_bytes() == (ROOT / "notebooks" / name).read_bytes()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def _voila(installed: Path, folder: Path, notebook: str, log: Path) -> Iterator[str]:
    port = _free_port()
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                *(str(installed / "bin" / "python"), "-m", "voila", "--no-browser"),
                *("--Voila.ip=127.0.0.1", f"--port={port}", notebook),
            ],
            cwd=folder,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=_clean_env(),
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                raise AssertionError(f"voila exited: {log.read_text()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"voila was not ready in time: {log.read_text()}")
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def test_voila_serves_the_desk_from_the_install_with_the_installed_examples(installed, tmp_path):
    """The README's desk command for an install (``voila workbook/09-officers-desk.ipynb``
    after ``ratingkit-workbook``): the page is the desk, run by the installed package, and
    every example file the desk lists is one of the installed examples copied beside it."""
    folder = tmp_path / "desk"
    folder.mkdir()
    subprocess.run(
        [str(installed / "bin" / "ratingkit-workbook"), "--dry-run"],
        cwd=folder,
        check=True,
        capture_output=True,
        env=_clean_env(),
        timeout=120,
    )
    log = tmp_path / "voila.log"
    desk = "workbook/09-officers-desk.ipynb"
    with _voila(installed, folder, desk, log) as url, urllib.request.urlopen(url, timeout=300) as r:
        assert r.status == 200
        page = r.read().decode()
    # The notebook ran in the install's kernel: the desk's cell gave its widget (the page
    # draws it from the kernel), and no cell failed.
    assert "application/vnd.jupyter.widget-view+json" in page, log.read_text()
    assert "Traceback" not in page, log.read_text()
    assert "Kernel started" in log.read_text()
    # The desk's cell, run by the installed package in the notebook's folder as Voila runs
    # it: every file of every example it offers is there, under the copied examples.
    check = subprocess.run(
        [str(installed / "bin" / "python"), "-c", DESK_EXAMPLES, "09-officers-desk.ipynb"],
        cwd=folder / "workbook",
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=120,
    )
    assert check.returncode == 0, check.stderr
    offered = json.loads(check.stdout)
    assert len(offered) >= 6, offered
    examples = (folder / "examples").resolve()
    for label, paths in offered.items():
        for path in paths:
            assert Path(path).is_file() and Path(path).is_relative_to(examples), (label, path)


#: Runs the desk notebook's widget cell and prints, for each example it offers, its files.
DESK_EXAMPLES = """
import json, sys
from pathlib import Path
cells = json.loads(Path(sys.argv[1]).read_text())["cells"]
(code,) = [c for c in cells if "OfficersDesk(" in "".join(c["source"])]
scope = {}
exec("".join(code["source"]), scope)
offered = {
    label: [str(Path(p).resolve()) for p in [*events, *([players] if players else [])]]
    for label, (events, players) in scope["desk"].examples.items()
}
print(json.dumps(offered))
"""
