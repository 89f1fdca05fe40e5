"""The digest: a pure view-model of the day's picks, rendered through Jinja2 templates.

Markdown follows the reader's format (title; affiliations `English(中文)` joined by `;`; a short
summary; `date categories`), followed by what radar adds: score, why, links, labels, authors.
HTML (inline CSS, for mail and phones) and Atom autoescape; Markdown goes through `md`, which
escapes the characters Markdown or HTML would act on, so titles with `<`, `&` or TeX survive.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from monitor.errors import OutputError
from monitor.paper import Neighbour
from monitor.relevance import BELOW, TIERS, chance
from monitor.relevance import label as _label_of
from monitor.relevance import tier as _tier_of

_MD_SPECIAL = re.compile(r"([\\`*_\[\]|#])")
_ENTITY = re.compile(r"&(?=#?\w+;)")  # only an `&` that would start an HTML entity
# bidirectional embedding/override/isolate controls: they can make a title display reversed
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class Entry:
    """One pick as the reader sees it."""

    rank: int
    id: str
    title: str
    authors: tuple[str, ...]
    affiliations: tuple[str, ...]
    summary: str
    date: str
    categories: tuple[str, ...]
    kind: str  # new / cross / updated
    score: float
    section: str
    nearest: tuple[Neighbour, ...]
    terms: tuple[str, ...]
    learned: tuple[str, ...] = ()  # how the reader's decisions moved it
    relevance: float = 0.0  # the estimated chance the reader would open it (relevance.py)

    @property
    def tier(self) -> str:
        return _tier_of(self.relevance)

    @property
    def relevance_label(self) -> str:
        """ "strong (87%)": what every output shows; the raw score is in the JSON only."""
        return _label_of(self.relevance)

    @property
    def abs_url(self) -> str:
        return f"https://arxiv.org/abs/{self.id}"

    @property
    def pdf_url(self) -> str:
        return f"https://arxiv.org/pdf/{self.id}"

    @property
    def label(self) -> str:
        return {"cross": "cross-list", "updated": "updated"}.get(self.kind, "")


@dataclass(frozen=True)
class Digest:
    day: date
    entries: tuple[Entry, ...]
    candidates: int
    note: str = ""
    web: str = ""  # [web] base_url: entries link to their card on the page
    waiting: int = 0  # possible picks not sent: on the page (`radar triage`, `radar web`)

    def card_url(self, paper_id: str) -> str:
        return f"{self.web.rstrip('/')}/paper/{paper_id}" if self.web else ""

    @property
    def glance(self) -> str:
        """The day at a glance: "2 strong, 1 likely of 86 papers · Distributed Training"."""
        if not self.entries:
            return f"no picks ({self.note or 'no announcement'})"
        names = [name for name, _ in TIERS] + [BELOW]
        counts = {name: sum(1 for e in self.entries if e.tier == name) for name in names}
        parts = [f"{n} {name}" for name, n in counts.items() if n]
        sections = list(dict.fromkeys(e.section.split(" / ")[-1] for e in self.entries))
        where = f" · {', '.join(sections)}" if sections and sections != [""] else ""
        return f"{', '.join(parts)} of {self.candidates} papers{where}"

    @property
    def subject(self) -> str:
        return f"arxiv-radar {self.day}: {self.glance}"


def md(text: str) -> str:
    """Escape Markdown and HTML specials in running text."""
    text = _ENTITY.sub("&amp;", text).replace("<", "&lt;").replace(">", "&gt;")
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("monitor", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html", "xml")),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = md
    env.finalize = _finalize
    return env


def _finalize(value: object) -> object:
    """Every value printed by any template loses bidi controls (then autoescape applies)."""
    return _BIDI.sub("", value) if isinstance(value, str) else value


def render_markdown(digest: Digest) -> str:
    return _environment().get_template("digest.md").render(d=digest)


def render_html(digest: Digest) -> str:
    return _environment().get_template("digest.html").render(d=digest)


def render_json(digest: Digest) -> str:
    """Everything, the raw score included, and each entry's tier."""
    data = {**asdict(digest), "day": digest.day.isoformat()}
    for entry, out in zip(digest.entries, data["entries"], strict=True):
        out["tier"] = entry.tier
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def render_feed(digests: Sequence[Digest], feed_id: str) -> str:
    """Atom feed of the picks of the most recent digests, newest first."""
    ordered = sorted(digests, key=lambda d: d.day, reverse=True)
    updated = ordered[0].day.isoformat() if ordered else "1970-01-01"
    return (
        _environment()
        .get_template("feed.xml")
        .render(digests=ordered, updated=updated, feed_id=feed_id)
    )


def digest_from_json(text: str) -> Digest:
    """Read back a digest written by `render_json` (for the feed of recent days)."""
    data = json.loads(text)
    entries = tuple(
        Entry(
            **{
                **{k: v for k, v in e.items() if k != "tier"},
                "authors": tuple(e["authors"]),
                "affiliations": tuple(e["affiliations"]),
                "categories": tuple(e["categories"]),
                "terms": tuple(e["terms"]),
                "learned": tuple(e.get("learned", ())),
                "relevance": e.get("relevance", _stored_chance(e)),
                "nearest": tuple(Neighbour(**n) for n in e["nearest"]),
            }
        )
        for e in data["entries"]
    )
    day = date.fromisoformat(data["day"])
    return Digest(day, entries, data["candidates"], data.get("note", ""), data.get("web", ""),
                  data.get("waiting", 0))  # fmt: skip


def _stored_chance(entry: dict[str, Any]) -> float:
    """The relevance of an entry stored before it was kept, from its score and neighbour."""
    nearest = entry["nearest"][0]["similarity"] if entry["nearest"] else 0.0
    return chance(float(entry["score"]), float(nearest))


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file and rename: readers never see half a file, and a
    failure (folder not writable, disk full) leaves neither the file nor the temporary one."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as err:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise OutputError(f"{path.parent}: cannot write {path.name} ({err.strerror})") from err
