"""The SQLite schema as the history of its migrations (applied by `store.Store.migrate`).

Kept apart from `store.py` so the store's code and the schema's history read on their own;
only `store.py` executes it.
"""

from __future__ import annotations

# Each entry moves the schema from version i to i + 1. Never edit a released entry: append.
MIGRATIONS: tuple[str, ...] = (
    # 1: the core tables: papers, the embedding cache, the run ledger, digests and deliveries.
    """
    CREATE TABLE papers (
        id TEXT PRIMARY KEY,                -- arXiv id without version
        version INTEGER NOT NULL,
        title TEXT NOT NULL,
        abstract TEXT NOT NULL,
        authors TEXT NOT NULL,              -- JSON list of names
        categories TEXT NOT NULL,           -- JSON list, primary first
        primary_category TEXT NOT NULL,
        published TEXT,
        updated TEXT,
        comment TEXT,
        journal_ref TEXT,
        first_announced TEXT,               -- YYYY-MM-DD of the first listing that carried it
        announce_type TEXT                  -- new / cross / replace / replace-cross
    );
    CREATE TABLE embeddings (
        model TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        dim INTEGER NOT NULL,
        vector BLOB NOT NULL,               -- float32, little endian
        PRIMARY KEY (model, content_hash)
    );
    CREATE TABLE runs (
        day TEXT PRIMARY KEY,               -- announcement day polled, YYYY-MM-DD
        status TEXT NOT NULL,               -- ok / quiet / failed
        started TEXT NOT NULL,
        finished TEXT,
        feed_date TEXT,
        n_new INTEGER NOT NULL DEFAULT 0,
        n_cross INTEGER NOT NULL DEFAULT 0,
        n_replace INTEGER NOT NULL DEFAULT 0,
        error TEXT
    );                                      -- feed_date: dropped in 5, never written
    CREATE TABLE picks (
        digest_date TEXT NOT NULL,
        paper_id TEXT NOT NULL REFERENCES papers(id),
        score REAL NOT NULL,
        rank INTEGER NOT NULL,
        explanation TEXT NOT NULL,          -- JSON
        PRIMARY KEY (digest_date, paper_id)
    );
    CREATE TABLE digests (
        digest_date TEXT PRIMARY KEY,
        written TEXT NOT NULL,
        n_picks INTEGER NOT NULL,
        paths TEXT NOT NULL                 -- JSON list of files written
    );
    CREATE TABLE deliveries (
        digest_date TEXT NOT NULL REFERENCES digests(digest_date),
        channel TEXT NOT NULL,              -- smtp / outbox
        recipient TEXT NOT NULL,
        status TEXT NOT NULL,               -- sent / failed
        attempted TEXT NOT NULL,
        error TEXT,
        PRIMARY KEY (digest_date, channel, recipient)
    );
    CREATE TABLE triage (
        paper_id TEXT PRIMARY KEY REFERENCES papers(id),
        state TEXT NOT NULL CHECK (state IN ('new', 'shortlisted', 'dismissed', 'promoted')),
        changed TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE resolved (
        entry_key TEXT PRIMARY KEY,         -- reading-list paper key
        title TEXT NOT NULL,                -- the reading-list title that was resolved
        arxiv_id TEXT REFERENCES papers(id),-- NULL: no arXiv version found
        method TEXT NOT NULL,               -- link / jsonl / api-title / not-found
        resolved_at TEXT NOT NULL
    );
    """,
    # 2: a snapshot of the reading lists (never read; dropped in 5) and an index.
    """
    CREATE TABLE reading_entries (
        entry_key TEXT NOT NULL,
        position INTEGER NOT NULL,          -- order within the paper's rows
        title TEXT NOT NULL,
        section TEXT NOT NULL,              -- JSON list (the section path)
        status TEXT NOT NULL,
        noted INTEGER NOT NULL,
        venue TEXT,
        year INTEGER,
        note TEXT NOT NULL,
        source TEXT NOT NULL,               -- file:line
        PRIMARY KEY (entry_key, position)
    );
    CREATE INDEX papers_first_announced ON papers(first_announced);
    """,
    # 3: what the poller needs: replacement day, per-author affiliations, run source and note.
    """
    ALTER TABLE papers ADD COLUMN replaced_on TEXT;
    ALTER TABLE papers ADD COLUMN affiliations TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE runs ADD COLUMN source TEXT NOT NULL DEFAULT 'rss';
    ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT ''
    """,
    # 4: what enrichment learned about a pick (affiliations from its source, LLM summaries),
    # so a paper is fetched or summarised once per version.
    """
    CREATE TABLE enrichment (
        paper_id TEXT NOT NULL REFERENCES papers(id),
        version INTEGER NOT NULL,
        kind TEXT NOT NULL,                 -- affiliations / summary:<language>:<model>
        source TEXT NOT NULL,               -- api / latex / pdf / none / llm
        value TEXT NOT NULL,                -- JSON
        made TEXT NOT NULL,
        PRIMARY KEY (paper_id, version, kind)
    )
    """,
    # 5: drop what nothing reads or writes: the reading-list snapshot and runs.feed_date.
    """
    DROP TABLE reading_entries;
    ALTER TABLE runs DROP COLUMN feed_date
    """,
    # 6: each day's stage, the digest itself, and delivery once per recipient with claims.
    # A day polled before 6 without a digest is history (it is not mailed after an upgrade);
    # the old delivery rows (recipients joined in one string) are not carried over: the first
    # run after the upgrade registers the configured recipients, and a new recipient is owed
    # no digest written before it (see deliver.py), so nothing is sent again.
    """
    ALTER TABLE runs ADD COLUMN stage TEXT NOT NULL DEFAULT 'polled'
        CHECK (stage IN ('polled', 'ranked', 'written', 'history'));
    UPDATE runs SET stage = CASE WHEN day IN (SELECT digest_date FROM digests) THEN 'written'
                                 ELSE 'history' END;
    ALTER TABLE digests ADD COLUMN body TEXT;  -- the digest's JSON: files are rendered from it
    CREATE TABLE recipients (
        address TEXT PRIMARY KEY,           -- an e-mail address, or 'outbox'
        added TEXT NOT NULL,                -- when it first appeared in the settings
        active INTEGER NOT NULL DEFAULT 1   -- in the settings at the last delivery pass
    );
    CREATE TABLE deliveries_v6 (
        digest_date TEXT NOT NULL REFERENCES digests(digest_date),
        recipient TEXT NOT NULL REFERENCES recipients(address),
        status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'skipped')),
        claimed_by TEXT,                    -- 'host:pid:nonce' of the sender holding a claim
        attempted TEXT NOT NULL,
        message_id TEXT,
        error TEXT,
        PRIMARY KEY (digest_date, recipient)
    );
    DROP TABLE deliveries;
    ALTER TABLE deliveries_v6 RENAME TO deliveries
    """,
    # 7: the reader's side: every candidate's ranking, triage states with snoozes and reasons,
    # the action journal (enough to undo and to learn from), full-text search over papers.
    """
    CREATE TABLE ranked (
        digest_date TEXT NOT NULL,
        paper_id TEXT NOT NULL REFERENCES papers(id),
        score REAL NOT NULL,
        rank INTEGER NOT NULL,
        section TEXT NOT NULL,              -- the reading-list section it would join
        picked INTEGER NOT NULL,            -- 1: in the digest
        PRIMARY KEY (digest_date, paper_id)
    );
    DROP TABLE triage;
    CREATE TABLE triage (
        paper_id TEXT PRIMARY KEY REFERENCES papers(id),
        state TEXT NOT NULL
            CHECK (state IN ('new', 'shortlisted', 'promoted', 'dismissed', 'snoozed')),
        until TEXT,                         -- snoozed: the day it comes back
        woke TEXT,                          -- the digest day a snoozed paper came back in
        reason TEXT,                        -- dismissed: off-topic / weak / known
        note TEXT NOT NULL DEFAULT '',
        changed TEXT NOT NULL
    );
    CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        who TEXT NOT NULL,                  -- cli / web
        paper_id TEXT NOT NULL REFERENCES papers(id),
        action TEXT NOT NULL,               -- shortlist / dismiss / snooze / note / promote
        before TEXT NOT NULL,               -- JSON: the triage row before (state, until, ...)
        after TEXT NOT NULL,                -- JSON: the triage row after
        day TEXT,                           -- the digest day it was taken from, if known
        section TEXT,                       -- promote: the section written to
        list_file TEXT,                     -- promote: the reading list written
        row_text TEXT,                      -- promote: the exact lines added
        undone TEXT                         -- when `radar undo` reverted it
    );
    CREATE VIRTUAL TABLE papers_fts USING fts5(
        title, abstract, authors, content='papers', content_rowid='rowid'
    );
    INSERT INTO papers_fts (papers_fts) VALUES ('rebuild');
    CREATE TRIGGER papers_fts_insert AFTER INSERT ON papers BEGIN
        INSERT INTO papers_fts (rowid, title, abstract, authors)
        VALUES (new.rowid, new.title, new.abstract, new.authors);
    END;
    CREATE TRIGGER papers_fts_update AFTER UPDATE OF title, abstract, authors ON papers BEGIN
        INSERT INTO papers_fts (papers_fts, rowid, title, abstract, authors)
        VALUES ('delete', old.rowid, old.title, old.abstract, old.authors);
        INSERT INTO papers_fts (rowid, title, abstract, authors)
        VALUES (new.rowid, new.title, new.abstract, new.authors);
    END;
    CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers BEGIN
        INSERT INTO papers_fts (papers_fts, rowid, title, abstract, authors)
        VALUES ('delete', old.rowid, old.title, old.abstract, old.authors);
    END
    """,
    # 8: actions on the whole store (`radar feedback --reset`) join the journal: paper_id may
    # be NULL. Times are kept to the millisecond from now on (a reset and the next decision
    # can fall in the same second).
    """
    CREATE TABLE actions_v8 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        who TEXT NOT NULL,                  -- cli / web
        paper_id TEXT REFERENCES papers(id),-- NULL: an action on the whole store
        action TEXT NOT NULL,               -- shortlist / dismiss / snooze / note / promote /
                                            -- feedback-reset
        before TEXT NOT NULL,               -- JSON: the triage row before (state, until, ...)
        after TEXT NOT NULL,                -- JSON: the triage row after
        day TEXT,                           -- the digest day it was taken from, if known
        section TEXT,                       -- promote: the section written to
        list_file TEXT,                     -- promote: the reading list written
        row_text TEXT,                      -- promote: the exact lines added
        undone TEXT                         -- when `radar undo` reverted it
    );
    INSERT INTO actions_v8 SELECT * FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_v8 RENAME TO actions
    """,
    # 9: each candidate's relevance (the estimated chance the reader would open it), so the
    # page and `radar triage` show what the digest shows. NULL for days ranked before.
    """
    ALTER TABLE ranked ADD COLUMN relevance REAL
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
