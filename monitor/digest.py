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

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from monitor.errors import OutputError
from monitor.paper import Neighbour

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

    def card_url(self, paper_id: str) -> str:
        return f"{self.web.rstrip('/')}/paper/{paper_id}" if self.web else ""

    @property
    def subject(self) -> str:
        if not self.entries:
            return f"arxiv-radar {self.day}: no picks ({self.note or 'no announcement'})"
        picks = "pick" if len(self.entries) == 1 else "picks"
        return f"arxiv-radar {self.day}: {len(self.entries)} {picks} of {self.candidates} papers"


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
    data = {**asdict(digest), "day": digest.day.isoformat()}
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
                **e,
                "authors": tuple(e["authors"]),
                "affiliations": tuple(e["affiliations"]),
                "categories": tuple(e["categories"]),
                "terms": tuple(e["terms"]),
                "learned": tuple(e.get("learned", ())),
                "nearest": tuple(Neighbour(**n) for n in e["nearest"]),
            }
        )
        for e in data["entries"]
    )
    day = date.fromisoformat(data["day"])
    return Digest(day, entries, data["candidates"], data.get("note", ""), data.get("web", ""))


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
