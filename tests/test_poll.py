"""The poller against a real HTTP server on 127.0.0.1 replaying recorded arXiv data.

Each scenario runs the real `radar` entry point and asserts the exit code and the store.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from monitor import embed
from monitor.assets import demo_feed
from monitor.config import load_settings
from monitor.ranker import forget_models
from monitor.store import Store

from .conftest import run_radar
from .fake_arxiv import FakeArxiv, corpus_records
from .servers import Recorder, Reply, http_server

RSS_4 = "arxiv_rss/2026-09-24_rss.arxiv.org_rss_cs.LG+cs.AI+cs.CL+stat.ML_4items.xml"
TRUNCATED = "arxiv_rss/2025-08-20_rss.arxiv.org_atom_cs.AI_TRUNCATED.xml"
RSS_TYPE = (("Content-Type", "application/rss+xml"),)


@pytest.fixture(scope="session")
def corpus_2025(test_data: Path) -> list[dict[str, Any]]:
    return corpus_records(test_data, 2025)


@pytest.fixture
def arxiv(home: Path) -> Iterator[tuple[FakeArxiv, Recorder, dict[str, str]]]:
    fake = FakeArxiv()
    with http_server(fake) as (url, recorder):
        env = {
            "RADAR_ARXIV_RSS_URL": f"{url}/rss",
            "RADAR_ARXIV_API_URL": f"{url}/api/query",
            "RADAR_ARXIV_EPRINT_URL": f"{url}/e-print",
            "RADAR_ARXIV_PDF_URL": f"{url}/pdf",
            "RADAR_ARXIV_DELAY_SECONDS": "0",
            "RADAR_ARXIV_BACKOFF_SECONDS": "0",
            "RADAR_ARXIV_MAX_RETRIES": "2",
            "RADAR_ARXIV_TIMEOUT_SECONDS": "1",
        }
        yield fake, recorder, env


def _feed(test_data: Path, name: str, day: str | None = None) -> Reply:
    body = (test_data / name).read_bytes()
    if day:  # the same real listing, re-dated (for the day after a stale feed)
        body = body.replace(b"Thu, 24 Sep 2026", day.encode())
    return Reply(200, body, RSS_TYPE)


def _empty_feed(test_data: Path, pub_date: str) -> Reply:
    """A real RSS 2.0 feed with its items removed: what arXiv serves on weekends."""
    text = (test_data / RSS_4).read_text(encoding="utf-8")
    text = re.sub(r"<item>.*?</item>\s*", "", text, flags=re.S)
    text = text.replace("Thu, 24 Sep 2026", pub_date)
    return Reply(200, text.encode(), RSS_TYPE)


def _db(home: Path) -> sqlite3.Connection:
    return sqlite3.connect(home / "data" / "radar.db")


def _runs(home: Path) -> dict[str, tuple[Any, ...]]:
    with _db(home) as conn:
        rows = conn.execute(
            "SELECT day, status, source, n_new, n_cross, n_replace, error FROM runs"
        ).fetchall()
    return {r[0]: r[1:] for r in rows}


def _announced(home: Path) -> dict[str, tuple[str, str]]:
    with _db(home) as conn:
        rows = conn.execute(
            "SELECT id, first_announced, announce_type FROM papers WHERE first_announced NOT NULL"
        ).fetchall()
    return {r[0]: (r[1], r[2]) for r in rows}


def _dump(home: Path) -> list[Any]:
    with _db(home) as conn:
        return [
            conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in ("papers", "runs")
        ]


def test_normal_day_stores_new_cross_and_replacements(
    home: Path, arxiv: Any, test_data: Path
) -> None:
    fake, seen, env = arxiv
    fake.rss.append(_feed(test_data, RSS_4))
    fake.add(
        [
            {  # the API knows more than the feed: comment, dates, an affiliation
                "id": "2609.26811",
                "arxiv_id": "2609.26811v1",
                "title": "The Drift Contract: Spectral Updates for Depth-Robust Local Learning",
                "authors": ["Fabien Polly"],
                "affiliations": {"Fabien Polly": ["Example University"]},
                "abstract": "Local learning trains each layer.",
                "categories": ["cs.LG"],
                "comment": "12 pages",
                "published": "2026-09-22 10:00:00 UTC",
            }
        ]
    )
    result = run_radar("run", "--date", "2026-09-24", home=home, env=env)
    assert result.returncode == 0, result.stderr
    assert "2026-09-24: 2 new, 1 cross-listed, 1 replaced (RSS)" in result.stdout
    assert _runs(home) == {"2026-09-24": ("ok", "rss", 2, 1, 1, None)}
    assert _announced(home) == {
        "2609.26811": ("2026-09-24", "new"),
        "2609.26820": ("2026-09-24", "new"),
        "2205.06398": ("2026-09-24", "cross"),
    }
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    with Store.open(settings.database_path) as store:
        drift = store.paper("2609.26811")
        assert drift is not None
        assert (drift.comment, drift.affiliations) == ("12 pages", (("Example University",),))
        assert drift.published == "2026-09-22T10:00:00+00:00"
        replaced = store.paper("2009.13987")
        assert replaced is not None and replaced.version == 3
        assert [a.paper.id for a in store.announced_on(date.fromisoformat("2026-09-24"))] == [
            "2205.06398",
            "2609.26811",
            "2609.26820",
        ]
        updated = store.announced_on(date.fromisoformat("2026-09-24"), include_replacements=True)
        assert ("2009.13987", "updated") in [(a.paper.id, a.kind) for a in updated]
    ids = [p for p in seen.paths if "id_list" in p]
    assert len(ids) == 1 and "2609.26811%2C2609.26820%2C2205.06398" in ids[0]


def test_rerun_changes_nothing_and_makes_no_request(
    home: Path, arxiv: Any, test_data: Path
) -> None:
    fake, seen, env = arxiv
    fake.rss.append(_feed(test_data, RSS_4))
    assert run_radar("run", "--date", "2026-09-24", home=home, env=env).returncode == 0
    before, requests = _dump(home), len(seen.requests)
    again = run_radar("run", "--date", "2026-09-24", home=home, env=env)
    assert again.returncode == 0
    assert "2026-09-24: already polled; nothing to do" in again.stdout
    assert _dump(home) == before
    assert len(seen.requests) == requests


def test_concurrent_runs_store_the_day_once(home: Path, arxiv: Any, test_data: Path) -> None:
    fake, _, env = arxiv
    fake.rss.append(_feed(test_data, RSS_4))
    full_env = {**env, "RADAR_HOME": str(home), "PATH": "/usr/bin:/bin"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "monitor", "run", "--date", "2026-09-24"],
            env=full_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    assert len(_announced(home)) == 3
    assert _runs(home)["2026-09-24"][:2] == ("ok", "rss")


def test_weekend_is_quiet_and_exits_0(home: Path, arxiv: Any, test_data: Path) -> None:
    fake, _, env = arxiv
    fake.rss.append(_empty_feed(test_data, "Sat, 26 Sep 2026"))
    result = run_radar("run", "--date", "2026-09-26", home=home, env=env)
    assert result.returncode == 0, result.stderr
    assert "2026-09-26: quiet, no announcement (weekend or holiday)" in result.stdout
    assert _runs(home) == {"2026-09-26": ("quiet", "rss", 0, 0, 0, None)}


def test_stale_feed_is_a_failure_retried_next_run(home: Path, arxiv: Any, test_data: Path) -> None:
    fake, _, env = arxiv
    fake.rss.extend([_feed(test_data, RSS_4), _feed(test_data, RSS_4)])
    assert run_radar("run", "--date", "2026-09-24", home=home, env=env).returncode == 0
    stale = run_radar("run", "--date", "2026-09-25", home=home, env=env)
    assert stale.returncode == 5
    assert stale.stderr.strip() == (
        "radar: error: RSS feed is stale: it still carries 2026-09-24, expected 2026-09-25"
    )
    assert _runs(home)["2026-09-25"][:2] == ("failed", "rss")
    fake.rss.clear()
    fake.rss.append(_feed(test_data, RSS_4, day="Fri, 25 Sep 2026"))
    retried = run_radar("run", "--date", "2026-09-25", home=home, env=env)
    assert retried.returncode == 0, retried.stderr
    assert _runs(home)["2026-09-25"][:2] == ("ok", "rss")
    # the same papers again: none becomes a candidate a second time
    assert {day for day, _ in _announced(home).values()} == {"2026-09-24"}


def test_truncated_feed_is_a_failure_and_stores_nothing(
    home: Path, arxiv: Any, test_data: Path
) -> None:
    fake, _, env = arxiv
    fake.rss.append(_feed(test_data, TRUNCATED))
    result = run_radar("run", "--date", "2025-08-20", home=home, env=env)
    assert result.returncode == 5
    assert result.stderr.strip().startswith("radar: error: RSS feed is truncated or malformed")
    assert len(result.stderr.strip().splitlines()) == 1
    assert _runs(home)["2025-08-20"][0] == "failed"
    assert _announced(home) == {}


def test_429_then_success_honours_retry_after(home: Path, arxiv: Any, test_data: Path) -> None:
    fake, seen, env = arxiv
    fake.rss.extend([Reply(429, b"slow down", (("Retry-After", "1"),)), _feed(test_data, RSS_4)])
    result = run_radar("run", "--date", "2026-09-24", home=home, env=env)
    assert result.returncode == 0, result.stderr
    rss_times = [t for p, t in zip(seen.paths, seen.times, strict=True) if p.startswith("/rss")]
    assert len(rss_times) == 2
    assert rss_times[1] - rss_times[0] >= 0.95
    assert _runs(home)["2026-09-24"][0] == "ok"


def test_503_storm_exhausts_retries(home: Path, arxiv: Any) -> None:
    fake, seen, env = arxiv
    fake.rss.append(Reply(503, b"down", (("Retry-After", "0"),)))
    result = run_radar("run", "--date", "2026-09-24", home=home, env=env)
    assert result.returncode == 3
    assert (
        result.stderr.strip() == "radar: error: RSS feed answered HTTP 503 "
        f"({env['RADAR_ARXIV_RSS_URL']}/cs.DC+cs.LG)"
    )
    assert len(seen.requests) == 3  # one try, two retries
    assert _runs(home)["2026-09-24"][:2] == ("failed", "rss")


def test_stalled_server_times_out(home: Path, arxiv: Any, test_data: Path) -> None:
    fake, _, env = arxiv
    slow = _feed(test_data, RSS_4)
    fake.rss.append(Reply(slow.status, slow.body, slow.headers, delay=5.0))
    result = run_radar(
        "run", "--date", "2026-09-24", home=home, env={**env, "RADAR_ARXIV_MAX_RETRIES": "0"}
    )
    assert result.returncode == 3
    assert result.stderr.strip().endswith("(no answer within 1 s, 0 retries)")
    assert _runs(home)["2026-09-24"][0] == "failed"


def _backfill_day(home: Path, env: dict[str, str], day: str) -> None:
    result = run_radar("backfill", "--from", day, "--to", day, home=home, env=env)
    assert result.returncode == 0, result.stderr


def test_three_missed_days_are_caught_up_once(
    home: Path,
    arxiv: Any,
    test_data: Path,
    corpus_2025: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake, _, env = arxiv
    loads: list[object] = []
    real = embed.load_embedder

    def counted(*args: Any) -> embed.Embedder:
        loads.append(args)
        return real(*args)

    monkeypatch.setattr(embed, "load_embedder", counted)
    forget_models()  # as in a new process
    fake.add(corpus_2025)
    fake.rss.append(Reply(200, demo_feed().read_bytes(), RSS_TYPE))  # the 86-entry listing
    _backfill_day(home, env, "2025-08-14")  # the last day polled before the machine was off
    result = run_radar("run", "--date", "2025-08-20", home=home, env=env)
    assert result.returncode == 0, result.stderr
    assert len(loads) == 1  # one model load for the four days ranked
    assert len(list((home / "digests").glob("2025-08-*.md"))) == 4
    runs = _runs(home)
    assert [d for d in sorted(runs)] == [
        "2025-08-14",
        "2025-08-15",
        "2025-08-18",
        "2025-08-19",
        "2025-08-20",
    ]
    assert [runs[d][:2] for d in sorted(runs)[1:4]] == [("ok", "api")] * 3
    announced = _announced(home)
    # Friday 2025-08-15 carries submissions from Wed 14:00 to Thu 14:00 New York time.
    friday = {
        r["id"]
        for r in corpus_2025
        if "2025-08-13 18:00:00 UTC" <= r["published"] < "2025-08-14 18:00:00 UTC"
        and {"cs.LG", "cs.DC"} & set(r["categories"])
    }
    assert friday and {i for i, (d, _) in announced.items() if d == "2025-08-15"} == friday
    # 2508.13189 was submitted on the 14th (New York): caught up on the 18th, and the 20th's
    # feed, which cross-lists it, does not announce it again.
    assert announced["2508.13189"] == ("2025-08-18", "cross")
    assert announced["2508.13663"] == ("2025-08-20", "new")
    assert sum(runs[d][2] + runs[d][3] for d in sorted(runs)[1:4]) == len(
        [i for i, (d, _) in announced.items() if d in ("2025-08-15", "2025-08-18", "2025-08-19")]
    )


def test_an_empty_api_page_fails_the_day(
    home: Path, arxiv: Any, corpus_2025: list[dict[str, Any]]
) -> None:
    fake, _, env = arxiv
    fake.add(corpus_2025)
    env = {**env, "RADAR_ARXIV_PAGE_SIZE": "10"}
    from .fake_arxiv import api_feed

    first_page = [r for r in corpus_2025 if r["published"].startswith("2025-08-13 2")][:10]
    fake.api_replies.extend(
        [
            Reply(200, api_feed(first_page, 46, 0)),
            Reply(200, api_feed([], 46, 10)),
        ]
    )
    result = run_radar("backfill", "--from", "2025-08-14", "--to", "2025-08-14", home=home, env=env)
    assert result.returncode == 3
    assert "arXiv API returned an unexpected empty page" in result.stderr
    assert _runs(home)["2025-08-14"][:2] == ("failed", "api")
    assert _announced(home) == {}
    again = run_radar("backfill", "--from", "2025-08-14", "--to", "2025-08-14", home=home, env=env)
    assert again.returncode == 0, again.stderr  # resumed: the day is fetched whole
    assert _runs(home)["2025-08-14"][:2] == ("ok", "api")
    assert len(_announced(home)) == 46
    assert "embedded 46 papers in" in again.stdout  # background for later rankings, cached
    once_more = run_radar("backfill", "--from", "2025-08-14", "--to", "2025-08-14", home=home,
                          env=env)  # fmt: skip
    assert "embedded 0 papers in 0.0 s" in once_more.stdout
    assert "46 were cached already" in once_more.stdout


def test_cross_list_of_an_earlier_paper_is_not_a_candidate_again(
    home: Path, arxiv: Any, test_data: Path
) -> None:
    fake, _, env = arxiv
    fake.rss.extend([_feed(test_data, RSS_4), _feed(test_data, RSS_4, day="Fri, 25 Sep 2026")])
    assert run_radar("run", "--date", "2026-09-24", home=home, env=env).returncode == 0
    assert run_radar("run", "--date", "2026-09-25", home=home, env=env).returncode == 0
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    with Store.open(settings.database_path) as store:
        assert store.announced_on(date.fromisoformat("2026-09-25")) == []
        assert len(store.announced_on(date.fromisoformat("2026-09-24"))) == 3
