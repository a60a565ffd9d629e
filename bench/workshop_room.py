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
brings his own.  So each room size is also measured on the server's side alone, on a fresh
server of its own: one Chromium page opens the app first (a visitor's own browser's work, on an
idle server; its requests give the files every page fetches), then the N visitors at once each
ask what that page asked, without a browser (``server_visit``: the page, its files six at a
time, the kernel's websocket handshake and the widgets' states).  A visitor with his own
machine sees the app after about the server's time plus one page alone.  The bench also prints
when each Chromium page's HTML (which carries the preheated outputs: text, tables, plots) had
arrived, and the CPU seconds the server and its kernels used during the Chromium visits against
the browsers'.
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
    fetched: list[str] = []
    pages = []
    for _ in range(visitors):
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()

        def log(request) -> None:
            host = urlparse(request.url).hostname
            if request.url.startswith(("http:", "https:", "ws:", "wss:")) and host != "127.0.0.1":
                outside.append(request.url)

        page.on("request", log)
        page.on("requestfinished", lambda request: fetched.append(request.url))
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
            "files": page_files(fetched, url),
            "server_mb": server_mb,
            "kernels_mb": kernels_mb,
            "kernels_open": server.kernels(),
            "server_cpu": server_cpu,
            "browser_cpu": browser_cpu,
        }
    finally:
        await browser.close()
        await playwright.stop()


def page_files(urls: list[str], app: str) -> list[str]:
    """The server's files the pages fetched (scripts, styles, fonts; the app's page and the
    kernel API left out), each once, as paths on the server."""
    paths = []
    for url in urls:
        parts = urlparse(url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if url.startswith(app) and parts.path not in ("", "/") and "/api/" not in parts.path:
            paths.append(path)
    return list(dict.fromkeys(paths))


def kernel_message(kind: str, content: dict, session: str, metadata: dict | None = None) -> str:
    """A message of the Jupyter protocol on the shell channel, in the JSON form jupyter_server's
    kernel websocket takes when the client names no subprotocol."""
    import json
    import uuid

    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": kind,
        "session": session,
        "username": "",
        "version": "5.3",
        "date": "",
    }
    return json.dumps(
        {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


async def server_visit(client, app: str, files: list[str], timeout_s: float) -> float | None:
    """What one visitor's browser asks of the server, without a browser's own work: the app's
    page (with the preheated outputs), the page's files six at a time (as a browser fetches
    from one host), the kernel's websocket and its kernel_info handshake, and the widgets'
    states (ipywidgets 8's ``jupyter.widget.control`` comm, ``request_states``, as the page's
    widget manager asks).  Seconds until the states have arrived; None when not in time."""
    import json
    import uuid

    from tornado.websocket import websocket_connect

    start = time.perf_counter()
    try:
        page = await client.fetch(app, request_timeout=timeout_s)
        found = re.search(rb'"kernelId": *"([^"]+)"', page.body)
        if found is None:
            return None
        kernel = found.group(1).decode()
        six = asyncio.Semaphore(6)

        async def fetch(path: str) -> None:
            async with six:
                await client.fetch(app.rstrip("/") + path, request_timeout=timeout_s)

        await asyncio.gather(*(fetch(path) for path in files))
        session = uuid.uuid4().hex
        channels = f"ws{app.removeprefix('http').rstrip('/')}/api/kernels/{kernel}/channels"
        socket_ = await websocket_connect(f"{channels}?session_id={session}")

        async def until(kind: str, comm: str | None = None) -> dict:
            while True:
                left = timeout_s - (time.perf_counter() - start)
                raw = await asyncio.wait_for(socket_.read_message(), max(left, 0.001))
                if raw is None:
                    raise ConnectionError("the kernel's websocket closed")
                message = json.loads(raw)
                if message["header"]["msg_type"] == kind and (
                    comm is None or message["content"].get("comm_id") == comm
                ):
                    return message

        socket_.write_message(kernel_message("kernel_info_request", {}, session))
        await until("kernel_info_reply")
        comm = uuid.uuid4().hex
        opened = {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}}
        # the widgets' protocol version in the metadata, as the page's widget manager sends it
        socket_.write_message(kernel_message("comm_open", opened, session, {"version": "1.0.0"}))
        asked = {"comm_id": comm, "data": {"method": "request_states"}}
        socket_.write_message(kernel_message("comm_msg", asked, session))
        await until("comm_msg", comm)
        seconds = time.perf_counter() - start
        socket_.close()
        return seconds
    except Exception:
        return None


async def server_room(app: str, visitors: int, files: list[str], timeout_s: float) -> list:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=6 * visitors)
    client = AsyncHTTPClient()
    try:
        return await asyncio.gather(
            *(server_visit(client, app, files, timeout_s) for _ in range(visitors))
        )
    finally:
        client.close()


def server_side(args, visitors: int) -> dict:
    """A fresh server with a pool of ``visitors`` + 1: one Chromium page opens the app alone
    (its time is a visitor's own browser's work on an idle server; its requests are the files
    every visitor fetches), then ``visitors`` protocol visitors at once (``server_visit``)."""
    extra = [
        f"--VoilaConfiguration.default_pool_size={(args.pool or visitors) + 1}",
        f"--MappingKernelManager.cull_idle_timeout={max(args.cull_timeout, 300)}",
    ]
    if args.fill_delay is not None:
        extra.append(f"--VoilaKernelManager.fill_delay={max(args.fill_delay, args.timeout)}")
    server = Server(args.notebook, extra)
    try:
        server.wait_for_pool(args.start_timeout)
        alone = asyncio.run(room(server, 1, args.ready, args.timeout))
        cpu = server.cpu_total()
        times = asyncio.run(server_room(server.url, visitors, alone["files"], args.timeout))
        result = {
            "alone": alone["times"][0],
            "file_count": len(alone["files"]),
            "alone_outside": alone["outside"],
            "server_times": times,
            "served_cpu": server.cpu_total() - cpu,
        }
        print(f"{visitors} protocol visitor(s): {result}", file=sys.stderr, flush=True)
        return result
    finally:
        server.stop()


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
        help="preheated kernels (the README's workshop command: 30; 0: the room's size)",
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
    results = []
    for n in sizes:
        # the server's side first (its own fresh server), then the Chromium room (another)
        results.append({**server_side(args, n), **measure(args, n)})
    rows = []
    for r in results:
        done = [t for t in r["times"] if t is not None]
        served = [t for t in r["server_times"] if t is not None]
        rows.append(
            [
                r["visitors"],
                r["pool"],
                f"{r['pool_ready_s']:.1f} s",
                shown(None if len(served) < len(r["server_times"]) else max(served)),
                shown(statistics.median(served)) if served else "-",
                f"{r['served_cpu']:.1f} s",
                shown(r["alone"]),
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
                "server's side: slowest visitor served (page, files, kernel, widget states)",
                "median",
                "the server's CPU",
                "one Chromium page alone (a visitor's own browser)",
                "Chromium pages at once on the server's 2 cores: median",
                "slowest",
                "slowest page's HTML (the outputs) received",
                "server RSS",
                "kernels' RSS (kernels)",
                f"kernels after {args.idle:.0f} s idle (cull {args.cull_timeout} s)",
                "CPU during the Chromium visits: server and kernels / browsers",
                "requests off 127.0.0.1",
            ],
            rows,
        )
    )
    print(
        "\nThe server's side: each visitor fetches the app's page and the "
        f"{results[-1]['file_count']} files one Chromium page fetched, opens the kernel's "
        "websocket (kernel_info) and asks for the widgets' states, as the page's scripts do, "
        "with no browser's work; a visitor whose own machine runs his browser sees the app "
        "about the server's time plus one page alone."
    )
    for r in results:
        for url in sorted(set(r["outside"])):
            print(f"- {r['visitors']} visitors: request to {url}")
    print()
    largest = results[-1]
    times, served = largest["times"], largest["server_times"]
    worst = None if None in times else max(times)
    worst_served = None if None in served else max(served)
    own_browser = (
        None
        if worst_served is None or largest["alone"] is None
        else (worst_served + largest["alone"])
    )
    offline = all(not r["outside"] and not r["alone_outside"] for r in results)
    culled = all(r["kernels_after_idle"] <= r["pool"] for r in results)
    n = largest["visitors"]
    print(
        table(
            ["target", "figure", ""],
            [
                [
                    "no request off 127.0.0.1",
                    sum(len(r["outside"]) + len(r["alone_outside"]) for r in results),
                    verdict(offline),
                ],
                [
                    "idle visitors' kernels culled (only the pool left)",
                    ", ".join(str(r["kernels_after_idle"]) for r in results),
                    verdict(culled),
                ],
                [
                    f"{n} visitors each served the app by the 2-core server in under "
                    f"{TARGET_S:.0f} s, each with his own browser (server's slowest + one page "
                    "alone)",
                    shown(own_browser),
                    verdict(own_browser is not None and own_browser < TARGET_S),
                ],
                [
                    f"{n} Chromium pages on the server's own 2 cores each show the app in "
                    f"under {TARGET_S:.0f} s (browsers' CPU {largest['browser_cpu']:.0f} s)",
                    shown(worst),
                    verdict(worst is not None and worst < TARGET_S),
                ],
            ],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
