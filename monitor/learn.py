"""What the reader's decisions teach the ranker (pure: decisions in, arrays and words out).

A decision is a signal about topic or it is not: a promoted paper is a positive like a
reading-list paper; a shortlisted one a weaker positive; a paper dismissed as off-topic an
explicit negative, weighted above the ordinary background; dismissed as `weak` or `known`, or
snoozed, it says nothing about topic and teaches nothing. Earlier days' papers, unjudged, are
the background: negatives that together weigh as much as the day's own papers (so a bigger
background sharpens what "ordinary" means without drowning the day). `rank.py` trains on the
`Teaching` built here; `models/README.md` has the measurements behind the default weights.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from monitor.paper import Paper

if TYPE_CHECKING:
    import numpy as np

PROMOTED, SHORTLISTED, OFF_TOPIC, BACKGROUND = "promoted", "shortlisted", "off-topic", "background"
POSITIVE = (PROMOTED, SHORTLISTED)
DECISIONS = ("promoted", "shortlisted", "dismissed")


@dataclass(frozen=True)
class Weights:
    """How much each kind of signal counts in the ranker's training, relative to one
    reading-list paper (1.0) and one paper of the day (1.0)."""

    promoted: float = 1.0
    shortlisted: float = 0.5
    off_topic: float = 2.0

    def of(self, kind: str) -> float:
        return {PROMOTED: self.promoted, SHORTLISTED: self.shortlisted,
                OFF_TOPIC: self.off_topic}.get(kind, 1.0)  # fmt: skip


@dataclass(frozen=True)
class Judged:
    """A paper the reader decided on, as a signal kind (`PROMOTED`, `SHORTLISTED`,
    `OFF_TOPIC`); `section` is where a promoted paper went."""

    paper: Paper
    kind: str
    section: str = ""


def sample(papers: Sequence[Paper], size: int) -> list[Paper]:
    """At most `size` of `papers`, the same ones whatever their order (by a hash of the id):
    a background given as a file is bounded like the store's, so a day's ranking stays fast."""
    if len(papers) <= size:
        return list(papers)
    return sorted(papers, key=lambda p: hashlib.sha256(p.id.encode()).digest())[:size]


def signal(decision: str, reason: str | None) -> str | None:
    """The signal a triage decision carries, or None when it teaches nothing about topic."""
    if decision == "promoted":
        return PROMOTED
    if decision == "shortlisted":
        return SHORTLISTED
    if decision == "dismissed" and reason == "off-topic":
        return OFF_TOPIC
    return None


@dataclass(frozen=True)
class Teaching:
    """Rows the ranker trains on beyond the reading list: judged papers, then background."""

    titles: tuple[str, ...]
    texts: tuple[str, ...]
    vectors: np.ndarray  # (m, d), unit rows
    kinds: tuple[str, ...]
    weights: np.ndarray  # (m,), > 0
    selves: np.ndarray  # per candidate: its own row here if the reader judged it, else -1

    def labels(self) -> np.ndarray:
        import numpy as np

        return np.array([1.0 if k in POSITIVE else 0.0 for k in self.kinds])

    def rows(self, *kinds: str) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k in kinds]

    @property
    def judged(self) -> int:
        """How many rows are judged papers (they come first; the background follows)."""
        return sum(1 for k in self.kinds if k != BACKGROUND)


def make_teaching(
    judged: Sequence[Judged],
    background: Sequence[Paper],
    texts: Sequence[str],
    vectors: np.ndarray,
    weights: Weights,
    candidates: Sequence[str],
) -> Teaching:
    """`texts` and `vectors` are those of `judged` followed by `background`, row for row;
    `candidates` the day's paper ids. A paper judged earlier today is one of them: it teaches
    about the rest of the day; in the nearest-paper term and the explanations it is not its own
    neighbour, while in the SVM its judged row does lift (or sink) it too, which is what the
    reader said of it (promoted and dismissed papers are never picked again anyway)."""
    import numpy as np

    kinds = tuple(j.kind for j in judged) + (BACKGROUND,) * len(background)
    titles = tuple(j.paper.title for j in judged) + tuple(p.title for p in background)
    row_of = {j.paper.id: i for i, j in enumerate(judged)}
    selves = np.array([row_of.get(c, -1) for c in candidates], dtype=np.int64)
    each = np.array([weights.of(k) for k in kinds])
    if background:  # earlier days count, together, as much as the day itself
        each[len(judged) :] = min(1.0, len(candidates) / len(background))
    return Teaching(titles, tuple(texts), vectors, kinds, each, selves)


def feedback_notes(
    similarity: np.ndarray, best_in_list: np.ndarray, teaching: Teaching, shown: int = 2
) -> list[tuple[str, ...]]:
    """For each candidate, sentences saying how the reader's decisions moved it: the judged
    papers closer to it than any reading-list paper (`similarity`: candidates x judged rows;
    `best_in_list`: each candidate's cosine to its nearest list paper)."""
    import numpy as np

    rows = {kind: np.array(teaching.rows(kind), dtype=np.int64) for kind in (*POSITIVE, OFF_TOPIC)}
    liked = np.concatenate([rows[k] for k in POSITIVE])
    closest_liked = (
        similarity[:, liked].max(axis=1) if len(liked) else np.full(len(similarity), -1.0)
    )
    out = []
    for i, row in enumerate(similarity):
        notes = []
        for kind in POSITIVE:
            near = _closer(row, rows[kind], best_in_list[i])
            if near:
                titles = "; ".join(teaching.titles[j] for j in near[:shown])
                count = "a paper" if len(near) == 1 else f"{len(near)} papers"
                notes.append(f"like {count} you {kind}: {titles}")
        near = _closer(row, rows[OFF_TOPIC], max(best_in_list[i], closest_liked[i]))
        if near:
            titles = "; ".join(teaching.titles[j] for j in near[:shown])
            notes.append(f"near papers you dismissed as off-topic: {titles}")
        out.append(tuple(notes))
    return out


def _closer(similarity: np.ndarray, rows: np.ndarray, than: float) -> list[int]:
    """Of `rows`, those more similar than `than`, most similar first."""
    import numpy as np

    near = rows[similarity[rows] > than]
    return [int(j) for j in near[np.argsort(-similarity[near], kind="stable")]]
