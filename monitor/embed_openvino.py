"""The fast embedding path: the sentence-transformers model exported to OpenVINO, int8.

Export and quantisation run once per (model, recipe) and are cached as OpenVINO IR under the
models cache directory; later runs only load the IR. Inference batches texts by length (little
padding) and keeps the CPU's two streams busy with an async queue. Running needs only OpenVINO
and the `tokenizers` library (the model's own tokenizer.json): torch, transformers and NNCF
are imported by the one-time export alone, which keeps a daily run's memory and start-up small.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import inspect
import json
import logging
import os
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from monitor.embed import EmbedError, pooling_config, window_id
from monitor.home import exclusive

log = logging.getLogger(__name__)
# The model's inputs, from these fields of a tokenizers Encoding.
_FIELDS = {"input_ids": "ids", "attention_mask": "attention_mask", "token_type_ids": "type_ids"}


def _tokenizer(path: Path) -> Any:
    """The model's fast tokenizer as transformers would run it: padded to the batch's longest
    text (tokenizer.json may fix a length), with the model's [PAD] token."""
    from tokenizers import Tokenizer

    file = path / "tokenizer.json"
    if not file.is_file():
        raise EmbedError(f"{path}: the OpenVINO path needs the model's tokenizer.json")
    tokenizer = Tokenizer.from_file(str(file))
    config = path / "tokenizer_config.json"
    settings = json.loads(config.read_text(encoding="utf-8")) if config.is_file() else {}
    pad = settings.get("pad_token") or "[PAD]"
    pad = str(pad["content"] if isinstance(pad, dict) else pad)  # older configs: an AddedToken
    pad_id = tokenizer.token_to_id(pad)
    if pad_id is None:
        raise EmbedError(f"{path}: the tokenizer has no padding token {pad!r}")
    tokenizer.enable_padding(pad_id=pad_id, pad_token=pad)
    return tokenizer


class OpenVinoEmbedder:
    """Mean-pooled, normalised embeddings from an int8 OpenVINO model."""

    def __init__(
        self,
        path: Path,
        name: str,
        cache_dir: Path,
        calibration: Callable[[], Sequence[str]],
        recipe: str,
        max_tokens: int = 0,
    ) -> None:
        import openvino as ov

        config = pooling_config(path)
        if not config.get("pooling_mode_mean_tokens"):
            raise EmbedError(f"{path}: the OpenVINO path supports mean-pooling models only")
        self.max_length = config["max_seq_length"]
        self.tokenizer = _tokenizer(path)
        self.model_id = f"{name}|openvino-{recipe}{window_id(max_tokens)}"
        self.core = ov.Core()
        self._compile(self._cached_model(self.core, path, cache_dir, calibration, recipe), "bf16")
        if max_tokens:  # after the export, which is calibrated on the model's own window
            self.max_length = min(max_tokens, self.max_length)

    def _compile(self, model: Any, precision: str) -> None:
        self.compiled = self.core.compile_model(
            model, "CPU", {"INFERENCE_PRECISION_HINT": precision, "PERFORMANCE_HINT": "THROUGHPUT"}
        )
        streams = int(self.compiled.get_property("OPTIMAL_NUMBER_OF_INFER_REQUESTS"))
        self.infer = [self.compiled.create_infer_request() for _ in range(max(1, streams))]
        self.names = [i.get_any_name() for i in model.inputs]
        self.dim = int(model.outputs[0].get_partial_shape()[2].get_length())

    def recompiled(self, model: Any, precision: str, label: str) -> OpenVinoEmbedder:
        """The same tokenizer, batching and pooling running another model or precision (the
        lab's comparison of recipes, `monitor.lab.precisions`)."""
        other = copy.copy(self)
        other._compile(model, precision)
        parts = self.model_id.split("|")  # name|openvino-RECIPE[|Ntok]
        other.model_id = "|".join([parts[0], f"openvino-{label}", *parts[2:]])
        return other

    def _cached_model(
        self,
        core: Any,
        path: Path,
        cache_dir: Path,
        calibration: Callable[[], Sequence[str]],
        recipe: str,
    ) -> Any:

        # The recipe names the quantisation and its calibration set; the weights' head
        # tells models apart without reading hundreds of MB.
        with (path / "model.safetensors").open("rb") as weights:
            head = weights.read(1 << 20)
        digest = hashlib.sha256(head + recipe.encode()).hexdigest()[:16]
        target = cache_dir / f"{path.name}-{digest}" / "model.xml"
        if target.is_file():
            return core.read_model(str(target))
        target.parent.mkdir(parents=True, exist_ok=True)
        with exclusive(target.parent / ".export.lock"):  # another process may be exporting
            if not target.is_file():
                self._export(path, target, calibration)
        return core.read_model(str(target))

    def _export(self, path: Path, target: Path, calibration: Callable[[], Sequence[str]]) -> None:
        import openvino as ov

        log.warning(
            "exporting %s to OpenVINO int8, once (about a minute; cached in %s)",
            path.name,
            target.parent,
        )
        # NNCF draws progress bars on stdout and the tracer warns about branches that do not
        # apply here; keep stdout for the command's output (`radar rank` prints JSONL).
        with contextlib.redirect_stdout(sys.stderr), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            model = self.quantised(path, list(calibration()))
        tmp = target.with_name(f"model.tmp{os.getpid()}.xml")
        ov.save_model(model, str(tmp))
        tmp.with_suffix(".bin").replace(target.with_suffix(".bin"))
        tmp.replace(target)  # the .xml last: its presence means the export is whole

    def converted(self, path: Path, texts: Sequence[str]) -> tuple[Any, Any]:
        """The model as a float OpenVINO model, traced on `texts`, and the inputs it takes."""
        import openvino as ov
        import torch
        from transformers import AutoModel

        from monitor.embed import quiet_transformers

        quiet_transformers()
        hf = AutoModel.from_pretrained(str(path)).eval()
        takes = inspect.signature(hf.forward).parameters  # not every model has token types
        _, first = next(self._batches(texts[:2]))
        example = {k: torch.from_numpy(v) for k, v in first.items() if k in takes}
        with torch.no_grad():
            return ov.convert_model(hf, example_input=example), takes

    def quantised(self, path: Path, calibration: Sequence[str], float_kept: bool = True) -> Any:
        """The int8 model, calibrated on real texts; with `float_kept` (the shipped recipe,
        int8-v2) the first two layers, the last and the FFN output projections stay float."""
        import nncf

        nncf.set_log_level(logging.ERROR)  # its INFO lines go to stdout, past any redirect
        if not calibration:
            raise EmbedError("the int8 export needs calibration texts")
        model, takes = self.converted(path, calibration)
        names = [op.get_friendly_name() for op in model.get_ops() if op.get_type_name() == "MatMul"]
        last = max(int(n.split("layer.")[1].split(".")[0]) for n in names if "layer." in n)
        float_layers = {"layer.0.", "layer.1.", f"layer.{last}."}  # int8-v2: the agreement
        keep = [
            n
            for n in names
            if ("output.dense" in n and "attention" not in n) or any(f in n for f in float_layers)
        ]
        batches = [
            {k: v for k, v in b.items() if k in takes} for _, b in self._batches(calibration)
        ]
        return nncf.quantize(
            model,
            nncf.Dataset(batches),
            model_type=nncf.ModelType.TRANSFORMER,
            subset_size=len(batches),
            ignored_scope=nncf.IgnoredScope(names=keep if float_kept else []),
        )

    def _batches(self, texts: Sequence[str], size: int = 8) -> Iterator[tuple[Any, dict[str, Any]]]:
        order = np.argsort([-len(t) for t in texts], kind="stable")
        self.tokenizer.enable_truncation(self.max_length)
        for start in range(0, len(texts), size):
            idx = order[start : start + size]
            enc = self.tokenizer.encode_batch([texts[i] for i in idx])
            yield idx, {k: np.array([getattr(e, f) for e in enc]) for k, f in _FIELDS.items()}

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Embeddings in input order. Batches alternate between the streams' infer requests;
        results are collected on this thread (no Python callbacks run on OpenVINO's threads,
        which could deadlock with the GIL when the model is freed)."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        slots: list[tuple[Any, Any, np.ndarray] | None] = [None] * len(self.infer)
        for n, (idx, batch) in enumerate(self._batches(texts)):
            slot = n % len(self.infer)
            self._collect(slots[slot], out)
            request = self.infer[slot]
            request.start_async({k: batch[k] for k in self.names})
            slots[slot] = (request, idx, batch["attention_mask"])
        for pending in slots:
            self._collect(pending, out)
        return out

    @staticmethod
    def _collect(pending: tuple[Any, Any, np.ndarray] | None, out: np.ndarray) -> None:
        if pending is None:
            return
        request, idx, mask = pending
        request.wait()
        hidden = request.get_output_tensor(0).data
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(1) / np.clip(weights.sum(1), 1e-9, None)
        out[idx] = pooled / np.linalg.norm(pooled, axis=1, keepdims=True)
