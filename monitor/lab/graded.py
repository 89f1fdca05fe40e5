"""`radar eval` on graded real days: which of a day's papers would this reader open?

Seven consecutive real listing days of the shared corpus were graded paper by paper (0 not for
this reader, 1 related, 2 would add to the list; `graded/RUBRIC.md`) before any ranking choice
was tuned on them. Two questions are asked of them:

* **static**: each day ranked against the reading list alone, and with earlier days' papers as
  background; every method ranks the same papers; nDCG@10 (gain = grade) and P@10 (grade >= 1).
* **replay**: a simulated reader walks the days in order; each day it judges radar's top
  picks from the grades (2 promoted, 1 shortlisted, 0 dismissed as off-topic) and the next day
  is ranked with everything judged so far. It is a reader that judges exactly as the grades
  say and only what it is shown; a real reader is noisier and also judges papers found on the
  web page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path

import numpy as np

from monitor.errors import InputError
from monitor.lab.calibrate import Fit, relevance_fit
from monitor.lab.evaluate import Case, asl_text, radar_scores
from monitor.learn import OFF_TOPIC, PROMOTED, SHORTLISTED, Judged, Weights
from monitor.paper import Paper, paper_text
from monitor.profile import ProfileItem
from monitor.rank import Profile, svm_decision, tfidf_features

SIMULATED = {2: PROMOTED, 1: SHORTLISTED, 0: OFF_TOPIC}
# `radar eval --ablations`: what the `[learn]` defaults (0.5, 2.0, 1000) were chosen over
VARIANT_WEIGHTS = {
    "shortlisted 0.25": Weights(shortlisted=0.25),
    "shortlisted 1.0": Weights(shortlisted=1.0),
    "off-topic 1.0": Weights(off_topic=1.0),
    "off-topic 4.0": Weights(off_topic=4.0),
}
VARIANT_BACKGROUNDS = (2000, 5000)


@dataclass(frozen=True)
class GradedDay:
    day: str
    papers: tuple[Paper, ...]
    grades: np.ndarray  # per paper: 0, 1 or 2


@dataclass(frozen=True)
class DayCase:
    """One graded day to rank, with what a method may learn from."""

    profile: Profile
    items: tuple[ProfileItem, ...]
    papers: tuple[Paper, ...]
    embed: Callable[[Sequence[str]], np.ndarray]
    history: tuple[Paper, ...] = ()
    judged: tuple[Judged, ...] = ()


DayMethod = Callable[[DayCase], np.ndarray]


def grade_files() -> list[Path]:
    folder = resources.files("monitor.lab") / "graded"
    return sorted(Path(str(f)) for f in folder.iterdir() if f.name.endswith(".jsonl"))


def load_graded(records: Sequence[tuple[str, Paper]]) -> list[GradedDay]:
    """The graded days, each paper taken from the corpus records (`load_corpus`); none when
    the corpus has none of their papers (an excerpt), an error when it has only some."""
    papers = {p.id: p for _, p in records}
    days = []
    for path in grade_files():
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        missing = [r["id"] for r in rows if r["id"] not in papers]
        if len(missing) == len(rows):
            continue
        if missing:
            raise InputError(f"{path}: {len(missing)} graded papers not in the corpus, e.g. "
                             f"{missing[0]}; is --data the project's shared data?")  # fmt: skip
        days.append(
            GradedDay(
                path.stem,
                tuple(papers[r["id"]] for r in rows),
                np.array([int(r["grade"]) for r in rows]),
            )
        )
    return days


def history_before(records: Sequence[tuple[str, Paper]], day: str, size: int) -> list[Paper]:
    """The `size` papers of the listing days just before `day`, newest day first: what a
    store that polled every earlier day holds (the product samples the same way)."""
    earlier = sorted((d for d, _ in records if d < day), reverse=True)
    by_day: dict[str, list[Paper]] = {}
    for d, p in records:
        by_day.setdefault(d, []).append(p)
    out: list[Paper] = []
    for d in dict.fromkeys(earlier):
        out += by_day[d]
        if len(out) >= size:
            break
    return out[:size]


def ndcg_at(scores: np.ndarray, grades: np.ndarray, k: int = 10) -> float:
    """nDCG@k with the grade as gain (1.0: the day's best papers on top, in grade order)."""
    discount = 1.0 / np.log2(np.arange(2, k + 2))
    top = np.argsort(-scores, kind="stable")[:k]
    ideal = np.sort(grades)[::-1][:k]
    best = float((ideal * discount[: len(ideal)]).sum())
    return float((grades[top] * discount[: len(top)]).sum()) / best if best else 0.0


def precision_at(scores: np.ndarray, grades: np.ndarray, k: int = 10) -> float:
    """The share of the top k this reader would at least open (grade >= 1)."""
    top = np.argsort(-scores, kind="stable")[:k]
    return float((grades[top] >= 1).mean())


def radar_day(weights: Weights = Weights()) -> DayMethod:  # noqa: B008 - frozen, shared
    """radar as the daily job runs it, learning from the case's judged papers and history."""

    def method(case: DayCase) -> np.ndarray:
        seen = {p.id for p in case.papers} | {j.paper.id for j in case.judged}  # as the ranker
        history = [p for p in case.history if p.id not in seen]
        return radar_scores(case.profile, case.papers, case.embed, case.judged, history, weights)

    return method


def anchor(method: Callable[[Case], np.ndarray]) -> DayMethod:
    """One of `evaluate.METHODS` on a graded day (it ignores history and judgements)."""

    def on_day(case: DayCase) -> np.ndarray:
        return method(Case(case.profile, case.items, case.papers, 0, case.embed))

    return on_day


def sanity_lite_corpus(case: DayCase) -> np.ndarray:
    """arxiv-sanity-lite as it runs: its SVM trained against its whole corpus (here the
    history) as well as the day."""
    docs = [asl_text(p) for p in (*(i.paper for i in case.items), *case.history, *case.papers)]
    features, _ = tfidf_features(docs, min_df=5, max_df=0.1)
    n = len(case.items)
    labels = np.r_[np.ones(n), np.zeros(len(docs) - n)]
    return svm_decision(features, labels, np.ones(len(docs)), c=0.01)[n + len(case.history) :]


@dataclass(frozen=True)
class DayScores:
    """One method's nDCG@10 and P@10 on each graded day, and its scores."""

    ndcg: tuple[float, ...]
    precision: tuple[float, ...]
    scores: tuple[np.ndarray, ...] = ()

    def mean(self) -> tuple[float, float]:
        return float(np.mean(self.ndcg)), float(np.mean(self.precision))


def static(
    days: Sequence[GradedDay], make_case: Callable[[GradedDay], DayCase], method: DayMethod
) -> DayScores:
    """The method on every day, nothing judged."""
    ndcg, precision, scores = [], [], []
    for day in days:
        s = method(make_case(day))
        ndcg.append(ndcg_at(s, day.grades))
        precision.append(precision_at(s, day.grades))
        scores.append(s)
    return DayScores(tuple(ndcg), tuple(precision), tuple(scores))


def replay(
    days: Sequence[GradedDay],
    make_case: Callable[[GradedDay], DayCase],
    method: DayMethod,
    shown: int = 10,
) -> DayScores:
    """The simulated reader: each day it judges the method's top `shown` papers from their
    grades, and the next day is ranked with all it judged so far."""
    judged: list[Judged] = []
    ndcg, precision, scores = [], [], []
    for day in days:
        s = method(replace(make_case(day), judged=tuple(judged)))
        ndcg.append(ndcg_at(s, day.grades))
        precision.append(precision_at(s, day.grades))
        scores.append(s)
        for i in np.argsort(-s, kind="stable")[:shown]:
            judged.append(Judged(day.papers[i], SIMULATED[int(day.grades[i])]))
    return DayScores(tuple(ndcg), tuple(precision), tuple(scores))


@dataclass(frozen=True)
class GradedReport:
    days: tuple[GradedDay, ...]
    background: int
    static: dict[str, DayScores]
    replay: dict[str, DayScores]
    fit: Fit

    def markdown(self) -> str:
        sizes = ", ".join(
            f"{d.day} ({len(d.papers)}: {int((d.grades == 2).sum())}×2, "
            f"{int((d.grades == 1).sum())}×1)"
            for d in self.days
        )
        lines = [
            "",
            f"**Graded real days**: {len(self.days)} consecutive listing days, every cs.DC/cs.LG "
            f"paper graded 0/1/2 by reading (`monitor/lab/graded/RUBRIC.md`): {sizes}. "
            "nDCG@10 with the grade as gain; P@10 = share of the top 10 graded >= 1; "
            f"background = the {self.background} papers of the listing days just before.",
            "",
        ]
        lines += _table("static (nothing judged)", self.static, self.days)
        lines += [
            "",
            "**Replay**: a simulated reader judges each day's top 10 from the grades (2 "
            "promoted, 1 shortlisted, 0 dismissed as off-topic); the next day is ranked with "
            "all judged so far. Day 1 has nothing judged yet; `days 2+` is the mean after it.",
            "",
        ]
        lines += _table("replay", self.replay, self.days, after_first=True)
        lines += self.fit.markdown()
        return "\n".join(lines) + "\n"


def _table(
    title: str, rows: dict[str, DayScores], days: Sequence[GradedDay], after_first: bool = False
) -> list[str]:
    head = " ".join(d.day[5:] for d in days)
    extra = " days 2+ nDCG / P |" if after_first else ""
    lines = [
        f"| {title} | nDCG@10 | P@10 |{extra} nDCG@10 per day ({head}) |",
        "|---|---|---|" + ("---|" if after_first else "") + "---|",
    ]
    for name, s in rows.items():
        ndcg, precision = s.mean()
        later = (
            f" {np.mean(s.ndcg[1:]):.3f} / {np.mean(s.precision[1:]):.3f} |" if after_first else ""
        )
        per_day = " ".join(f"{x:.2f}" for x in s.ndcg)
        lines.append(f"| {name} | {ndcg:.3f} | {precision:.3f} |{later} {per_day} |")
    return lines


def _with(
    bare: Callable[[GradedDay], DayCase], history: dict[str, tuple[Paper, ...]]
) -> Callable[[GradedDay], DayCase]:
    def make(day: GradedDay) -> DayCase:
        return replace(bare(day), history=history[day.day])

    return make


def graded_report(
    days: Sequence[GradedDay],
    records: Sequence[tuple[str, Paper]],
    profile: Profile,
    items: Sequence[ProfileItem],
    embed: Callable[[Sequence[str]], np.ndarray],
    background: int,
    anchors: dict[str, Callable[[Case], np.ndarray]],
    variants: bool = False,
) -> GradedReport:
    """Every method on the graded days, statically and in the replay; with `variants`, the
    learning weights and background sizes the defaults were chosen over."""
    history = {d.day: tuple(history_before(records, d.day, background)) for d in days}

    def bare(day: GradedDay) -> DayCase:
        return DayCase(profile, tuple(items), day.papers, embed)

    def with_history(day: GradedDay) -> DayCase:
        return replace(bare(day), history=history[day.day])

    radar = radar_day()
    default = f"radar (the list + {background} background: the default)"
    static_rows = {
        default: static(days, with_history, radar),
        "radar, the list only": static(days, bare, radar),
        **{name: static(days, bare, anchor(m)) for name, m in anchors.items()},
        f"arxiv-sanity-lite against its corpus ({background} background)": static(
            days, with_history, sanity_lite_corpus
        ),
    }
    replay_rows = {
        "radar, feedback + background (the default)": replay(days, with_history, radar),
        "radar, feedback only": replay(days, bare, radar),
        "radar, background only (learns nothing)": static_rows[default],
        "radar, neither": static_rows["radar, the list only"],
        **{f"{name} (learns nothing)": static_rows[name] for name in anchors},
    }
    if variants:
        for label, weights in VARIANT_WEIGHTS.items():
            replay_rows[f"variant: feedback + background, {label}"] = replay(
                days, with_history, radar_day(weights)
            )
        for size in VARIANT_BACKGROUNDS:
            sized = {d.day: tuple(history_before(records, d.day, size)) for d in days}
            static_rows[f"variant: radar + background ({size})"] = static(
                days, _with(bare, sized), radar
            )
    nearest = [
        (embed([paper_text(p) for p in d.papers]) @ profile.vectors.T).max(axis=1) for d in days
    ]
    runs = (static_rows[default], replay_rows["radar, feedback + background (the default)"],
            static_rows["radar, the list only"])  # fmt: skip
    fit = relevance_fit(days, runs, nearest)
    return GradedReport(tuple(days), background, static_rows, replay_rows, fit)
