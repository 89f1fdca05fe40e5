"""Settings that parse but cannot work: every problem, named by its key.

`config.load_settings` refuses the first problem before anything is fetched; `radar config
--check` lists them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

if TYPE_CHECKING:
    from monitor.config import Settings

PACKAGED_MODEL = "packaged:all-MiniLM-L6-v2"
CHOICES = {
    "digest.summary_language": ("en", "zh"),
    "smtp.security": ("starttls", "tls"),
    "rank.embed_backend": ("auto", "openvino-int8", "torch"),
}
_CATEGORY = re.compile(r"[a-z][a-z\-]*(\.[A-Za-z][A-Za-z\-]*)?")
_DAYS = re.compile(r"(mon|tue|wed|thu|fri|sat|sun)(-(mon|tue|wed|thu|fri|sat|sun))?")
_TIME = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
_ADDRESS = re.compile(r"[^@\s,]+@[^@\s,]+")
# (key, test, what it must be): numbers with a range
_RANGES: tuple[tuple[str, Callable[[float], bool], str], ...] = (
    ("rank.top_k", lambda v: v >= 1, "at least 1"),
    ("rank.max_tokens", lambda v: v >= 0, "0 (the model's own window) or more"),
    ("rank.section_quota", lambda v: v >= 0, "0 (no quota) or more"),
    ("rank.min_relevance", lambda v: 0 <= v < 1, "between 0 and 1 (a probability)"),
    ("rank.read_weight", lambda v: v > 0, "greater than 0"),
    ("learn.promoted", lambda v: v >= 0, "0 (ignore) or more"),
    ("learn.shortlisted", lambda v: v >= 0, "0 (ignore) or more"),
    ("learn.off_topic", lambda v: v >= 0, "0 (ignore) or more"),
    ("learn.background", lambda v: 0 <= v <= 50000, "between 0 (none) and 50000 papers"),
    ("arxiv.delay_seconds", lambda v: v >= 0, "0 or more"),
    ("arxiv.timeout_seconds", lambda v: v > 0, "greater than 0"),
    ("arxiv.max_retries", lambda v: 0 <= v <= 20, "between 0 and 20"),
    ("arxiv.backoff_seconds", lambda v: v >= 0, "0 or more"),
    ("arxiv.page_size", lambda v: 1 <= v <= 2000, "between 1 and 2000 (arXiv's limit)"),
    ("smtp.port", lambda v: 1 <= v <= 65535, "a TCP port (1-65535)"),
    ("smtp.new_recipient_backlog", lambda v: v >= 0, "0 or more"),
    ("llm.timeout_seconds", lambda v: v > 0, "greater than 0"),
    ("web.port", lambda v: 1 <= v <= 65535, "a TCP port (1-65535)"),
)


def _value(settings: Settings, dotted: str) -> object:
    section, key = dotted.split(".")
    return getattr(getattr(settings, section), key)


def problems(settings: Settings) -> list[str]:
    """Every value that cannot work, as `'section.key' …` phrases, in settings-file order."""
    return [*_choices(settings), *_ranges(settings), *_arxiv(settings), *_schedule(settings),
            *_files(settings), *_delivery(settings)]  # fmt: skip


def _choices(settings: Settings) -> Iterator[str]:
    for dotted, allowed in CHOICES.items():
        value = _value(settings, dotted)
        if value not in allowed:
            yield f"'{dotted}' must be one of {', '.join(allowed)}, not {value!r}"
    llm = settings.llm
    if settings.digest.summary_language == "zh" and not (llm.base_url and llm.model):
        yield (
            "'digest.summary_language' = \"zh\" needs llm.base_url and llm.model "
            "(there is no offline Chinese summariser)"
        )


def _ranges(settings: Settings) -> Iterator[str]:
    for dotted, ok, what in _RANGES:
        value = _value(settings, dotted)
        assert isinstance(value, int | float)
        if not ok(value):
            yield f"'{dotted}' must be {what}, not {value!r}"


def _arxiv(settings: Settings) -> Iterator[str]:
    arxiv = settings.arxiv
    if not arxiv.categories:
        yield "'arxiv.categories' is empty: name at least one category, e.g. \"cs.DC\""
    for category in arxiv.categories:
        if not _CATEGORY.fullmatch(category):
            yield f"'arxiv.categories' has {category!r}, not an arXiv category like \"cs.DC\""
    for key in ("rss_url", "api_url", "eprint_url", "pdf_url"):
        url = getattr(arxiv, key)
        if not url.startswith(("http://", "https://")):
            yield f"'arxiv.{key}' must be an http(s) URL, not {url!r}"


def _schedule(settings: Settings) -> Iterator[str]:
    schedule = settings.schedule
    days = schedule.day_of_week.replace(" ", "").lower().split(",")
    if not all(_DAYS.fullmatch(d) for d in days):
        yield (
            f'\'schedule.day_of_week\' must be day names like "mon,tue" or "mon-fri", '
            f"not {schedule.day_of_week!r}"
        )
    if not _TIME.fullmatch(schedule.time):
        yield f"'schedule.time' must be HH:MM (24 h), not {schedule.time!r}"
    try:
        ZoneInfo(schedule.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        yield f"'schedule.timezone' is not a time zone: {schedule.timezone!r}"


def _files(settings: Settings) -> Iterator[str]:
    rank = settings.rank
    model = rank.model
    if model != PACKAGED_MODEL and not (Path(model).expanduser() / "modules.json").is_file():
        yield (
            f"'rank.model' must be {PACKAGED_MODEL!r} or a sentence-transformers folder; "
            f"{model!r} has no modules.json"
        )
    if rank.calibration and not settings.path(rank.calibration).is_file():
        yield f"'rank.calibration' names a missing file: {settings.path(rank.calibration)}"
    if settings.smtp.ca_file and not Path(settings.smtp.ca_file).expanduser().is_file():
        yield f"'smtp.ca_file' names a missing file: {settings.smtp.ca_file}"


def _delivery(settings: Settings) -> Iterator[str]:
    base = settings.web.base_url
    if base and not base.startswith(("http://", "https://")):
        yield f"'web.base_url' must be an http(s) URL or empty, not {base!r}"
    smtp = settings.smtp
    if smtp.host and not smtp.recipients:
        yield "'smtp.recipients' is empty but 'smtp.host' is set: nobody to send digests to"
    for address in smtp.recipients:
        if not _ADDRESS.fullmatch(address):
            yield f"'smtp.recipients' has {address!r}, not an e-mail address"
