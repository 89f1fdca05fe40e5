"""Ranking: pure functions from arrays to arrays (no I/O, no model loading).

radar's score has two parts:

* lexical: a class-balanced linear SVM trained, like arxiv-sanity-lite's, to tell the reader's
  papers (positives) from the day's papers (negatives) on TF-IDF unigrams and bigrams, but over
  the full vocabulary (rare terms such as "zero-bubble" or "all-to-all" are the most telling)
  and with a softer margin (C = 0.5);
* semantic: the candidate's MiniLM cosine to its nearest reading-list paper, standardised over
  the day and added at half the SVM's spread, so a paper close to one specific item is not
  averaged away and a paper that says the same thing in other words still rises.

With the reader's decisions (`learn.Teaching`), promoted and shortlisted papers join the
SVM's positives and the nearest-paper term, papers dismissed as off-topic join its negatives
and pull down candidates closer to them than to anything the reader wants, and earlier days'
papers (background) join its negatives.

Putting the embeddings inside the SVM, or ranking by embeddings alone, measured worse;
`models/README.md` has the numbers behind each choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from monitor.learn import OFF_TOPIC, POSITIVE, Teaching, feedback_notes
from monitor.paper import Neighbour

if TYPE_CHECKING:  # scipy and scikit-learn load only when a day is ranked
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer

SHORTLIST = 2000  # `radar rank`'s default: ~50,000 cached candidates in seconds (`radar bench`)
NEIGHBOUR_WEIGHT = 0.5  # the nearest-paper similarity counts half the SVM's spread
SVM_C = 0.5


@dataclass(frozen=True)
class Profile:
    """The reading list as arrays: one row per paper."""

    titles: tuple[str, ...]
    texts: tuple[str, ...]
    vectors: np.ndarray  # (n, d), unit rows
    weights: np.ndarray  # (n,), > 0
    sections: tuple[str, ...]


@dataclass(frozen=True)
class Explanation:
    neighbours: tuple[Neighbour, ...]
    section: str
    terms: tuple[str, ...]
    learned: tuple[str, ...] = ()  # how the reader's decisions moved it, if they did


@dataclass(frozen=True)
class Words:
    """TF-IDF rows of the reading list, then the teaching rows (if any), then the candidates,
    and their vocabulary: computed once a day, shared by the score and the explanations."""

    matrix: sparse.csr_matrix
    vocabulary: np.ndarray
    first: int  # the first candidate's row


def words_of(profile: Profile, texts: Sequence[str], teaching: Teaching | None = None) -> Words:
    """The vocabulary and its weights come from the list, the judged papers and the day; the
    background is only projected onto them (fitting on thousands of earlier papers would cost
    ten times the day's ranking and measured no better)."""
    from scipy import sparse

    taught = teaching.texts if teaching else ()
    judged = teaching.judged if teaching else 0
    fitted, vectorizer = tfidf_features([*profile.texts, *taught[:judged], *texts])
    n = len(profile.texts) + judged
    matrix = fitted
    if judged < len(taught):
        background = vectorizer.transform(taught[judged:])
        matrix = sparse.csr_matrix(sparse.vstack([fitted[:n], background, fitted[n:]]))
    return Words(matrix, vectorizer.get_feature_names_out(), len(profile.texts) + len(taught))


def tfidf_features(
    texts: Sequence[str], min_df: int = 1, max_df: float = 1.0
) -> tuple[sparse.csr_matrix, TfidfVectorizer]:
    """Unigram+bigram TF-IDF rows (sublinear tf, l2), English stop words removed."""
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer

    vectorizer = TfidfVectorizer(
        strip_accents="unicode",
        lowercase=True,
        stop_words="english",
        token_pattern=r"(?u)\b[a-zA-Z_][a-zA-Z0-9_]+\b",
        ngram_range=(1, 2),
        sublinear_tf=True,
        min_df=min_df,
        max_df=max_df,
        max_features=20000,
    )
    return sparse.csr_matrix(vectorizer.fit_transform(texts)), vectorizer


def svm_decision(
    features: sparse.csr_matrix | np.ndarray,
    labels: np.ndarray,
    weights: np.ndarray,
    c: float,
    train: np.ndarray | None = None,
) -> np.ndarray:
    """Fit a class-balanced linear SVM on the `train` rows (default: all) and return every
    row's decision value."""
    from sklearn.svm import LinearSVC

    model = LinearSVC(class_weight="balanced", C=c, max_iter=20000, tol=1e-6, random_state=0)
    if train is None:
        model.fit(features, labels, sample_weight=weights)
    else:
        model.fit(features[train], labels[train], sample_weight=weights[train])
    return np.asarray(model.decision_function(features), dtype=np.float64)


def zscore(values: np.ndarray) -> np.ndarray:
    spread = float(values.std())
    centred: np.ndarray = values - values.mean()
    return centred / spread if spread > 0 else centred


def score(
    profile: Profile,
    texts: Sequence[str],
    vectors: np.ndarray,
    words: Words | None = None,
    teaching: Teaching | None = None,
) -> np.ndarray:
    """radar's score for each candidate, higher is better: an SVM margin (the day's papers are
    its negatives, so most score below 0; at -1 or below it is sure they are unlike the list)
    plus the nearest-paper term."""
    if not len(texts):
        return np.zeros(0)
    decision = lexical_scores(profile, texts, words, teaching)
    spread = float(decision.std()) or 1.0
    semantic = semantic_similarity(profile, vectors, teaching)
    return decision + NEIGHBOUR_WEIGHT * spread * zscore(semantic)


def lexical_scores(
    profile: Profile,
    texts: Sequence[str],
    words: Words | None = None,
    teaching: Teaching | None = None,
) -> np.ndarray:
    """The TF-IDF SVM's margin for each candidate: the list and the reader's positives against
    the day's papers, the off-topic dismissals and the background."""
    matrix = (words or words_of(profile, texts, teaching)).matrix
    labels = [np.ones(len(profile.texts))]
    weights = [profile.weights]
    if teaching is not None:
        labels.append(teaching.labels())
        weights.append(teaching.weights)
    first = sum(len(w) for w in weights)
    labels.append(np.zeros(len(texts)))
    weights.append(np.ones(len(texts)))
    train = np.ones(first + len(texts), dtype=bool)
    if teaching is not None:  # a paper judged today is a training row once, as judged
        train[first:] = teaching.selves < 0
    all_labels, all_weights = np.concatenate(labels), np.concatenate(weights)
    if len(set(all_labels[train])) < 2:  # every candidate judged a positive, no background
        train[:] = True
        all_labels[first:] = 0.0
    return svm_decision(matrix, all_labels, all_weights, SVM_C, train)[first:]


def semantic_similarity(
    profile: Profile, vectors: np.ndarray, teaching: Teaching | None = None
) -> np.ndarray:
    """Each candidate's cosine to its closest wanted paper (the list, promoted, shortlisted),
    less how much closer it is to a paper dismissed as off-topic, if it is."""
    near = nearest_similarity(profile, vectors)
    if teaching is None:
        return near
    similarity = taught_similarity(vectors, teaching)
    liked = teaching.rows(*POSITIVE)
    if liked:
        near = np.maximum(near, similarity[:, liked].max(axis=1))
    unwanted = teaching.rows(OFF_TOPIC)
    if unwanted:
        closest = similarity[:, unwanted].max(axis=1)
        near = near - np.maximum(0.0, closest - near)
    return np.asarray(near, dtype=np.float64)


def taught_similarity(vectors: np.ndarray, teaching: Teaching) -> np.ndarray:
    """Each candidate's cosine to each judged paper, -1 to itself (judged earlier today)."""
    similarity = np.asarray(vectors @ teaching.vectors[: teaching.judged].T, dtype=np.float64)
    own = np.flatnonzero(teaching.selves >= 0)
    similarity[own, teaching.selves[own]] = -1.0
    return similarity


def nearest_similarity(profile: Profile, vectors: np.ndarray) -> np.ndarray:
    """Each candidate's cosine to its closest reading-list paper."""
    return np.asarray((vectors @ profile.vectors.T).max(axis=1), dtype=np.float64)


def explain(
    profile: Profile,
    texts: Sequence[str],
    vectors: np.ndarray,
    words: Words | None = None,
    k: int = 3,
    teaching: Teaching | None = None,
    rows: Sequence[int] | None = None,
) -> list[Explanation]:
    """For each candidate (or each of `rows`, in that order): its nearest reading-list papers,
    a section, the shared terms, and how the reader's decisions moved it."""
    similarity = vectors @ profile.vectors.T
    taught = taught_similarity(vectors, teaching) if teaching and teaching.judged else None
    shared = words or words_of(profile, texts, teaching)
    matrix, vocabulary = shared.matrix, shared.vocabulary
    profile_mass = np.asarray(matrix[: len(profile.texts)].mean(axis=0)).ravel()
    learned = (
        feedback_notes(taught, similarity.max(axis=1), teaching)
        if teaching and taught is not None
        else [()] * len(texts)
    )
    out = []
    for i in range(len(texts)) if rows is None else rows:
        row = similarity[i]
        order = np.argsort(-row, kind="stable")[:k]
        neighbours = tuple(Neighbour(profile.titles[j], round(float(row[j]), 3)) for j in order)
        out.append(
            Explanation(
                neighbours,
                suggest_section(row, profile.sections),
                shared_terms(matrix[shared.first + i], profile_mass, vocabulary),
                learned[i],
            )
        )
    return out


def suggest_section(similarity: np.ndarray, sections: Sequence[str], k: int = 5) -> str:
    """The section whose papers among the k nearest add up to the most similarity."""
    votes: dict[str, float] = {}
    for j in np.argsort(-similarity, kind="stable")[:k]:
        votes[sections[j]] = votes.get(sections[j], 0.0) + float(similarity[j])
    return max(votes, key=lambda s: votes[s]) if votes else ""


def shared_terms(
    row: sparse.csr_matrix, profile_mass: np.ndarray, vocabulary: np.ndarray, n: int = 5
) -> tuple[str, ...]:
    """Terms weighty both in the candidate and across the reading list."""
    cols, vals = row.indices, row.data * profile_mass[row.indices]
    keep = [(v, c) for v, c in zip(vals, cols, strict=True) if v > 0]
    keep.sort(key=lambda vc: (-vc[0], vocabulary[vc[1]]))
    return tuple(str(vocabulary[c]) for _, c in keep[:n])


def shortlist(similarity: np.ndarray, keep: int) -> np.ndarray:
    """Rows (ascending) worth ranking in full when there are too many candidates: the `keep`
    most similar to the list and a quarter as many drawn evenly down the rest, so that the
    SVM also sees papers unlike the list among its negatives (unweighted: they are a fifth of
    them, not their share of the set). The TF-IDF of every candidate is what makes a large set
    slow (about 0.4 ms a paper); the similarity costs microseconds."""
    if keep <= 0 or len(similarity) <= keep:
        return np.arange(len(similarity))
    order = np.argsort(-similarity, kind="stable")
    rest = order[keep:]
    drawn = rest[np.linspace(0, len(rest) - 1, num=min(len(rest), keep // 4)).astype(int)]
    return np.sort(np.concatenate([order[:keep], np.unique(drawn)]))


def select(
    scores: np.ndarray, sections: Sequence[str], k: int, min_score: float, quota: int
) -> list[int]:
    """Indices of the digest's picks: best first, at least `min_score`, at most `quota` per
    suggested section (0: no quota)."""
    picks: list[int] = []
    per_section: dict[str, int] = {}
    for i in np.argsort(-scores, kind="stable"):
        if len(picks) == k or scores[i] < min_score:
            break
        if quota and per_section.get(sections[i], 0) >= quota:
            continue
        per_section[sections[i]] = per_section.get(sections[i], 0) + 1
        picks.append(int(i))
    return picks
