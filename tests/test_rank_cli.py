"""`radar rank` and `radar eval` through the real entry point, with the real model."""

from __future__ import annotations

import gzip
import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from monitor.assets import calibration_path, demo_curated
from monitor.config import load_settings
from monitor.embed import PACKAGED, TorchEmbedder, load_embedder, model_path
from monitor.errors import InputError
from monitor.jsonl import read_papers
from monitor.lab.bench import evaluate
from monitor.paper import paper_text

from .conftest import run_radar
from .fakes import HashingEmbedder

CURATED = demo_curated()
TORCH = {"RADAR_RANK_EMBED_BACKEND": "torch"}


def _day_candidates(test_data: Path, tmp_path: Path) -> tuple[Path, int]:
    """BitPipe (pipeline parallelism, cs.DC) among the other cs.LG papers of its listing day."""
    subset = test_data / "corpus" / "daydayarxiv" / "bitpipe.jsonl"
    bitpipe = next(json.loads(x) for x in subset.open() if '"2410.19367"' in x)
    corpus = next((test_data / "corpus" / "daydayarxiv").glob("csAI_listing_2024_*.jsonl.gz"))
    with gzip.open(corpus, "rt", encoding="utf-8") as handle:
        day = [json.loads(x) for x in handle if '"listing_date": "2024-10-25"' in x]
    others = [r for r in day if "cs.DC" not in r["categories"] and "cs.LG" in r["categories"]]
    records: list[dict[str, Any]] = [*others, bitpipe]
    path = tmp_path / "candidates.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path, len(records)


def test_rank_cli_puts_the_on_topic_paper_first_and_explains_it(
    home: Path, test_data: Path, tmp_path: Path
) -> None:
    assert run_radar("sync", "--offline", "--from-jsonl", str(CURATED), home=home).returncode == 0
    candidates, count = _day_candidates(test_data, tmp_path)
    assert count > 40
    result = run_radar(
        "rank",
        "--profile",
        str(home / "data" / "reading_list.md"),
        "--candidates",
        str(candidates),
        "--format",
        "jsonl",
        home=home,
        env=TORCH,
    )
    assert result.returncode == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == count
    assert [r["rank"] for r in rows] == list(range(1, count + 1))
    assert all(a["score"] >= b["score"] for a, b in itertools.pairwise(rows))
    best = rows[0]
    assert best["id"] == "2410.19367"
    assert best["section"] == "LLM Training / Distributed Training"
    assert any("Pipe" in n["title"] for n in best["nearest"])
    assert 1 <= len(best["nearest"]) <= 3 and "pipeline" in " ".join(best["terms"])
    # embeddings were cached: a second run embeds nothing new
    cached = run_radar(
        "rank",
        "--profile",
        str(home / "data" / "reading_list.md"),
        "--candidates",
        str(candidates),
        "--top",
        "1",
        home=home,
        env=TORCH,
    )
    assert [json.loads(x)["id"] for x in cached.stdout.splitlines()] == ["2410.19367"]
    # a shortlist of 20: the 20 nearest and 5 drawn from the rest, the best paper still first
    listed = str(home / "data" / "reading_list.md")
    short = run_radar("rank", "--profile", listed, "--candidates", str(candidates),
                      "--shortlist", "20", home=home, env=TORCH)  # fmt: skip
    assert json.loads(short.stdout.splitlines()[0])["id"] == "2410.19367"
    assert len(short.stdout.splitlines()) == 25
    assert (
        f"{count} candidates: scored the 20 most similar to the list and 5 drawn from the rest "
        f"(--shortlist 20); {count - 25} left out"
    ) in short.stderr


def test_rank_cli_bad_input_is_one_line(home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "c.jsonl"
    bad.write_text('{"id": "1", "title": "t", "abstract": "a"}\n{"title": "no id"}\n')
    result = run_radar(
        "rank",
        "--profile",
        str(home / "data" / "reading_list.md"),
        "--candidates",
        str(bad),
        home=home,
        env=TORCH,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"radar: error: {bad}:2: a paper needs 'id' and 'title'"


@pytest.fixture
def eval_data(test_data: Path, tmp_path: Path) -> Path:
    """The layout `radar eval --data` reads: curated papers and corpus excerpts."""
    data = tmp_path / "eval-data"
    (data / "curated").mkdir(parents=True)
    shutil.copy(demo_curated(), data / "curated" / "reading_list.jsonl")
    (data / "corpus").mkdir()
    (data / "corpus" / "daydayarxiv").symlink_to(test_data / "corpus" / "daydayarxiv")
    return data


def test_eval_is_deterministic(home: Path, eval_data: Path) -> None:
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    first = evaluate(settings, None, HashingEmbedder, eval_data, blocks=1, min_size=60, seed=3)
    again = evaluate(settings, None, HashingEmbedder, eval_data, blocks=1, min_size=60, seed=3)
    assert first.markdown() == again.markdown()
    assert [s.held_out for s in first.splits] == [41, 11]
    assert set(first.splits[0].table) == {
        "radar",
        "arxiv-sanity-lite (TF-IDF + SVM)",
        "zotero-arxiv-daily (MiniLM, recency-weighted)",
    }
    assert all(len(b.papers) >= 60 for b in first.blocks)


def test_eval_fails_loudly_without_data(home: Path, tmp_path: Path) -> None:
    settings = load_settings(env={"RADAR_HOME": str(home)}, home=home)
    with pytest.raises(InputError, match=r"reading_list\.jsonl: cannot read"):
        evaluate(settings, None, HashingEmbedder, tmp_path)
    result = run_radar("eval", "--data", str(tmp_path), home=home, env=TORCH)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"radar: error: {tmp_path}/curated/reading_list.jsonl: cannot read (No such file or "
        "directory)"
    ]


def test_real_model_paths_agree(model_cache: Path) -> None:
    """The packaged model loads offline; the int8 OpenVINO path (exported once per user into
    the session's cache, calibrated on the shipped set) agrees with the fp32 one."""
    texts = [
        "Pipeline parallelism splits a model into stages across GPUs.",
        "Mixture-of-experts layers route tokens to experts with all-to-all communication.",
        "A convolutional network for skin lesion classification.",
    ]
    reference = TorchEmbedder(model_path(PACKAGED), PACKAGED).encode(texts)
    assert reference.shape == (3, 384)
    assert np.allclose(np.linalg.norm(reference, axis=1), 1.0, atol=1e-5)
    assert reference[0] @ reference[1] > reference[0] @ reference[2]
    calibration = [paper_text(p) for p in read_papers(calibration_path())]
    fast = load_embedder(PACKAGED, "openvino-int8", model_cache, lambda: calibration)
    assert fast.model_id.endswith("openvino-int8-v2")
    agreement = np.sum(fast.encode(texts) * reference, axis=1)
    assert agreement.min() > 0.99, agreement
    assert list(model_cache.glob("*/model.xml"))  # exported once, cached
    again = load_embedder(PACKAGED, "openvino-int8", model_cache, lambda: [])  # cached: unused
    assert np.allclose(again.encode(texts), fast.encode(texts), atol=1e-6)


def test_the_int8_path_runs_without_torch_transformers_or_nncf(model_cache: Path) -> None:
    """Once exported, embedding needs only OpenVINO and tokenizers (a daily run's memory)."""
    calibration = [paper_text(p) for p in read_papers(calibration_path())]
    load_embedder(PACKAGED, "openvino-int8", model_cache, lambda: calibration)  # the export
    probe = (
        "import sys; from pathlib import Path; from monitor.embed import load_embedder, PACKAGED;"
        f"e = load_embedder(PACKAGED, 'openvino-int8', Path({str(model_cache)!r}), list);"
        "e.encode(['Pipeline parallelism.']);"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    assert "openvino" in loaded
    assert {"torch", "transformers", "nncf", "sentence_transformers"} & set(loaded) == set()


def test_the_int8_path_tokenizes_as_transformers_does(model_cache: Path) -> None:
    from transformers import AutoTokenizer

    texts = [
        "Fast $\\mathcal{O}(n)$ all-to-all for MoE: 1.8$\\times$ speed-up & <b>tags</b>. " * 20,
        "Ünïcödé résumé naïve — “quotes”",
        "short",
    ]
    fast = load_embedder(PACKAGED, "openvino-int8", model_cache, list, max_tokens=64)
    assert fast.model_id.endswith("openvino-int8-v2|64tok")  # another window, cached apart
    hf = AutoTokenizer.from_pretrained(str(model_path(PACKAGED)))
    for idx, batch in fast._batches(texts):  # type: ignore[attr-defined]
        expected = hf([texts[i] for i in idx], padding=True, truncation=True, max_length=64,
                      return_tensors="np")  # fmt: skip
        for name, values in batch.items():
            assert np.array_equal(values, expected[name]), name
    full = load_embedder(PACKAGED, "openvino-int8", model_cache, list)
    assert fast.encode(texts)[2] @ full.encode(texts)[2] > 0.999  # a short text: no cut
    assert fast.encode(texts)[0] @ full.encode(texts)[0] < 0.999  # a long one: cut at 64
