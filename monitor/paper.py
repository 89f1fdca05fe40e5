"""The vocabulary of arxiv-radar: frozen dataclasses shared by every module, with no I/O."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from enum import Enum

_ARXIV_ID = re.compile(r"(?P<id>\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v(?P<v>\d+))?")


class Status(Enum):
    """Reading status of a reading-list entry (the ✅ / ⬜ marks)."""

    READ = "read"
    TO_READ = "to read"


@dataclass(frozen=True)
class Link:
    """A link cell fragment: `Paper`, `Note` or `[Paper](https://…)`; url is None when bare."""

    label: str
    url: str | None = None


@dataclass(frozen=True)
class Source:
    """Where a reading-list row lives, for error messages and write-back."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class ReadingEntry:
    """One row of one reading-list table, as written by the reader."""

    title: str
    section: tuple[str, ...]
    status: Status
    noted: bool
    venue: str | None
    year: int | None
    note: str
    links: tuple[Link, ...]
    source: Source
    list_title: str

    @property
    def section_label(self) -> str:
        return " / ".join(self.section)


@dataclass(frozen=True)
class ReadingPaper:
    """One paper of the reading lists: all rows naming it, across sections and lists."""

    key: str
    entries: tuple[ReadingEntry, ...]

    @property
    def title(self) -> str:
        return self.entries[0].title

    @property
    def status(self) -> Status:
        """Read if any list marks it read: the reader has read it once, wherever it is listed."""
        if any(e.status is Status.READ for e in self.entries):
            return Status.READ
        return Status.TO_READ

    @property
    def noted(self) -> bool:
        return any(e.noted for e in self.entries)

    @property
    def year(self) -> int | None:
        return next((e.year for e in self.entries if e.year is not None), None)

    @property
    def arxiv_link_id(self) -> str | None:
        """An arXiv id the reader wrote into a link (arxiv.org/abs/… or /pdf/…), if any."""
        for entry in self.entries:
            for link in entry.links:
                if link.url and "arxiv.org/" in link.url:
                    found = parse_arxiv_id(link.url.rsplit("/", 1)[-1])
                    if found:
                        return found[0]
        return None


@dataclass(frozen=True)
class ParseProblem:
    """A reading-list row that could not be read; the rest of the file still loads."""

    source: Source
    reason: str

    def __str__(self) -> str:
        return f"{self.source}: {self.reason}"


@dataclass(frozen=True)
class ReadingList:
    """Every paper of every configured list, with the rows that could not be read."""

    papers: tuple[ReadingPaper, ...]
    problems: tuple[ParseProblem, ...] = ()

    @property
    def entries(self) -> tuple[ReadingEntry, ...]:
        return tuple(e for p in self.papers for e in p.entries)


@dataclass(frozen=True)
class Paper:
    """An arXiv paper as arxiv-radar knows it, keyed by its version-less id."""

    id: str
    version: int
    title: str
    abstract: str
    authors: tuple[str, ...]
    categories: tuple[str, ...]
    published: str | None = None
    updated: str | None = None
    comment: str | None = None
    journal_ref: str | None = None
    affiliations: tuple[tuple[str, ...], ...] = field(default=())

    @property
    def primary_category(self) -> str:
        return self.categories[0] if self.categories else ""


@dataclass(frozen=True)
class Neighbour:
    """A reading-list paper close to a candidate, and how close (cosine)."""

    title: str
    similarity: float


@dataclass(frozen=True)
class Resolution:
    """What a reading-list paper resolved to; `paper` is None when it has no arXiv version."""

    key: str
    title: str
    paper: Paper | None
    method: str


def paper_text(paper: Paper) -> str:
    """What the ranker reads of a paper: the title, and the abstract when there is one."""
    return f"{paper.title}. {paper.abstract}" if paper.abstract else paper.title


def parse_arxiv_id(text: str) -> tuple[str, int | None] | None:
    """Split `2401.01234v2`, `arXiv:2401.01234` or `cs/0112017v1` into (id, version)."""
    text = text.strip().removeprefix("arXiv:").removeprefix("arxiv:")
    text = re.sub(r"\.pdf$", "", text)
    match = _ARXIV_ID.fullmatch(text)
    if not match:
        return None
    version = match.group("v")
    return match.group("id"), int(version) if version else None


def normalize_title(title: str) -> str:
    """Case, accents and punctuation folded, so `FLUX: Fast …` and `Flux: fast …` compare equal."""
    folded = unicodedata.normalize("NFKD", title).casefold()
    return " ".join(re.sub(r"[^\w]+", " ", folded).split())


def short_name(title: str) -> str | None:
    """The system name before the colon (`oobleck` in `Oobleck: Resilient …`), if it has one."""
    head, sep, _ = title.partition(":")
    name = normalize_title(head)
    return name if sep and 3 <= len(name) <= 40 else None


@dataclass(frozen=True)
class Announcement:
    """A listed paper and how it was announced: new, cross, replace, replace-cross (or, for
    replacements shown in a digest, updated)."""

    paper: Paper
    kind: str


class RunStatus(Enum):
    """A polled day's state in the run ledger, or (DONE_BEFORE) that a poll found it done."""

    OK = "ok"
    QUIET = "quiet"
    FAILED = "failed"
    DONE_BEFORE = "done-before"

    @property
    def polled(self) -> bool:
        """Stored for good: never fetched again."""
        return self in (RunStatus.OK, RunStatus.QUIET)


@dataclass(frozen=True)
class DayResult:
    """What polling one announcement day did, as recorded in the run ledger."""

    day: date
    status: RunStatus
    source: str  # rss / api
    new: int = 0
    cross: int = 0
    replaced: int = 0
    note: str = ""
