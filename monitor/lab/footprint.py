"""Where a day's memory goes: `python -m monitor.lab.footprint PROFILE CANDIDATES` ranks the
candidates as `radar rank` does (in a home, nothing cached) and prints, as JSON, the resident
memory (MiB) after each stage. `radar bench` runs it in a fresh process."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


def resident_mib(field: str = "VmRSS") -> float:
    """This process's resident set now (VmRSS) or its peak (VmHWM), in MiB (Linux)."""
    for line in Path("/proc/self/status").read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


_BASE = [0.0]


def reset_peak() -> None:
    """Start measuring a peak from now: the kernel resets VmHWM to the current RSS."""
    Path("/proc/self/clear_refs").write_text("5", encoding="utf-8")
    _BASE[0] = resident_mib()


def peak_since_reset() -> float:
    """How far above the resident set at `reset_peak` the peak has risen, in MiB."""
    return resident_mib("VmHWM") - _BASE[0]


def stages(profile: Path, candidates: Path) -> list[tuple[str, float]]:
    out = [("python + radar's CLI", resident_mib())]
    from monitor.config import load_settings
    from monitor.jsonl import read_papers
    from monitor.paper import paper_text
    from monitor.profile import profile_from_file

    settings = load_settings(None)
    items = profile_from_file(profile, settings.rank.read_weight, None)
    day = read_papers(candidates)
    out.append(("papers read", resident_mib()))
    import numpy as np

    from monitor.ranker import make_embedder, rank_papers

    embedder = make_embedder(settings)
    out.append(("model loaded", resident_mib()))
    texts = [paper_text(i.paper) for i in items] + [paper_text(p) for p in day]
    vectors = dict(zip(texts, embedder.encode(texts), strict=True))
    out.append(("list and day embedded", resident_mib()))

    class Cached:
        model_id = embedder.model_id

        def encode(self, batch: Sequence[str]) -> np.ndarray:
            return np.stack([vectors[t] for t in batch])

    rank_papers(items, day, Cached(), None)
    out.append(("ranked and explained", resident_mib()))
    return out


if __name__ == "__main__":
    print(json.dumps(stages(Path(sys.argv[1]), Path(sys.argv[2]))))
