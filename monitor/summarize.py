"""Short summaries of abstracts: the offline default is extractive and deterministic.

The one or two sentences that carry the most of the abstract's distinctive vocabulary (words
weighted by their rarity across the day's papers), kept in their original order, at most
`max_words` words. With an `[llm]` endpoint, `enrich.py` asks `llm.py` first and falls back to
this one, which never fails.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[$\\])")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9\-]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "by",
        "can",
        "for",
        "from",
        "has",
        "have",
        "in",
        "into",
        "is",
        "it",
        "its",
        "of",
        "on",
        "or",
        "our",
        "that",
        "the",
        "their",
        "this",
        "to",
        "we",
        "which",
        "with",
        "while",
        "these",
        "those",
        "such",
        "than",
        "then",
        "also",
        "both",
        "via",
        "using",
        "based",
        "paper",
        "propose",
        "proposed",
        "present",
        "show",
        "shows",
        "results",
        "approach",
        "method",
        "methods",
        "new",
    ]
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(" ".join(text.split())) if s.strip()]


def document_frequency(abstracts: Sequence[str]) -> Counter[str]:
    """In how many of the day's abstracts each content word occurs."""
    df: Counter[str] = Counter()
    for text in abstracts:
        df.update({w for w in _words(text)})
    return df


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text) if w.lower() not in _STOP]


def summarize(abstract: str, df: Counter[str], n_docs: int, max_words: int = 60) -> str:
    """The most informative one or two sentences of `abstract`, at most `max_words` words."""
    parts = sentences(abstract)
    if not parts:
        return ""

    def weight(sentence: str) -> float:
        words = _words(sentence)
        if not words:
            return 0.0
        idf = [math.log((1 + n_docs) / (1 + df.get(w, 0))) + 1 for w in words]
        return sum(idf) / math.sqrt(len(words))

    ranked = sorted(range(len(parts)), key=lambda i: (-weight(parts[i]), i))
    chosen = [ranked[0]]
    for i in ranked[1:2]:
        if _count(parts[ranked[0]]) + _count(parts[i]) <= max_words:
            chosen.append(i)
    text = " ".join(parts[i] for i in sorted(chosen))
    words = text.split()
    return text if len(words) <= max_words else " ".join(words[:max_words]).rstrip(",;:") + " …"


def _count(text: str) -> int:
    return len(text.split())
