"""The daily job, `radar run`: poll, then bring every polled day to a written digest, then
deliver every digest to every recipient once.

A day moves through recorded stages: polled (its papers stored) → ranked (its picks stored) →
written (its digest stored and its files written) → delivered, per recipient (see
`deliver.py`). Each run first finishes every day an earlier run left behind (killed, or failed
after its poll), oldest first, so a failure after the poll never loses a digest; a day already
written is never written or sent again.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import numpy as np

from monitor.affiliations import Gazetteer
from monitor.assets import gazetteer_files
from monitor.config import Settings
from monitor.deliver import (
    Checkpoint,
    Delivered,
    deliver,
    no_checkpoint,
    register_recipients,
    write_feed,
    write_files,
)
from monitor.digest import Digest, Entry, render_json
from monitor.embed import Embedder
from monitor.enrich import Enricher
from monitor.errors import InputError, RadarError
from monitor.feeds import ArxivApi, ArxivFiles, ArxivRss, ListingFile
from monitor.gazetteer_csv import load_gazetteer
from monitor.llm import ChatSummarizer
from monitor.paper import Announcement, Paper, RunStatus
from monitor.poll import PollReport, poll
from monitor.progress import Progress, no_progress
from monitor.rank import select
from monitor.ranker import Ranked, rank_day
from monitor.relevance import TIERS, shown
from monitor.store import Store
from monitor.store_digests import Unfinished
from monitor.summarize import document_frequency
from monitor.triage import Triage, may_be_picked, updated_label_kept

log = logging.getLogger(__name__)


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
    resumed: tuple[Unfinished, ...]  # days an earlier run left before 'written'
    written: tuple[Path, ...]
    delivered: tuple[Delivered, ...]


def run(
    settings: Settings,
    store: Store,
    clients: Clients,
    day: date,
    progress: Progress[int] = no_progress,
    checkpoint: Checkpoint = no_checkpoint,
) -> RunReport:
    """One pass of the daily job for `day` (see the module docstring). One process at a time
    per store; a failure (the poll, one day, one delivery) does not stop the rest of the run:
    every other day is finished and every other mail sent, then the first failure is raised."""
    with store.exclusive():
        failures: list[RadarError] = []
        try:
            report = poll(settings, store, clients.listing, clients.api, day)
        except RadarError as err:  # recorded in the run ledger; retried by the next run
            report = PollReport(day, (), 0, 0.0)
            failures.append(err)
        checkpoint("polled", day)
        register_recipients(settings, store)
        polled_now = {r.day for r in report.days if r.status is not RunStatus.DONE_BEFORE}
        todo = store.unfinished()
        written: list[Path] = []
        for item in todo:
            try:
                written += finish_day(settings, store, clients, item, progress, checkpoint)
            except RadarError as err:
                failures.append(err)
        try:
            delivered = deliver(settings, store, checkpoint)
        except RadarError as err:
            failures.append(err)
    if failures:
        raise failures[0]
    resumed = tuple(u for u in todo if u.day not in polled_now)
    return RunReport(report, resumed, tuple(written), tuple(delivered))


def finish_day(
    settings: Settings,
    store: Store,
    clients: Clients,
    item: Unfinished,
    progress: Progress[int] = no_progress,
    checkpoint: Checkpoint = no_checkpoint,
) -> list[Path]:
    """Rank, enrich and write one polled day; a failure is recorded on the day and raised."""
    if item.status is RunStatus.QUIET and not settings.digest.quiet_day_mail:
        store.record_digest(item.day, [], None, 0)  # nothing to write or send
        return []
    try:
        digest = build_digest(settings, store, item.day, clients, progress, item.note, checkpoint)
        return write_digest(settings, store, digest, checkpoint)
    except RadarError as err:
        store.record_stage_error(item.day, str(err))
        raise


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
    checkpoint: Checkpoint = no_checkpoint,
) -> Digest:
    """Rank the day's candidates against the reading list (the picks are stored: stage
    'ranked') and turn the picks into entries."""
    announced = candidates(settings, store, day)
    if not announced:
        return Digest(day, (), 0, note or "no announcement")
    papers = [a.paper for a in announced]
    triages = store.triages([p.id for p in papers])
    ranked = _rank_day(settings, store, clients, papers, day, progress)
    open_ = [may_be_picked(triages.get(r.paper.id, Triage()), day) for r in ranked]
    chosen = _select(settings, ranked, open_)
    store.record_ranking(day, [r.row(i in chosen) for i, r in enumerate(ranked)])
    store.record_picks(day, [_pick(n, ranked[i]) for n, i in enumerate(chosen, start=1)])
    checkpoint("ranked", day)
    if not chosen:
        note = f"none of the {len(announced)} papers is a likely pick for your list"
    kinds = {a.paper.id: a.kind for a in announced}
    df = document_frequency([a.paper.abstract for a in announced])
    enricher = Enricher(store, gazetteer(), clients.files, clients.llm)
    entries = []
    for n, i in enumerate(progress(chosen, "enriching picks", len(chosen)), start=1):
        paper = ranked[i].paper
        affiliations = tuple(enricher.affiliations(paper))
        summary = enricher.summary(paper, df, len(announced))
        entries.append(
            _entry(n, ranked[i], kinds[paper.id], day.isoformat(), affiliations, summary)
        )
        checkpoint("enriching", day)
    waiting = _waiting(ranked, open_, chosen)
    return Digest(day, tuple(entries), len(announced), note, settings.web.base_url, waiting)


def candidates(settings: Settings, store: Store, day: date) -> list[Announcement]:
    """The day's papers, snoozed papers whose day has come (back as new), and new versions
    of papers the reader shortlisted or promoted (labelled updated)."""
    announced = store.announced_on(day, settings.arxiv.include_replacements)
    triages = store.triages([a.paper.id for a in announced])
    kept = [
        a
        for a in announced
        if a.kind != "updated" or updated_label_kept(triages.get(a.paper.id, Triage()))
    ]
    known = {a.paper.id for a in kept}
    woken = [Announcement(p, "new") for p in store.wake_snoozed(day) if p.id not in known]
    return kept + woken


def _rank_day(
    settings: Settings,
    store: Store,
    clients: Clients,
    papers: list[Paper],
    day: date,
    progress: Progress[int],
) -> list[Ranked]:
    return rank_day(settings, store, papers, day, clients.load_model(), progress)


def _select(settings: Settings, ranked: list[Ranked], open_: list[bool]) -> list[int]:
    """The picks among papers the reader has not promoted, dismissed or snoozed, at least as
    relevant as the floor: never padding."""
    rank = settings.rank
    index = [
        i for i, ok in enumerate(open_) if ok and shown(ranked[i].relevance) >= rank.min_relevance
    ]
    chosen = select(
        np.array([ranked[i].score for i in index]),
        [ranked[i].why.section for i in index],
        rank.top_k,
        rank.min_score,
        rank.section_quota,
    )
    return [index[j] for j in chosen]


def _waiting(ranked: list[Ranked], open_: list[bool], chosen: list[int]) -> int:
    """Open papers not sent that are still at least possible picks: what the page adds."""
    picked = set(chosen)
    floor = TIERS[-1][1]
    return sum(1 for i, r in enumerate(ranked)
               if open_[i] and i not in picked and shown(r.relevance) >= floor)  # fmt: skip


def _pick(rank: int, r: Ranked) -> tuple[str, float, int, str]:
    why = {"section": r.why.section, "terms": r.why.terms}
    return (r.paper.id, round(r.score, 4), rank, json.dumps(why, ensure_ascii=False))


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
        learned=r.why.learned,
        relevance=round(r.relevance, 3),
    )


def write_digest(
    settings: Settings, store: Store, digest: Digest, checkpoint: Checkpoint = no_checkpoint
) -> list[Path]:
    """The day's Markdown, HTML and JSON and the Atom feed, then the digest in the store
    (stage 'written'): files first, so a crash between leaves files to be written again."""
    folder = settings.path(settings.paths.digests)
    paths = write_files(folder, digest, checkpoint)
    mail = bool(digest.entries) or settings.digest.quiet_day_mail  # never a mail of nothing
    body = render_json(digest)
    store.record_digest(digest.day, [str(p) for p in paths], body, len(digest.entries), mail)
    feed = write_feed(folder, store)
    checkpoint("written", digest.day)
    return [*paths, feed]
