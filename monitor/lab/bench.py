"""`radar eval` and `radar bench`: measurements, each printed by a command in this repo.

Both read real data from a data folder given with `--data` (the layout of the project's shared
data: `curated/reading_list.jsonl`, the reading-list papers with abstracts, and
`corpus/daydayarxiv/`, ~50k real papers). The product never imports this package.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from monitor.config import Settings
from monitor.digest import write_atomic
from monitor.embed import Embedder, embed_cached
from monitor.jsonl import read_curated
from monitor.lab.bench_learn import LearnSpeed, learning_speed
from monitor.lab.evaluate import (
    ABLATIONS,
    METHODS,
    EvalReport,
    Split,
    day_blocks,
    later_additions,
    leave_one_out,
    load_corpus,
    run_methods,
)
from monitor.lab.graded import VARIANT_BACKGROUNDS, graded_report, history_before, load_graded
from monitor.paper import Resolution, paper_text
from monitor.profile import ProfileItem, make_profile, profile_items
from monitor.progress import Progress, no_progress
from monitor.ranker import make_embedder
from monitor.reading_list import load_reading_lists
from monitor.store import Store
from monitor.sync import resolve_local


def reading_items(settings: Settings, data_dir: Path) -> list[ProfileItem]:
    """The configured reading lists, resolved offline from the curated file."""
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    return profile_items(reading, _resolutions(settings, data_dir), settings.rank.read_weight)


def _resolutions(settings: Settings, data_dir: Path) -> dict[str, Resolution]:
    reading = load_reading_lists(settings.reading_list_paths, settings.home)
    curated = read_curated(data_dir / "curated" / "reading_list.jsonl")
    return resolve_local(reading.papers, curated)


def learning(settings: Settings, data_dir: Path, seed: int = 7) -> LearnSpeed:
    """What the reader's decisions and 5,000 background papers cost a 600-paper day."""
    corpus = [p for _, p in load_corpus(data_dir, categories=None)]
    random.Random(seed).shuffle(corpus)
    items = reading_items(settings, data_dir)
    embedder = make_embedder(settings)
    reading = list(_resolutions(settings, data_dir).values())
    return learning_speed(settings, items, reading, corpus, embedder.encode)


def evaluate(
    settings: Settings,
    store: Store | None,
    load_model: Callable[[], Embedder],
    data_dir: Path,
    blocks: int = 5,
    min_size: int = 300,
    seed: int = 20261130,
    progress: Progress[int] = no_progress,
    ablations: bool = False,
) -> EvalReport:
    """Both splits, every method, the same candidates. Data is read before the model loads."""
    items = reading_items(settings, data_dir)
    records = load_corpus(data_dir)
    chosen = day_blocks(records, blocks, min_size, seed, {i.paper.id for i in items})
    days = load_graded(records)
    background = settings.learn.background
    chosen = [replace(b, history=tuple(history_before(records, b.days[0], background)))
              for b in chosen]  # fmt: skip
    sizes = (background, *(VARIANT_BACKGROUNDS if ablations else ()))
    history = {p.id: p for d in days for n in sizes for p in history_before(records, d.day, n)}
    history.update({p.id: p for b in chosen for p in b.history})
    embedder = load_model()
    papers = [i.paper for i in items] + [p for b in chosen for p in b.papers]
    papers += [p for d in days for p in d.papers] + list(history.values())
    texts = list(
        dict.fromkeys([paper_text(p) for p in papers] + [p.abstract for p in papers if p.abstract])
    )
    vectors = dict(zip(texts, embed_cached(embedder, texts, store, progress), strict=True))

    def embed(batch: Sequence[str]) -> np.ndarray:
        return np.stack([vectors[t] for t in batch])

    methods = {**METHODS, **(ABLATIONS if ablations else {})}
    loo = leave_one_out(items, chosen, embed)
    later = later_additions(items, chosen, embed)
    old = sum(1 for i in items if (i.year or 0) <= 2023)
    splits = (
        Split(
            "Leave-one-out",
            len(loo) // len(chosen),
            "the rest of the list",
            run_methods(loo, methods),
        ),
        Split(
            "Later additions",
            len(later) // len(chosen),
            f"the {old} papers listed up to 2023 (the 2024+ papers are held out)",
            run_methods(later, methods),
        ),
    )
    profile = make_profile(items, embed([paper_text(i.paper) for i in items]))
    anchors = {name: m for name, m in METHODS.items() if name != "radar"}
    graded = (
        graded_report(days, records, profile, items, embed, background, anchors, ablations)
        if days
        else None
    )
    return EvalReport(splits, tuple(chosen), seed, graded)


EVAL_START, EVAL_END = "<!-- radar eval: start -->", "<!-- radar eval: end -->"


def write_eval(settings: Settings, table: str, ablations: bool = False) -> list[Path]:
    """The table into models/eval.md and between the README's markers, atomically; with the
    ablations, into models/ablations.md only."""
    command = "radar eval --ablations" if ablations else "radar eval"
    target = settings.home / "models" / ("ablations.md" if ablations else "eval.md")
    write_atomic(target, f"# `{command}`\n\nWritten by `{command}`; do not edit.\n\n{table}")
    written = [target]
    readme = settings.home / "README.md"
    if readme.is_file() and not ablations:
        text = readme.read_text(encoding="utf-8")
        if EVAL_START in text and EVAL_END in text:
            head, rest = text.split(EVAL_START, 1)
            tail = rest.split(EVAL_END, 1)[1]
            write_atomic(readme, f"{head}{EVAL_START}\n{table}{EVAL_END}{tail}")
            written.append(readme)
    return written
