"""Commands in fresh processes, as the reader runs them: wall time and the process's own peak
memory (`monitor.lab.peak`), in a new home with the measuring home's model settings."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.config import Settings
from monitor.errors import RadarError


@dataclass(frozen=True)
class Process:
    """One command in a fresh process: wall time and peak resident memory."""

    seconds: float
    peak_mib: float


def environment(settings: Settings, home: Path, tokens: int | None = None) -> dict[str, str]:
    """A fresh home with this home's model settings (or another token window) and its
    exported-model cache."""
    home.mkdir(parents=True, exist_ok=True)
    rank = settings.rank
    inherited = {k: v for k, v in os.environ.items() if k != "RADAR_CONFIG"}
    return {
        **inherited,
        "RADAR_HOME": str(home),
        "RADAR_PATHS_MODELS": str(settings.model_cache),
        "RADAR_RANK_MODEL": rank.model,
        "RADAR_RANK_EMBED_BACKEND": rank.embed_backend,
        "RADAR_RANK_MAX_TOKENS": str(rank.max_tokens if tokens is None else tokens),
    }


def fresh(
    args: Sequence[str], settings: Settings, home: Path, tokens: int | None = None
) -> Process:
    """Run `python ARGS` in a new process in `home`: its wall time and its own peak resident
    memory (`monitor.lab.peak`)."""
    env = environment(settings, home, tokens)  # makes the folder
    peak = home / "peak.txt"
    peak.unlink(missing_ok=True)
    started = time.perf_counter()
    with (home / "stderr.txt").open("wb") as errors:
        done = subprocess.run(
            [sys.executable, "-m", "monitor.lab.peak", str(peak), *args],
            cwd=home, env=env, stdout=subprocess.PIPE, stderr=errors, check=False,
        )  # fmt: skip
    seconds = time.perf_counter() - started
    if done.returncode:
        tail = (home / "stderr.txt").read_text(encoding="utf-8", errors="replace")[-400:]
        raise RadarError(f"bench: python {' '.join(args)} failed ({done.returncode}): {tail}")
    (home / "stdout.txt").write_bytes(done.stdout)
    return Process(seconds, int(peak.read_text(encoding="utf-8")) / 1024)


def new_home(settings: Settings, home: Path) -> Path:
    fresh(["-m", "monitor", "init", str(home)], settings, home)
    return home
