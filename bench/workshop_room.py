"""A room of visitors opening the same app at once (issue 17, 5).

The README's workshop command (Voila with ``ratingkit/workshop/share/voila.json``:
preheated kernels, idle kernels culled, the ``ratingkit`` template that makes no request off
the server) is started on a
free 127.0.0.1 port for each room size; once its pool of kernels is filled, N Chromium pages
(Debian's /usr/bin/chromium driven by Playwright, one browser, one context per visitor) open the
app at the same moment.  Each visitor's time runs from the request until the app's main widget
(``--ready``) is visible.  Then: the memory of the server and its kernels (RSS from /proc
through psutil), every request that left 127.0.0.1, and the kernels left after the pages are
closed and the server idles past a short cull timeout.

The visitors' browsers run on the same 2 cores as the server here; in a real room each visitor
brings his own.  So the bench also prints when each page's HTML (which carries the preheated
outputs: text, tables, plots) had arrived, and the CPU seconds the server and its kernels used
during the visits against the browsers' (Chromium's processes): what the server's 2 cores
would do with the browsers elsewhere.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

from common import ROOT, git_revision, machine, table, verdict

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TARGET_S = 10.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def workshop_command(notebook: str, port: int, extra: list[str]) -> tuple[list[str], dict]:
    """The README's workshop command (the venv's voila), on ``port``."""
    voila = Path(sys.executable).with_name("voila")
    command = [
        str(voila),
        "--Voila.config_file_paths=ratingkit/workshop/share",
        f"notebooks/{notebook}",
        f"--port={port}",
        *extra,
    ]
    env = {**os.environ, "JUPYTER_PATH": str(ROOT / "ratingkit" / "workshop" / "share")}
    return command, env


def cpu_of(processes: list) -> float:
    spent = 0.0
    for process in processes:
        with contextlib.suppress(Exception):
            times = process.cpu_times()
            spent += times.user + times.system
    return spent


def browsers_cpu() -> float:
    """CPU seconds of this bench's Chromium processes (the Playwright driver's children)."""
    import psutil

    return cpu_of(
        [p for p in psutil.Process().children(recursive=True) if "chrom" in p.name().lower()]
    )


class Server:
    """The workshop server in a subprocess, its log in a temporary file."""

    def __init__(self, notebook: str, extra: list[str]) -> None:
        self.port = free_port()
        self.log = Path(tempfile.mkstemp(prefix="workshop-room-", suffix=".log")[1])
        command, env = workshop_command(notebook, self.port, extra)
        self.started = time.perf_counter()
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
            )
        self.url = f"http://127.0.0.1:{self.port}/"

    def wait_for_pool(self, timeout: float) -> float:
        """Seconds until Voila says the pool of preheated kernels is filled."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"voila exited:\n{self.log.read_text()}")
            if re.search(r"Kernel pool of .* is filled", self.log.read_text()):
                break
            time.sleep(0.5)
        else:
            raise RuntimeError(f"the kernel pool was not filled in {timeout:.0f} s")
        # Voila says "filled" once the kernels are started; they then run the notebook.  The
        # pool is ready when the kernels have been idle for two seconds in a row.
        quiet = 0
        while time.monotonic() < deadline:
            if self.cpu_seconds(1.0) < 0.05:
                quiet += 1
                if quiet == 2:
                    return time.perf_counter() - self.started - 2.0
            else:
                quiet = 0
        raise RuntimeError(f"the kernel pool was not filled in {timeout:.0f} s")

    def processes(self) -> list:
        import psutil

        server = psutil.Process(self.process.pid)
        return [server, *server.children(recursive=True)]

    def cpu_total(self) -> float:
        """CPU seconds the server and its kernels have used."""
        return cpu_of(self.processes())

    def cpu_seconds(self, interval: float) -> float:
        """CPU seconds the server and its kernels used in the next ``interval`` seconds."""
        before = self.cpu_total()
        time.sleep(interval)
        return self.cpu_total() - before

    def kernels(self) -> int:
        count = 0
        for child in self.processes()[1:]:
            with contextlib.suppress(Exception):
                if "ipykernel_launcher" in " ".join(child.cmdline()):
                    count += 1
        return count

    def memory_mb(self) -> tuple[float, float]:
        """RSS of the server and of its kernels, MB."""
        server, *children = self.processes()
        kernels = 0.0
        for child in children:
            with contextlib.suppress(Exception):
                kernels += child.memory_info().rss
        return server.memory_info().rss / 1e6, kernels / 1e6

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if os.environ.get("WORKSHOP_ROOM_KEEP_LOG"):
            print(f"server log: {self.log}", file=sys.stderr)
        else:
            self.log.unlink(missing_ok=True)


async def room(server: Server, visitors: int, ready: str, timeout_s: float) -> dict:
    """Open ``visitors`` pages at once: each one's seconds to ``ready`` (None: not in time),
    the requests that left 127.0.0.1, and the memory and kernels while the pages are open."""
    url = server.url
    from playwright.async_api import async_playwright

    playwright = await async_playwright().start()
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    outside: list[str] = []
    pages = []
    for _ in range(visitors):
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()

        def log(request) -> None:
            host = urlparse(request.url).hostname
            if request.url.startswith(("http:", "https:", "ws:", "wss:")) and host != "127.0.0.1":
                outside.append(request.url)

        page.on("request", log)
        pages.append(page)

    async def visit(page) -> tuple[float | None, float | None]:
        """Seconds until the page's HTML (the preheated outputs) has arrived, and until the
        main widget is visible (the page's scripts run, the kernel connected)."""
        start = time.perf_counter()
        html = None
        try:
            response = await page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
            await response.finished()
            html = time.perf_counter() - start
            await page.locator(ready).first.wait_for(state="visible", timeout=timeout_s * 1000)
        except Exception:
            return html, None
        return html, time.perf_counter() - start

    try:
        server_cpu, browser_cpu = server.cpu_total(), browsers_cpu()
        both = await asyncio.gather(*(visit(page) for page in pages))
        html_times = [h for h, _ in both]
        times = [t for _, t in both]
        server_cpu, browser_cpu = server.cpu_total() - server_cpu, browsers_cpu() - browser_cpu
        server_mb, kernels_mb = server.memory_mb()
        return {
            "times": times,
            "html_times": html_times,
            "outside": outside,
            "server_mb": server_mb,
            "kernels_mb": kernels_mb,
            "kernels_open": server.kernels(),
            "server_cpu": server_cpu,
            "browser_cpu": browser_cpu,
        }
    finally:
        await browser.close()
        await playwright.stop()


def measure(args, visitors: int) -> dict:
    extra = [
        f"--VoilaConfiguration.default_pool_size={args.pool or visitors}",
        f"--MappingKernelManager.cull_idle_timeout={args.cull_timeout}",
        f"--MappingKernelManager.cull_interval={max(1, args.cull_timeout // 2)}",
    ]
    if args.fill_delay is not None:
        extra.append(f"--VoilaKernelManager.fill_delay={args.fill_delay}")
    server = Server(args.notebook, extra)
    try:
        ready_after = server.wait_for_pool(args.start_timeout)
        before = server.kernels()
        seen = asyncio.run(room(server, visitors, args.ready, args.timeout))
        time.sleep(args.idle)
        result = {
            "visitors": visitors,
            "pool": args.pool or visitors,
            "pool_ready_s": ready_after,
            "kernels_before": before,
            **seen,
            "kernels_after_idle": server.kernels(),
        }
        print(f"{visitors} visitor(s): {result}", file=sys.stderr, flush=True)
        return result
    finally:
        server.stop()


def shown(value: float | None) -> str:
    return "not in time" if value is None else f"{value:.2f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visitors", default="1,10,30", help="room sizes, comma-separated")
    parser.add_argument("--notebook", default="06-compare-systems.ipynb")
    parser.add_argument(
        "--pool",
        type=int,
        default=30,
        help="preheated kernels (ratingkit/workshop/share/voila.json has 30; 0: the room's size)",
    )
    parser.add_argument("--ready", default=".widget-dropdown select", help="the main widget")
    parser.add_argument("--timeout", type=float, default=120, help="seconds a visitor waits")
    parser.add_argument("--start-timeout", type=float, default=600)
    parser.add_argument("--cull-timeout", type=int, default=10, help="seconds (bench only)")
    parser.add_argument(
        "--idle",
        type=float,
        default=60,
        help="seconds idle before counting (past the cull timeout and the pool's refill)",
    )
    parser.add_argument(
        "--fill-delay", type=float, help="seconds before the pool refills (voila.json: 30)"
    )
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.visitors.split(",")]

    print(f"{machine()}; ratingkit at {git_revision()}; app notebooks/{args.notebook}")
    print()
    results = [measure(args, n) for n in sizes]
    rows = []
    for r in results:
        done = [t for t in r["times"] if t is not None]
        rows.append(
            [
                r["visitors"],
                r["pool"],
                f"{r['pool_ready_s']:.1f} s",
                shown(min(done)) if done else "-",
                shown(statistics.median(done)) if done else "-",
                shown(None if len(done) < len(r["times"]) else max(done)),
                shown(None if None in r["html_times"] else max(r["html_times"])),
                f"{r['server_mb']:.0f} MB",
                f"{r['kernels_mb']:.0f} MB ({r['kernels_open']})",
                f"{r['kernels_after_idle']}",
                f"{r['server_cpu']:.1f} s / {r['browser_cpu']:.1f} s",
                len(r["outside"]),
            ]
        )
    print(
        table(
            [
                "visitors at once",
                "preheated kernels",
                "pool filled after start",
                "first page, fastest",
                "median",
                "slowest",
                "slowest page's HTML (the outputs) received",
                "server RSS",
                "kernels' RSS (kernels)",
                f"kernels after {args.idle:.0f} s idle (cull {args.cull_timeout} s)",
                "CPU during the visits: server and kernels / browsers",
                "requests off 127.0.0.1",
            ],
            rows,
        )
    )
    for r in results:
        for url in sorted(set(r["outside"])):
            print(f"- {r['visitors']} visitors: request to {url}")
    print()
    largest = results[-1]
    times = largest["times"]
    worst = None if None in times else max(times)
    offline = all(not r["outside"] for r in results)
    culled = all(r["kernels_after_idle"] <= r["pool"] for r in results)
    print(
        table(
            ["target", "figure", ""],
            [
                [
                    "no request off 127.0.0.1",
                    sum(len(r["outside"]) for r in results),
                    verdict(offline),
                ],
                [
                    "idle visitors' kernels culled (only the pool left)",
                    ", ".join(str(r["kernels_after_idle"]) for r in results),
                    verdict(culled),
                ],
                [
                    f"{largest['visitors']} visitors each see the app in under {TARGET_S:.0f} s",
                    shown(worst),
                    verdict(worst is not None and worst < TARGET_S),
                ],
            ],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
