"""`radar bench`'s speed and memory figures, each next to its reference in the same run.

A day is measured as the reader meets it: each command in a fresh process (Python start-up,
imports, model load, embedding, ranking), its own peak memory recorded as it exits.
The plain sentence-transformers recipe runs on the same papers, the same way
(`monitor.lab.recipe`); `monitor.lab.footprint` shows where a day's memory goes.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from monitor.config import Settings
from monitor.embed import Embedder, TorchEmbedder, model_path
from monitor.lab.evaluate import load_corpus
from monitor.lab.large import LargeSet, large_set
from monitor.lab.processes import Process, fresh, new_home
from monitor.lab.startup import Startup, startup
from monitor.paper import Paper, paper_text
from monitor.progress import Progress, no_progress
from monitor.ranker import make_embedder
from monitor.store import Store

SHORT_WINDOW = 128  # the token window measured beside the default


@dataclass(frozen=True)
class SpeedReport:
    papers: int
    window: str
    reference_rate: float
    radar_rate: float
    radar_path: str
    cosine_mean: float
    cosine_min: float
    day_papers: int
    recipe: Process
    rank: Process
    rank_short: Process  # with SHORT_WINDOW tokens
    run: Process
    stages: tuple[tuple[str, float], ...]
    startup: Startup
    large: LargeSet

    def lines(self) -> list[str]:
        ratio = self.radar_rate / self.reference_rate
        stages = "; ".join(f"{name} {mib:.0f}" for name, mib in self.stages)
        return [
            f"embedding {self.papers} real abstracts (title + abstract, {self.window}), in this "
            "process:",
            f"  sentence-transformers fp32 encode: {self.reference_rate:7.1f} papers/s",
            f"  radar ({self.radar_path}): {self.radar_rate:7.1f} papers/s  = {ratio:.2f}x",
            f"  agreement: mean cosine {self.cosine_mean:.5f}, min {self.cosine_min:.5f}",
            f"a {self.day_papers}-paper day, each command in a fresh process (start, load the "
            "model, embed the list and the day, rank; nothing cached):",
            f"  plain sentence-transformers recipe (fp32 encode, cosine, sort): "
            f"{self.recipe.seconds:5.1f} s, peak {self.recipe.peak_mib:5.0f} MiB",
            f"  radar rank (scores + explanations): {self.rank.seconds:5.1f} s, peak "
            f"{self.rank.peak_mib:5.0f} MiB  = {self.recipe.seconds / self.rank.seconds:.2f}x "
            "faster",
            f"  radar rank with [rank] max_tokens = {SHORT_WINDOW}: {self.rank_short.seconds:5.1f}"
            f" s, peak {self.rank_short.peak_mib:5.0f} MiB  = "
            f"{self.recipe.seconds / self.rank_short.seconds:.2f}x faster (another window: see "
            "models/README.md for what it costs the ranking)",
            f"radar run on the recorded demo day (offline, a new home, list synced): "
            f"{self.run.seconds:.1f} s, peak {self.run.peak_mib:.0f} MiB",
            f"where radar rank's memory goes (resident MiB after each stage): {stages}",
            *self.startup.lines(),
            *self.large.lines(),
        ]


def speed(
    settings: Settings,
    store: Store,
    data_dir: Path,
    papers: int = 512,
    day: int = 600,
    many: int = 50000,
    seed: int = 7,
    progress: Progress[int] = no_progress,
) -> SpeedReport:
    """Reference and radar paths on the same papers, in one run: the embedding rates and
    agreement, a day in fresh processes, and ranking many cached candidates."""
    corpus = [p for _, p in load_corpus(data_dir)]
    random.Random(seed).shuffle(corpus)
    texts = [paper_text(p) for p in corpus[:papers]]
    setting = settings.rank
    reference = TorchEmbedder(model_path(setting.model), setting.model, setting.max_tokens)
    ref_vectors, ref_rate = _timed_rate(reference, texts)
    del reference
    radar = make_embedder(settings)
    radar_vectors, radar_rate = _timed_rate(radar, texts)
    cosines = np.sum(ref_vectors * radar_vectors, axis=1)
    with tempfile.TemporaryDirectory(prefix="radar-bench-") as scratch:
        days = _day(settings, data_dir, corpus[papers : papers + day], Path(scratch))
    large = large_set(settings, store, data_dir, radar, many, progress)
    tokens = setting.max_tokens
    window = f"up to {tokens} tokens" if tokens else "the model's window"
    return SpeedReport(papers, window, ref_rate, radar_rate, radar.model_id.split("|", 1)[1],
                       float(cosines.mean()), float(cosines.min()), day, *days,
                       large)  # fmt: skip


def _day(
    settings: Settings, data_dir: Path, day: Sequence[Paper], work: Path
) -> tuple[Process, Process, Process, Process, tuple[tuple[str, float], ...], Startup]:
    """The day in fresh processes: the plain recipe, radar rank (and with a 128-token window),
    radar run on the recorded day, radar rank's memory by stage, and the light commands'
    start-up in the demo's home."""
    rank = settings.rank
    profile = _write_jsonl(work / "profile.jsonl", _list_papers(settings, data_dir))
    candidates = _write_jsonl(work / "day.jsonl", day)
    recipe = fresh(["-m", "monitor.lab.recipe", str(profile), str(candidates), rank.model,
                     str(rank.max_tokens)], settings, work)  # fmt: skip
    ranking = ["-m", "monitor", "rank", "--profile", str(profile), "--candidates", str(candidates)]
    radar = fresh(ranking, settings, new_home(settings, work / "rank"))
    short = fresh(ranking, settings, new_home(settings, work / "rank128"), SHORT_WINDOW)
    run = _demo_run(settings, work / "demo")
    started = startup(settings, work / "demo")
    return recipe, radar, short, run, _footprint(settings, profile, candidates, work), started


def _timed_rate(embedder: Embedder, texts: Sequence[str]) -> tuple[np.ndarray, float]:
    embedder.encode(texts[:16])  # warm up (first-call allocations, lazy init)
    started = time.perf_counter()
    vectors = embedder.encode(texts)
    return vectors, len(texts) / (time.perf_counter() - started)


def _list_papers(settings: Settings, data_dir: Path) -> list[Paper]:
    """The configured reading lists' papers, resolved offline from the curated file."""
    from monitor.lab.bench import reading_items

    return [i.paper for i in reading_items(settings, data_dir)]


def _write_jsonl(path: Path, papers: Sequence[Paper]) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for p in papers:
            record = {"id": p.id, "title": p.title, "abstract": p.abstract,
                      "categories": list(p.categories)}  # fmt: skip
            out.write(json.dumps(record) + "\n")
    return path


def _demo_run(settings: Settings, home: Path) -> Process:
    """`radar run` on the shipped recorded day in a new home started from this home's reading
    list, synced first."""
    from monitor.assets import demo_curated, demo_feed

    listed = settings.reading_list_paths[0]  # this home's list, as `make demo` ranks against
    fresh(["-m", "monitor", "init", "--from", str(listed), str(home)], settings, home)
    fresh(["-m", "monitor", "sync", "--offline", "--from-jsonl", str(demo_curated())],
           settings, home)  # fmt: skip
    return fresh(["-m", "monitor", "run", "--offline", "--feed", str(demo_feed())],
                  settings, home)  # fmt: skip


def _footprint(
    settings: Settings, profile: Path, candidates: Path, work: Path
) -> tuple[tuple[str, float], ...]:
    home = new_home(settings, work / "footprint")
    fresh(["-m", "monitor.lab.footprint", str(profile), str(candidates)], settings, home)
    stages = json.loads((home / "stdout.txt").read_text(encoding="utf-8"))
    return tuple((str(name), float(mib)) for name, mib in stages)
