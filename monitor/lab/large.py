"""Ranking a large set of cached candidates (a week, all of cs.*): `radar bench`'s figures.

The corpus's real papers are embedded once into the home's store (a progress bar; later runs
read the cache), then ranked as `radar rank` ranks them: with its default shortlist, and in
full, so the shortlist's cost in ranking is measured beside its speed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.config import Settings
from monitor.embed import Embedder, embed_cached, uncached
from monitor.lab.evaluate import load_corpus
from monitor.lab.footprint import peak_since_reset, reset_peak
from monitor.paper import Paper, paper_text
from monitor.profile import ProfileItem
from monitor.progress import Progress, no_progress
from monitor.rank import SHORTLIST
from monitor.ranker import Ranked, rank_papers
from monitor.store import Store


@dataclass(frozen=True)
class LargeSet:
    papers: int
    embedded: int  # papers embedded in this run (0: every vector was cached already)
    embed_seconds: float
    shortlist: int
    seconds: float
    peak_mib: float
    full_seconds: float
    full_peak_mib: float
    top100_kept: int  # of the full ranking's top 100, how many the shortlisted top 100 has
    top10_kept: int  # of its top 10, how many the shortlisted top 100 has
    top10_same: int  # of its top 10, how many the shortlisted top 10 has

    def lines(self) -> list[str]:
        embedded = (
            f"{self.embedded} embedded into the store in this run in {self.embed_seconds:.0f} s "
            f"({self.embedded / self.embed_seconds:.0f} papers/s)"
            if self.embedded
            else "vectors read from the store's cache"
        )
        return [
            f"{self.papers} real papers of the corpus, {embedded}; ranked from the cache (read "
            "vectors, score all, explain the top 100):",
            f"  radar rank's default (--shortlist {self.shortlist}): {self.seconds:.1f} s, "
            f"peak {self.peak_mib:.0f} MiB more",
            f"  every candidate in full (--shortlist 0): {self.full_seconds:.1f} s, peak "
            f"{self.full_peak_mib:.0f} MiB more",
            f"  of the full ranking's top 100, {self.top100_kept} are in the shortlisted top 100; "
            f"of its top 10, {self.top10_kept} are in the shortlisted top 100 and "
            f"{self.top10_same} in its top 10",
        ]


def large_set(
    settings: Settings,
    store: Store,
    data_dir: Path,
    embedder: Embedder,
    many: int,
    progress: Progress[int] = no_progress,
) -> LargeSet:
    from monitor.lab.bench import reading_items

    items = reading_items(settings, data_dir)
    corpus = [p for _, p in load_corpus(data_dir, categories=None)][:many]
    texts = [paper_text(p) for p in corpus] + [paper_text(i.paper) for i in items]
    missing = len(uncached(store, embedder.model_id, texts))
    started = time.perf_counter()
    embed_cached(embedder, texts, store, progress)
    embed_seconds = time.perf_counter() - started if missing else 0.0
    rank_papers(items, corpus[:SHORTLIST], embedder, store)  # warm: imports, first reads
    short, seconds, peak = _timed(items, corpus, embedder, store, SHORTLIST)
    full, full_seconds, full_peak = _timed(items, corpus, embedder, store, 0)
    best = [r.paper.id for r in full[:100]]
    mine = {r.paper.id for r in short[:100]}
    first = {r.paper.id for r in short[:10]}
    kept = (sum(i in mine for i in best), sum(i in mine for i in best[:10]),
            sum(i in first for i in best[:10]))  # fmt: skip
    return LargeSet(len(corpus), missing, embed_seconds, SHORTLIST, seconds, peak, full_seconds,
                    full_peak, *kept)  # fmt: skip


def _timed(
    items: Sequence[ProfileItem],
    corpus: Sequence[Paper],
    embedder: Embedder,
    store: Store,
    keep: int,
) -> tuple[list[Ranked], float, float]:
    reset_peak()
    started = time.perf_counter()
    ranked = rank_papers(items, corpus, embedder, store, shortlist=keep, limit=100)
    return ranked, time.perf_counter() - started, peak_since_reset()
