"""`radar rank`, `radar eval` and `radar bench`: the ranking lab's commands, loaded by
`cli.py` only when one of them runs (or `--help` lists them).

Like `cli.py`, these commands only parse arguments, call one function and print; the heavy
modules they call are imported inside them.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from monitor.progress import bar
from monitor.rank import SHORTLIST

if TYPE_CHECKING:
    from monitor.cli import Context
    from monitor.config import Settings
    from monitor.learn import Judged
    from monitor.paper import Paper
    from monitor.ranker import Lessons
    from monitor.store import Store

_DATA_OPTION = click.option(
    "--data",
    "data_dir",
    type=click.Path(path_type=Path, exists=True, file_okay=False),
    required=True,
    help="The data folder: curated/reading_list.jsonl and corpus/daydayarxiv/ (the project's "
    "shared data).",
)


@click.command("rank")
@click.option(
    "--profile",
    "profile_path",
    type=click.Path(path_type=Path),
    required=True,
    help="Reading-list Markdown, or JSONL of papers (id, title, abstract, section).",
)
@click.option(
    "--candidates",
    "candidates_path",
    type=click.Path(path_type=Path),
    required=True,
    help="JSONL of papers: id, title, abstract, optional authors, categories.",
)
@click.option(
    "--feedback",
    "feedback_path",
    type=click.Path(path_type=Path),
    help="JSONL of papers judged earlier: id, title, abstract, decision (promoted | shortlisted "
    "| dismissed), optional reason (off-topic | weak | known), section. Default: the home "
    "store's decisions, if it has any.",
)
@click.option(
    "--history",
    "history_path",
    type=click.Path(path_type=Path),
    help="JSONL of papers from earlier days, unjudged: background the ranker learns against "
    "(a fixed sample of [learn] background of them). Default: the home store's latest.",
)
@click.option("--format", "fmt", type=click.Choice(["jsonl"]), default="jsonl", show_default=True)
@click.option("--top", type=int, default=0, help="Print only the best N (0: all).")
@click.option(
    "--shortlist",
    type=click.IntRange(min=0),
    default=SHORTLIST,
    show_default=True,
    help="With more candidates than this (a week, all of cs.*), rank in full only the N most "
    "similar to the list and N/4 drawn from the rest; the others are left out (0: rank all; "
    "about 0.4 ms a paper).",
)
@click.pass_obj
def rank_cmd(
    obj: Context,
    profile_path: Path,
    candidates_path: Path,
    feedback_path: Path | None,
    history_path: Path | None,
    fmt: str,
    top: int,
    shortlist: int,
) -> None:
    """Rank any candidate papers against a profile; one JSON object per line, best first."""
    from monitor.jsonl import read_judged, read_papers
    from monitor.profile import profile_from_file
    from monitor.ranker import LazyEmbedder, rank_papers

    settings = obj.settings
    store = obj.store() if settings.database_path.exists() else None
    try:
        items = profile_from_file(profile_path, settings.rank.read_weight, store)
        candidates = read_papers(candidates_path)
        judged = read_judged(feedback_path) if feedback_path else None
        history = read_papers(history_path) if history_path else None
        lessons = _lessons(settings, store, judged, history)
        embedder = LazyEmbedder(settings)  # no model to load when every vector is cached
        ranked = rank_papers(items, candidates, embedder, store, bar, lessons, shortlist, top)
    finally:
        if store:
            store.close()
    if shortlist and len(candidates) > shortlist:
        drawn = min(len(candidates) - shortlist, shortlist // 4)
        left = len(candidates) - shortlist - drawn
        click.echo(
            f"radar rank: {len(candidates)} candidates: scored the {shortlist} most similar to "
            f"the list and {drawn} drawn from the rest (--shortlist {shortlist}); {left} left out",
            err=True,
        )
    for r in ranked:
        click.echo(
            json.dumps(
                {
                    "id": r.paper.id,
                    "score": round(r.score, 4),
                    "rank": r.rank,
                    "title": r.paper.title,
                    "nearest": [
                        {"title": n.title, "similarity": n.similarity} for n in r.why.neighbours
                    ],
                    "section": r.why.section,
                    "terms": list(r.why.terms),
                    "learned": list(r.why.learned),
                },
                ensure_ascii=False,
            )
        )


def _lessons(
    settings: Settings,
    store: Store | None,
    judged: list[Judged] | None,
    history: list[Paper] | None,
) -> Lessons:
    """The files' lessons where given, the store's otherwise (none without a store)."""
    from monitor.learn import sample
    from monitor.ranker import Lessons, learn_weights, store_lessons

    stored = (
        store_lessons(settings, store, None) if store else Lessons(weights=learn_weights(settings))
    )
    return replace(
        stored,
        judged=tuple(judged) if judged is not None else stored.judged,
        background=(
            tuple(sample(history, settings.learn.background))
            if history is not None
            else stored.background
        ),
    )


@click.command("eval")
@_DATA_OPTION
@click.option("--blocks", type=int, default=5, show_default=True)
@click.option("--min-size", type=int, default=300, show_default=True)
@click.option("--seed", type=int, default=20261130, show_default=True)
@click.option("--ablations", is_flag=True, help="Also run the variants radar was chosen over.")
@click.option(
    "--write",
    is_flag=True,
    help="Also write the table to RADAR_HOME/models/eval.md and into RADAR_HOME/README.md.",
)
@click.pass_obj
def eval_cmd(
    obj: Context,
    data_dir: Path,
    blocks: int,
    min_size: int,
    seed: int,
    ablations: bool,
    write: bool,
) -> None:
    """The ranking benchmark: radar and the anchors' methods on the same real candidates."""
    from monitor.lab import bench
    from monitor.ranker import make_embedder

    settings = obj.settings
    with obj.store() as store:
        report = bench.evaluate(
            settings,
            store,
            lambda: make_embedder(settings),
            data_dir,
            blocks,
            min_size,
            seed,
            bar,
            ablations,
        )
    table = report.markdown()
    click.echo(table, nl=False)
    if write:
        for path in bench.write_eval(settings, table, ablations):
            click.echo(f"written: {path}")


@click.command("bench")
@_DATA_OPTION
@click.option("--papers", type=int, default=512, show_default=True)
@click.pass_obj
def bench_cmd(obj: Context, data_dir: Path, papers: int) -> None:
    """Speed and memory, each beside its reference in the same run: embedding, a day in fresh
    processes, many cached candidates, and learning's cost."""
    from monitor.lab import bench, speed

    with obj.store() as store:
        report = speed.speed(obj.settings, store, data_dir, papers, progress=bar)
    for line in report.lines():
        click.echo(line)
    for line in bench.learning(obj.settings, data_dir).lines():
        click.echo(line)
