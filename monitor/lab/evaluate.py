"""`radar eval`: the ranking benchmark on real arXiv data, radar against the anchors' methods.

Leave-one-out over the reading-list papers that have abstracts: each held-out paper is hidden
among the real cs.DC/cs.LG papers of a block of consecutive listing days (>= 300 papers) from
`corpus/daydayarxiv`, the rest of the list is the profile, and each method ranks the block.
Every held-out paper meets every block, all methods see the same candidates in the same run;
blocks are drawn with a fixed seed, so the table is reproducible.

The anchors, implemented after their code:
* arxiv-sanity-lite: TF-IDF (1-2 grams, sublinear tf, max_df 0.1, min_df 5, 20k features) on
  title + abstract + authors, and a class-balanced LinearSVC (C = 0.01) trained with the
  profile as positives and every other paper (the day's) as negatives.
* zotero-arxiv-daily: MiniLM embeddings of abstracts; a candidate's score is its cosine to each
  profile paper, weighted by 1 / (1 + log10(rank)) in newest-first order, summed.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from scipy import sparse

from monitor.errors import InputError
from monitor.learn import Judged, Weights, make_teaching
from monitor.paper import Paper, paper_text
from monitor.profile import ProfileItem, make_profile
from monitor.rank import (
    SVM_C,
    Profile,
    lexical_scores,
    nearest_similarity,
    score,
    svm_decision,
    tfidf_features,
    words_of,
)

if TYPE_CHECKING:
    from monitor.lab.graded import GradedReport

CATEGORIES = frozenset({"cs.DC", "cs.LG"})
Method = Callable[["Case"], np.ndarray]


@dataclass(frozen=True)
class Case:
    """One ranking problem: profile papers and candidates, the held-out paper at `target`.

    `embed` maps texts to their (precomputed) embeddings, so every method can embed what it
    needs (radar: title + abstract; zotero-arxiv-daily: abstracts only)."""

    profile: Profile
    items: tuple[ProfileItem, ...]
    candidates: tuple[Paper, ...]
    target: int
    embed: Callable[[Sequence[str]], np.ndarray]
    history: tuple[Paper, ...] = ()  # earlier days' papers (radar's background)


@dataclass(frozen=True)
class Block:
    days: tuple[str, ...]
    papers: tuple[Paper, ...]
    history: tuple[Paper, ...] = ()  # the papers of the listing days just before


def load_corpus(
    data_dir: Path, categories: frozenset[str] | None = CATEGORIES
) -> list[tuple[str, Paper]]:
    """(listing date, paper) for every corpus record in `categories` (None: all)."""
    folder = data_dir / "corpus" / "daydayarxiv"
    files = sorted(folder.glob("csAI_listing_*_*.jsonl.gz"))
    if not files:
        raise InputError(f"{folder}: no corpus files (csAI_listing_*.jsonl.gz); is --data right?")
    out = []
    for path in files:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for line in handle:
                r = json.loads(line)
                if categories is None or categories & set(r["categories"]):
                    out.append(
                        (
                            r["listing_date"],
                            Paper(
                                id=r["id"],
                                version=1,
                                title=" ".join(r["title"].split()),
                                abstract=" ".join(r["abstract"].split()),
                                authors=tuple(r["authors"]),
                                categories=tuple(r["categories"]),
                                published=r["published"],
                            ),
                        )
                    )
    return out


def day_blocks(
    records: Sequence[tuple[str, Paper]], count: int, min_size: int, seed: int, exclude: set[str]
) -> list[Block]:
    """`count` non-overlapping runs of consecutive listing days, each with >= min_size papers."""
    by_day: dict[str, list[Paper]] = {}
    for day, paper in records:
        if paper.id not in exclude:
            by_day.setdefault(day, []).append(paper)
    days = sorted(by_day)
    starts = list(range(len(days)))
    random.Random(seed).shuffle(starts)
    blocks: list[Block] = []
    used: set[int] = set()
    for start in starts:
        span, size = [], 0
        for i in range(start, len(days)):
            if i in used:
                break
            span.append(i)
            size += len(by_day[days[i]])
            if size >= min_size:
                break
        if size >= min_size:
            used.update(span)
            papers = tuple(p for i in span for p in by_day[days[i]])
            blocks.append(Block(tuple(days[i] for i in span), papers))
        if len(blocks) == count:
            return blocks
    raise InputError(f"corpus too small for {count} blocks of {min_size} papers")


def rank_of(scores: np.ndarray, target: int) -> int:
    """1-based rank of the target; ties count against it."""
    return int(
        (scores > scores[target]).sum()
        + (scores[np.arange(len(scores)) != target] == scores[target]).sum()
        + 1
    )


def summarize(ranks: Sequence[int]) -> dict[str, float]:
    r = np.asarray(ranks, dtype=np.float64)
    return {
        "hit@5": float((r <= 5).mean()),
        "hit@10": float((r <= 10).mean()),
        "MRR": float((1.0 / r).mean()),
        "nDCG@10": float(np.where(r <= 10, 1.0 / np.log2(r + 1), 0.0).mean()),
    }


def radar_scores(
    profile: Profile,
    papers: Sequence[Paper],
    embed: Callable[[Sequence[str]], np.ndarray],
    judged: Sequence[Judged] = (),
    history: Sequence[Paper] = (),
    weights: Weights = Weights(),  # noqa: B008 - frozen, shared
) -> np.ndarray:
    """radar's scores as the daily job computes them: the list, the judged papers and earlier
    days' papers as background (`embed` maps texts to cached vectors)."""
    texts = [paper_text(p) for p in papers]
    taught = [paper_text(j.paper) for j in judged] + [paper_text(p) for p in history]
    teaching = None
    if taught:
        ids = [p.id for p in papers]
        teaching = make_teaching(judged, history, taught, embed(taught), weights, ids)
    return score(profile, texts, embed(texts), teaching=teaching)


def radar_method(case: Case) -> np.ndarray:
    """radar as the daily job runs it: the list, and earlier days as background."""
    return radar_scores(case.profile, case.candidates, case.embed, history=case.history)


def sanity_lite_method(case: Case) -> np.ndarray:
    """arxiv-sanity-lite: TF-IDF + LinearSVC, profile vs everything else."""
    docs = [asl_text(p) for p in (*(i.paper for i in case.items), *case.candidates)]
    features, _ = tfidf_features(docs, min_df=5, max_df=0.1)
    n = len(case.items)
    labels = np.r_[np.ones(n), np.zeros(len(case.candidates))]
    return svm_decision(features, labels, np.ones(len(docs)), c=0.01)[n:]


def zotero_method(case: Case) -> np.ndarray:
    """zotero-arxiv-daily: recency-weighted sum of cosines to the profile's abstracts."""
    keep = [i for i in case.items if i.paper.abstract]
    keep.sort(key=lambda i: -(i.year or 0))  # newest first (no date added here); stable
    weights = 1.0 / (1.0 + np.log10(np.arange(len(keep)) + 1))
    weights /= weights.sum()
    profile = case.embed([i.paper.abstract for i in keep])
    candidates = case.embed([p.abstract or p.title for p in case.candidates])
    return np.asarray((candidates @ profile.T) @ weights * 10)


METHODS: dict[str, Method] = {
    "radar": radar_method,
    "arxiv-sanity-lite (TF-IDF + SVM)": sanity_lite_method,
    "zotero-arxiv-daily (MiniLM, recency-weighted)": zotero_method,
}


def _no_background(case: Case) -> np.ndarray:
    texts = [paper_text(p) for p in case.candidates]
    return score(case.profile, texts, case.embed(texts))


def _lexical_only(case: Case) -> np.ndarray:
    return lexical_scores(case.profile, [paper_text(p) for p in case.candidates])


def _embeddings_in_svm(case: Case) -> np.ndarray:
    texts = [paper_text(p) for p in case.candidates]
    words = words_of(case.profile, texts).matrix
    dense = sparse.csr_matrix(np.vstack([case.profile.vectors, case.embed(texts)]))
    n = len(case.profile.texts)
    labels = np.r_[np.ones(n), np.zeros(len(texts))]
    features = sparse.hstack([words, dense]).tocsr()
    return svm_decision(features, labels, np.ones(len(labels)), SVM_C)[n:]


def _nearest_only(case: Case) -> np.ndarray:
    return nearest_similarity(case.profile, case.embed([paper_text(p) for p in case.candidates]))


# What radar's choices were measured against (`radar eval --ablations`).
ABLATIONS: dict[str, Method] = {
    "ablation: radar without background (the list against the day only)": _no_background,
    "ablation: TF-IDF SVM alone (no nearest-paper term)": _lexical_only,
    "ablation: TF-IDF + embeddings in one SVM": _embeddings_in_svm,
    "ablation: nearest reading-list paper (MiniLM) alone": _nearest_only,
}


def asl_text(paper: Paper) -> str:
    return " ".join([paper.title, paper.abstract, " ".join(paper.authors)])


@dataclass(frozen=True)
class Split:
    """One way of hiding reading-list papers, and every method's metrics on it."""

    name: str
    held_out: int
    profile: str
    table: dict[str, dict[str, float]]


@dataclass(frozen=True)
class EvalReport:
    splits: tuple[Split, ...]
    blocks: tuple[Block, ...]
    seed: int
    graded: GradedReport | None = None

    def markdown(self) -> str:
        """The results tables, with what they were measured on."""
        sizes = ", ".join(f"{b.days[0]}..{b.days[-1]} ({len(b.papers)})" for b in self.blocks)
        lines = [
            f"Candidates: {len(self.blocks)} blocks of consecutive cs.DC/cs.LG listing days from "
            f"corpus/daydayarxiv (seed {self.seed}): {sizes}. Every held-out paper is ranked "
            "among every block; all methods rank the same candidates.",
        ]
        for split in self.splits:
            lines += [
                "",
                f"**{split.name}**: {split.held_out} held-out papers x {len(self.blocks)} blocks "
                f"= {split.held_out * len(self.blocks)} rankings; profile: {split.profile}.",
                "",
                "| method | hit@5 | hit@10 | MRR | nDCG@10 |",
                "|---|---|---|---|---|",
            ]
            for name, m in split.table.items():
                lines.append(
                    f"| {name} | {m['hit@5']:.3f} | {m['hit@10']:.3f} | "
                    f"{m['MRR']:.3f} | {m['nDCG@10']:.3f} |"
                )
        tail = (
            self.graded.markdown()
            if self.graded
            else "\n**Graded real days**: not in this corpus (they need the project's shared "
            "data, 2026-01-27..02-04); not measured.\n"
        )
        return "\n".join(lines) + "\n" + tail


def build_cases(
    items: Sequence[ProfileItem],
    blocks: Sequence[Block],
    embed: Callable[[Sequence[str]], np.ndarray],
    held: Sequence[int],
    profile_of: Callable[[int], list[ProfileItem]],
) -> list[Case]:
    """Every (held-out paper, block) pair, the held-out paper last among the candidates."""
    cases = []
    for h in held:
        rest = profile_of(h)
        profile = make_profile(rest, embed([paper_text(it.paper) for it in rest]))
        for block in blocks:
            candidates = (*block.papers, items[h].paper)
            cases.append(
                Case(profile, tuple(rest), candidates, len(block.papers), embed, block.history)
            )
    return cases


def leave_one_out(
    items: Sequence[ProfileItem],
    blocks: Sequence[Block],
    embed: Callable[[Sequence[str]], np.ndarray],
) -> list[Case]:
    """Each paper with an abstract held out in turn; the rest of the list is the profile."""
    held = [i for i, it in enumerate(items) if it.paper.abstract]
    return build_cases(
        items, blocks, embed, held, lambda h: [it for i, it in enumerate(items) if i != h]
    )


def later_additions(
    items: Sequence[ProfileItem],
    blocks: Sequence[Block],
    embed: Callable[[Sequence[str]], np.ndarray],
    cutoff: int = 2023,
) -> list[Case]:
    """The list as it stood at the end of `cutoff` is the profile; later papers are held out,
    the closest stand-in here for tomorrow's papers the reader will want."""
    old = [it for it in items if (it.year or 0) <= cutoff]
    held = [i for i, it in enumerate(items) if (it.year or 0) > cutoff and it.paper.abstract]
    return build_cases(items, blocks, embed, held, lambda h: old)


def run_methods(cases: Sequence[Case], methods: dict[str, Method]) -> dict[str, dict[str, float]]:
    """Metrics of each method over the same cases."""
    return {
        name: summarize([rank_of(method(c), c.target) for c in cases])
        for name, method in methods.items()
    }
