"""`radar bench`: what learning costs a day's ranking, side by side in one run.

A day of real papers is ranked (vectors cached, as every ranking after the first embedding is)
against the reading list alone, then with 200 judged papers and 5,000 background papers (as
the ranker bounds them, and all of them), the same texts in the same process; each timing is
the median of repeats. Also the web page's
re-rank of a 600-paper day through a real store (read the day, rank it, write it back).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from monitor.config import Settings
from monitor.embed import content_hash
from monitor.learn import (
    OFF_TOPIC,
    PROMOTED,
    SHORTLISTED,
    Judged,
    Teaching,
    Weights,
    make_teaching,
    sample,
)
from monitor.paper import Announcement, DayResult, Paper, Resolution, RunStatus, paper_text
from monitor.profile import ProfileItem, make_profile
from monitor.rank import explain, score, words_of
from monitor.ranker import LazyEmbedder, rerank_day
from monitor.store import Store
from monitor.triage import Triage, TriageState

KINDS = (PROMOTED,) * 20 + (SHORTLISTED,) * 60 + (OFF_TOPIC,) * 120  # 200 decisions


@dataclass(frozen=True)
class LearnSpeed:
    day: int
    judged: int
    given: int
    used: int
    plain: float
    taught: float
    everything: float
    rerank: float

    def lines(self) -> list[str]:
        return [
            f"ranking a {self.day}-paper day, vectors cached (score + explanations, median):",
            f"  reading list alone: {self.plain:.2f} s",
            f"  with {self.judged} judged papers and {self.given} background papers "
            f"({self.used} used, [learn] background): {self.taught:.2f} s "
            f"= {self.taught / self.plain:.2f}x",
            f"  the same using all {self.given}: {self.everything:.2f} s "
            f"= {self.everything / self.plain:.2f}x",
            f"  the web page's re-rank of the day after a decision (store read, rank, write): "
            f"{self.rerank:.2f} s",
        ]


def learning_speed(
    settings: Settings,
    items: Sequence[ProfileItem],
    reading: Sequence[Resolution],
    corpus: Sequence[Paper],
    embed: Callable[[Sequence[str]], np.ndarray],
    day: int = 600,
    background: int = 5000,
    repeats: int = 3,
) -> LearnSpeed:
    """`corpus` must hold at least day + 200 + background papers (shuffled by the caller)."""
    papers = list(corpus[:day])
    judged = [Judged(p, k) for p, k in zip(corpus[day : day + len(KINDS)], KINDS, strict=True)]
    past = list(corpus[day + len(KINDS) : day + len(KINDS) + background])
    profile = make_profile(items, embed([paper_text(i.paper) for i in items]))
    texts = [paper_text(p) for p in papers]
    vectors = _unit(len(texts))
    ids = [p.id for p in papers]

    def teaching(background: Sequence[Paper]) -> Teaching:
        taught = [paper_text(j.paper) for j in judged] + [paper_text(p) for p in background]
        return make_teaching(judged, background, taught, _unit(len(taught)), Weights(), ids)

    def rank(t: Teaching | None) -> float:
        started = time.perf_counter()
        words = words_of(profile, texts, t)
        score(profile, texts, vectors, words, t)
        explain(profile, texts, vectors, words, teaching=t)
        return time.perf_counter() - started

    used = sample(past, settings.learn.background)
    bounded, full = teaching(used), teaching(past)
    times = [statistics.median(rank(t) for _ in range(repeats)) for t in (None, bounded, full)]
    rerank = _rerank(settings, items, reading, papers, judged, past)
    plain, taught, everything = times
    return LearnSpeed(day, len(judged), len(past), len(used), plain, taught, everything, rerank)


def _unit(n: int, dim: int = 384, seed: int = 11) -> np.ndarray:
    """Random unit vectors: the ranking's cost does not depend on the values (embedding cost
    is measured by `radar bench` per paper)."""
    v = np.random.default_rng(seed + n).standard_normal((n, dim)).astype(np.float32)
    unit: np.ndarray = v / np.linalg.norm(v, axis=1, keepdims=True)
    return unit


def _rerank(
    settings: Settings,
    items: Sequence[ProfileItem],
    reading: Sequence[Resolution],
    papers: Sequence[Paper],
    judged: Sequence[Judged],
    past: Sequence[Paper],
) -> float:
    """`rerank_day` on a real temporary store: the day ranked, earlier days polled, the
    decisions taken, every vector cached (the page never waits for a model)."""
    with tempfile.TemporaryDirectory() as folder, Store.open(Path(folder) / "radar.db") as store:
        when = date(2026, 1, 2)
        store.record_day(DayResult(date(2026, 1, 1), RunStatus.OK, "bench"),
                         [Announcement(p, "new") for p in past], [], history=True)  # fmt: skip
        store.record_day(DayResult(when, RunStatus.OK, "bench"),
                         [Announcement(p, "new") for p in [*papers, *(j.paper for j in judged)]],
                         [])  # fmt: skip
        store.save_resolutions(reading)
        everything = [*papers, *(j.paper for j in judged), *past, *(i.paper for i in items)]
        texts = [paper_text(p) for p in everything]
        model = LazyEmbedder(settings).model_id
        store.save_vectors(model, dict(zip(map(content_hash, texts), _unit(len(texts)),
                                           strict=True)))  # fmt: skip
        for j in judged:
            after = Triage(TriageState.SHORTLISTED) if j.kind != OFF_TOPIC else Triage(
                TriageState.DISMISSED, reason="off-topic")  # fmt: skip
            store.record_action(j.paper.id, "bench", Triage(), after, "bench")
        store.record_ranking(when, [(p.id, 0.0, n, "", n <= 10, 0.0) for n, p in
                                    enumerate(papers, 1)])  # fmt: skip
        started = time.perf_counter()
        rerank_day(settings, store, when)
        return time.perf_counter() - started
