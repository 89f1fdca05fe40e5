"""The only module that opens SQLite: schema migrations, transactions, resolutions; the
papers, the run ledger, digests, triage and caches are its mixins (`store_*.py`).

Connections run in autocommit mode; every multi-row write goes through `transaction()`
(`BEGIN IMMEDIATE` … `COMMIT`), so a failure leaves no half-written rows and two concurrent
runs serialise instead of interleaving.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

from monitor.errors import StoreError
from monitor.home import exclusive
from monitor.paper import ReadingList, Resolution
from monitor.schema import MIGRATIONS, SCHEMA_VERSION
from monitor.store_caches import CacheLedger
from monitor.store_digests import DigestLedger, now
from monitor.store_papers import UPSERT, paper_row
from monitor.store_runs import RunLedger
from monitor.store_triage import TriageLedger


class Store(RunLedger, DigestLedger, TriageLedger, CacheLedger):
    """An open radar database. Use as a context manager; `Store.open(path)` migrates it."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    def open(cls, path: Path, *, upto: int = SCHEMA_VERSION) -> Store:
        """Open (creating if needed) and migrate to `upto` (tests pass older versions)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            # Switching a new database to WAL fails at once (no busy wait) while another
            # process opens it too: openers take turns on a lock file beside it.
            with exclusive(path.with_name(path.name + ".open-lock")):
                conn = sqlite3.connect(path, isolation_level=None, timeout=30.0)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA foreign_keys=ON")
                store = cls(conn, path)
                store.migrate(upto)
        except sqlite3.DatabaseError as err:
            raise StoreError(describe_failure(path, err)) from err
        except OSError as err:
            raise StoreError(f"{path}: cannot open ({err.strerror or err})") from err
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

    def count(self, table: str) -> int:
        if table not in _TABLES:
            raise ValueError(f"unknown table {table}")
        return int(self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])

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
            conn.executemany(UPSERT, [paper_row(r.paper) for r in items if r.paper])
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
