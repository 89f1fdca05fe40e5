"""Polling, the first half of the daily job: each announcement day stored exactly once.

`poll` takes today's RSS listing, first catching up through the API on every announcement day
missed since the last successful poll; `backfill` fetches a date range through the API. Every
day is committed in one transaction with its run row, so an interrupted run loses nothing and
the next run carries on where it stopped.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from monitor.announce import announcement_days, days_between, submission_window
from monitor.config import Settings
from monitor.errors import FeedError, FetchError
from monitor.feeds import ArxivApi, ArxivRss, Listing, ListingFile
from monitor.paper import Announcement, DayResult, Paper, RunStatus
from monitor.progress import Progress, no_progress
from monitor.store import Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PollReport:
    """Every day a poll touched, oldest first, with the requests it took."""

    day: date
    days: tuple[DayResult, ...]
    requests: int
    seconds: float


def poll(
    settings: Settings,
    store: Store,
    rss: ArxivRss | ListingFile,
    api: ArxivApi | None,
    day: date,
    progress: Progress[date] = no_progress,
) -> PollReport:
    """Poll the announcement of `day`: catch up missed days, then store the day's listing.
    Without an API (`--offline`) there is no catch-up and no metadata completion."""
    started, key = time.monotonic(), day.isoformat()
    if _done(store, day):
        return _report(day, [DayResult(day, RunStatus.DONE_BEFORE, "rss")], rss, api, started)
    listing = _checked_listing(settings, store, rss, day)
    results = catch_up(settings, store, api, day, progress) if api else []
    if listing.day is not None and listing.day > day:
        if api is None:
            raise FeedError(f"the listing is for {listing.day}, not {key}; {key} needs the API")
        results.append(fetch_day(settings, store, api, day))  # a past day: the API has it
    elif not listing.items:
        quiet = DayResult(day, RunStatus.QUIET, "rss", note="no announcement (weekend or holiday)")
        results.append(store.record_day(quiet, [], []))
    else:
        results.append(_record_listing(settings, store, api, listing, day))
    return _report(day, results, rss, api, started)


def _done(store: Store, day: date) -> bool:
    status = store.run_status(day)
    return status is not None and status.polled


def _checked_listing(
    settings: Settings, store: Store, rss: ArxivRss | ListingFile, day: date
) -> Listing:
    """The day's listing, or a recorded failure: unreachable, truncated, or stale."""
    key = day.isoformat()
    try:
        listing = rss.listing(settings.arxiv.categories)
        if listing.items and (listing.day is None or listing.day < day):
            shown = listing.day.isoformat() if listing.day else "undated"
            raise FeedError(f"RSS feed is stale: it still carries {shown}, expected {key}")
    except FetchError as err:
        store.record_failure(day, "rss", str(err))
        raise
    return listing


def catch_up(
    settings: Settings, store: Store, api: ArxivApi, day: date, progress: Progress[date]
) -> list[DayResult]:
    """Fetch, through the API, each announcement day since the last good poll before `day`."""
    last = store.last_polled(day)
    if last is None:
        return []  # first run: history is `radar backfill`'s job
    missed = [d for d in announcement_days(last, day) if not _done(store, d)]
    days = progress(missed, "catching up", len(missed))
    return [fetch_day(settings, store, api, d) for d in days]


def backfill(
    settings: Settings,
    store: Store,
    api: ArxivApi,
    first: date,
    last: date,
    progress: Progress[date] = no_progress,
) -> PollReport:
    """Fetch every announcement day in [first, last] not yet stored; resumable. Backfilled
    days are history: their papers are stored (background for ranking), no digest is made."""
    started = time.monotonic()
    todo = [d for d in days_between(first, last) if not _done(store, d)]
    days = progress(todo, "backfill", len(todo))
    results = [fetch_day(settings, store, api, d, history=True) for d in days]
    return _report(last, results, None, api, started)


def fetch_day(
    settings: Settings, store: Store, api: ArxivApi, day: date, history: bool = False
) -> DayResult:
    """One announcement day from the API's submission window; a failure is recorded."""
    categories = settings.arxiv.categories
    start, end = submission_window(day)
    try:
        papers = api.submitted_between(categories, start, end)
    except FetchError as err:
        store.record_failure(day, "api", str(err))
        raise
    announced = [Announcement(p, _kind(p, categories)) for p in papers]
    new = sum(1 for a in announced if a.kind == "new")
    status, note = (
        (RunStatus.OK, "")
        if papers
        else (RunStatus.QUIET, "no submissions in the window (holiday?)")
    )
    result = DayResult(day, status, "api", new=new, cross=len(papers) - new, note=note)
    return store.record_day(result, announced, [], history)


def _record_listing(
    settings: Settings, store: Store, api: ArxivApi | None, listing: Listing, day: date
) -> DayResult:
    """Store the listing: new and cross-listed papers completed through the API."""
    announced = [a for a in listing.items if a.kind in ("new", "cross")]
    replaced = [a.paper for a in listing.items if a.kind not in ("new", "cross")]
    try:
        ids = [a.paper.id for a in announced]
        complete = {p.id: p for p in api.by_ids(ids)} if api else {}
    except FetchError as err:
        store.record_failure(day, "api", str(err))
        raise
    announced = [Announcement(complete.get(a.paper.id, a.paper), a.kind) for a in announced]
    new = sum(1 for a in announced if a.kind == "new")
    result = DayResult(
        day, RunStatus.OK, "rss", new=new, cross=len(announced) - new, replaced=len(replaced)
    )
    return store.record_day(result, announced, replaced)


def _kind(paper: Paper, categories: Sequence[str]) -> str:
    return "new" if paper.primary_category in categories else "cross"


def _report(
    day: date,
    results: list[DayResult],
    rss: ArxivRss | ListingFile | None,
    api: ArxivApi | None,
    started: float,
) -> PollReport:
    requests = (api.requests_made if api else 0) + (rss.requests_made if rss else 0)
    return PollReport(day, tuple(results), requests, time.monotonic() - started)
