"""Short summaries of abstracts: the offline default is extractive and deterministic.

Like the reader's own digests (problem → method → result, with the figures), the summary is the
sentence that says what the paper proposes or does and the one that says what it achieves
(figures first), in the abstract's order, at most `max_words` words; where the wording shows no
contribution, the sentence carrying the most distinctive vocabulary (words weighted by their
rarity across the day's papers) stands in, and background only when nothing else exists.
With an `[llm]` endpoint, `enrich.py` asks `llm.py` first and falls back to this one, which
never fails.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

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


# What a sentence does in an abstract, told by its wording (roles as in tests/data/summaries).
_CONTRIBUTION = re.compile(
    r"\b(?:we|this (?:paper|work|study|article)|in this (?:paper|work)|here,? we|our work)\b"
    r"[^.]{0,60}?\b(?:propose|present|introduce|develop|design|build|describe|study|"
    r"investigate|explore|examine|analy[sz]e|formulate|tackle|address|offer|provide|report|"
    r"characteri[sz]e|revisit|rethink|argue)\w*",
    re.IGNORECASE,
)
_TO_ADDRESS = re.compile(
    r"^(?:to (?:address|overcome|tackle|bridge|fill|solve|mitigate|close|this end)|"
    r"motivated by|building on|inspired by)\b",
    re.IGNORECASE,
)
_RESULT = re.compile(
    r"\b(?:experiment\w*|evaluation\w*|results?|empirical\w*|findings?|reveal\w*|achiev\w*|"
    r"outperform\w*|improv\w*|reduc\w*|speed-?ups?|faster|lower|higher|accuracy|"
    r"state-of-the-art|up to|surpass\w*|yield\w*|converge\w*|matches|comparable|"
    r"guarantee\w*|insights?|paves the way)\b",
    re.IGNORECASE,
)
# A finding the paper reports, whatever else the sentence says ("we show that ...").
_FINDING = re.compile(
    r"\b(?:we|our \w+|(?:experimental|empirical|evaluation|simulation) results?|experiments|"
    r"evaluations?)\s+(?:\w+\s+){0,2}?(?:show|shows|find|finds|found|observe|demonstrate|"
    r"demonstrates|verify|verified|prove|confirm|reveal|reveals|establish|indicate|indicates)\b",
    re.IGNORECASE,
)
_FIGURE = re.compile(
    r"\d+(?:\.\d+)?\s*(?:\\?%|x\b|×|\$?\\times|times\b|percent)|\b\d+(?:\.\d+)?x\b"
)
_OURS = re.compile(r"\b(?:we|our|this (?:paper|work|study))\b", re.IGNORECASE)
_OTHER = re.compile(
    r"https?://|github\.com|code (?:is|and data are) (?:publicly )?available", re.IGNORECASE
)


def role(sentence: str, position: int) -> str:
    """`contribution`, `result`, `other` or `context` (background or method: what the
    summary leaves out when it has the two others)."""
    if _OTHER.search(sentence):
        return "other"
    if _FINDING.search(sentence):
        return "result"
    if _CONTRIBUTION.search(sentence) or (_TO_ADDRESS.search(sentence) and _OURS.search(sentence)):
        return "contribution"  # "We present X, which is 2x faster": what it is comes first
    if _FIGURE.search(sentence) or (_RESULT.search(sentence) and position > 0):
        return "result"
    return "context"


def choose(parts: Sequence[str], weight: Callable[[str], float]) -> list[int]:
    """Indices of the summary's sentences: the first that states the contribution and the
    strongest that states a result after it (figures first; with no result, the sentence
    after it, which says how), in the abstract's order; the most informative sentence
    (`weight`) stands in for a contribution the wording does not show."""
    roles = [role(p, i) for i, p in enumerate(parts)]
    contributions = [i for i, r in enumerate(roles) if r == "contribution"]
    results = [i for i, r in enumerate(roles) if r == "result"]
    if contributions:
        first = contributions[0]
        results = [i for i in results if i > first]  # a result before it is the field's
    else:
        candidates = [i for i, r in enumerate(roles) if r != "other"] or list(range(len(parts)))
        later = [i for i in candidates if i > 0 and i not in results] or candidates
        first = max(later, key=lambda i: (weight(parts[i]), -i))
    figures = [i for i in results if i != first and _FIGURE.search(parts[i])]
    others = [i for i in results if i != first]
    how = [first + 1] if first + 1 < len(parts) and roles[first + 1] == "context" else []
    return sorted({first, *(figures or others or how)[:1]})  # no result: how it works


def summarize(abstract: str, df: Counter[str], n_docs: int, max_words: int = 60) -> str:
    """What the paper does and what it achieves, from its abstract: at most `max_words`."""
    parts = sentences(abstract)
    if not parts:
        return ""

    def weight(sentence: str) -> float:
        words = _words(sentence)
        if not words:
            return 0.0
        idf = [math.log((1 + n_docs) / (1 + df.get(w, 0))) + 1 for w in words]
        return sum(idf) / math.sqrt(len(words))

    return fit([parts[i] for i in choose(parts, weight)], max_words)


def fit(chosen: Sequence[str], max_words: int) -> str:
    """The sentences joined, the longer one cut at a clause (else a word) boundary until the
    whole fits in `max_words`."""
    kept = list(chosen)
    while sum(_count(s) for s in kept) > max_words:
        longest = max(range(len(kept)), key=lambda i: _count(kept[i]))
        budget = max_words - sum(_count(s) for i, s in enumerate(kept) if i != longest)
        if budget < 8 and len(kept) > 1:
            kept.pop(longest)  # too little room left for it to say anything
        else:
            kept[longest] = _clip(kept[longest], budget)
    return " ".join(kept)


def _clip(sentence: str, words: int) -> str:
    """The sentence cut to at most `words` words with the ellipsis, at the last clause
    boundary that keeps at least half of them."""
    cut = " ".join(sentence.split()[: words - 1])
    clause = max(cut.rfind(", "), cut.rfind("; "), cut.rfind(" by "), cut.rfind(" which "))
    if clause >= len(cut) // 2 and cut[:clause].count("$") % 2 == 0:
        cut = cut[:clause]
    if cut.count("$") % 2:  # never end inside TeX math
        cut = cut[: cut.rfind("$")]
    return cut.rstrip(",;: ") + " …"


def _count(text: str) -> int:
    return len(text.split())
