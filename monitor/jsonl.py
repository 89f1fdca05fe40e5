"""Read JSON Lines inputs: curated reading-list papers, `radar rank` profiles, candidates,
feedback and history.

Records become frozen `Paper`s here, at the edge; a bad line is an `InputError` naming file:line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monitor.errors import InputError
from monitor.learn import DECISIONS, Judged, signal
from monitor.paper import Paper, parse_arxiv_id
from monitor.triage import REASONS


@dataclass(frozen=True)
class TitledRecord:
    """A curated record: the title it is listed under and its arXiv paper, if it has one."""

    title: str
    paper: Paper | None


def read_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for every non-blank line."""
    try:
        handle = path.open(encoding="utf-8")
    except OSError as err:
        raise InputError(f"{path}: cannot read ({err.strerror})") from err
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as err:
                raise InputError(f"{path}:{number}: invalid JSON ({err.msg})") from err
            if not isinstance(record, dict):
                raise InputError(f"{path}:{number}: expected a JSON object")
            yield number, record


def paper_from_record(record: Mapping[str, Any]) -> Paper:
    """A `Paper` from a record with `id` (or `arxiv_id`), `title` and optional fields."""
    raw_id = str(record.get("id") or record["arxiv_id"])
    parsed = parse_arxiv_id(raw_id)
    arxiv_id, version = parsed if parsed else (raw_id, None)
    return Paper(
        id=arxiv_id,
        version=version or 1,
        title=" ".join(str(record["title"]).split()),
        abstract=" ".join(str(record.get("abstract") or "").split()),
        authors=tuple(str(a) for a in record.get("authors") or ()),
        categories=tuple(str(c) for c in record.get("categories") or ()),
        published=record.get("published") or None,
        updated=record.get("updated") or None,
        comment=record.get("comment") or None,
        journal_ref=record.get("journal_ref") or None,
    )


def read_papers(path: Path) -> list[Paper]:
    """Every record of a JSONL file as a `Paper`; each needs an id and a title."""
    papers = []
    for number, record in read_records(path):
        if not (record.get("id") or record.get("arxiv_id")) or not record.get("title"):
            raise InputError(f"{path}:{number}: a paper needs 'id' and 'title'")
        papers.append(paper_from_record(record))
    return papers


def read_curated(path: Path) -> list[TitledRecord]:
    """Curated reading-list records; `arxiv_id: null` records a paper with no arXiv version."""
    out = []
    for number, record in read_records(path):
        if not record.get("title"):
            raise InputError(f"{path}:{number}: a record needs a 'title'")
        has_id = record.get("id") or record.get("arxiv_id")
        out.append(
            TitledRecord(str(record["title"]), paper_from_record(record) if has_id else None)
        )
    return out


def read_judged(path: Path) -> list[Judged]:
    """`radar rank --feedback`: papers with the reader's `decision` (promoted, shortlisted,
    dismissed), optional `reason` and `section`; those that teach nothing about topic (a
    dismissal not off-topic) are read and left out."""
    out = []
    for number, record in read_records(path):
        if not (record.get("id") or record.get("arxiv_id")) or not record.get("title"):
            raise InputError(f"{path}:{number}: a paper needs 'id' and 'title'")
        decision, reason = record.get("decision"), record.get("reason")
        if decision not in DECISIONS:
            raise InputError(
                f"{path}:{number}: 'decision' must be one of {', '.join(DECISIONS)}, "
                f"not {decision!r}"
            )
        if reason is not None and reason not in REASONS:
            raise InputError(
                f"{path}:{number}: 'reason' must be one of {', '.join(REASONS)}, not {reason!r}"
            )
        kind = signal(decision, reason)
        if kind is not None:
            out.append(Judged(paper_from_record(record), kind, str(record.get("section") or "")))
    return out
