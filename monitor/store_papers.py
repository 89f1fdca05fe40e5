"""The papers table: arXiv metadata by id, refreshed by newer versions. Part of `Store`
(kept apart to keep modules short); the only code writing paper rows."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager

from monitor.paper import Paper


class PaperLedger:
    """Mixin of `Store`: needs `conn` and `transaction()`."""

    conn: sqlite3.Connection
    transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]

    def upsert_papers(self, papers: Iterable[Paper]) -> None:
        """Insert or refresh papers (metadata only; announcement fields are kept)."""
        with self.transaction() as conn:
            conn.executemany(UPSERT, [paper_row(p) for p in papers])

    def paper(self, arxiv_id: str) -> Paper | None:
        rows = self._papers("WHERE id = ?", (arxiv_id,))
        return rows[0] if rows else None

    def papers(self, ids: Sequence[str]) -> list[Paper]:
        """The known papers among `ids`, in that order."""
        found = {p.id: p for p in self._papers(
            "WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(list(ids)),))}  # fmt: skip
        return [found[i] for i in ids if i in found]

    def _papers(self, where: str, args: tuple[object, ...]) -> list[Paper]:
        rows = self.conn.execute(
            f"""SELECT id, version, title, abstract, authors, categories, published, updated,
                       comment, journal_ref, affiliations FROM papers {where}""",
            args,
        ).fetchall()
        return [
            Paper(
                id=r[0],
                version=r[1],
                title=r[2],
                abstract=r[3],
                authors=tuple(json.loads(r[4])),
                categories=tuple(json.loads(r[5])),
                published=r[6],
                updated=r[7],
                comment=r[8],
                journal_ref=r[9],
                affiliations=tuple(tuple(a) for a in json.loads(r[10])),
            )
            for r in rows
        ]


# A newer or equal version refreshes the metadata; a field a source lacks (RSS has no dates,
# comments or affiliations) never erases what the API said.
UPSERT = """
    INSERT INTO papers (id, version, title, abstract, authors, categories, primary_category,
                        published, updated, comment, journal_ref, affiliations)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(id) DO UPDATE SET
        version = excluded.version, title = excluded.title, abstract = excluded.abstract,
        authors = excluded.authors, categories = excluded.categories,
        primary_category = excluded.primary_category,
        published = COALESCE(excluded.published, papers.published),
        updated = COALESCE(excluded.updated, papers.updated),
        comment = COALESCE(excluded.comment, papers.comment),
        journal_ref = COALESCE(excluded.journal_ref, papers.journal_ref),
        affiliations = CASE WHEN excluded.affiliations = '[]' THEN papers.affiliations
                            ELSE excluded.affiliations END
    WHERE excluded.version >= papers.version"""


def paper_row(p: Paper) -> tuple[object, ...]:
    return (
        p.id,
        p.version,
        p.title,
        p.abstract,
        json.dumps(p.authors, ensure_ascii=False),
        json.dumps(p.categories),
        p.primary_category,
        p.published,
        p.updated,
        p.comment,
        p.journal_ref,
        json.dumps(p.affiliations, ensure_ascii=False),
    )
