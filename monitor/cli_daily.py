"""The daily commands: `radar run`, `digest`, `send`, `poll`, `backfill`, `serve`, `sync`.

Loaded by `cli.py` only when one of them runs, so `radar --help`, `config`, `list` and the
page start without the daily job's imports. Like `cli.py`, they parse, call one function and
print what it returns.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from monitor import daily, scheduler, sync
from monitor.announce import days_between, feed_day
from monitor.cli import print_problems
from monitor.config import Settings
from monitor.daily import RunReport
from monitor.deliver import deliver
from monitor.errors import InputError, RadarError
from monitor.feeds import ArxivApi, ArxivFiles, ArxivRss, ListingFile
from monitor.paper import DayResult, RunStatus
from monitor.poll import PollReport, backfill, poll
from monitor.progress import bar
from monitor.ranker import embed_history, make_embedder

if TYPE_CHECKING:
    from monitor.cli import Context


def _day(value: datetime | None) -> date:
    return value.date() if value else feed_day(datetime.now(UTC))


def _poll_once(obj: Context, day: date) -> PollReport:
    settings = obj.settings
    rss, api = ArxivRss(settings.arxiv), ArxivApi(settings.arxiv)
    with obj.store() as store:
        return poll(settings, store, rss, api, day, bar)


def _print_poll(report: PollReport) -> None:
    for result in report.days:
        click.echo(describe_day(result))
    click.echo(f"{report.requests} requests to arXiv in {report.seconds:.1f} s")


def describe_day(result: DayResult) -> str:
    """One line per polled day, the same in the terminal and in `radar serve`'s log."""
    if result.status is RunStatus.DONE_BEFORE:
        return f"{result.day}: already polled; nothing to do"
    if result.status is RunStatus.QUIET:
        return f"{result.day}: quiet, {result.note}"
    via = "RSS" if result.source == "rss" else "API catch-up"
    return (
        f"{result.day}: {result.new} new, {result.cross} cross-listed, "
        f"{result.replaced} replaced ({via})"
    )


_DATE = click.DateTime(["%Y-%m-%d"])


def _days(days: Sequence[date]) -> str:
    return ", ".join(d.isoformat() for d in days)


def _clients(settings: Settings, listing: ArxivRss | ListingFile, offline: bool) -> daily.Clients:
    sources = settings.digest.source_affiliations and not offline
    llm = daily.summarizer(settings)
    if offline and llm is not None:
        logging.getLogger("monitor").warning(
            "offline: the LLM is not asked; summaries are extractive and in English"
        )
    return daily.Clients(
        listing=listing,
        api=None if offline else ArxivApi(settings.arxiv),
        files=ArxivFiles(settings.arxiv) if sources else None,
        llm=None if offline else llm,
        load_model=lambda: make_embedder(settings),
    )


def _run_once(obj: Context, day: date | None, feed: Path | None, offline: bool) -> RunReport:
    settings = obj.settings
    source = ListingFile(feed) if feed else ArxivRss(settings.arxiv)
    if day is None:
        day = (source.listing(settings.arxiv.categories).day if feed else None) or feed_day(
            datetime.now(UTC)
        )
    with obj.store() as store:
        return daily.run(settings, store, _clients(settings, source, offline), day, bar)


def _print_run(report: RunReport) -> None:
    _print_poll(report.poll)
    for item in report.resumed:
        click.echo(f"{item.day}: finished what an earlier run left (stopped after {item.stage})")
    for path in report.written:
        click.echo(f"written: {path}")
    for claim in report.delivered:
        click.echo(f"delivered: digest of {claim.day} to {claim.recipient}")


@click.command("run")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: today in New York).")
@click.option(
    "--feed",
    type=click.Path(path_type=Path),
    help="Read the day's listing from this saved RSS/Atom file instead of arXiv.",
)
@click.option(
    "--offline",
    is_flag=True,
    help="No network but the listing: no API catch-up or metadata, no paper sources, no LLM "
    "(with --feed: no network at all).",
)
@click.pass_obj
def run_cmd(obj: Context, when: datetime | None, feed: Path | None, offline: bool) -> None:
    """The daily job, once: poll, rank, write the digest, deliver. Safe to repeat; a quiet
    day exits 0."""
    _print_run(_run_once(obj, when.date() if when else None, feed, offline))


@click.command("digest")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: the last polled).")
@click.option("--offline", is_flag=True, help="Use only what the store has: no arXiv, no LLM.")
@click.pass_obj
def digest_cmd(obj: Context, when: datetime | None, offline: bool) -> None:
    """Render a polled day's digest again (Markdown, HTML, JSON, feed) without polling or
    sending: after editing the reading list, say."""
    settings = obj.settings
    with obj.store() as store:
        day = when.date() if when else store.last_polled(date.max)
        if day is None:
            raise InputError("nothing polled yet; run `radar run` first")
        clients = _clients(settings, ArxivRss(settings.arxiv), offline)
        for path in daily.render_again(settings, store, clients, day, bar):
            click.echo(f"written: {path}")


@click.command("send")
@click.pass_obj
def send_cmd(obj: Context) -> None:
    """Deliver every written digest not yet delivered (after an SMTP failure, say)."""
    with obj.store() as store:
        done = deliver(obj.settings, store)
    for claim in done:
        click.echo(f"delivered: digest of {claim.day} to {claim.recipient}")
    if not done:
        click.echo("nothing to deliver")


@click.command("poll")
@click.option("--date", "when", type=_DATE, help="Announcement day (default: today in New York).")
@click.pass_obj
def poll_cmd(obj: Context, when: datetime | None) -> None:
    """Fetch the day's new papers (and any missed days) into the store, nothing else."""
    _print_poll(_poll_once(obj, _day(when)))


@click.command("backfill")
@click.option("--from", "first", type=_DATE, required=True, help="First announcement day.")
@click.option("--to", "last", type=_DATE, required=True, help="Last announcement day.")
@click.pass_obj
def backfill_cmd(obj: Context, first: datetime, last: datetime) -> None:
    """Fetch history day by day through the API and embed its papers (the background the
    ranker learns against); resumable after an interruption."""
    with obj.store() as store:
        report = backfill(
            obj.settings, store, ArxivApi(obj.settings.arxiv), first.date(), last.date(), bar
        )
        _print_poll(report)
        done = embed_history(obj.settings, store, days_between(first.date(), last.date()), bar)
    click.echo(
        f"embedded {done.fresh} papers in {done.seconds:.1f} s, the model's load included "
        f"({done.rate:.1f} papers/s); "
        f"{done.cached} were cached already"
    )


@click.command("serve")
@click.pass_obj
def serve_cmd(obj: Context) -> None:
    """Run the daily job on the configured schedule until SIGTERM/SIGINT."""
    logging.getLogger("monitor").setLevel(logging.INFO)

    def job() -> str:
        try:
            report = _run_once(obj, None, None, offline=False)
        except RadarError as err:
            return f"failed: {err}"
        days = "; ".join(describe_day(r) for r in report.poll.days)
        sent = ", ".join(f"{c.day} to {c.recipient}" for c in report.delivered)
        return f"{days}; delivered: {sent or 'nothing'}"

    from monitor.web.server import serve_in_thread

    serve_in_thread(obj.settings)
    scheduler.serve(scheduler.build(obj.settings.schedule, job))


@click.command("sync")
@click.option(
    "--from-jsonl",
    "curated",
    type=click.Path(path_type=Path),
    help="JSONL of already-resolved papers (title, arxiv_id, abstract, …), used first.",
)
@click.option("--offline", is_flag=True, help="Do not query arXiv; use the cache and file only.")
@click.option("--refresh", is_flag=True, help="Ignore cached resolutions.")
@click.pass_obj
def sync_cmd(obj: Context, curated: Path | None, offline: bool, refresh: bool) -> None:
    """Resolve reading-list papers to arXiv ids and abstracts (cached in the store)."""
    api = None if offline else ArxivApi(obj.settings.arxiv)
    with obj.store() as store:
        report = sync.sync(obj.settings, store, api, curated, refresh, bar)
    print_problems(report.reading)
    found = sum(1 for r in report.resolutions.values() if r.paper)
    click.echo(
        f"{len(report.reading.papers)} reading-list papers: {found} resolved to arXiv "
        f"({report.cached} from cache), {len(report.unresolved)} without an arXiv version, "
        f"{len(report.pending)} not looked up; {report.requests} arXiv requests."
    )
    for paper in report.unresolved:
        click.echo(f"  no arXiv version: {paper.title}  ({paper.entries[0].source})")
    for paper in report.pending:
        click.echo(f"  not looked up (offline): {paper.title}  ({paper.entries[0].source})")
