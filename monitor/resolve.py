"""Decide which arXiv record a reading-list paper is: pure functions, no I/O.

A record matches when its title is nearly the reader's (ratio ≥ 0.9 after folding case and
punctuation), or when both titles name the same system before the colon (`PipeDream: …`) and the
years are at most one apart (arXiv versions often predate the venue). Anything less certain
stays unresolved: a wrong abstract in the profile is worse than a missing one.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from monitor.jsonl import TitledRecord
from monitor.paper import ReadingPaper, normalize_title, short_name

THRESHOLD = 0.9


def title_similarity(a: str, b: str) -> float:
    """Similarity in [0, 1] of two titles after normalisation."""
    na, nb = normalize_title(a), normalize_title(b)
    return 1.0 if na == nb else SequenceMatcher(None, na, nb).ratio()


def match_score(paper: ReadingPaper, record: TitledRecord) -> float:
    """How sure we are that `record` is `paper`."""
    score = max(title_similarity(e.title, record.title) for e in paper.entries)
    name = short_name(record.title)
    if score < THRESHOLD and name and any(short_name(e.title) == name for e in paper.entries):
        published = record.paper.published if record.paper else None
        year = int(published[:4]) if published and published[:4].isdigit() else None
        if paper.year is None or year is None or abs(paper.year - year) <= 1:
            score = THRESHOLD
    return score


def best_match(paper: ReadingPaper, records: Sequence[TitledRecord]) -> TitledRecord | None:
    """The single record that matches `paper`, or None when none (or several equally) do."""
    scored = sorted(((match_score(paper, r), i) for i, r in enumerate(records)), reverse=True)
    if not scored or scored[0][0] < THRESHOLD:
        return None
    top_score, top = scored[0]
    rivals = [
        records[i]
        for s, i in scored[1:]
        if s == top_score and _identity(records[i]) != _identity(records[top])
    ]
    return None if rivals else records[top]


def _identity(record: TitledRecord) -> str:
    return record.paper.id if record.paper else normalize_title(record.title)
