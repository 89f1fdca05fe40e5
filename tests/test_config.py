"""Settings: defaults, radar.toml, environment overrides, secrets, and one-line errors."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from monitor.assets import settings_template
from monitor.config import Settings, load_settings, masked
from monitor.errors import ConfigError

from .conftest import REPO, run_radar


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "radar.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_checkout_settings_are_the_template_with_both_reading_lists() -> None:
    template = load_settings(settings_template(), env={}, home=REPO)
    checkout = load_settings(REPO / "radar.toml", env={}, home=REPO)
    assert checkout.paths.reading_lists == (
        "data/reading_list.md",
        "data/classic_parallel_training.md",
    )
    assert masked(replace(checkout, paths=template.paths)) == masked(template)


def test_shipped_radar_toml_documents_every_key_with_its_default() -> None:
    settings = load_settings(settings_template(), env={}, home=REPO)
    assert masked(settings) == masked(Settings())
    text = settings_template().read_text(encoding="utf-8")
    for section, values in masked(Settings()).items():
        assert f"[{section}]" in text
        for key in values:
            assert f"\n{key} = " in text or f"# {key}:" in text, f"{section}.{key} undocumented"


def test_defaults_and_environment_overrides(tmp_path: Path) -> None:
    path = _write(tmp_path, '[arxiv]\ncategories = ["cs.DC"]\n')
    env = {
        "RADAR_ARXIV_API_URL": "http://127.0.0.1:1/api",
        "RADAR_ARXIV_DELAY_SECONDS": "0",
        "RADAR_RANK_TOP_K": "7",
        "RADAR_SMTP_RECIPIENTS": "a@example.org, b@example.org",
        "RADAR_SMTP_PASSWORD": "hunter2",
    }
    settings = load_settings(path, env=env, home=tmp_path)
    assert settings.arxiv.categories == ("cs.DC",)
    assert settings.arxiv.api_url == "http://127.0.0.1:1/api"
    assert settings.arxiv.delay_seconds == 0.0
    assert settings.rank.top_k == 7
    assert settings.smtp.recipients == ("a@example.org", "b@example.org")
    assert settings.smtp.password == "hunter2"
    assert masked(settings)["smtp"]["password"] == "***"
    assert settings.database_path == tmp_path / "data" / "radar.db"


@pytest.mark.parametrize(
    ("text", "env", "message"),
    [
        ("[arxiv]\nrss_ur = 'x'\n", {}, "unknown key 'arxiv.rss_ur'"),
        ("[arxv]\n", {}, "unknown section [arxv]"),
        ("[rank]\ntop_k = 'ten'\n", {}, "'rank.top_k' must be int, got 'ten'"),
        ("[arxiv]\ncategories = 'cs.DC'\n", {}, "'arxiv.categories' must be a list of strings"),
        ("[smtp]\npassword = 'x'\n", {}, "'smtp.password' is a secret; set it in the environment"),
        ("[rank\n", {}, "invalid TOML"),
        ("", {"RADAR_RANK_TOP_K": "many"}, "environment RADAR_RANK_TOP_K must be int"),
        ("[smtp]\nsecurity = 'none'\n", {}, "'smtp.security' must be one of starttls, tls"),
        ("[digest]\nsummary_language = 'fr'\n", {}, "'digest.summary_language' must be one of"),
        (
            "[digest]\nsummary_language = 'zh'\n",
            {},
            "'digest.summary_language' = \"zh\" needs llm.base_url and llm.model",
        ),
    ],
)
def test_bad_settings_name_the_key(
    tmp_path: Path, text: str, env: dict[str, str], message: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(
        ConfigError, match="^" + ".*" + message.replace("[", r"\[").replace("]", r"\]")
    ):
        load_settings(path, env=env, home=tmp_path)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nope\.toml: settings file not found"):
        load_settings(tmp_path / "nope.toml", env={}, home=tmp_path)


def test_cli_reports_a_bad_key_in_one_line_with_exit_2(home: Path) -> None:
    (home / "radar.toml").write_text("[rank]\ntopk = 3\n", encoding="utf-8")
    result = run_radar("list", home=home)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"radar: error: {home / 'radar.toml'}: unknown key 'rank.topk'"
    ]
    missing = run_radar("--config", str(home / "other.toml"), "config", home=home)
    assert missing.returncode == 2
    assert "Traceback" not in missing.stderr
    assert missing.stderr.strip() == f"radar: error: {home / 'other.toml'}: settings file not found"


def test_cli_config_masks_secrets(home: Path) -> None:
    result = run_radar("config", home=home, env={"RADAR_SMTP_PASSWORD": "hunter2"})
    assert result.returncode == 0, result.stderr
    assert "hunter2" not in result.stdout
    assert 'password = "***"' in result.stdout
    assert 'api_key = "(unset)"' in result.stdout
    assert 'api_url = "http://127.0.0.1:9/api/query"' in result.stdout
