"""Ranking glue: the configured model and the store's vector cache wired to `rank.py`.

`rank.py` decides from arrays; this module loads the model once per process, embeds what the
cache lacks and turns scores and explanations into `Ranked` papers, best first.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from monitor.assets import calibration_path
from monitor.config import Settings
from monitor.errors import InputError
from monitor.jsonl import read_papers
from monitor.learn import Judged, Weights, signal
from monitor.paper import Paper, paper_text
from monitor.profile import ProfileItem, make_profile, profile_items
from monitor.progress import Progress, no_progress
from monitor.reading_list import load_reading_lists

if TYPE_CHECKING:
    import numpy as np

    from monitor.embed import Embedder
    from monitor.learn import Teaching
    from monitor.rank import Explanation, Profile
    from monitor.store import Store


@dataclass(frozen=True)
class Lessons:
    """What the ranker learns from beyond the list: the reader's judged papers and earlier
    days' papers (background), with the weights of each kind of signal."""

    judged: tuple[Judged, ...] = ()
    background: tuple[Paper, ...] = ()
    weights: Weights = field(default_factory=Weights)


NO_LESSONS = Lessons()


@dataclass(frozen=True)
class Ranked:
    paper: Paper
    score: float
    rank: int
    why: Explanation

    @property
    def relevance(self) -> float:
        """The estimated chance the reader would open it (`relevance.py`)."""
        from monitor.relevance import chance

        nearest = self.why.neighbours[0].similarity if self.why.neighbours else 0.0
        return chance(self.score, nearest)

    def row(self, picked: bool) -> tuple[str, float, int, str, bool, float]:
        """As the store keeps it (`Store.record_ranking`)."""
        return (self.paper.id, round(self.score, 4), self.rank, self.why.section, picked,
                round(self.relevance, 3))  # fmt: skip


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedding model and backend, loaded once per process (a catch-up of
    several days or a test session reuses it); the int8 export is calibrated once per user."""
    rank = settings.rank
    calibration = settings.path(rank.calibration) if rank.calibration else calibration_path()
    return _load(rank.model, rank.embed_backend, settings.model_cache, calibration, rank.max_tokens)


@functools.cache
def _load(name: str, backend: str, cache: Path, calibration: Path, max_tokens: int) -> Embedder:
    from monitor.embed import load_embedder

    def texts() -> list[str]:
        return [paper_text(p) for p in read_papers(calibration)]

    return load_embedder(name, backend, cache, texts, max_tokens)


def store_lessons(settings: Settings, store: Store, day: date | None) -> Lessons:
    """What the store teaches a ranking of `day` (None: of papers of no particular day): the
    reader's decisions since the last reset, and `[learn] background` earlier papers."""
    learn = settings.learn
    weights = learn_weights(settings)
    if not learn.enabled:
        return Lessons(weights=weights)
    background = store.background(day or date.max, learn.background)
    return Lessons(tuple(store_judged(store)), tuple(background), weights)


def store_judged(store: Store) -> list[Judged]:
    """The reader's decisions since the last reset that teach something about topic (kinds
    weighted 0 are left out where the lessons are used, `_lessons_apart`)."""
    out = []
    for paper, triage in store.judgements():
        kind = signal(triage.state.value, triage.reason)
        if kind is not None:
            out.append(Judged(paper, kind))
    return out


class LazyEmbedder:
    """The configured embedder, loaded only if a text is not in the vector cache: re-ranking a
    day whose vectors are all cached (the web page after a decision) needs no model."""

    def __init__(self, settings: Settings) -> None:
        from monitor.embed import expected_model_id

        self.settings = settings
        rank = settings.rank
        self.model_id = expected_model_id(rank.model, rank.embed_backend, rank.max_tokens)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        from monitor.embed import EmbedError

        loaded = make_embedder(self.settings)
        if loaded.model_id != self.model_id:
            raise EmbedError(f"expected model {self.model_id}, loaded {loaded.model_id}")
        return loaded.encode(texts)


def rank_day(
    settings: Settings,
    store: Store,
    papers: Sequence[Paper],
    day: date,
    embedder: Embedder,
    progress: Progress[int] = no_progress,
) -> list[Ranked]:
    """A day's papers ranked against the configured lists with what the store teaches."""
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    items = profile_items(reading, store.profile_resolutions(reading), settings.rank.read_weight)
    lessons = store_lessons(settings, store, day)
    return rank_papers(items, papers, embedder, store, progress, lessons)


def rerank_day(settings: Settings, store: Store, day: date) -> int:
    """Rank the day's candidates again with every decision made since (the web page after an
    action); picks already chosen stay picks. Returns how many papers were ranked."""
    rows = store.ranking(day)
    papers = store.papers([r.paper_id for r in rows])
    if not papers:
        return 0
    ranked = rank_day(settings, store, papers, day, LazyEmbedder(settings))
    picked = {r.paper_id for r in rows if r.picked}
    store.record_ranking(
        day, [r.row(r.paper.id in picked) for r in ranked], expected={r.paper_id for r in rows}
    )
    return len(ranked)


def learn_weights(settings: Settings) -> Weights:
    learn = settings.learn
    return Weights(learn.promoted, learn.shortlisted, learn.off_topic)


@dataclass(frozen=True)
class Embedded:
    """What `embed_history` did: papers embedded now, papers already cached, seconds."""

    fresh: int
    cached: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.fresh / self.seconds if self.seconds else 0.0


def embed_history(
    settings: Settings, store: Store, days: Sequence[date], progress: Progress[int] = no_progress
) -> Embedded:
    """Embed the stored papers of these days that the vector cache lacks (a backfill's, so
    later rankings find their background cached): one model load, in batches behind a progress
    bar, each batch saved as it is done, so an interrupted run resumes where it stopped."""
    import time

    from monitor.embed import embed_cached, uncached

    embedder = LazyEmbedder(settings)
    texts = list(dict.fromkeys(paper_text(a.paper) for d in days for a in store.announced_on(d)))
    todo = uncached(store, embedder.model_id, texts)
    started = time.perf_counter()
    if todo:
        embed_cached(embedder, todo, store, progress)
    return Embedded(len(todo), len(texts) - len(todo), time.perf_counter() - started)


def forget_models() -> None:
    """Drop the loaded models (a benchmark that times a cold load)."""
    _load.cache_clear()


def rank_papers(
    items: Sequence[ProfileItem],
    candidates: Sequence[Paper],
    embedder: Embedder,
    store: Store | None,
    progress: Progress[int] = no_progress,
    lessons: Lessons = NO_LESSONS,
    shortlist: int = 0,
    limit: int = 0,
) -> list[Ranked]:
    """Score every candidate against the profile and what the reader taught, best first,
    each with its explanation. With `shortlist` > 0 and more candidates than that, only
    `rank.shortlist`'s rows are scored (a large set: a week, all of cs.*); with `limit` > 0,
    only the best `limit` are explained and returned."""
    from monitor.embed import embed_cached
    from monitor.learn import make_teaching
    from monitor.rank import shortlist as narrow

    if not items:
        raise InputError("the profile is empty: nothing to rank against")
    judged, background = _lessons_apart(items, candidates, lessons)
    taught = [paper_text(j.paper) for j in judged] + [paper_text(p) for p in background]
    texts = [paper_text(i.paper) for i in items] + [paper_text(p) for p in candidates]
    vectors = embed_cached(embedder, texts + taught, store, progress)
    profile = make_profile(items, vectors[: len(items)])
    mine, learned = vectors[len(items) : len(texts)], vectors[len(texts) :]
    rows = narrow(_nearness(profile, mine, judged, learned), shortlist)
    chosen = [candidates[i] for i in rows]
    teaching = None
    if taught:
        ids = [p.id for p in chosen]
        teaching = make_teaching(judged, background, taught, learned, lessons.weights, ids)
    own = [texts[len(items) + i] for i in rows]
    return _ranked(profile, chosen, own, mine[rows], teaching, limit)


def _ranked(
    profile: Profile,
    candidates: Sequence[Paper],
    texts: Sequence[str],
    vectors: np.ndarray,
    teaching: Teaching | None,
    limit: int,
) -> list[Ranked]:
    """`rank.py`'s scores, best first, the best `limit` (0: all) explained and returned."""
    import numpy as np

    from monitor.rank import explain, score, words_of

    words = words_of(profile, texts, teaching)
    scores = score(profile, texts, vectors, words, teaching)
    order = [int(i) for i in np.argsort(-scores, kind="stable")[: limit or None]]
    whys = explain(profile, texts, vectors, words, teaching=teaching, rows=order)
    return [Ranked(candidates[i], float(scores[i]), r, why)
            for r, (i, why) in enumerate(zip(order, whys, strict=True), 1)]  # fmt: skip


def _nearness(
    profile: Profile, vectors: np.ndarray, judged: Sequence[Judged], taught: np.ndarray
) -> np.ndarray:
    """What a shortlist keeps the nearest by: the cosine to the closest list paper or paper the
    reader promoted or shortlisted."""
    import numpy as np

    from monitor.learn import POSITIVE
    from monitor.rank import nearest_similarity

    near = nearest_similarity(profile, vectors)
    liked = [i for i, j in enumerate(judged) if j.kind in POSITIVE]
    if liked:
        near = np.maximum(near, (vectors @ taught[liked].T).max(axis=1))
    return near


def _lessons_apart(
    items: Sequence[ProfileItem], candidates: Sequence[Paper], lessons: Lessons
) -> tuple[list[Judged], list[Paper]]:
    """The lessons minus what the list already has (a promoted paper is a list paper once the
    list has it) and kinds weighted 0, and a background without the day's or judged papers."""
    listed = {i.paper.id for i in items}
    judged = [
        j for j in lessons.judged if j.paper.id not in listed and lessons.weights.of(j.kind) > 0
    ]
    seen = listed | {p.id for p in candidates} | {j.paper.id for j in judged}
    return judged, [p for p in lessons.background if p.id not in seen]
