from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parent.parent


@pytest.fixture
def data_dir() -> Path:
    return DATA


@pytest.fixture
def root_dir() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def nobody():
    """Runs Python as the user ``nobody`` with ratingkit importable from a copy everyone may
    read, wherever the checkout is (tests/as_nobody.py); skips with the reason where that
    cannot be."""
    import shutil

    import as_nobody

    reason = as_nobody.unavailable()
    if reason is not None:
        pytest.skip(reason)
    folder = as_nobody.readable_folder("ratingkit-as-nobody-")
    try:
        found = as_nobody.find(as_nobody.prepare(folder, ROOT / "ratingkit"))
        if isinstance(found, str):
            pytest.skip(found)
        yield found
    finally:
        shutil.rmtree(folder, ignore_errors=True)


#: Test files whose tests share one worker under pytest-xdist (``-n auto`` in pyproject.toml;
#: every other test goes alone to whichever worker is free), by the name of the group: a
#: fixture or cache that several tests share is then made once, not once on each worker.
#: test_install.py builds and installs one wheel for all its tests (module fixtures);
#: test_style.py runs ruff and mypy on the checkout with their caches in it;
#: test_widgets_desk.py loads a 2,000-player event into a desk for four tests (a module
#: fixture); the files that read tests/sweep.py (every example under every rule set in every
#: language, cached a session: some 35 s of CPU) share one.  A notebook's cells always share
#: one: nbval runs them in order in one kernel.
SHARED_WORKER: dict[str, str] = {
    "test_install.py": "install",
    "test_style.py": "style",
    "test_widgets_desk.py": "desk",
    "test_language_sweep.py": "sweep",
    "test_citations.py": "sweep",
    "test_reports_readable.py": "sweep",
}


def pytest_xdist_make_scheduler(config, log):
    """xdist's scope scheduling (the largest groups first), each test its own scope but for
    the groups above and the notebooks.  (``--dist loadgroup`` with ``xdist_group`` marks would
    say the same, but pytest-xdist 3.8 renames the items' ids in a way pytest 9 ignores.)"""
    from xdist.scheduler import LoadScopeScheduling

    class SharedWorkerGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return worker_scope(nodeid)

    return SharedWorkerGroups(config, log)


#: The files of the longest single tests, longest first (measured with ``--durations``:
#: browsers, served notebooks, killed processes, Hypothesis runs of whole periods).  They are
#: started first, so that the last minutes of a run are not one long test on one worker while
#: the other waits (xdist hands out the groups above first, the largest first, then single
#: tests in the order collected).  Only the order changes; within a file it is kept.
LONG_FIRST: tuple[str, ...] = (
    "test_workshop.py",
    "test_browser.py",
    "test_ledgerfile.py",
    "test_bench.py",
    "test_ledger_faults.py",
    "test_fide_fast_period.py",
    "test_workbook.py",
    "test_fuzz_readers.py",
    "test_fesatable_properties.py",
    "test_trf_properties.py",
    "test_report.py",
    "test_csv_properties.py",
    "test_fesa_outcome.py",
)


def pytest_collection_modifyitems(config, items):
    """The files of :data:`LONG_FIRST` first, in its order (a stable sort: every worker
    collects the same order, and each file's and notebook's own order is kept)."""
    rank = {name: index for index, name in enumerate(LONG_FIRST)}
    items.sort(
        key=lambda item: rank.get(item.nodeid.split("::", 1)[0].rsplit("/", 1)[-1], len(rank))
    )


def worker_scope(nodeid: str) -> str:
    """The scope a test is scheduled in: its group's name, its notebook, or its own id."""
    path = nodeid.split("::", 1)[0]
    group = SHARED_WORKER.get(path.rsplit("/", 1)[-1])
    if group is not None:
        return f"group:{group}"
    return path if path.endswith(".ipynb") else nodeid


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can tell that the test failed
    (the browser tests save a screenshot then)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
