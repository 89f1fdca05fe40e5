"""The relevance calibration `monitor/relevance.py` ships: a logistic fit of radar's rankings
of the graded real days (the score, and the cosine to the nearest reading-list paper) to
"would the reader at least open it" (grade >= 1), and how well it holds on each day left out
of the fit (printed by `radar eval`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from monitor import relevance

if TYPE_CHECKING:
    from monitor.lab.graded import DayScores, GradedDay

BINS = ((0.0, 0.15), (0.15, 0.35), (0.35, 0.6), (0.6, 1.01))


@dataclass(frozen=True)
class Fit:
    weights: tuple[float, float, float]  # score, nearest cosine, intercept
    rows: int
    log_loss: tuple[float, float, float]  # held out a day at a time: score, cosine, both
    bins: tuple[tuple[float, float, int, float, float, tuple[int, int, int]], ...]

    def markdown(self) -> list[str]:
        shipped = (relevance.SCORE_WEIGHT, relevance.NEAREST_WEIGHT, relevance.INTERCEPT)
        lines = [
            "",
            f"**Relevance calibration**: logistic fit of radar's rankings ({self.rows} rankings "
            "of graded papers: with background, without, and in the replay) to grade >= 1, "
            "on the score and the cosine to the nearest reading-list paper: weights "
            "{:.2f}, {:.2f}, intercept {:.2f} (shipped in `monitor/relevance.py`: "
            "{}, {}, {}). Held-out log-loss (a day at a time) with the score alone {:.3f}, "
            "the cosine alone {:.3f}, both {:.3f}. Both, held out a day at a time:".format(
                *self.weights, *shipped, *self.log_loss
            ),
            "",
            "| estimated chance | papers | mean estimate | share graded >= 1 | grades 0 / 1 / 2 |",
            "|---|---|---|---|---|",
        ]
        for lo, hi, n, mean, seen, grades in self.bins:
            lines.append(f"| {lo:.2f}-{min(hi, 1.0):.2f} | {n} | {mean:.2f} | {seen:.2f} | "
                         f"{grades[0]} / {grades[1]} / {grades[2]} |")  # fmt: skip
        return lines


def relevance_fit(
    days: Sequence[GradedDay], runs: Sequence[DayScores], nearest: Sequence[np.ndarray]
) -> Fit:
    """Fit on every run's rankings of every day (`nearest`: each day's cosines); the table
    from fits that leave one day out."""
    from sklearn.linear_model import LogisticRegression

    x = np.column_stack([
        np.concatenate([s for run in runs for s in run.scores]),
        np.concatenate([c for _ in runs for c in nearest]),
    ])  # fmt: skip
    grades = np.concatenate([d.grades for _ in runs for d in days])
    day_of = np.concatenate([np.full(len(d.grades), k) for _ in runs for k, d in enumerate(days)])
    wanted = grades >= 1

    def held_out(columns: list[int]) -> np.ndarray:
        """Each row's estimate from a fit on the other days."""
        out = np.zeros(len(x))
        for k in range(len(days)):
            train, test = day_of != k, day_of == k
            model = LogisticRegression(C=100.0).fit(x[train][:, columns], wanted[train])
            out[test] = model.predict_proba(x[test][:, columns])[:, 1]
        return out

    def log_loss(p: np.ndarray) -> float:
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return float(-np.mean(wanted * np.log(p) + (~wanted) * np.log(1 - p)))

    model = LogisticRegression(C=100.0).fit(x, wanted)
    held = held_out([0, 1])
    losses = (log_loss(held_out([0])), log_loss(held_out([1])), log_loss(held))
    bins = []
    for lo, hi in BINS:
        inside = (held >= lo) & (held < hi)
        if inside.any():
            counts = np.bincount(grades[inside], minlength=3)
            bins.append((lo, hi, int(inside.sum()), float(held[inside].mean()),
                         float(wanted[inside].mean()), (int(counts[0]), int(counts[1]),
                                                        int(counts[2]))))  # fmt: skip
    weights = (float(model.coef_[0][0]), float(model.coef_[0][1]), float(model.intercept_[0]))
    return Fit(weights, len(x), losses, tuple(bins))
