"""The store's reader side: each candidate's ranking, triage states, the action journal and
full-text search. Part of `Store` (kept apart to keep modules short); the only code touching
these tables."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import date

from monitor.errors import InputError
from monitor.paper import Paper
from monitor.triage import Triage, TriageState

# Decision times to the millisecond: a feedback reset and the next decision may share a second.
_NOW = "strftime('%Y-%m-%d %H:%M:%f', 'now')"


@dataclass(frozen=True)
class RankedRow:
    """A candidate of a day as the ranker left it."""

    day: date
    paper_id: str
    score: float
    rank: int
    section: str
    picked: bool
    relevance: float | None = None  # None: ranked before relevance was kept


@dataclass(frozen=True)
class Action:
    """One journal row: what was done to which paper, and what it replaced."""

    id: int
    at: str
    who: str
    paper_id: str | None  # None: an action on the whole store (feedback-reset)
    action: str
    before: Triage
    after: Triage
    day: date | None
    section: str | None
    list_file: str | None
    row_text: str | None


class TriageLedger:
    """Mixin of `Store`: needs `conn`, `transaction()` and `_papers()`."""

    conn: sqlite3.Connection
    transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]
    _papers: Callable[[str, tuple[object, ...]], list[Paper]]

    def record_ranking(
        self,
        when: date,
        rows: Sequence[tuple[str, float, int, str, bool, float]],
        expected: set[str] | None = None,
    ) -> None:
        """Every candidate's (paper id, score, rank, section, picked, relevance); with
        `expected`, only if the day's candidates are still those (a re-rank racing a run)."""
        day = when.isoformat()
        with self.transaction() as conn:
            if expected is not None:
                now = {r[0] for r in conn.execute(
                    "SELECT paper_id FROM ranked WHERE digest_date = ?", (day,))}  # fmt: skip
                if now != expected:
                    raise InputError(f"{day} was ranked again meanwhile; reload the page")
            conn.execute("DELETE FROM ranked WHERE digest_date = ?", (day,))
            conn.executemany(
                "INSERT INTO ranked (digest_date, paper_id, score, rank, section, picked, "
                "relevance) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    (day, pid, score, rank, section, int(picked), relevance)
                    for pid, score, rank, section, picked, relevance in rows
                ],
            )

    def ranking(self, day: date) -> list[RankedRow]:
        rows = self.conn.execute(
            "SELECT paper_id, score, rank, section, picked, relevance FROM ranked "
            "WHERE digest_date = ? ORDER BY rank",
            (day.isoformat(),),
        )
        return [RankedRow(day, p, s, r, sec, bool(k), rel) for p, s, r, sec, k, rel in rows]

    def ranked_days(self) -> list[date]:
        rows = self.conn.execute("SELECT DISTINCT digest_date FROM ranked ORDER BY 1 DESC")
        return [date.fromisoformat(r[0]) for r in rows]

    def last_ranking_of(self, paper_id: str) -> RankedRow | None:
        """The latest day the paper was ranked on (its suggested section, its score)."""
        row = self.conn.execute(
            "SELECT digest_date, score, rank, section, picked, relevance FROM ranked "
            "WHERE paper_id = ? ORDER BY digest_date DESC LIMIT 1",
            (paper_id,),
        ).fetchone()
        if row is None:
            return None
        return RankedRow(date.fromisoformat(row[0]), paper_id, row[1], row[2], row[3],
                         bool(row[4]), row[5])  # fmt: skip

    def triage(self, paper_id: str) -> Triage:
        return self.triages([paper_id]).get(paper_id, Triage())

    def triages(self, paper_ids: Sequence[str] | None = None) -> dict[str, Triage]:
        """Current decisions (papers never triaged are absent: they are new)."""
        query = "SELECT paper_id, state, until, reason, note FROM triage"
        rows = self.conn.execute(query).fetchall()
        wanted = set(paper_ids) if paper_ids is not None else None
        return {
            pid: Triage(
                TriageState(state), date.fromisoformat(until) if until else None, reason, note
            )
            for pid, state, until, reason, note in rows
            if wanted is None or pid in wanted
        }

    def record_action(
        self,
        paper_id: str,
        action: str,
        before: Triage,
        after: Triage,
        who: str,
        *,
        day: date | None = None,
        promoted: tuple[str, str, str] | None = None,  # (section, list file, row text)
    ) -> int:
        """Change the paper's triage and journal it, atomically; returns the journal id."""
        section, list_file, row_text = promoted or (None, None, None)
        with self.transaction() as conn:
            _write_triage(conn, paper_id, after)
            cursor = conn.execute(
                "INSERT INTO actions (at, who, paper_id, action, before, after, day, section, "
                f"list_file, row_text) VALUES ({_NOW}, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (who, paper_id, action, before.to_json(), after.to_json(),
                 day.isoformat() if day else None, section, list_file, row_text),
            )  # fmt: skip
            return int(cursor.lastrowid or 0)

    def judgements(self) -> list[tuple[Paper, Triage]]:
        """Papers the reader promoted, shortlisted or dismissed by a decision taken after the
        last feedback reset still in force (decided by the journal: a note, or an undo back
        to an older decision, does not make an old decision new), oldest decision first."""
        rows = self.conn.execute(
            "SELECT t.paper_id, t.state, t.until, t.reason, t.note FROM triage t JOIN ("
            "  SELECT paper_id, max(id) AS last FROM actions WHERE undone IS NULL AND "
            "  paper_id IS NOT NULL AND action != 'note' GROUP BY paper_id) a "
            "ON a.paper_id = t.paper_id "
            "WHERE t.state IN ('promoted', 'shortlisted', 'dismissed') AND a.last > ? "
            "ORDER BY a.last",
            (self._last_reset_id(),),
        ).fetchall()
        papers = {p.id: p for p in self._papers(
            "WHERE id IN (SELECT paper_id FROM triage WHERE state != 'new')", ())}  # fmt: skip
        return [
            (papers[pid], Triage(TriageState(state), _day(until), reason, note))
            for pid, state, until, reason, note in rows
            if pid in papers
        ]

    def _last_reset_id(self) -> int:
        row = self.conn.execute(
            "SELECT max(id) FROM actions WHERE action = 'feedback-reset' AND undone IS NULL"
        ).fetchone()
        return int(row[0] or 0)

    def last_feedback_reset(self) -> str | None:
        """When the reader last cleared what the ranker learned (an undone reset does not
        count)."""
        row = self.conn.execute(
            "SELECT max(at) FROM actions WHERE action = 'feedback-reset' AND undone IS NULL"
        ).fetchone()
        return row[0] if row else None

    def reset_feedback(self, who: str) -> int:
        """Forget every decision made so far as a lesson (the decisions themselves stay);
        journaled, so `radar undo` brings the lessons back."""
        empty = Triage().to_json()
        with self.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO actions (at, who, paper_id, action, before, after) VALUES "
                f"({_NOW}, ?, NULL, 'feedback-reset', ?, ?)",
                (who, empty, empty),
            )
            return int(cursor.lastrowid or 0)

    def background(self, before: date, limit: int) -> list[Paper]:
        """Up to `limit` papers first announced before `before` and never decided on, the
        latest days first: the ordinary papers a ranking trains against."""
        if limit <= 0:
            return []
        return self._papers(
            "WHERE first_announced < ? AND id NOT IN (SELECT paper_id FROM triage WHERE "
            "state != 'new') ORDER BY first_announced DESC, id LIMIT ?",
            (before.isoformat(), limit),
        )

    def last_action(self) -> Action | None:
        """The latest action not undone yet (what `radar undo` reverts)."""
        row = self.conn.execute(
            "SELECT id FROM actions WHERE undone IS NULL ORDER BY id DESC LIMIT 1"
        ).fetchone()
        return self._action(row[0]) if row else None

    def undo(self, action: Action) -> None:
        """Put the paper back as it was before `action`, and mark the action undone."""
        with self.transaction() as conn:
            if action.paper_id is not None:
                _write_triage(conn, action.paper_id, action.before)
            conn.execute(
                f"UPDATE actions SET undone = {_NOW} WHERE id = ?",
                (action.id,),
            )

    def actions(self) -> list[Action]:
        """The journal, oldest first, undone actions included (for learning and audits)."""
        ids = [r[0] for r in self.conn.execute("SELECT id FROM actions ORDER BY id")]
        return [a for a in (self._action(i) for i in ids) if a is not None]

    def _action(self, action_id: int) -> Action | None:
        row = self.conn.execute(
            "SELECT id, at, who, paper_id, action, before, after, day, section, list_file, "
            "row_text FROM actions WHERE id = ?",
            (action_id,),
        ).fetchone()
        if row is None:
            return None
        aid, at, who, pid, action, before, after, day, section, list_file, row_text = row
        return Action(aid, at, who, pid, action, Triage.from_json(before),
                      Triage.from_json(after), date.fromisoformat(day) if day else None,
                      section, list_file, row_text)  # fmt: skip

    def wake_snoozed(self, day: date) -> list[Paper]:
        """Papers snoozed until `day` or earlier become new again, and with every paper that
        came back on this day before (a retried or re-rendered day) join its candidates."""
        key = day.isoformat()
        with self.transaction() as conn:
            conn.execute(
                "UPDATE triage SET state = 'new', until = NULL, woke = ?, "
                f"changed = {_NOW} WHERE state = 'snoozed' AND until <= ?",
                (key, key),
            )
        return self._papers(
            "WHERE id IN (SELECT paper_id FROM triage WHERE woke = ?) ORDER BY id", (key,)
        )

    def search(self, query: str, limit: int = 50) -> list[Paper]:
        """Papers whose title, abstract or authors match every word of `query` (FTS5)."""
        words = [w for w in "".join(c if c.isalnum() else " " for c in query).split() if w]
        if not words:
            return []
        match = " ".join(f'"{w}"*' for w in words)
        return self._papers(
            "WHERE rowid IN (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ? "
            "ORDER BY rank LIMIT ?)",
            (match, limit),
        )


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _write_triage(conn: sqlite3.Connection, paper_id: str, state: Triage) -> None:
    conn.execute(
        "INSERT INTO triage (paper_id, state, until, reason, note, changed) "
        f"VALUES (?, ?, ?, ?, ?, {_NOW}) ON CONFLICT(paper_id) DO UPDATE SET "
        "state = excluded.state, until = excluded.until, reason = excluded.reason, "
        "note = excluded.note, changed = excluded.changed",
        (paper_id, state.state.value, state.until.isoformat() if state.until else None,
         state.reason, state.note),
    )  # fmt: skip
