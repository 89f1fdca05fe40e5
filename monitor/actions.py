"""The reader's actions, wired: triage a paper, promote it into a reading list, undo the last
action, list a day's candidates, export BibTeX. Each returns a small report; `cli.py` and the
web page print or render it. The rules live in `triage.py`, the file edits in
`reading_list_write.py`, the rows in the store.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from monitor.config import Settings
from monitor.errors import InputError, RadarError
from monitor.paper import Paper, Resolution, normalize_title
from monitor.ranker import store_judged
from monitor.reading_list import load_reading_lists
from monitor.reading_list_write import insert_row, remove_block, rewrite
from monitor.store import Store
from monitor.store_triage import RankedRow
from monitor.summarize import summarize
from monitor.triage import Triage, TriageState, annotate, dismiss, promote, shortlist, snooze


@dataclass(frozen=True)
class Done:
    """What an action did, in one line for the reader."""

    paper_id: str
    message: str
    state: Triage


def paper_or_error(store: Store, paper_id: str) -> Paper:
    paper = store.paper(paper_id.strip().removeprefix("arXiv:"))
    if paper is None:
        raise InputError(f"unknown paper {paper_id!r}: not in the store (see `radar triage`)")
    return paper


def act(
    store: Store,
    paper_id: str,
    action: str,
    *,
    reason: str | None = None,
    until: date | None = None,
    note: str | None = None,
    today: date,
    who: str = "cli",
) -> Done:
    """shortlist / dismiss / snooze / note one paper, journaled."""
    paper = paper_or_error(store, paper_id)
    before = store.triage(paper.id)
    if action == "shortlist":
        after = shortlist(before, paper.id)
    elif action == "dismiss":
        after = dismiss(before, paper.id, reason)
    elif action == "snooze":
        if until is None:
            raise InputError("snooze needs a day (--snooze YYYY-MM-DD)")
        after = snooze(before, paper.id, until, today)
    elif action == "note":
        after = annotate(before, note or "")
    else:
        raise InputError(f"unknown action {action!r}")
    if note is not None and action != "note":
        after = annotate(after, note)
    store.record_action(paper.id, action, before, after, who)
    return Done(paper.id, f"{paper.id}: {before.label()} → {after.label()}", after)


def list_path(settings: Settings, name: str | None) -> Path:
    """A configured reading list by path or file name (default: the first)."""
    paths = settings.reading_list_paths
    if not name:
        return paths[0]
    for path in paths:
        if name in (str(path), path.name, str(path.relative_to(settings.home))
                    if path.is_relative_to(settings.home) else str(path)):  # fmt: skip
            return path
    names = ", ".join(p.name for p in paths)
    raise InputError(f"unknown reading list {name!r}: configured lists are {names}")


def promote_paper(
    settings: Settings,
    store: Store,
    paper_id: str,
    *,
    section: str | None = None,
    list_name: str | None = None,
    note: str | None = None,
    new_section: bool = False,
    who: str = "cli",
) -> Done:
    """Add the paper's row to a reading list (default: the suggested section of the first
    list) and mark it promoted; a paper already listed changes nothing."""
    paper = paper_or_error(store, paper_id)
    target = list_path(settings, list_name)
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    for listed in reading.papers:
        if listed.arxiv_link_id == paper.id or normalize_title(listed.title) == normalize_title(
            paper.title
        ):
            where = listed.entries[0].source
            return Done(paper.id, f"{paper.id} is already in the reading list ({where}); "
                        "nothing changed", store.triage(paper.id))  # fmt: skip
    before = store.triage(paper.id)
    after = promote(before, paper.id)
    chosen = section or _suggested(store, paper.id)
    text = note or before.note or summarize(paper.abstract, Counter(), 1, max_words=40)
    added: list[str] = []

    def change(current: str) -> str:
        new_text, block = insert_row(current, chosen, paper, text, new_section)
        added[:] = [block]
        return new_text

    rewrite(target, change)
    try:
        _resolve_promoted(settings, store, paper, target)
        store.record_action(paper.id, "promote", before, after, who,
                            promoted=(chosen, str(target), added[0]))  # fmt: skip
    except (RadarError, sqlite3.Error):  # the store refused: take the row out, nothing half-done
        rewrite(target, lambda text: remove_block(text, added[0]) or text)
        raise
    return Done(paper.id, f"{paper.id}: promoted into {target.name}, section {chosen!r}", after)


def _suggested(store: Store, paper_id: str) -> str:
    ranked = store.last_ranking_of(paper_id)
    if ranked is None or not ranked.section:
        raise InputError(f"{paper_id} was never ranked, so no section is suggested; give --section")
    return ranked.section


def _resolve_promoted(settings: Settings, store: Store, paper: Paper, target: Path) -> None:
    """The new row's paper is resolved at once from its link: no API request later."""
    reading = load_reading_lists([target])
    for listed in reading.papers:
        if listed.arxiv_link_id == paper.id:
            store.save_resolutions([Resolution(listed.key, listed.title, paper, "link")])


def undo(settings: Settings, store: Store) -> str:
    """Revert the last action not yet undone; a promotion's row is removed only if it is
    still exactly as written."""
    action = store.last_action()
    if action is None:
        raise InputError("nothing to undo")
    if action.action == "promote" and action.list_file and action.row_text is not None:
        path, block = Path(action.list_file), action.row_text

        def change(current: str) -> str:
            removed = remove_block(current, block)
            if removed is None:
                raise InputError(
                    f"{path}: the promoted row is no longer as written; remove it by hand "
                    "(nothing changed)"
                )
            return removed

        rewrite(path, change)
    store.undo(action)
    if action.paper_id is None:
        return f"undone: {action.action} of {action.at} (what was learned before counts again)"
    return (
        f"undone: {action.action} of {action.paper_id} ({action.after.label()} → "
        f"{action.before.label()})"
    )


@dataclass(frozen=True)
class Row:
    """A candidate as `radar triage` and the web page list it."""

    paper: Paper
    ranked: RankedRow | None
    triage: Triage


def day_rows(store: Store, day: date | None, state: str | None) -> tuple[date | None, list[Row]]:
    """The day's ranked candidates (default: the last ranked day) with their decisions; with
    a state and no day, every paper in that state."""
    triages = store.triages()
    if state and day is None:
        wanted = TriageState(state)
        ids = [pid for pid, t in triages.items() if t.state is wanted]
        papers = [p for p in (store.paper(i) for i in ids) if p is not None]
        return None, [Row(p, store.last_ranking_of(p.id), triages[p.id]) for p in papers]
    days = store.ranked_days()
    day = day or (days[0] if days else None)
    if day is None:
        return None, []
    rows = []
    for ranked in store.ranking(day):
        paper = store.paper(ranked.paper_id)
        current = triages.get(ranked.paper_id, Triage())
        if paper is not None and (state is None or current.state.value == state):
            rows.append(Row(paper, ranked, current))
    return day, rows


def feedback_summary(settings: Settings, store: Store) -> list[str]:
    """What the ranker learns from, in the reader's words (`radar feedback`)."""
    learn = settings.learn
    counts = Counter(j.kind for j in store_judged(store))
    reset = store.last_feedback_reset()
    lines = [
        f"learning from your decisions: {'on' if learn.enabled else 'off ([learn] enabled)'}",
        f"decisions that teach, {f'since the reset of {reset[:16]}' if reset else 'so far'}:",
    ]
    for kind, weight in (("promoted", learn.promoted), ("shortlisted", learn.shortlisted),
                         ("off-topic", learn.off_topic)):  # fmt: skip
        lines.append(f"  {kind:<12} {counts.get(kind, 0):>5}   (weight {weight:g})")
    lines.append("  (dismissed as weak or known, and snoozed: these teach nothing)")
    lines.append(f"background: up to {learn.background} papers of earlier days")
    return lines


def reset_feedback(store: Store, count: int) -> str:
    store.reset_feedback("cli")
    return f"forgot what was learned from {count} decisions (`radar undo` brings it back)"
