"""A fast, deterministic stand-in embedder for unit tests (the real model is tested too)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np


class HashingEmbedder:
    """Bag of hashed words: texts sharing words get similar unit vectors."""

    model_id = "test-hashing-64"

    def __init__(self, dim: int = 64) -> None:
        self.dim = dim
        self.calls = 0
        self.texts = 0

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += 1
        self.texts += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"[a-z]+", text.lower()):
                out[i, int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
        out += 1e-6
        normalised: np.ndarray = out / np.linalg.norm(out, axis=1, keepdims=True)
        return normalised
