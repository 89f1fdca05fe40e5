"""Installed as a user installs it: a wheel in a fresh venv outside the checkout, a new home,
the shipped demo day, `radar rank`, and a second home that reuses the per-user int8 export."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import REPO, TEST_DATA

Run = Callable[..., subprocess.CompletedProcess[str]]
_SKIP = shutil.ignore_patterns(
    ".git", ".venv", "build", "*.egg-info", "__pycache__", ".*_cache", "digests", "*.db*"
)


def _check(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, f"{result.args}\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with radar's wheel installed; the heavy dependencies (torch, …) come from
    the test venv through a .pth file, so nothing is downloaded."""
    work = tmp_path_factory.mktemp("install")
    shutil.copytree(REPO, work / "src", ignore=_SKIP)
    _check(
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--quiet", "-w", str(work / "dist"), str(work / "src")],
            capture_output=True, text=True, timeout=300, check=False,
        )
    )  # fmt: skip
    wheel = next((work / "dist").glob("arxiv_radar-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True, timeout=300)
    python = work / "venv" / "bin" / "python"
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    (Path(site) / "_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _check(
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
            capture_output=True, text=True, timeout=300, check=False,
        )
    )  # fmt: skip
    return work / "venv" / "bin"


@pytest.fixture
def radar(venv: Path, tmp_path: Path, user_cache: Path) -> Run:
    """Run the installed `radar` from a folder outside the checkout, with user folders in tmp."""
    base = {"PATH": f"{venv}:/usr/bin:/bin", "HF_HUB_OFFLINE": "1", "HOME": str(tmp_path)}
    base |= {"XDG_DATA_HOME": str(tmp_path / "xdg-data"), "XDG_CACHE_HOME": str(user_cache)}

    def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [venv / "radar", *args], capture_output=True, text=True, cwd=tmp_path,
            env=base | env, timeout=600, check=False,
        )  # fmt: skip

    return run


def _shipped(venv: Path, name: str) -> str:
    code = f"from monitor import assets; print(assets.{name}())"
    return subprocess.run(  # not from the checkout: `python -c` imports from its folder
        [venv / "python", "-c", code], capture_output=True, text=True, check=True, cwd=venv
    ).stdout.strip()


def test_the_wheel_runs_the_demo_day_and_ranks_from_a_new_home(
    venv: Path, radar: Run, tmp_path: Path
) -> None:
    where = _shipped(venv, "demo_feed")
    assert where.startswith(str(venv.parent)) and "site-packages/monitor/assets" in where
    _check(radar("init"))  # no RADAR_HOME, no checkout: the user data folder
    assert (tmp_path / "xdg-data" / "arxiv-radar" / "radar.toml").is_file()
    home = tmp_path / "home"
    lines = _check(radar("init", str(home), "--from", str(REPO / "data" / "reading_list.md")))
    assert f"export RADAR_HOME={home}" in lines.stdout
    env = {"RADAR_HOME": str(home)}
    _check(radar("sync", "--offline", "--from-jsonl", _shipped(venv, "demo_curated"), **env))
    run = _check(radar("run", "--offline", "--feed", _shipped(venv, "demo_feed"), **env))
    assert f"written: {home / 'digests' / '2025-08-20.md'}" in run.stdout
    digest = json.loads((home / "digests" / "2025-08-20.json").read_text(encoding="utf-8"))
    assert digest["candidates"] == 86 and 0 < len(digest["entries"]) < 10  # no padding
    assert {e["tier"] for e in digest["entries"]} <= {"strong", "likely"}
    assert (home / "digests" / "outbox" / "2025-08-20.eml").is_file()
    candidates = tmp_path / "candidates.jsonl"
    shutil.copy(TEST_DATA / "corpus" / "daydayarxiv" / "bitpipe.jsonl", candidates)
    ranked = _check(radar("rank", "--profile", str(home / "data" / "reading_list.md"),
                          "--candidates", str(candidates), **env))  # fmt: skip
    assert json.loads(ranked.stdout)["id"] == "2410.19367"
    second = tmp_path / "second"
    _check(radar("init", str(second), "--from", str(REPO / "data" / "reading_list.md")))
    _check(radar("sync", "--offline", "--from-jsonl", _shipped(venv, "demo_curated"),
                 RADAR_HOME=str(second)))  # fmt: skip
    again = _check(radar("rank", "--profile", str(second / "data" / "reading_list.md"),
                         "--candidates", str(candidates), RADAR_HOME=str(second)))  # fmt: skip
    assert "exporting" not in again.stderr  # the int8 export is per user, not per home
    assert not (second / "models").exists() and not (home / "models").exists()
