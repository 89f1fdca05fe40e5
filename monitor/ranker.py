"""Ranking glue: the configured model and the store's vector cache wired to `rank.py`.

`rank.py` decides from arrays; this module loads the model once per process, embeds what the
cache lacks and turns scores and explanations into `Ranked` papers, best first.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from monitor.assets import calibration_path
from monitor.config import Settings
from monitor.errors import InputError
from monitor.jsonl import read_papers
from monitor.paper import Paper, paper_text
from monitor.profile import ProfileItem, make_profile
from monitor.progress import Progress, no_progress

if TYPE_CHECKING:
    from monitor.embed import Embedder
    from monitor.rank import Explanation
    from monitor.store import Store


@dataclass(frozen=True)
class Ranked:
    paper: Paper
    score: float
    rank: int
    why: Explanation


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedding model and backend, loaded once per process (a catch-up of
    several days or a test session reuses it); the int8 export is calibrated once per user."""
    rank = settings.rank
    calibration = settings.path(rank.calibration) if rank.calibration else calibration_path()
    return _load(rank.model, rank.embed_backend, settings.model_cache, calibration)


@functools.cache
def _load(name: str, backend: str, cache: Path, calibration: Path) -> Embedder:
    from monitor.embed import load_embedder

    def texts() -> list[str]:
        return [paper_text(p) for p in read_papers(calibration)]

    return load_embedder(name, backend, cache, texts)


def forget_models() -> None:
    """Drop the loaded models (a benchmark that times a cold load)."""
    _load.cache_clear()


def rank_papers(
    items: Sequence[ProfileItem],
    candidates: Sequence[Paper],
    embedder: Embedder,
    store: Store | None,
    progress: Progress[int] = no_progress,
) -> list[Ranked]:
    """Score every candidate against the profile, best first, each with its explanation."""
    import numpy as np

    from monitor.embed import embed_cached
    from monitor.rank import explain, score, words_of

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
