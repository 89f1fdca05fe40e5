"""Homes: `radar init`, the default home outside a checkout, the per-user model cache, and the
lab kept apart from the daily path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from monitor import home as homes
from monitor.assets import demo_curated, demo_feed, empty_reading_list, settings_template
from monitor.config import load_settings
from monitor.errors import ConfigError
from monitor.reading_list import load_reading_lists

from .conftest import REPO, run_radar


def test_init_makes_a_home_that_loads_and_keeps_existing_files(tmp_path: Path) -> None:
    target = tmp_path / "new-home"
    result = run_radar("init", str(target), home=tmp_path / "unused")
    assert result.returncode == 0, result.stderr
    assert (target / "radar.toml").read_bytes() == settings_template().read_bytes()
    assert (target / "data" / "reading_list.md").read_bytes() == empty_reading_list().read_bytes()
    assert (target / "digests").is_dir()
    assert f"export RADAR_HOME={target}" in result.stdout
    assert f"--from-jsonl {demo_curated()}" in result.stdout
    assert f"--feed {demo_feed()}" in result.stdout
    settings = load_settings(env={"RADAR_HOME": str(target)})
    assert settings.home == target and settings.reading_list_paths == (
        target / "data" / "reading_list.md",
    )
    reading = load_reading_lists(settings.reading_list_paths)
    assert reading.papers == () and reading.problems == ()
    (target / "data" / "reading_list.md").write_text("# mine\n", encoding="utf-8")
    again = run_radar("init", str(target), home=tmp_path / "unused")
    assert again.returncode == 0 and "already a radar home" in again.stdout
    assert (target / "data" / "reading_list.md").read_text(encoding="utf-8") == "# mine\n"


def test_init_from_a_list_copies_it(tmp_path: Path) -> None:
    source = REPO / "data" / "reading_list.md"
    result = run_radar("init", str(tmp_path / "h"), "--from", str(source), home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "h" / "data" / "reading_list.md").read_bytes() == source.read_bytes()
    missing = run_radar(
        "init", str(tmp_path / "h2"), "--from", str(tmp_path / "no.md"), home=tmp_path
    )
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"radar: error: {tmp_path / 'no.md'}: no such reading list"
    assert not (tmp_path / "h2").exists()


def test_outside_a_checkout_the_home_is_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(homes, "CHECKOUT", tmp_path / "site-packages")
    env = {"XDG_DATA_HOME": str(tmp_path / "xdg-data"), "XDG_CACHE_HOME": str(tmp_path / "xc")}
    assert homes.default_home(env) == tmp_path / "xdg-data" / "arxiv-radar"
    assert homes.default_home({**env, "RADAR_HOME": "/x/y"}) == Path("/x/y")
    assert homes.user_cache_dir(env) == tmp_path / "xc" / "arxiv-radar"
    with pytest.raises(ConfigError, match="create a home there with `radar init"):
        load_settings(env=env)


def test_the_model_cache_is_per_user_unless_set(tmp_path: Path) -> None:
    (tmp_path / "radar.toml").write_text("", encoding="utf-8")
    settings = load_settings(env={"RADAR_HOME": str(tmp_path)})
    assert settings.model_cache == homes.user_cache_dir() / "models"
    moved = load_settings(env={"RADAR_HOME": str(tmp_path), "RADAR_PATHS_MODELS": "m"})
    assert moved.model_cache == tmp_path / "m"


def _imported(code: str) -> list[str]:
    """The modules of interest a fresh interpreter has loaded after running `code`."""
    probe = f"{code}; import sys; print(' '.join(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return result.stdout.split()


def test_the_daily_path_never_imports_the_lab() -> None:
    loaded = _imported("import monitor.daily, monitor.cli, monitor.ranker, monitor.scheduler")
    assert [m for m in loaded if m.startswith("monitor.lab")] == []


HEAVY = ("torch", "sentence_transformers", "openvino", "sklearn", "scipy", "numpy")


def test_the_command_line_starts_without_heavy_libraries() -> None:
    loaded = _imported("from monitor.cli import cli; cli.main(['--help'], standalone_mode=False)")
    assert [m for m in loaded if m.split(".")[0] in HEAVY or m.startswith("monitor.cli_")] == []


def test_every_lazy_command_exists_with_its_listed_help() -> None:
    from monitor.cli import _Commands, cli

    for name, (_, _, short) in _Commands.LAZY.items():
        command = cli.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.name == name
        assert short and command.help, name


def test_eval_and_bench_need_data(home: Path) -> None:
    for command in ("eval", "bench"):
        result = run_radar(command, home=home)
        assert result.returncode == 2
        assert "Missing option '--data'" in result.stderr
