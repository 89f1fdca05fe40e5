"""The run ledger: which arXiv days were polled, how, and what each announced. Part of
`Store` (kept apart to keep modules short); the only code touching the `runs` table and the
papers' announcement fields."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from monitor.paper import Announcement, DayResult, Paper, RunStatus
from monitor.store_digests import now
from monitor.store_papers import UPSERT, PaperLedger, paper_row


class RunLedger(PaperLedger):
    """Mixin of `Store`: needs `conn` and `transaction()`."""

    def failed_days(self) -> list[tuple[str, str]]:
        """(day, error) of polls that failed and are retried by the next run."""
        rows = self.conn.execute("SELECT day, error FROM runs WHERE status = 'failed' ORDER BY 1")
        return [(str(d), str(e)) for d, e in rows]

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
            conn.executemany(UPSERT, [paper_row(p) for p in papers])
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
