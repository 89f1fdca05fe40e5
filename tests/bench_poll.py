"""Measure the poller against the local arXiv stand-in: requests and wall time.

    .venv/bin/python -m tests.bench_poll

Scenario 1: one recorded day (the real 86-entry Atom listing of 2025-08-20, completed through
the API). Scenario 2: the machine was off for three announcement days: catch-up of 2025-08-15,
-18, -19 through API submission windows, then the listing of the 20th. The politeness delay is
0 here; with arXiv's 3 s, each API request after the first costs 3 s more.
"""

from __future__ import annotations

import tempfile
import time
from datetime import date
from pathlib import Path

from monitor.assets import demo_feed
from monitor.config import load_settings
from monitor.feeds import ArxivApi, ArxivRss
from monitor.poll import backfill, poll
from monitor.store import Store

from .fake_arxiv import FakeArxiv, corpus_records
from .servers import Reply, http_server

DATA = Path(__file__).resolve().parent / "data"  # corpus excerpts (tests/data/PROVENANCE.md)
LISTING = demo_feed()


def _scenario(url: str, seed_day: date | None) -> tuple[int, int, float, int]:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "radar.toml").write_text("", encoding="utf-8")
        env = {
            "RADAR_ARXIV_RSS_URL": f"{url}/rss",
            "RADAR_ARXIV_API_URL": f"{url}/api/query",
            "RADAR_ARXIV_DELAY_SECONDS": "0",
        }
        settings = load_settings(env=env, home=home)
        with Store.open(settings.database_path) as store:
            if seed_day:
                backfill(settings, store, ArxivApi(settings.arxiv), seed_day, seed_day)
            rss, api = ArxivRss(settings.arxiv), ArxivApi(settings.arxiv)
            started = time.perf_counter()
            report = poll(settings, store, rss, api, date(2025, 8, 20))
            seconds = time.perf_counter() - started
            papers = store.count("papers")
        return rss.requests_made, api.requests_made, seconds, papers if report.days else 0


def main() -> None:
    fake = FakeArxiv()
    fake.add(corpus_records(DATA, 2025))
    fake.rss.append(Reply(200, LISTING.read_bytes(), (("Content-Type", "application/atom+xml"),)))
    with http_server(fake) as (url, _):
        print(
            "scenario                     RSS req  API req  wall s  papers in store  "
            "est. prod s (3 s/API req)"
        )
        for name, seed in (
            ("one recorded day", None),
            ("3-day catch-up + today", date(2025, 8, 14)),
        ):
            rss_n, api_n, seconds, papers = _scenario(url, seed)
            prod = seconds + 3.0 * max(api_n - 1, 0)
            print(f"{name:<28} {rss_n:>7}  {api_n:>7}  {seconds:>6.2f}  {papers:>15}  {prod:>8.1f}")


if __name__ == "__main__":
    main()
