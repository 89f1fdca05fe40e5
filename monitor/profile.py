"""The reader's profile: reading-list papers as the ranker sees them.

A profile item is a reading-list paper with its arXiv record (title only where it has none),
its section and its weight. The daily job builds items from the configured lists and the
store's resolutions; `radar rank` also takes a profile file (Markdown list or JSONL papers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from monitor.errors import InputError
from monitor.jsonl import paper_from_record, read_records
from monitor.paper import Paper, ReadingList, Resolution, Status, paper_text
from monitor.reading_list import load_reading_lists

if TYPE_CHECKING:
    import numpy as np

    from monitor.rank import Profile
    from monitor.store import Store


@dataclass(frozen=True)
class ProfileItem:
    """A reading-list paper as the ranker sees it."""

    paper: Paper
    section: str
    weight: float
    year: int | None


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


def profile_from_file(path: Path, read_weight: float, store: Store | None) -> list[ProfileItem]:
    """A profile from reading-list Markdown (abstracts from the store's resolutions when there
    is a store) or from JSONL papers (`section` optional)."""
    if path.suffix.lower() in (".md", ".markdown"):
        reading = load_reading_lists([path])
        resolutions = store.resolutions() if store else {}
        return profile_items(reading, resolutions, read_weight)
    items = []
    for number, record in read_records(path):
        if not record.get("title"):
            raise InputError(f"{path}:{number}: a profile paper needs a 'title'")
        record = {"id": record.get("id") or f"{path.name}:{number}", **record}
        items.append(
            ProfileItem(paper_from_record(record), str(record.get("section", "")), 1.0, None)
        )
    return items


def make_profile(items: Sequence[ProfileItem], vectors: np.ndarray) -> Profile:
    """The profile as arrays for `rank.py`, row i being item i."""
    import numpy as np

    from monitor.rank import Profile

    return Profile(
        titles=tuple(i.paper.title for i in items),
        texts=tuple(paper_text(i.paper) for i in items),
        vectors=vectors,
        weights=np.array([i.weight for i in items], dtype=np.float64),
        sections=tuple(i.section for i in items),
    )
