"""The imperative shell: wires files, the store and arXiv to the pure decisions.

Each function does one command's work and returns a small report; `cli.py` prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from monitor.config import Settings
from monitor.embed import Embedder, embed_cached, load_embedder, paper_text
from monitor.errors import InputError
from monitor.evaluate import ProfileItem, make_profile
from monitor.feeds import ArxivApi
from monitor.jsonl import TitledRecord, paper_from_record, read_curated, read_papers, read_records
from monitor.paper import Paper, ReadingList, ReadingPaper, Resolution, Status
from monitor.progress import Progress, no_progress
from monitor.rank import Explanation, explain, score, words_of
from monitor.reading_list import load_reading_lists
from monitor.resolve import best_match
from monitor.store import Store


def load_reading(settings: Settings, store: Store) -> ReadingList:
    """Parse the configured lists and store them as the current snapshot."""
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    store.replace_reading_list(reading.papers)
    return reading


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
    reading = load_reading(settings, store)
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


def profile_items(
    reading: ReadingList, resolutions: dict[str, Resolution], read_weight: float
) -> list[ProfileItem]:
    """Each reading-list paper with its arXiv record (title only where unresolved), its
    section in the first list that has it, and its weight (read or noted: `read_weight`)."""
    items = []
    for rp in reading.papers:
        resolution = resolutions.get(rp.key)
        paper = resolution.paper if resolution and resolution.paper else None
        paper = paper or Paper(
            id=f"list:{rp.key}", version=1, title=rp.title, abstract="", authors=(), categories=()
        )
        weight = read_weight if rp.status is Status.READ or rp.noted else 1.0
        items.append(ProfileItem(paper, rp.entries[0].section_label, weight, rp.year))
    return items


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedding model and backend (the int8 export is calibrated once)."""

    def calibration() -> list[str]:
        return [paper_text(p) for p in read_papers(settings.path(settings.rank.calibration))]

    cache = settings.path(settings.paths.models) / "cache"
    return load_embedder(settings.rank.model, settings.rank.embed_backend, cache, calibration)


def profile_from_file(path: Path, settings: Settings, store: Store | None) -> list[ProfileItem]:
    """A profile from reading-list Markdown (abstracts from the store's resolutions when there
    is a store) or from JSONL papers (`section` optional)."""
    if path.suffix.lower() in (".md", ".markdown"):
        reading = load_reading_lists([path])
        resolutions = store.resolutions() if store else {}
        return profile_items(reading, resolutions, settings.rank.read_weight)
    items = []
    for number, record in read_records(path):
        if not record.get("title"):
            raise InputError(f"{path}:{number}: a profile paper needs a 'title'")
        record = {"id": record.get("id") or f"{path.name}:{number}", **record}
        items.append(
            ProfileItem(paper_from_record(record), str(record.get("section", "")), 1.0, None)
        )
    return items


@dataclass(frozen=True)
class Ranked:
    paper: Paper
    score: float
    rank: int
    why: Explanation


def rank_papers(
    items: Sequence[ProfileItem],
    candidates: Sequence[Paper],
    embedder: Embedder,
    store: Store | None,
    progress: Progress[int] = no_progress,
) -> list[Ranked]:
    """Score every candidate against the profile, best first, each with its explanation."""
    if not items:
        raise InputError("the profile is empty: nothing to rank against")
    texts = [paper_text(i.paper) for i in items] + [paper_text(p) for p in candidates]
    vectors = embed_cached(embedder, texts, store, progress)
    profile = make_profile(items, vectors[: len(items)])
    rest = texts[len(items) :]
    words = words_of(profile, rest)
    scores = score(profile, rest, vectors[len(items) :], words)
    whys = explain(profile, rest, vectors[len(items) :], words)
    order = np.argsort(-scores, kind="stable")
    return [Ranked(candidates[i], float(scores[i]), r, whys[i]) for r, i in enumerate(order, 1)]
