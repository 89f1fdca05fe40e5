"""The daily job, `radar run`: poll, then for each newly polled day rank, enrich, write the
digest, and deliver every digest not yet delivered. Each step is idempotent, so running a day
twice writes nothing new and sends nothing twice."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from monitor.affiliations import Gazetteer, load_gazetteer
from monitor.assets import gazetteer_files
from monitor.config import Settings
from monitor.digest import (
    Digest,
    Entry,
    digest_from_json,
    render_feed,
    render_html,
    render_json,
    render_markdown,
    write_atomic,
)
from monitor.embed import Embedder
from monitor.enrich import Enricher
from monitor.errors import DeliveryError, InputError
from monitor.feeds import ArxivApi, ArxivFiles, ArxivRss, ListingFile
from monitor.llm import ChatSummarizer
from monitor.mail import build_message, send_smtp, write_outbox
from monitor.paper import RunStatus
from monitor.poll import PollReport, poll
from monitor.profile import profile_items
from monitor.progress import Progress, no_progress
from monitor.rank import select
from monitor.ranker import Ranked, rank_papers
from monitor.reading_list import load_reading_lists
from monitor.store import Store
from monitor.summarize import document_frequency

log = logging.getLogger(__name__)
FEED_DAYS = 14


@dataclass(frozen=True)
class Clients:
    """The outside world of one run; None where a run works without it (offline)."""

    listing: ArxivRss | ListingFile
    api: ArxivApi | None
    files: ArxivFiles | None
    llm: ChatSummarizer | None
    load_model: Callable[[], Embedder]


@dataclass(frozen=True)
class RunReport:
    poll: PollReport
    written: tuple[Path, ...]
    delivered: tuple[date, ...]


def run(
    settings: Settings,
    store: Store,
    clients: Clients,
    day: date,
    progress: Progress[int] = no_progress,
) -> RunReport:
    """One pass of the daily job for `day` (see the module docstring)."""
    report = poll(settings, store, clients.listing, clients.api, day)
    written: list[Path] = []
    for result in report.days:
        if store.digest_written(result.day):
            continue
        quiet = result.status is RunStatus.QUIET
        if result.status is RunStatus.OK or (quiet and settings.digest.quiet_day_mail):
            digest = build_digest(settings, store, result.day, clients, progress, result.note)
            written += write_digest(settings, store, digest)
    return RunReport(report, tuple(written), tuple(deliver(settings, store)))


def render_again(
    settings: Settings, store: Store, clients: Clients, day: date, progress: Progress[int]
) -> list[Path]:
    """Rebuild a polled day's digest files (after a reading-list or template change). Sends
    nothing: a digest already delivered stays delivered."""
    status = store.run_status(day)
    if status is None or not status.polled:
        raise InputError(f"{day} has not been polled; run `radar run --date {day}` first")
    return write_digest(settings, store, build_digest(settings, store, day, clients, progress))


def summarizer(settings: Settings) -> ChatSummarizer | None:
    """The LLM summariser when [llm] names an endpoint and model, else None (extractive)."""
    llm = settings.llm
    if not (llm.base_url and llm.model):
        return None
    return ChatSummarizer(llm, settings.digest.summary_language)


def gazetteer() -> Gazetteer:
    """The shipped gazetteer: universities, labs and companies with their Chinese names."""
    return load_gazetteer(*gazetteer_files())


def build_digest(
    settings: Settings,
    store: Store,
    day: date,
    clients: Clients,
    progress: Progress[int] = no_progress,
    note: str = "",
) -> Digest:
    """Rank the day's candidates against the reading list and turn the picks into entries."""
    announced = store.announced_on(day, settings.arxiv.include_replacements)
    if not announced:
        return Digest(day, (), 0, note or "no announcement")
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    items = profile_items(reading, store.resolutions(), settings.rank.read_weight)
    ranked = rank_papers(items, [a.paper for a in announced], clients.load_model(), store, progress)
    rank = settings.rank
    chosen = select(
        np.array([r.score for r in ranked]),
        [r.why.section for r in ranked],
        rank.top_k,
        rank.min_score,
        rank.section_quota,
    )
    if not chosen:
        note = f"none of the {len(announced)} papers scored above {rank.min_score}"
    kinds = {a.paper.id: a.kind for a in announced}
    df = document_frequency([a.paper.abstract for a in announced])
    enricher = Enricher(store, gazetteer(), clients.files, clients.llm)
    entries = []
    for n, i in enumerate(progress(chosen, "enriching picks", len(chosen)), start=1):
        paper = ranked[i].paper
        entries.append(
            _entry(
                n,
                ranked[i],
                kinds[paper.id],
                day.isoformat(),
                tuple(enricher.affiliations(paper)),
                enricher.summary(paper, df, len(announced)),
            )
        )
    return Digest(day, tuple(entries), len(announced), note)


def _entry(
    rank: int, r: Ranked, kind: str, day: str, affiliations: tuple[str, ...], summary: str
) -> Entry:
    return Entry(
        rank=rank,
        id=r.paper.id,
        title=r.paper.title,
        authors=r.paper.authors,
        affiliations=affiliations,
        summary=summary,
        date=day,
        categories=r.paper.categories,
        kind=kind,
        score=round(r.score, 4),
        section=r.why.section,
        nearest=r.why.neighbours,
        terms=r.why.terms,
    )


def write_digest(settings: Settings, store: Store, digest: Digest) -> list[Path]:
    """The day's Markdown, HTML and JSON, the Atom feed of recent days, and the store rows."""
    folder = settings.path(settings.paths.digests)
    paths = {
        folder / f"{digest.day}.md": render_markdown(digest),
        folder / f"{digest.day}.html": render_html(digest),
        folder / f"{digest.day}.json": render_json(digest),
    }
    for path, text in paths.items():
        write_atomic(path, text)
    feed = folder / "feed.xml"
    recent = sorted(folder.glob("????-??-??.json"))[-FEED_DAYS:]
    write_atomic(
        feed,
        render_feed(
            [digest_from_json(p.read_text(encoding="utf-8")) for p in recent],
            "urn:arxiv-radar:picks",
        ),
    )
    picks = [
        (
            e.id,
            e.score,
            e.rank,
            json.dumps({"section": e.section, "terms": e.terms}, ensure_ascii=False),
        )
        for e in digest.entries
    ]
    store.record_digest(digest.day, [str(p) for p in paths], picks)
    return [*paths, feed]


def deliver(settings: Settings, store: Store) -> list[date]:
    """Send (or write to the outbox) every digest not yet delivered; each exactly once."""
    smtp = settings.smtp
    channel, recipient = ("smtp", ",".join(smtp.recipients)) if smtp.host else ("outbox", "")
    folder = settings.path(settings.paths.digests)
    done = []
    for day in store.undelivered(channel, recipient):
        digest = digest_from_json((folder / f"{day}.json").read_text(encoding="utf-8"))
        message = build_message(digest, render_markdown(digest), render_html(digest), smtp)
        try:
            if smtp.host:
                send_smtp(message, smtp)
            else:
                write_outbox(message, folder / "outbox", day)
        except DeliveryError as err:
            store.record_delivery(day, channel, recipient, str(err))
            raise
        store.record_delivery(day, channel, recipient)
        done.append(day)
    return done
