"""Settings: loaded once from `radar.toml` plus `RADAR_*` environment variables.

Every key has a default here and a comment in `radar.toml`. An unknown key or a wrong type is a
`ConfigError` naming the key. Secrets (SMTP password, LLM key) come only from the environment.
"""

from __future__ import annotations

import os
import tomllib
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints

from monitor.errors import ConfigError
from monitor.home import default_home, user_cache_dir
from monitor.validate import problems

SECRET_ENV = {
    "smtp.password": "RADAR_SMTP_PASSWORD",
    "llm.api_key": "RADAR_LLM_API_KEY",
    "web.token": "RADAR_WEB_TOKEN",
}


@dataclass(frozen=True)
class PathSettings:
    reading_lists: tuple[str, ...] = ("data/reading_list.md",)
    database: str = "data/radar.db"
    digests: str = "digests"
    models: str = ""  # empty: the per-user cache (home.user_cache_dir() / "models")


@dataclass(frozen=True)
class ArxivSettings:
    categories: tuple[str, ...] = ("cs.DC", "cs.LG")
    rss_url: str = "https://rss.arxiv.org/atom"
    api_url: str = "https://export.arxiv.org/api/query"
    eprint_url: str = "https://arxiv.org/e-print"
    pdf_url: str = "https://arxiv.org/pdf"
    delay_seconds: float = 3.0
    timeout_seconds: float = 30.0
    max_retries: int = 4
    backoff_seconds: float = 5.0
    page_size: int = 100
    user_agent: str = "arxiv-radar/0.1 (+https://github.com/arxiv-radar/arxiv-radar)"
    include_replacements: bool = False


@dataclass(frozen=True)
class ScheduleSettings:
    day_of_week: str = "mon,tue,wed,thu,fri"
    time: str = "00:30"
    timezone: str = "America/New_York"


@dataclass(frozen=True)
class RankSettings:
    model: str = "packaged:all-MiniLM-L6-v2"
    embed_backend: str = "auto"
    calibration: str = ""  # empty: the shipped set (assets.calibration_path())
    max_tokens: int = 0  # 0: the model's own window
    top_k: int = 10
    min_relevance: float = 0.35
    min_score: float = -1.0
    read_weight: float = 1.0
    section_quota: int = 0


@dataclass(frozen=True)
class LearnSettings:
    """What the reader's decisions and earlier days teach the ranker (see `learn.py`)."""

    enabled: bool = True
    promoted: float = 1.0
    shortlisted: float = 0.5
    off_topic: float = 2.0
    background: int = 1000


@dataclass(frozen=True)
class DigestSettings:
    summary_language: str = "en"
    quiet_day_mail: bool = False
    source_affiliations: bool = True


@dataclass(frozen=True)
class SmtpSettings:
    host: str = ""
    port: int = 587
    security: str = "starttls"
    username: str = ""
    sender: str = ""
    recipients: tuple[str, ...] = ()
    ca_file: str = ""
    new_recipient_backlog: int = 0
    password: str = field(default="", repr=False)


@dataclass(frozen=True)
class LlmSettings:
    base_url: str = ""
    model: str = ""
    timeout_seconds: float = 60.0
    api_key: str = field(default="", repr=False)


@dataclass(frozen=True)
class WebSettings:
    host: str = "127.0.0.1"
    port: int = 8765
    base_url: str = ""
    token: str = field(default="", repr=False)


@dataclass(frozen=True)
class Settings:
    """The effective settings; `home` anchors every relative path."""

    home: Path = Path()
    config_file: Path = Path("radar.toml")
    paths: PathSettings = PathSettings()
    arxiv: ArxivSettings = ArxivSettings()
    schedule: ScheduleSettings = ScheduleSettings()
    rank: RankSettings = RankSettings()
    learn: LearnSettings = LearnSettings()
    digest: DigestSettings = DigestSettings()
    smtp: SmtpSettings = SmtpSettings()
    llm: LlmSettings = LlmSettings()
    web: WebSettings = WebSettings()

    def path(self, relative: str) -> Path:
        """A settings path, resolved against RADAR_HOME unless absolute."""
        candidate = Path(relative).expanduser()
        return candidate if candidate.is_absolute() else self.home / candidate

    @property
    def database_path(self) -> Path:
        return self.path(self.paths.database)

    @property
    def reading_list_paths(self) -> tuple[Path, ...]:
        return tuple(self.path(p) for p in self.paths.reading_lists)

    @property
    def model_cache(self) -> Path:
        """Exported models: `paths.models`, else the user's cache, shared by all homes."""
        if self.paths.models:
            return self.path(self.paths.models)
        return user_cache_dir() / "models"


SECTIONS = ("paths", "arxiv", "schedule", "rank", "learn", "digest", "smtp", "llm", "web")


def load_settings(
    config: Path | None = None,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
    validate: bool = True,
) -> Settings:
    """Read the settings file (`--config`, RADAR_CONFIG, or RADAR_HOME/radar.toml) and env,
    and (unless `validate` is False) refuse values that cannot work, before any work starts."""
    env = os.environ if env is None else env
    home = home or default_home(env)
    path = config or (Path(env["RADAR_CONFIG"]) if env.get("RADAR_CONFIG") else home / "radar.toml")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as err:
        hint = "" if config else f"; create a home there with `radar init {home}`"
        raise ConfigError(f"{path}: settings file not found{hint}") from err
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{path}: cannot read settings ({err})") from err
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: invalid TOML ({err})") from err
    settings = Settings(home=home, config_file=path)
    for name in raw:
        if name not in SECTIONS:
            raise ConfigError(f"{path}: unknown section [{name}]")
    values = {name: _section(path, name, raw.get(name, {}), env) for name in SECTIONS}
    return _checked(path, replace(settings, **values), validate)


def _checked(path: Path, settings: Settings, validate: bool) -> Settings:
    """Refuse values that parse but cannot work (the first, with a count of the rest)."""
    found = problems(settings) if validate else []
    if found:
        more = f" (and {len(found) - 1} more: `radar config --check` lists all)"
        raise ConfigError(f"{path}: {found[0]}{more if len(found) > 1 else ''}")
    return settings


def _section(path: Path, name: str, table: Any, env: Mapping[str, str]) -> Any:
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: '{name}' must be a table [{name}]")
    cls = type(getattr(Settings(), name))
    hints = get_type_hints(cls)
    known = {f.name for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in table.items():
        dotted = f"{name}.{key}"
        if key not in known:
            raise ConfigError(f"{path}: unknown key '{dotted}'")
        if dotted in SECRET_ENV:
            raise ConfigError(
                f"{path}: '{dotted}' is a secret; set it in the environment as {SECRET_ENV[dotted]}"
            )
        values[key] = _coerce(f"{path}: '{dotted}'", hints[key], value)
    for key in known:
        dotted = f"{name}.{key}"
        var = SECRET_ENV.get(dotted, f"RADAR_{name}_{key}".upper())
        if var in env:
            values[key] = _coerce(f"environment {var}", hints[key], _from_env(hints[key], env[var]))
    return cls(**values)


def _from_env(hint: Any, text: str) -> Any:
    """Environment values are strings: lists are comma-separated, numbers and booleans parsed."""
    if get_origin(hint) is tuple:
        return [part.strip() for part in text.split(",") if part.strip()]
    if hint is bool:
        lowered = text.strip().lower()
        return {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}.get(
            lowered, text
        )
    if hint in (int, float):
        try:
            return hint(text)
        except ValueError:
            return text
    return text


def _coerce(where: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if origin is tuple:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where} must be a list of strings, got {value!r}")
        return tuple(value)
    if origin in (Union, types.UnionType):
        hint = next(a for a in get_args(hint) if a is not type(None))
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, hint) or (hint is not bool and isinstance(value, bool)):
        raise ConfigError(f"{where} must be {hint.__name__}, got {value!r}")
    return value


def masked(settings: Settings) -> dict[str, dict[str, Any]]:
    """Effective settings as plain data for `radar config`, secrets shown only as set / unset."""
    out: dict[str, dict[str, Any]] = {}
    for name in SECTIONS:
        section = getattr(settings, name)
        out[name] = {}
        for f in fields(section):
            value = getattr(section, f.name)
            if f"{name}.{f.name}" in SECRET_ENV:
                value = "***" if value else "(unset)"
            out[name][f.name] = list(value) if isinstance(value, tuple) else value
    return out
