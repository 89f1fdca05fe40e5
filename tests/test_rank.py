"""Ranking functions on small arrays, the embedding cache, and the benchmark's building blocks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from monitor.embed import embed_cached
from monitor.errors import InputError
from monitor.lab.evaluate import day_blocks, rank_of, summarize
from monitor.paper import Paper
from monitor.rank import (
    Profile,
    explain,
    nearest_similarity,
    score,
    select,
    shared_terms,
    shortlist,
    suggest_section,
    words_of,
    zscore,
)
from monitor.store import Store

from .fakes import HashingEmbedder

PROFILE_TEXTS = (
    "GPipe. Pipeline parallelism with micro-batches trains giant neural networks across devices.",
    "PipeDream. Pipeline parallel training with weight stashing and one-forward-one-backward.",
    "ZeRO. Sharding optimizer states, gradients and parameters across data parallel ranks.",
    "Switch Transformers. Mixture-of-experts routing sends each token to one expert.",
    "GShard. Mixture-of-experts layers with expert parallelism and automatic sharding.",
)
SECTIONS = ("Pipeline", "Pipeline", "Memory", "MoE", "MoE")
CANDIDATES = (
    "Zero-bubble pipeline parallelism: scheduling micro-batches to remove pipeline bubbles.",
    "A survey of diffusion models for image synthesis and editing.",
    "Expert parallelism for mixture-of-experts training with fewer all-to-all exchanges.",
    "Reinforcement learning for robot grasping in cluttered scenes.",
    "Graph neural networks for molecule property prediction.",
    "Large language models for legal question answering.",
)


def _profile(embedder: HashingEmbedder) -> Profile:
    return Profile(
        titles=tuple(t.split(".")[0] for t in PROFILE_TEXTS),
        texts=PROFILE_TEXTS,
        vectors=embedder.encode(PROFILE_TEXTS),
        weights=np.ones(len(PROFILE_TEXTS)),
        sections=SECTIONS,
    )


def test_on_topic_candidates_rank_above_off_topic_ones() -> None:
    embedder = HashingEmbedder()
    scores = score(_profile(embedder), CANDIDATES, embedder.encode(CANDIDATES))
    top_two = set(np.argsort(-scores)[:2].tolist())
    assert top_two == {0, 2}
    assert scores.shape == (len(CANDIDATES),)


def test_explanations_name_neighbours_section_and_terms() -> None:
    embedder = HashingEmbedder()
    whys = explain(_profile(embedder), CANDIDATES, embedder.encode(CANDIDATES))
    pipeline, experts = whys[0], whys[2]
    assert pipeline.section == "Pipeline"
    assert {n.title for n in pipeline.neighbours[:2]} <= {"GPipe", "PipeDream", "ZeRO"}
    assert "pipeline" in pipeline.terms
    assert experts.section == "MoE"
    assert len(experts.neighbours) == 3
    assert experts.neighbours[0].similarity >= experts.neighbours[1].similarity


def test_words_computed_once_give_the_same_scores_and_explanations() -> None:
    embedder = HashingEmbedder()
    profile, vectors = _profile(embedder), embedder.encode(CANDIDATES)
    words = words_of(profile, CANDIDATES)
    assert np.array_equal(
        score(profile, CANDIDATES, vectors, words), score(profile, CANDIDATES, vectors)
    )
    assert explain(profile, CANDIDATES, vectors, words) == explain(profile, CANDIDATES, vectors)


def test_select_top_k_min_score_and_section_quota() -> None:
    scores = np.array([0.9, 0.8, 0.7, 0.6, -0.1, 0.5])
    sections = ["MoE", "MoE", "MoE", "Pipeline", "Pipeline", "Memory"]
    assert select(scores, sections, k=3, min_score=0.0, quota=0) == [0, 1, 2]
    assert select(scores, sections, k=4, min_score=0.0, quota=1) == [0, 3, 5]
    assert select(scores, sections, k=10, min_score=0.55, quota=2) == [0, 1, 3]
    assert select(scores, sections, k=10, min_score=0.0, quota=0) == [0, 1, 2, 3, 5]


def test_suggest_section_weights_votes_by_similarity() -> None:
    similarity = np.array([0.9, 0.2, 0.5, 0.45, 0.1])
    assert suggest_section(similarity, ["A", "B", "C", "C", "D"], k=5) == "C"  # 0.95 > 0.9
    assert suggest_section(similarity, ["A", "B", "C", "C", "D"], k=1) == "A"
    assert suggest_section(similarity, ["A", "B", "C", "E", "D"], k=5) == "A"


def test_shared_terms_orders_by_joint_weight() -> None:
    from scipy import sparse

    row = sparse.csr_matrix(np.array([[0.5, 0.0, 0.8, 0.3]]))
    mass = np.array([0.2, 0.9, 0.0, 0.4])
    terms = shared_terms(row, mass, np.array(["alpha", "beta", "gamma", "delta"]))
    assert terms == ("delta", "alpha")


def test_zscore_of_a_constant_is_zero() -> None:
    assert np.all(zscore(np.array([2.0, 2.0])) == 0.0)
    z = zscore(np.array([1.0, 2.0, 3.0]))
    assert abs(z.mean()) < 1e-12 and abs(z.std() - 1.0) < 1e-12


def test_rank_of_counts_ties_against_the_target() -> None:
    assert rank_of(np.array([0.1, 0.9, 0.5]), 1) == 1
    assert rank_of(np.array([0.5, 0.9, 0.5]), 2) == 3
    assert rank_of(np.array([0.1, 0.2, 0.3]), 0) == 3


def test_metrics() -> None:
    m = summarize([1, 2, 11])
    assert m["hit@5"] == pytest.approx(2 / 3)
    assert m["hit@10"] == pytest.approx(2 / 3)
    assert m["MRR"] == pytest.approx((1 + 0.5 + 1 / 11) / 3)
    assert m["nDCG@10"] == pytest.approx((1 + 1 / np.log2(3)) / 3)


def _paper(i: int) -> Paper:
    return Paper(
        id=f"2401.{i:05d}",
        version=1,
        title=f"P{i}",
        abstract="a",
        authors=(),
        categories=("cs.LG",),
    )


def test_day_blocks_are_seeded_consecutive_and_disjoint() -> None:
    records = [(f"2024-01-{d:02d}", _paper(d * 100 + j)) for d in range(1, 29) for j in range(10)]
    first = day_blocks(records, 3, 25, seed=1, exclude={"2401.00100"})
    assert first == day_blocks(records, 3, 25, seed=1, exclude={"2401.00100"})
    assert first != day_blocks(records, 3, 25, seed=2, exclude={"2401.00100"})
    days = [d for b in first for d in b.days]
    assert len(days) == len(set(days))
    for block in first:
        assert len(block.papers) >= 25
        numbers = [int(d[-2:]) for d in block.days]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        assert "2401.00100" not in {p.id for p in block.papers}
    with pytest.raises(InputError, match="corpus too small"):
        day_blocks(records, 50, 25, seed=1, exclude=set())


def test_embedding_cache_embeds_each_text_once(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    texts = ["alpha beta", "gamma", "alpha beta"]
    with Store.open(tmp_path / "radar.db") as store:
        first = embed_cached(embedder, texts, store)
        assert embedder.texts == 2  # the repeated text once
        again = embed_cached(embedder, [*texts, "delta"], store)
        assert embedder.texts == 3  # only the new text
        assert np.array_equal(first, again[:3])
        assert store.count("embeddings") == 3


def test_shortlist_keeps_the_most_similar_and_a_spread_of_the_rest() -> None:
    similarity = np.linspace(0.0, 1.0, 1000)[::-1].copy()  # row 0 most similar
    rows = shortlist(similarity, 100)
    assert np.array_equal(rows[:100], np.arange(100))  # the 100 nearest, in row order
    drawn = rows[100:]
    assert len(drawn) == 25 and drawn.min() >= 100 and drawn.max() == 999  # down to the last
    assert np.all(np.diff(rows) > 0)
    assert np.array_equal(shortlist(similarity, 0), np.arange(1000))  # 0: everything
    assert np.array_equal(shortlist(similarity[:50], 100), np.arange(50))  # fewer than keep


def test_a_shortlisted_ranking_agrees_with_the_full_one_at_the_top() -> None:
    embedder = HashingEmbedder()
    profile = _profile(embedder)
    others = [f"Topic {i}: {w} study of {v}." for i, (w, v) in
              enumerate(zip(["robot", "legal", "protein", "vision"] * 50,
                            ["grasping", "contracts", "folding", "segmentation"] * 50,
                            strict=True))]  # fmt: skip
    texts = [*CANDIDATES, *others]
    vectors = embedder.encode(texts)
    full = np.argsort(-score(profile, texts, vectors), kind="stable")[:2]
    rows = shortlist(nearest_similarity(profile, vectors), 20)
    part = score(profile, [texts[i] for i in rows], vectors[rows])
    assert set(rows[np.argsort(-part, kind="stable")[:2]]) == set(full) == {0, 2}


class Interrupted(RuntimeError):
    pass


def test_embedding_interrupted_resumes_from_the_last_saved_batch(tmp_path: Path) -> None:
    texts = [f"paper {i} about topic {i % 7}" for i in range(10)]

    class Failing(HashingEmbedder):
        def encode(self, batch: Sequence[str]) -> np.ndarray:
            if self.calls == 2:
                raise Interrupted("killed in the third batch")
            return super().encode(batch)

    with Store.open(tmp_path / "radar.db") as store:
        with pytest.raises(Interrupted):
            embed_cached(Failing(), texts, store, chunk=3)
        assert store.count("embeddings") == 6  # two batches were saved
        again = HashingEmbedder()
        vectors = embed_cached(again, texts, store, chunk=3)
        assert again.texts == 4  # only what the interruption left
        assert np.allclose(vectors, HashingEmbedder().encode(texts))
