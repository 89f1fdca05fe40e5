"""How long the light commands take to start, each in a fresh process, less Python's own
start (measured the same way in the same run); and the web page's first response."""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from monitor.config import Settings
from monitor.errors import RadarError
from monitor.lab.processes import environment, fresh

COMMANDS = (("radar --help", ["--help"]), ("radar config", ["config"]),
            ("radar list", ["list"]), ("radar triage", ["triage"]))  # fmt: skip


@dataclass(frozen=True)
class Startup:
    python: float  # a bare interpreter, through the same wrapper
    commands: tuple[tuple[str, float], ...]  # seconds after Python's start
    web: float  # `radar web` launched to the page's first response

    def lines(self) -> list[str]:
        each = "; ".join(f"{name} {seconds:.2f} s" for name, seconds in self.commands)
        return [
            f"start-up in a fresh process, after Python's own ({self.python:.2f} s): {each}; "
            f"radar web to the page's first response {self.web:.2f} s",
        ]


def startup(settings: Settings, home: Path, repeat: int = 3) -> Startup:
    """Medians of `repeat` runs in `home` (a home with a ranked day: the demo's)."""
    python = statistics.median(
        [fresh(["-c", "pass"], settings, home).seconds for _ in range(repeat)]
    )
    commands = tuple(
        (name, statistics.median([fresh(["-m", "monitor", *args], settings, home).seconds
                        for _ in range(repeat)]) - python)
        for name, args in COMMANDS
    )  # fmt: skip
    web = statistics.median([_first_response(settings, home) for _ in range(repeat)])
    return Startup(python, commands, web)


def _first_response(settings: Settings, home: Path, limit: float = 60.0) -> float:
    """Seconds from launching `radar web` to a 200 for `/` (asked every 10 ms)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "monitor", "web", "--port", str(port)],
        cwd=home, env=environment(settings, home),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        while time.perf_counter() - started < limit:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    if page.status == 200:
                        return time.perf_counter() - started
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.01)
        raise RadarError(f"bench: radar web gave no page in {limit:.0f} s")
    finally:
        server.terminate()
        server.wait()
