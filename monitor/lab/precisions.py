"""What the int8 recipe buys (#13): the embedding rate and the agreement with the fp32
reference of each way OpenVINO can run the model, side by side in one process on the same real
abstracts: f32, bf16 (not quantised), the shipped int8 recipe, and every layer int8.
`python -m monitor.lab.precisions --data ../shared/data` (needs the export's torch, transformers
and NNCF; about three minutes here). Rounds alternate the variants, as this machine is noisy.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from monitor.assets import calibration_path
from monitor.config import load_settings
from monitor.embed import Embedder, TorchEmbedder, model_path
from monitor.embed_openvino import OpenVinoEmbedder
from monitor.jsonl import read_papers
from monitor.lab.evaluate import load_corpus
from monitor.paper import paper_text
from monitor.ranker import make_embedder


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True, help="the shared data folder")
    parser.add_argument("--papers", type=int, default=512)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    settings = load_settings()
    corpus = [p for _, p in load_corpus(args.data)]
    random.Random(7).shuffle(corpus)  # the bench's sample
    texts = [paper_text(p) for p in corpus[: args.papers]]
    shipped = make_embedder(settings)
    if not isinstance(shipped, OpenVinoEmbedder):
        raise SystemExit("the OpenVINO backend is not in use here ([rank] embed_backend)")
    path = model_path(settings.rank.model)
    reference = TorchEmbedder(path, settings.rank.model, settings.rank.max_tokens).encode(texts)
    rank = settings.rank  # the shipped recipe's calibration set
    calibration_file = settings.path(rank.calibration) if rank.calibration else calibration_path()
    calibration = [paper_text(p) for p in read_papers(calibration_file)]
    with contextlib.redirect_stdout(sys.stderr):  # NNCF's progress bars
        float_model, _ = shipped.converted(path, texts)
        every_layer = shipped.quantised(path, calibration, float_kept=False)
    variants: dict[str, Embedder] = {
        "f32 (not quantised)": shipped.recompiled(float_model, "f32", "f32"),
        "bf16 (not quantised)": shipped.recompiled(float_model, "bf16", "bf16"),
        f"shipped ({shipped.model_id.split('|', 1)[1]})": shipped,
        "every layer int8": shipped.recompiled(every_layer, "bf16", "int8-all"),
    }
    print(f"{len(texts)} real abstracts, the model's window; agreement with "
          f"sentence-transformers fp32 (cosine of each paper's two vectors)")  # fmt: skip
    for round_ in range(args.rounds):
        for name, embedder in variants.items():
            rate, vectors = _rate(embedder, texts)
            cosines = np.sum(vectors * reference, axis=1)
            print(f"  round {round_ + 1} {name:34} {rate:6.1f} papers/s, cosine mean "
                  f"{cosines.mean():.5f} min {cosines.min():.5f}", flush=True)  # fmt: skip


def _rate(embedder: Embedder, texts: Sequence[str]) -> tuple[float, np.ndarray]:
    embedder.encode(texts[:16])  # warm up
    started = time.perf_counter()
    vectors = embedder.encode(texts)
    return len(texts) / (time.perf_counter() - started), vectors


if __name__ == "__main__":
    main()
