"""How often the extractive summary carries what the paper does and achieves, measured on 120
real abstracts whose every sentence was labelled by reading (tests/data/summaries/, rubric
beside it): `python -m tests.eval_summaries`. Prints the figures the README quotes, for the
summariser before this measure existed (the most distinctive sentences) and now, on the
development half (the first 60, looked at while writing the rules) and the held-out half.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from monitor.summarize import _words, document_frequency, summarize

LABELLED = Path(__file__).parent / "data" / "summaries" / "sentence_roles.jsonl"
Summarizer = Callable[[str, Counter[str], int], str]


def load() -> list[dict[str, object]]:
    return [json.loads(line) for line in LABELLED.read_text(encoding="utf-8").splitlines()]


def before(abstract: str, df: Counter[str], n_docs: int, max_words: int = 60) -> str:
    """The summariser as it was: the one or two most distinctive sentences."""
    from monitor.summarize import sentences

    parts = sentences(abstract)

    def weight(sentence: str) -> float:
        words = _words(sentence)
        idf = [math.log((1 + n_docs) / (1 + df.get(w, 0))) + 1 for w in words]
        return sum(idf) / math.sqrt(len(words)) if words else 0.0

    ranked = sorted(range(len(parts)), key=lambda i: (-weight(parts[i]), i))
    chosen = ranked[:1] + [
        i for i in ranked[1:2] if len((parts[ranked[0]] + " " + parts[i]).split()) <= max_words
    ]
    return " ".join(parts[i] for i in sorted(chosen))


def roles_in(summary: str, labelled: Sequence[dict[str, str]]) -> set[str]:
    """The labelled roles of the sentences the summary contains (a clipped sentence counts by
    its first eight words)."""
    return {s["role"] for s in labelled if " ".join(s["text"].split()[:8]) in summary}


def measure(rows: Sequence[dict[str, object]], summarizer: Summarizer) -> dict[str, float]:
    df = document_frequency([" ".join(s["text"] for s in r["sentences"]) for r in rows])  # type: ignore[attr-defined]
    with_contribution = with_result = contribution = result = background = 0
    words: list[int] = []
    for r in rows:
        labelled: list[dict[str, str]] = r["sentences"]  # type: ignore[assignment]
        abstract = " ".join(s["text"] for s in labelled)
        summary = summarizer(abstract, df, len(rows))
        got, present = roles_in(summary, labelled), {s["role"] for s in labelled}
        words.append(len(summary.split()))
        if "contribution" in present:
            with_contribution += 1
            contribution += "contribution" in got
        if "result" in present:
            with_result += 1
            result += "result" in got
        background += "background" in got
    return {
        "contribution": contribution / with_contribution,
        "result": result / with_result,
        "background": background / len(rows),
        "max words": max(words),
        "mean words": sum(words) / len(words),
    }


def main() -> None:
    rows = load()
    halves = {"development (60)": rows[:60], "held out (60)": rows[60:], "all (120)": rows}
    print("share of summaries containing a sentence labelled … (of abstracts that have one)")
    print(f"{'':28} {'contribution':>12} {'result':>8} {'background':>10} {'max words':>9}")
    for name, part in halves.items():
        for label, fn in (("before", before), ("now", summarize)):
            m = measure(part, fn)
            print(f"{label + ', ' + name:28} {m['contribution']:12.2f} {m['result']:8.2f} "
                  f"{m['background']:10.2f} {m['max words']:9.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
