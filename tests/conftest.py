"""Shared fixtures: a throwaway RADAR_HOME with the real reading lists, the recorded arXiv data
in tests/data, and two ways to run `radar`: in-process (most tests) and as a real process."""

from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pytest

from monitor.affiliations import Gazetteer
from monitor.assets import gazetteer_files
from monitor.cli import run_cli
from monitor.gazetteer_csv import load_gazetteer

pytest_plugins = ["tests.smtp"]  # the smtp_server fixture
# two xdist workers share two cores: one torch thread each instead of two each fighting
os.environ.setdefault("OMP_NUM_THREADS", "1")

REPO = Path(__file__).resolve().parent.parent
TEST_DATA = REPO / "tests" / "data"
LISTS = ("reading_list.md", "classic_parallel_training.md")


@pytest.fixture(scope="session")
def user_cache(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    """XDG_CACHE_HOME for the whole session, shared by the xdist workers (radar locks the int8
    export, so it runs once), never the real user's cache."""
    if worker_id == "master":
        return tmp_path_factory.mktemp("xdg-cache")
    shared = tmp_path_factory.getbasetemp().parent / "xdg-cache"
    shared.mkdir(exist_ok=True)
    return shared


@pytest.fixture(scope="session")
def model_cache(user_cache: Path) -> Path:
    """The per-user model cache under it: the int8 export happens at most once a session."""
    return user_cache / "arxiv-radar" / "models"


@pytest.fixture(scope="session")
def test_data() -> Path:
    """Recorded real arXiv answers and corpus excerpts (see tests/data/PROVENANCE.md)."""
    return TEST_DATA


def write_home(home: Path, model_cache: Path) -> Path:
    """A home with the real reading lists and settings that make no network call. The
    recorded days are cs.AI listings with no likely pick for this list: the relevance floor is
    off so that they have picks (tests of the floor set it)."""
    (home / "data").mkdir(parents=True, exist_ok=True)
    for name in LISTS:
        shutil.copy(REPO / "data" / name, home / "data" / name)
    (home / "radar.toml").write_text(
        f'[paths]\nreading_lists = ["data/{LISTS[0]}", "data/{LISTS[1]}"]\n'
        f"models = {str(model_cache)!r}\n"
        '[arxiv]\napi_url = "http://127.0.0.1:9/api/query"\nrss_url = "http://127.0.0.1:9/rss"\n'
        'eprint_url = "http://127.0.0.1:9/e-print"\npdf_url = "http://127.0.0.1:9/pdf"\n'
        "delay_seconds = 0.0\nmax_retries = 0\ntimeout_seconds = 2.0\n"
        "[rank]\nmin_relevance = 0.0\n",
        encoding="utf-8",
    )
    return home


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, model_cache: Path) -> Iterator[Path]:
    """A RADAR_HOME with the real reading lists and a settings file that makes no network call."""
    for var in [v for v in os.environ if v.startswith("RADAR_")]:
        monkeypatch.delenv(var)
    monkeypatch.setenv("RADAR_HOME", str(tmp_path))
    yield write_home(tmp_path, model_cache)


def _environment(home: Path, env: dict[str, str] | None) -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith("RADAR_")}
    full.update({"RADAR_HOME": str(home), "HF_HUB_OFFLINE": "1"}, **(env or {}))
    return full


def run_radar(
    *args: str, home: Path, env: dict[str, str] | None = None, input: str = ""
) -> subprocess.CompletedProcess[str]:
    """Run a `radar` command line in this process (the same code as the entry point, without
    paying the interpreter's start-up): its exit code, stdout and stderr (warnings included);
    `input` is what the reader types."""
    out, err = io.StringIO(), io.StringIO()
    handler = logging.StreamHandler(err)
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        with (
            mock.patch.dict(os.environ, _environment(home, env), clear=True),
            mock.patch("sys.stdin", io.StringIO(input)),
            redirect_stdout(out),
            redirect_stderr(err),
        ):
            code = run_cli(list(args))
    finally:
        root.removeHandler(handler)
    return subprocess.CompletedProcess(["radar", *args], code, out.getvalue(), err.getvalue())


def run_radar_process(
    *args: str, home: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the real `radar` entry point (python -m monitor) in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "monitor", *args],
        capture_output=True,
        text=True,
        env=_environment(home, env),
        timeout=300,
        check=False,
    )


TORCH = {"RADAR_RANK_EMBED_BACKEND": "torch", "RADAR_RANK_TOP_K": "3"}
DAY_FEED = "arxiv_rss/2025-08-20_rss.arxiv.org_atom_cs.AI_7entries.xml"


def sync_demo_list(home: Path) -> None:
    """Resolve the home's reading lists offline from the shipped curated papers."""
    from monitor.assets import demo_curated

    synced = run_radar("sync", "--offline", "--from-jsonl", str(demo_curated()), home=home)
    assert synced.returncode == 0, synced.stderr


@pytest.fixture(scope="session")
def ranked_template(tmp_path_factory: pytest.TempPathFactory, model_cache: Path) -> Path:
    """A home whose store holds the recorded 2025-08-20 day, ranked (3 picks of 7), built
    once a session; `ranked_day` hands each test its own copy."""
    home = write_home(tmp_path_factory.mktemp("ranked-template"), model_cache)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RADAR_")}
    with mock.patch.dict(os.environ, env, clear=True):
        sync_demo_list(home)
        feed = str(TEST_DATA / DAY_FEED)
        result = run_radar("run", "--feed", feed, "--offline", home=home, env=TORCH)
    assert result.returncode == 0, result.stderr
    return home


@pytest.fixture
def ranked_day(home: Path, ranked_template: Path) -> Path:
    """This test's copy of the ranked home (store, lists, digests)."""
    for folder in ("data", "digests"):
        shutil.rmtree(home / folder, ignore_errors=True)
        shutil.copytree(ranked_template / folder, home / folder)
    return home


@pytest.fixture(scope="session")
def places() -> Gazetteer:
    """The packaged gazetteer, loaded once."""
    return load_gazetteer(*gazetteer_files())
