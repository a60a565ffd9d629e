"""The README's workshop command (issue 17, 5): Voila with ratingkit/workshop/share/voila.json
preheats kernels, culls idle ones within minutes, and serves a page that makes no request
off 127.0.0.1.

The browser test is marked ``browser`` (Debian's /usr/bin/chromium through Playwright, as in
tests/test_browser.py); bench/workshop_room.py times a room of visitors.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import ROOT

WORKSHOP = ROOT / "ratingkit" / "workshop" / "share"
CHROMIUM = Path("/usr/bin/chromium")


def test_the_served_configuration_preheats_on_demand_and_culls_within_minutes():
    config = json.loads((WORKSHOP / "voila.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["preheat_kernel"] is True
    # No pool unless a command asks for one: the desk and the whole workbook keep none.
    assert voila["default_pool_size"] == 0
    assert voila["template"] == "ratingkit"
    assert config["Voila"]["identity_provider_class"] == (
        "ratingkit.workshop.identity.PageIdentityProvider"
    )
    culling = config["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 600
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert config["Voila"]["ip"] == "127.0.0.1"


def test_the_workshop_template_leaves_no_internet_address_in_the_page():
    template = (WORKSHOP / "voila" / "templates" / "ratingkit" / "index.html.j2").read_text()
    base = Path(sys.executable).parent.parent / "share" / "jupyter" / "voila" / "templates"
    lab = (base / "lab" / "index.html.j2").read_text()
    # Every CDN link of Voila's lab template is one the workshop template takes out.
    for link in re.findall(r'<link rel="stylesheet" href="https://[^"]+"[^>]*/>', lab):
        assert link in template, link


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def workshop_server(notebook: str, tmp_path: Path):
    """The README's workshop command on a free port, one preheated kernel; yields its URL."""
    port = _free_port()
    log_path = tmp_path / "voila.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("voila")),
                "--Voila.config_file_paths=ratingkit/workshop/share",
                f"notebooks/{notebook}",
                f"--port={port}",
                "--VoilaConfiguration.default_pool_size=1",
            ],
            cwd=ROOT,
            env={**os.environ, "JUPYTER_PATH": str(WORKSHOP)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"voila exited: {log_path.read_text()}")
            if "is filled with 1 kernel" in log_path.read_text():
                break
            time.sleep(0.3)
        else:
            raise RuntimeError(f"no preheated kernel within 120 s: {log_path.read_text()}")
        yield f"http://127.0.0.1:{port}/"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.browser
def test_the_workshop_app_makes_no_request_off_127_0_0_1(tmp_path):
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    requests: list[str] = []
    failed: list[str] = []
    with (
        workshop_server("06-compare-systems.ipynb", tmp_path) as url,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("request", lambda request: requests.append(request.url))
        page.on("requestfailed", lambda request: failed.append(request.url))
        page.goto(url, timeout=120_000)
        page.wait_for_selector(".widget-dropdown select", timeout=120_000)
        page.wait_for_load_state("networkidle", timeout=60_000)
        page.screenshot(path=str(tmp_path / "workshop.png"), full_page=True)
        # Voila's own bundle declares Font Awesome's font faces (served from 127.0.0.1):
        # the icons do not need the CDN's stylesheet.
        icons = page.evaluate("[...document.fonts].some(f => f.family.includes('Font Awesome'))")
        browser.close()
    web = [u for u in requests if u.startswith(("http:", "https:", "ws:", "wss:"))]
    assert web, "the page made no request at all"
    outside = [u for u in web if urlparse(u).hostname != "127.0.0.1"]
    assert outside == []
    assert not [u for u in failed if urlparse(u).hostname != "127.0.0.1"]
    assert icons


def test_the_readme_workshop_command_is_the_one_tested_here():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("### Workshop mode")
    section = text[start : text.index("\n## ", start)]
    assert (
        "JUPYTER_PATH=$PWD/ratingkit/workshop/share .venv/bin/voila "
        "--Voila.config_file_paths=ratingkit/workshop/share "
        "--VoilaConfiguration.default_pool_size=30 notebooks/06-compare-systems.ipynb"
    ) in section


def test_a_kernel_leaving_the_pool_starts_its_idle_clock_then_is_culled_as_usual():
    import asyncio
    from datetime import timedelta
    from types import SimpleNamespace

    from jupyter_server._tz import utcnow

    from ratingkit.workshop.kernels import WorkshopKernelManager

    manager = WorkshopKernelManager(cull_idle_timeout=60)
    preheated = utcnow() - timedelta(minutes=20)  # idle since its preheating
    kernel = SimpleNamespace(
        execution_state="idle",
        kernel_name="python3",
        kernel_spec=SimpleNamespace(metadata={}),
        last_activity=preheated,
    )
    manager._kernels["k"] = kernel
    shut: list[str] = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    # Handed to a visitor, whose page has not connected yet: not culled, the clock restarts.
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == [] and kernel.last_activity > preheated + timedelta(minutes=19)
    # Within the timeout it stays; past it, with no page connected, it goes.
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == []
    kernel.last_activity = utcnow() - timedelta(seconds=61)
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert shut == ["k"]


#: The README's Voila commands share one configuration (the desk, the workshop, the workbook).
SERVE = (
    "JUPYTER_PATH=$PWD/ratingkit/workshop/share .venv/bin/voila "
    "--Voila.config_file_paths=ratingkit/workshop/share "
)


def test_every_voila_command_of_the_readme_serves_with_the_one_configuration():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = [line for line in text.splitlines() if ".venv/bin/voila" in line]
    targets = {
        "notebooks/09-officers-desk.ipynb",  # the desk
        "--VoilaConfiguration.default_pool_size=30 notebooks/06-compare-systems.ipynb",
        "notebooks/`",  # the whole workbook, to choose from
    }
    assert len(commands) == len(targets)
    for target in targets:
        assert any(SERVE + target in line for line in commands), target


def _kernels_of(server_pid: int) -> int:
    """How many kernel processes the server runs (its children running ipykernel)."""
    import psutil

    children = psutil.Process(server_pid).children(recursive=True)
    count = 0
    for child in children:
        with contextlib.suppress(psutil.Error):
            if any("ipykernel" in part for part in child.cmdline()):
                count += 1
    return count


def _wait_for_kernels(server_pid: int, expected: int, within: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < within:
        if _kernels_of(server_pid) == expected:
            return time.monotonic() - start
        time.sleep(0.25)
    raise AssertionError(
        f"{_kernels_of(server_pid)} kernels after {within} s, expected {expected} (the pool)"
    )


@pytest.mark.browser
def test_ten_closed_desk_pages_leave_only_the_pool_and_nothing_comes_from_outside(tmp_path):
    """The README's desk command (issue 26, 2), with a pool of one and a short cull timeout.

    Five pages are left (the page's ``beforeunload`` sends the shutdown request): each kernel
    ends within seconds, well before the culler could. Five more are closed without it (a
    browser that crashed): the culler ends those within its timeout. Every request of every
    page went to 127.0.0.1."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs it with apt-get")
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    pool, cull_timeout, cull_interval = 1, 6, 1
    port = _free_port()
    log_path = tmp_path / "voila.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("voila")),
                "--Voila.config_file_paths=ratingkit/workshop/share",
                "notebooks/09-officers-desk.ipynb",
                f"--port={port}",
                f"--VoilaConfiguration.default_pool_size={pool}",
                "--VoilaKernelManager.fill_delay=1",
                f"--MappingKernelManager.cull_idle_timeout={cull_timeout}",
                f"--MappingKernelManager.cull_interval={cull_interval}",
            ],
            cwd=ROOT,
            env={**os.environ, "JUPYTER_PATH": str(WORKSHOP)},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    requests: list[str] = []
    try:
        deadline = time.monotonic() + 120
        while "is filled with 1 kernel" not in log_path.read_text():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"no preheated kernel: {log_path.read_text()}")
            time.sleep(0.3)
        url = f"http://127.0.0.1:{port}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
            )
            for visit in range(10):
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.on("request", lambda request: requests.append(request.url))
                page.goto(url, timeout=120_000)
                page.wait_for_selector(".widget-upload", timeout=120_000)
                page.wait_for_load_state("networkidle", timeout=60_000)
                assert _kernels_of(process.pid) >= pool + 1  # the page's own kernel
                if visit < 5:
                    # Leaving the page runs its beforeunload, which sends the shutdown request
                    # (headless Chromium drops a beacon sent while a page is being closed).
                    page.goto("about:blank")
                    page.close()
                    # Ended by the page's shutdown request, not by the culler (6 s).
                    assert _wait_for_kernels(process.pid, pool, within=5) < cull_timeout
                else:
                    page.close()  # no beforeunload: no shutdown request
            # The five kernels whose pages sent nothing: the culler's first pass starts their
            # idle clock (ratingkit.workshop.kernels), the timeout later they end.
            _wait_for_kernels(process.pid, pool, within=cull_timeout + 3 * cull_interval + 10)
            browser.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
    served = log_path.read_text()
    # A refused request is logged as "403 POST /api/..." by tornado; a port may contain 403.
    assert not re.search(r"\b403 (GET|POST|PUT|PATCH|DELETE) ", served), served
    assert "_xsrf" not in served
    assert served.count("Kernel shutdown") >= 10
    web = [u for u in requests if u.startswith(("http:", "https:", "ws:", "wss:"))]
    assert web and [u for u in web if urlparse(u).hostname != "127.0.0.1"] == []
