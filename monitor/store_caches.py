"""The store's caches: embeddings by model and content hash, and each paper version's
enrichment (affiliations, summaries). Part of `Store` (kept apart to keep modules short); the
only code touching these tables."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager

import numpy as np

from monitor.store_digests import now


class CacheLedger:
    """Mixin of `Store`: needs `conn` and `transaction()`."""

    conn: sqlite3.Connection
    transaction: Callable[[], AbstractContextManager[sqlite3.Connection]]

    # -- embedding cache -----------------------------------------------------------------

    def vectors(self, model: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached embeddings for these content hashes (those present)."""
        found: list[tuple[str, bytes]] = []
        unique = list(dict.fromkeys(hashes))
        for start in range(0, len(unique), 500):
            part = unique[start : start + 500]
            marks = ",".join("?" * len(part))
            found += self.conn.execute(
                f"SELECT content_hash, vector FROM embeddings WHERE model = ? "
                f"AND content_hash IN ({marks})",
                (model, *part),
            ).fetchall()
        if not found:
            return {}
        if len({len(blob) for _, blob in found}) > 1:  # one model, one dimension; else row by row
            return {d: np.frombuffer(b, dtype="<f4").copy() for d, b in found}
        rows = np.frombuffer(b"".join(b for _, b in found), dtype="<f4").reshape(len(found), -1)
        return {digest: row for (digest, _), row in zip(found, rows, strict=True)}

    def save_vectors(self, model: str, vectors: dict[str, np.ndarray]) -> None:
        with self.transaction() as conn:
            conn.executemany(
                "INSERT OR IGNORE INTO embeddings (model, content_hash, dim, vector) "
                "VALUES (?, ?, ?, ?)",
                [
                    (model, h, int(v.shape[0]), v.astype("<f4").tobytes())
                    for h, v in vectors.items()
                ],
            )

    # -- enrichment (affiliations, summaries) per paper version ---------------------------

    def enrichment(self, paper_id: str, version: int, kind: str) -> tuple[str, object] | None:
        """(source, value) cached for this version of the paper, or None."""
        row = self.conn.execute(
            "SELECT source, value FROM enrichment WHERE paper_id = ? AND version = ? AND kind = ?",
            (paper_id, version, kind),
        ).fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def save_enrichment(
        self, paper_id: str, version: int, kind: str, source: str, value: object
    ) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO enrichment VALUES (?, ?, ?, ?, ?, ?)",
            (paper_id, version, kind, source, json.dumps(value, ensure_ascii=False), now()),
        )
