"""How likely a pick is worth the reader's time, in words and numbers (pure).

A score is an SVM margin plus a similarity term: fine for ordering one day, meaningless to a
person ("-0.44"), and relative to the day (on a day of agent papers the least unlike one still
gets a high margin). `chance` maps the score and the paper's cosine to its nearest reading-list
paper (absolute, whatever the day) to the estimated probability that this reader would at least
open it (graded 1 or 2 on the graded real days: `monitor/lab/graded/RUBRIC.md`): a logistic fit
of radar's rankings of those days as the daily job makes them (with and without background,
and with a replay's feedback). `radar eval` prints the fit and how well it holds on each day
left out; the constants below are its output (models/README.md).

Tiers: `strong` (>= 60 %: about 85 % were worth opening, and every paper graded "would add to
the list" was there), `likely` (>= 35 %: about half), `possible` (>= 15 %: one in five, none
"would add"). The digest's floor (`[rank] min_relevance`, default 0.35) sends strong and likely
picks only; possible ones wait on the page.
"""

from __future__ import annotations

import math

# `radar eval`, 2026-11-30: logistic fit on 2,400 graded rankings (score, nearest cosine).
SCORE_WEIGHT, NEAREST_WEIGHT, INTERCEPT = 11.07, 13.76, -2.30
TIERS = (("strong", 0.60), ("likely", 0.35), ("possible", 0.15))
BELOW = "unlikely"


def chance(score: float, nearest: float) -> float:
    """The estimated chance (0..1) that the reader would open a paper with this score and
    this cosine to its nearest reading-list paper."""
    z = SCORE_WEIGHT * score + NEAREST_WEIGHT * nearest + INTERCEPT
    return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0


def shown(probability: float) -> float:
    """The chance as every output shows it, to the percent: tiers and the floor use this, so
    "likely (60%)" never appears."""
    return round(probability * 100) / 100


def tier(probability: float) -> str:
    return next((name for name, floor in TIERS if shown(probability) >= floor), BELOW)


def label(probability: float) -> str:
    """The tier and the percentage, "strong (87%)": what outputs show, not the raw score."""
    return f"{tier(probability)} ({round(probability * 100)}%)"
