"""What the page shows, as plain data built from the store (no HTTP here)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date

from monitor.actions import Row, day_rows
from monitor.digest import Entry, digest_from_json
from monitor.paper import Neighbour
from monitor.relevance import label, tier
from monitor.store import Store
from monitor.store_triage import RankedRow
from monitor.summarize import summarize
from monitor.triage import Triage


@dataclass(frozen=True)
class Card:
    """One paper as the page shows it: the digest's fields where it was a pick."""

    id: str
    title: str
    authors: tuple[str, ...]
    affiliations: tuple[str, ...]
    summary: str
    date: str
    categories: tuple[str, ...]
    chance: float | None
    section: str
    nearest: tuple[Neighbour, ...]
    learned: tuple[str, ...]
    picked: bool
    state: str
    label: str
    note: str

    @property
    def abs_url(self) -> str:
        return f"https://arxiv.org/abs/{self.id}"

    @property
    def relevance(self) -> str:
        """The tier and chance, "likely (48%)": the raw score stays out of the page."""
        return label(self.chance) if self.chance is not None else ""

    @property
    def tier(self) -> str:
        return tier(self.chance) if self.chance is not None else ""


def _chance(ranked: RankedRow | None, entry: Entry | None) -> float | None:
    """The stored relevance; for a day ranked before it was kept, a pick's from its digest."""
    if ranked is not None and ranked.relevance is not None:
        return ranked.relevance
    return entry.relevance if entry is not None else None


def cards(store: Store, rows: list[Row], day: date | None) -> list[Card]:
    """Cards for rows, enriched from the digest of `day` when the paper was a pick."""
    entries = {}
    if day is not None:
        body, _ = store.digest_body(day)
        if body:
            entries = {e.id: e for e in digest_from_json(body).entries}
    out = []
    for row in rows:
        entry = entries.get(row.paper.id)
        paper, ranked = row.paper, row.ranked
        out.append(
            Card(
                id=paper.id,
                title=paper.title,
                authors=paper.authors,
                affiliations=entry.affiliations if entry else (),
                summary=entry.summary if entry else summarize(paper.abstract, Counter(), 1),
                date=ranked.day.isoformat() if ranked else "",
                categories=paper.categories,
                chance=_chance(ranked, entry),
                section=ranked.section if ranked else "",
                nearest=entry.nearest if entry else (),
                learned=entry.learned if entry else (),
                picked=bool(ranked and ranked.picked),
                state=row.triage.state.value,
                label=row.triage.label(),
                note=row.triage.note,
            )
        )
    return out


@dataclass(frozen=True)
class DayView:
    day: date | None
    picks: list[Card]
    rest: list[Card]
    days: list[date]


def day_view(store: Store, day: date | None) -> DayView:
    shown, rows = day_rows(store, day, None)
    all_cards = cards(store, rows, shown)
    return DayView(
        shown,
        [c for c in all_cards if c.picked],
        [c for c in all_cards if not c.picked],
        store.ranked_days(),
    )


def state_view(store: Store, state: str) -> list[Card]:
    _, rows = day_rows(store, None, state)
    return cards(store, rows, None)


def card_for(store: Store, paper_id: str) -> Card | None:
    paper = store.paper(paper_id)
    if paper is None:
        return None
    ranked = store.last_ranking_of(paper_id)
    row = Row(paper, ranked, store.triage(paper_id))
    return cards(store, [row], ranked.day if ranked else None)[0]


def search_view(store: Store, query: str) -> list[Card]:
    papers = store.search(query, limit=50)
    triages = store.triages([p.id for p in papers])
    rows = [Row(p, store.last_ranking_of(p.id), triages.get(p.id, Triage())) for p in papers]
    return cards(store, rows, None)


def history(store: Store) -> list[tuple[date, int, int]]:
    """(day, candidates, picks) of every ranked day, newest first."""
    out = []
    for day in store.ranked_days():
        ranking = store.ranking(day)
        out.append((day, len(ranking), sum(r.picked for r in ranking)))
    return out
