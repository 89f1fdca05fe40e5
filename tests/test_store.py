"""The SQLite store on a real file: schema, migrations, transactions."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from monitor.errors import StoreError
from monitor.paper import Paper, Resolution
from monitor.schema import SCHEMA_VERSION
from monitor.store import Store


def _paper(arxiv_id: str = "2401.00001", version: int = 1, title: str = "A Paper") -> Paper:
    return Paper(
        id=arxiv_id,
        version=version,
        title=title,
        abstract="We study things.",
        authors=("Ada Lovelace", "李雷"),
        categories=("cs.DC", "cs.LG"),
    )


def test_new_database_has_every_table_wal_and_foreign_keys(tmp_path: Path) -> None:
    with Store.open(tmp_path / "radar.db") as store:
        assert store.version == SCHEMA_VERSION
        tables = {
            r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
        assert {
            "papers",
            "embeddings",
            "runs",
            "picks",
            "digests",
            "deliveries",
            "triage",
            "resolved",
            "enrichment",
            "recipients",
            "ranked",
            "actions",
            "papers_fts",
        } <= tables
        assert "reading_entries" not in tables  # dropped in 5: nothing read it
        runs = {r[1] for r in store.conn.execute("PRAGMA table_info(runs)")}
        assert "feed_date" not in runs and {"day", "status", "source", "note"} <= runs
        assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        with pytest.raises(sqlite3.IntegrityError):
            store.conn.execute(
                "INSERT INTO triage (paper_id, state, changed) VALUES ('9999.99999', 'new', 'now')"
            )


def test_migration_from_version_1_keeps_existing_rows(tmp_path: Path) -> None:
    path = tmp_path / "radar.db"
    with Store.open(path, upto=1) as old:
        assert old.version == 1
        old.conn.execute(  # the v1 columns only
            "INSERT INTO papers (id, version, title, abstract, authors, categories, "
            "primary_category) VALUES ('2401.00001', 1, 'A Paper', 'We study things.', "
            '\'["Ada Lovelace", "李雷"]\', \'["cs.DC", "cs.LG"]\', \'cs.DC\')'
        )
        old.conn.execute(
            "INSERT INTO resolved VALUES ('gpipe', 'GPipe', '2401.00001', 'jsonl', 'then')"
        )
        assert "reading_entries" not in {
            r[0] for r in old.conn.execute("SELECT name FROM sqlite_master")
        }
    with Store.open(path) as store:
        assert store.version == SCHEMA_VERSION
        assert store.paper("2401.00001") == _paper()
        assert store.resolutions()["gpipe"].paper == _paper()


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "radar.db"
    Store.open(path).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StoreError, match="newer than this radar"):
        Store.open(path)


def test_openers_of_a_new_database_at_once_all_get_it(tmp_path: Path) -> None:
    """Two `radar run`s started together on a new home: the one that lost the race to switch
    the file to WAL failed with 'database is locked' (CI, test_concurrent_runs_store_the_day_once).
    Three openers released together, 60 new databases: without the open lock about one
    round in seven failed here, so this fails without it with near certainty."""
    failures: list[str] = []
    for round_ in range(60):
        path = tmp_path / f"radar{round_}.db"
        gate = threading.Barrier(3)

        def open_it(path: Path = path, gate: threading.Barrier = gate) -> None:
            gate.wait()
            try:
                with Store.open(path) as store:
                    assert store.version == SCHEMA_VERSION
            except StoreError as err:
                failures.append(str(err))

        openers = [threading.Thread(target=open_it) for _ in range(3)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join()
    assert failures == []


def test_failed_multi_row_write_leaves_nothing(tmp_path: Path) -> None:
    with Store.open(tmp_path / "radar.db") as store:
        good = Resolution("good", "Good", _paper(), "jsonl")
        bad = Resolution("bad", "Bad", _paper("2401.00002"), "jsonl")
        object.__setattr__(bad, "method", None)  # violates NOT NULL mid-transaction
        with pytest.raises(sqlite3.IntegrityError):
            store.save_resolutions([good, bad])
        assert store.count("resolved") == 0
        assert store.count("papers") == 0


def test_upsert_keeps_the_latest_version(tmp_path: Path) -> None:
    with Store.open(tmp_path / "radar.db") as store:
        store.upsert_papers([_paper(version=2, title="v2")])
        store.upsert_papers([_paper(version=1, title="v1")])
        assert store.paper("2401.00001") == _paper(version=2, title="v2")
        store.upsert_papers([_paper(version=3, title="v3")])
        assert store.count("papers") == 1
        paper = store.paper("2401.00001")
        assert paper is not None and paper.title == "v3"
