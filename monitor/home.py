"""Where radar keeps things: the reader's home (settings, lists, store, digests) and the
per-user cache (the exported int8 model), and `radar init`, which makes a home.

A home is RADAR_HOME, else the checkout radar runs from, else the platform's user data folder
(Linux: `$XDG_DATA_HOME/arxiv-radar`, default `~/.local/share/arxiv-radar`; macOS:
`~/Library/Application Support/arxiv-radar`; Windows: `%APPDATA%\\arxiv-radar`). The cache is
shared by every home of the user: `$XDG_CACHE_HOME/arxiv-radar` (default `~/.cache/…`),
`~/Library/Caches/arxiv-radar`, `%LOCALAPPDATA%\\arxiv-radar\\cache`.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from monitor.assets import empty_reading_list, settings_template
from monitor.errors import InputError

APP = "arxiv-radar"
CHECKOUT = Path(__file__).resolve().parent.parent


def user_data_dir(env: Mapping[str, str] = os.environ) -> Path:
    """The platform's per-user data folder for radar."""
    if sys.platform == "win32":
        return Path(env.get("APPDATA") or Path.home() / "AppData" / "Roaming") / APP
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP
    return Path(env.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / APP


def user_cache_dir(env: Mapping[str, str] = os.environ) -> Path:
    """The platform's per-user cache folder for radar (shared by all the user's homes)."""
    if sys.platform == "win32":
        return Path(env.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / APP / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / APP
    return Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / APP


def default_home(env: Mapping[str, str] = os.environ) -> Path:
    """RADAR_HOME, else the checkout this package runs from, else the user data folder."""
    if value := env.get("RADAR_HOME"):
        return Path(value).expanduser()
    if (CHECKOUT / "radar.toml").is_file() and (CHECKOUT / "pyproject.toml").is_file():
        return CHECKOUT
    return user_data_dir(env)


@contextlib.contextmanager
def exclusive(lock: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `lock` (created if needed), so radar's processes
    take turns: two daily runs on one store, two writers of one list, two int8 exports.
    POSIX only; elsewhere nothing is locked (SQLite's and the callers' own checks remain).
    Opening the lock file can raise OSError."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass(frozen=True)
class InitReport:
    home: Path
    created: tuple[Path, ...]
    reading_list: Path


def init_home(home: Path, from_list: Path | None = None) -> InitReport:
    """Create a home: a documented `radar.toml`, `data/` with a reading list (empty, or a copy
    of `from_list`) and `digests/`. Existing files are never overwritten."""
    if from_list is not None and not from_list.is_file():
        raise InputError(f"{from_list}: no such reading list")
    if home.exists() and not home.is_dir():
        raise InputError(f"{home}: exists and is not a folder")
    reading = home / "data" / "reading_list.md"
    plan = {
        home / "radar.toml": settings_template(),
        reading: from_list or empty_reading_list(),
    }
    created: list[Path] = []
    for folder in (home, home / "data", home / "digests"):
        if not folder.is_dir():
            folder.mkdir(parents=True)
            created.append(folder)
    for target, source in plan.items():
        if not target.exists():
            shutil.copyfile(source, target)
            created.append(target)
    return InitReport(home, tuple(created), reading)
