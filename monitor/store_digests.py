"""The store's digest ledger: each polled day's stage, its picks and digest, the recipients,
and one delivery row per (digest, recipient). Part of `Store` (kept apart to keep modules
short); like `store.py`, the only code touching these tables.

A day moves polled → ranked → written; a digest is then delivered to each recipient once.
Senders claim their deliveries in one transaction, so two concurrent senders never send the
same digest to the same address; a claim whose process has died is taken over.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from monitor.paper import RunStatus

if TYPE_CHECKING:
    from pathlib import Path

STAGES = ("polled", "ranked", "written", "history")
CLAIM_LEASE = timedelta(hours=1)  # a claim older than this is taken over (its sender hung)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Unfinished:
    """A polled day whose digest is not written yet, and where it stopped."""

    day: date
    status: RunStatus
    stage: str
    note: str


@dataclass(frozen=True)
class Claim:
    """A delivery this sender holds: send it, then `finish_delivery`."""

    day: date
    recipient: str


class DigestLedger:
    """Mixin of `Store`: needs `conn` and `transaction()`."""

    conn: sqlite3.Connection
    path: Path
    transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]

    # -- stages -------------------------------------------------------------------------

    def unfinished(self) -> list[Unfinished]:
        """Polled days (ok or quiet) still before 'written', oldest first."""
        rows = self.conn.execute(
            "SELECT day, status, stage, note FROM runs WHERE status IN ('ok', 'quiet') "
            "AND stage IN ('polled', 'ranked') ORDER BY day"
        ).fetchall()
        return [Unfinished(date.fromisoformat(d), RunStatus(s), g, n) for d, s, g, n in rows]

    def stage(self, day: date) -> str | None:
        row = self.conn.execute("SELECT stage FROM runs WHERE day = ?", (day.isoformat(),))
        found = row.fetchone()
        return str(found[0]) if found else None

    def record_stage_error(self, day: date, error: str) -> None:
        """Why a polled day could not move on; it is tried again by the next run."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE runs SET error = ?, finished = ? WHERE day = ?",
                (error, now(), day.isoformat()),
            )

    def record_picks(self, when: date, picks: Sequence[tuple[str, float, int, str]]) -> None:
        """The day's picks (paper id, score, rank, explanation JSON): stage 'ranked'."""
        day = when.isoformat()
        with self.transaction() as conn:
            conn.execute("DELETE FROM picks WHERE digest_date = ?", (day,))
            conn.executemany(
                "INSERT INTO picks (digest_date, paper_id, score, rank, explanation) "
                "VALUES (?, ?, ?, ?, ?)",
                [(day, *pick) for pick in picks],
            )
            conn.execute(
                "UPDATE runs SET stage = 'ranked', error = NULL WHERE day = ? AND stage = 'polled'",
                (day,),
            )

    def record_digest(
        self, when: date, paths: Sequence[str], body: str | None, picks: int, mail: bool = True
    ) -> None:
        """The written digest (its files and JSON body; None: nothing written): 'written'.
        Not `mail`: every active recipient's delivery is recorded as skipped, so the day is
        never mailed later, even if a re-render gives it picks (it stays what it was)."""
        day = when.isoformat()
        with self.transaction() as conn:
            if body is not None:
                conn.execute(
                    "INSERT OR REPLACE INTO digests (digest_date, written, n_picks, paths, body) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (day, now(), picks, json.dumps(list(paths)), body),
                )
            if body is not None and not mail:
                conn.execute(
                    "INSERT OR IGNORE INTO deliveries (digest_date, recipient, status, attempted) "
                    "SELECT ?, address, 'skipped', ? FROM recipients WHERE active = 1",
                    (day, now()),
                )
            conn.execute(
                "UPDATE runs SET stage = 'written', error = NULL WHERE day = ? "
                "AND stage != 'history'",
                (day,),
            )

    def digest_written(self, day: date) -> bool:
        row = self.conn.execute(
            "SELECT 1 FROM digests WHERE digest_date = ?", (day.isoformat(),)
        ).fetchone()
        return row is not None

    def recent_digests(self, count: int) -> list[str]:
        """The JSON bodies of the latest `count` written digests, oldest first."""
        rows = self.conn.execute(
            "SELECT body FROM (SELECT digest_date, body FROM digests WHERE body IS NOT NULL "
            "ORDER BY digest_date DESC LIMIT ?) ORDER BY digest_date",
            (count,),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def digest_body(self, day: date) -> tuple[str | None, list[str]]:
        """The digest's JSON (None for digests written before it was kept) and its files."""
        row = self.conn.execute(
            "SELECT body, paths FROM digests WHERE digest_date = ?", (day.isoformat(),)
        ).fetchone()
        return (row[0], json.loads(row[1])) if row else (None, [])

    # -- recipients and deliveries ------------------------------------------------------

    def sync_recipients(self, addresses: Sequence[str], backlog: int) -> list[str]:
        """Make `addresses` the active recipients. One that is new (or back after removal)
        gets only the last `backlog` digests already written, never the whole history.
        Returns the addresses that were added."""
        added = []
        with self.transaction() as conn:
            known = dict(conn.execute("SELECT address, active FROM recipients").fetchall())
            days = [r[0] for r in conn.execute("SELECT digest_date FROM digests ORDER BY 1")]
            past = days[: max(0, len(days) - backlog)]
            for address in addresses:
                if known.get(address) == 1:
                    continue
                added.append(address)
                conn.execute(
                    "INSERT INTO recipients (address, added, active) VALUES (?, ?, 1) "
                    "ON CONFLICT(address) DO UPDATE SET active = 1",
                    (address, now()),
                )
                conn.executemany(
                    "INSERT OR IGNORE INTO deliveries (digest_date, recipient, status, attempted)"
                    " VALUES (?, ?, 'skipped', ?)",
                    [(day, address, now()) for day in past],
                )
            marks = ",".join("?" * len(addresses))
            conn.execute(
                f"UPDATE recipients SET active = 0 WHERE address NOT IN ({marks})", tuple(addresses)
            )
        return added

    def claim_deliveries(self, token: str, dead: Callable[[str], bool]) -> list[Claim]:
        """Claim, in one transaction, every (written digest, active recipient) not yet
        delivered: not sent, not skipped, not held by another sender (a claim whose holder
        is `dead`, or older than the lease, is taken over)."""
        with self.transaction() as conn:
            rows = conn.execute(
                """SELECT d.digest_date, r.address, l.status, l.claimed_by, l.attempted
                   FROM digests d JOIN runs ON runs.day = d.digest_date
                   CROSS JOIN recipients r
                   LEFT JOIN deliveries l
                     ON l.digest_date = d.digest_date AND l.recipient = r.address
                   WHERE r.active = 1 AND runs.stage = 'written'
                     AND COALESCE(l.status, 'failed') NOT IN ('sent', 'skipped')
                   ORDER BY d.digest_date, r.address"""
            ).fetchall()
            expired = (datetime.now(UTC) - CLAIM_LEASE).isoformat(timespec="seconds")
            claims = [
                Claim(date.fromisoformat(day), address)
                for day, address, status, holder, at in rows
                if status != "sending" or not holder or dead(holder) or at < expired
            ]
            conn.executemany(
                "INSERT OR REPLACE INTO deliveries (digest_date, recipient, status, claimed_by, "
                "attempted) VALUES (?, ?, 'sending', ?, ?)",
                [(c.day.isoformat(), c.recipient, token, now()) for c in claims],
            )
        return claims

    def finish_delivery(
        self, claim: Claim, token: str, message_id: str | None, error: str | None = None
    ) -> None:
        """Record the outcome of a claim this sender still holds."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE deliveries SET status = ?, claimed_by = NULL, attempted = ?, "
                "message_id = ?, error = ? WHERE digest_date = ? AND recipient = ? "
                "AND claimed_by = ?",
                ("failed" if error else "sent", now(), message_id, error,
                 claim.day.isoformat(), claim.recipient, token),
            )  # fmt: skip

    def release_claims(self, token: str) -> None:
        """Give back what this sender claimed and did not finish (after an error)."""
        with self.transaction() as conn:
            conn.execute(
                "DELETE FROM deliveries WHERE status = 'sending' AND claimed_by = ?", (token,)
            )

    def deliveries(self) -> list[tuple[str, str, str]]:
        """(day, recipient, status) of every delivery row, for reports and `radar doctor`."""
        return [
            (str(d), str(r), str(s))
            for d, r, s in self.conn.execute(
                "SELECT digest_date, recipient, status FROM deliveries ORDER BY 1, 2"
            )
        ]
