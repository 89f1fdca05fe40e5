"""Shared fixtures: a throwaway RADAR_HOME with the real reading lists, and ../shared/data."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
SHARED_DATA = SHARED / "data"
LISTS = ("reading_list.md", "classic_parallel_training.md")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.fail(f"test data missing: {SHARED_DATA} (the shared/ folder beside the repo)")
    return SHARED_DATA


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A RADAR_HOME with the real reading lists and a settings file that makes no network call."""
    (tmp_path / "data").mkdir()
    for name in LISTS:
        shutil.copy(REPO / "data" / name, tmp_path / "data" / name)
    (tmp_path / "data" / "sample").mkdir()
    shutil.copy(REPO / "data" / "sample" / "calibration.jsonl", tmp_path / "data" / "sample")
    shutil.copytree(REPO / "data" / "institutions", tmp_path / "data" / "institutions")
    (tmp_path / "radar.toml").write_text(
        '[arxiv]\napi_url = "http://127.0.0.1:9/api/query"\nrss_url = "http://127.0.0.1:9/rss"\n'
        'eprint_url = "http://127.0.0.1:9/e-print"\npdf_url = "http://127.0.0.1:9/pdf"\n'
        "delay_seconds = 0.0\nmax_retries = 0\ntimeout_seconds = 2.0\n",
        encoding="utf-8",
    )
    for var in [v for v in os.environ if v.startswith("RADAR_")]:
        monkeypatch.delenv(var)
    monkeypatch.setenv("RADAR_HOME", str(tmp_path))
    yield tmp_path


def run_radar(
    *args: str, home: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real `radar` entry point (python -m monitor) in a subprocess."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("RADAR_")}
    full_env.update({"RADAR_HOME": str(home), "HF_HUB_OFFLINE": "1"}, **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "monitor", *args],
        capture_output=True,
        text=True,
        env=full_env,
        timeout=120,
        check=False,
    )
