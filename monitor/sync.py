"""Reading-list sync: parse the reader's lists and resolve each paper to its arXiv record.

Resolution tries the store's cache, then a curated JSONL file, then an arXiv title search;
`resolve.py` decides what matches. Returns a report; `cli.py` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.config import Settings
from monitor.feeds import ArxivApi
from monitor.jsonl import TitledRecord, read_curated
from monitor.paper import ReadingList, ReadingPaper, Resolution
from monitor.progress import Progress, no_progress
from monitor.reading_list import load_reading_lists
from monitor.resolve import best_match
from monitor.store import Store


def load_reading(settings: Settings) -> ReadingList:
    """Parse the configured reading lists (problems are reported, the rest loads)."""
    return load_reading_lists(settings.reading_list_paths, settings.home)


@dataclass(frozen=True)
class SyncReport:
    reading: ReadingList
    resolutions: dict[str, Resolution]
    pending: tuple[ReadingPaper, ...]  # not resolvable offline; tried again next time
    cached: int
    requests: int

    @property
    def unresolved(self) -> list[ReadingPaper]:
        """Papers with no arXiv version found (cached as such), in list order."""
        return [
            p
            for p in self.reading.papers
            if p.key in self.resolutions and self.resolutions[p.key].paper is None
        ]


def sync(
    settings: Settings,
    store: Store,
    api: ArxivApi | None,
    curated: Path | None = None,
    refresh: bool = False,
    progress: Progress[ReadingPaper] = no_progress,
) -> SyncReport:
    """Resolve reading-list papers to arXiv: cache, then the curated file, then the API."""
    reading = load_reading(settings)
    known = {} if refresh else store.resolutions()
    cached = {
        p.key: known[p.key]
        for p in reading.papers
        if p.key in known and known[p.key].title == p.title
    }
    todo = [p for p in reading.papers if p.key not in cached]
    local = resolve_local(todo, read_curated(curated) if curated else [])
    store.save_resolutions(local.values())
    todo = [p for p in todo if p.key not in local]
    online: dict[str, Resolution] = {}
    if api is not None:
        for paper in progress(todo, "resolving on arXiv", len(todo)):
            online[paper.key] = _resolve_online(paper, api)
            store.save_resolutions([online[paper.key]])
    return SyncReport(
        reading=reading,
        resolutions={**cached, **local, **online},
        pending=tuple(p for p in todo if p.key not in online),
        cached=len(cached),
        requests=api.requests_made if api else 0,
    )


def resolve_local(
    papers: Sequence[ReadingPaper], records: Sequence[TitledRecord]
) -> dict[str, Resolution]:
    out = {}
    by_id = {r.paper.id: r for r in records if r.paper}
    for paper in papers:
        linked = paper.arxiv_link_id
        record = by_id.get(linked) if linked else best_match(paper, records)
        if record is not None:
            out[paper.key] = Resolution(paper.key, paper.title, record.paper, "jsonl")
    return out


def _resolve_online(paper: ReadingPaper, api: ArxivApi) -> Resolution:
    linked = paper.arxiv_link_id
    if linked:
        found = api.by_ids([linked])
        return Resolution(paper.key, paper.title, found[0] if found else None, "link")
    candidates = [TitledRecord(p.title, p) for p in api.search_title(paper.title)]
    record = best_match(paper, candidates)
    if record is None:
        return Resolution(paper.key, paper.title, None, "not-found")
    return Resolution(paper.key, paper.title, record.paper, "api-title")
