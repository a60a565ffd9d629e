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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can tell that the test failed
    (the browser tests save a screenshot then)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
