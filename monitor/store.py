"""The only module that touches SQLite: schema migrations, papers, reading list, resolutions.

Connections run in autocommit mode; every multi-row write goes through `transaction()`
(`BEGIN IMMEDIATE` … `COMMIT`), so a failure leaves no half-written rows and two concurrent
runs serialise instead of interleaving.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from types import TracebackType

from monitor.errors import StoreError
from monitor.home import exclusive
from monitor.paper import (
    Announcement,
    DayResult,
    Paper,
    ReadingList,
    Resolution,
    RunStatus,
)
from monitor.schema import MIGRATIONS, SCHEMA_VERSION
from monitor.store_caches import CacheLedger
from monitor.store_digests import DigestLedger, now
from monitor.store_triage import TriageLedger


class Store(DigestLedger, TriageLedger, CacheLedger):
    """An open radar database. Use as a context manager; `Store.open(path)` migrates it."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    def open(cls, path: Path, *, upto: int = SCHEMA_VERSION) -> Store:
        """Open (creating if needed) and migrate to `upto` (tests pass older versions)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = sqlite3.connect(path, isolation_level=None, timeout=30.0)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA foreign_keys=ON")
            store = cls(conn, path)
            store.migrate(upto)
        except sqlite3.DatabaseError as err:
            raise StoreError(describe_failure(path, err)) from err
        return store

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Close; a SQLite failure inside the block becomes one line naming the database."""
        self.close()
        if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.IntegrityError):
            raise StoreError(describe_failure(self.path, exc)) from exc

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        """Hold this store's run lock (a file beside it): two daily runs never work on the
        same day at once; the second waits, then finds the work done."""
        with exclusive(self.path.with_name(self.path.name + ".run-lock")):
            yield

    def integrity(self) -> list[str]:
        """What `PRAGMA integrity_check` finds wrong (empty: the database is sound)."""
        rows = [str(r[0]) for r in self.conn.execute("PRAGMA integrity_check")]
        return [] if rows == ["ok"] else rows

    def backup(self, target: Path) -> None:
        """A consistent copy through SQLite's online backup API."""
        target.parent.mkdir(parents=True, exist_ok=True)
        copy = sqlite3.connect(target)
        try:
            self.conn.backup(copy)
        finally:
            copy.close()

    def failed_days(self) -> list[tuple[str, str]]:
        """(day, error) of polls that failed and are retried by the next run."""
        rows = self.conn.execute("SELECT day, error FROM runs WHERE status = 'failed' ORDER BY 1")
        return [(str(d), str(e)) for d, e in rows]

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: committed on success, rolled back on any exception."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def migrate(self, upto: int = SCHEMA_VERSION) -> None:
        """Apply each pending migration in its own transaction, bumping `user_version`.

        The version is read inside the write transaction, so two processes opening a new
        database at once apply each migration exactly once.
        """
        while True:
            with self.transaction() as conn:
                current = self.version
                if current > SCHEMA_VERSION:
                    raise StoreError(
                        f"database schema version {current} is newer than this radar "
                        f"({SCHEMA_VERSION})"
                    )
                if current >= upto:
                    return
                for statement in statements(MIGRATIONS[current]):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {current + 1}")

    # -- papers --------------------------------------------------------------------------

    def upsert_papers(self, papers: Iterable[Paper]) -> None:
        """Insert or refresh papers (metadata only; announcement fields are kept)."""
        with self.transaction() as conn:
            conn.executemany(_UPSERT, [_paper_row(p) for p in papers])

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

    def count(self, table: str) -> int:
        if table not in _TABLES:
            raise ValueError(f"unknown table {table}")
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

    # -- announcements and the run ledger ----------------------------------------------

    def run_status(self, day: date) -> RunStatus | None:
        row = self.conn.execute(
            "SELECT status FROM runs WHERE day = ?", (day.isoformat(),)
        ).fetchone()
        return RunStatus(row[0]) if row else None

    def last_polled(self, before: date) -> date | None:
        """The latest day before `before` that was polled successfully (ok or quiet)."""
        row = self.conn.execute(
            "SELECT MAX(day) FROM runs WHERE status IN ('ok', 'quiet') AND day < ?",
            (before.isoformat(),),
        ).fetchone()
        return date.fromisoformat(row[0]) if row[0] else None

    def record_day(
        self,
        result: DayResult,
        announced: Sequence[Announcement],
        replaced: Sequence[Paper],
        history: bool = False,
    ) -> DayResult:
        """Store a polled day atomically: papers, announcement fields and the run row, at stage
        'polled' (a digest is still to come) or, for backfilled history, 'history'.

        Papers already known keep their first announcement day (exactly once); a day already
        recorded as ok or quiet is left alone, so concurrent or repeated runs change nothing.
        """
        day = result.day.isoformat()
        with self.transaction() as conn:
            done = conn.execute(
                "SELECT 1 FROM runs WHERE day = ? AND status IN ('ok', 'quiet')", (day,)
            ).fetchone()
            if done:
                return DayResult(result.day, RunStatus.DONE_BEFORE, result.source)
            known = {
                r[0]
                for r in conn.execute("SELECT id FROM papers WHERE first_announced IS NOT NULL")
            }
            fresh = [a for a in announced if a.paper.id not in known]
            papers = [a.paper for a in announced] + list(replaced)
            conn.executemany(_UPSERT, [_paper_row(p) for p in papers])
            conn.executemany(
                "UPDATE papers SET first_announced = ?, announce_type = ? WHERE id = ?",
                [(day, a.kind, a.paper.id) for a in fresh],
            )
            conn.executemany(
                "UPDATE papers SET replaced_on = ? WHERE id = ?",
                [(day, p.id) for p in replaced],
            )
            conn.execute(
                """INSERT OR REPLACE INTO runs (day, status, started, finished, n_new, n_cross,
                       n_replace, error, source, note, stage)
                   VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)""",
                (
                    day,
                    result.status.value,
                    now(),
                    now(),
                    result.new,
                    result.cross,
                    result.replaced,
                    result.source,
                    result.note,
                    "history" if history else "polled",
                ),
            )
        return result

    def record_failure(self, day: date, source: str, error: str) -> None:
        """Record a failed poll; it is retried by the next run (never overwrites a success)."""
        with self.transaction() as conn:
            conn.execute(
                """INSERT INTO runs (day, status, started, finished, error, source)
                   VALUES (?, 'failed', ?, ?, ?, ?)
                   ON CONFLICT(day) DO UPDATE SET status = 'failed', finished = excluded.finished,
                       error = excluded.error, source = excluded.source
                   WHERE runs.status = 'failed'""",
                (day.isoformat(), now(), now(), error, source),
            )

    def announced_on(self, day: date, include_replacements: bool = False) -> list[Announcement]:
        """The day's candidates: papers first announced that day (and, if asked, replaced)."""
        key = day.isoformat()
        papers = self._papers(
            "WHERE first_announced = ? OR (? AND replaced_on = ?) ORDER BY id",
            (key, include_replacements, key),
        )
        kinds = dict(
            self.conn.execute(
                "SELECT id, announce_type FROM papers WHERE first_announced = ?", (key,)
            ).fetchall()
        )
        return [Announcement(p, kinds.get(p.id, "updated")) for p in papers]

    # -- resolutions ---------------------------------------------------------------------

    def resolutions(self) -> dict[str, Resolution]:
        """Cached resolutions by reading-list key, including 'not found' ones."""
        out: dict[str, Resolution] = {}
        for key, title, arxiv_id, method in self.conn.execute(
            "SELECT entry_key, title, arxiv_id, method FROM resolved"
        ).fetchall():
            out[key] = Resolution(key, title, self.paper(arxiv_id) if arxiv_id else None, method)
        return out

    def profile_resolutions(self, reading: ReadingList) -> dict[str, Resolution]:
        """The cached resolutions, plus list papers whose row links an arXiv id this store
        knows: a promoted paper counts from the next command on, with no `radar sync`."""
        out = self.resolutions()
        for paper in reading.papers:
            link = paper.arxiv_link_id
            if link and (paper.key not in out or out[paper.key].paper is None):
                known = self.paper(link)
                if known is not None:
                    out[paper.key] = Resolution(paper.key, paper.title, known, "link")
        return out

    def save_resolutions(self, resolutions: Iterable[Resolution]) -> None:
        """Record resolutions (and their papers) in one transaction."""
        items = list(resolutions)
        with self.transaction() as conn:
            conn.executemany(_UPSERT, [_paper_row(r.paper) for r in items if r.paper])
            conn.executemany(
                """INSERT INTO resolved (entry_key, title, arxiv_id, method, resolved_at)
                   VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT(entry_key) DO UPDATE SET title = excluded.title,
                       arxiv_id = excluded.arxiv_id, method = excluded.method,
                       resolved_at = excluded.resolved_at""",
                [(r.key, r.title, r.paper.id if r.paper else None, r.method, now()) for r in items],
            )


_TABLES = frozenset(
    {
        "papers",
        "embeddings",
        "runs",
        "picks",
        "digests",
        "deliveries",
        "triage",
        "resolved",
        "enrichment",
    }
)


def statements(script: str) -> Iterator[str]:
    """The SQL statements of a migration (a trigger's body keeps its own semicolons)."""
    buffer = ""
    for piece in script.split(";"):
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if buffer.strip(" \n;"):
                yield buffer
            buffer = ""


def describe_failure(path: Path, err: sqlite3.DatabaseError) -> str:
    """One line for a database failure, with what to do about it."""
    text = str(err)
    if "malformed" in text or "not a database" in text:
        return (
            f"{path}: the database is damaged ({text}); `radar doctor` checks it, and the "
            "README's 'Recovering the database' says how to restore or rebuild it"
        )
    if "disk is full" in text or "disk I/O" in text:
        return f"{path}: cannot write the database ({text}); free space on its disk and run again"
    return f"{path}: database error ({text})"


# A newer or equal version refreshes the metadata; a field a source lacks (RSS has no dates,
# comments or affiliations) never erases what the API said.
_UPSERT = """
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


def _paper_row(p: Paper) -> tuple[object, ...]:
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
