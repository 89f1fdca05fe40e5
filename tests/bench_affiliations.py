"""How fast the digest's affiliation extraction reads real front matters, in process:
`python -m tests.bench_affiliations [LABEL]` times every `.tex` fixture of the LaTeX sets (three
passes; the first is cold) and prints milliseconds per paper, and what loading the places list
costs. To compare two commits, run it in a worktree of each, side by side, as this machine is
noisy.
"""

from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

from monitor.daily import gazetteer
from tests.eval_affiliations import cases, judge

FIXTURES = Path(__file__).parent / "fixtures"


def main(label: str) -> None:
    places = gazetteer()
    _places_cost(label)
    papers = [c for folder in sorted(FIXTURES.glob("latex_*")) for c in cases(folder)]
    passes = []
    for _ in range(3):
        start = time.perf_counter()
        for case in papers:
            judge(case, places)
        passes.append(time.perf_counter() - start)
    print(
        f"{label}: {len(papers)} papers, first pass {passes[0]:.2f} s "
        f"({1000 * passes[0] / len(papers):.1f} ms/paper), best {min(passes):.2f} s "
        f"({1000 * min(passes) / len(papers):.1f} ms/paper)"
    )


def _places_cost(label: str) -> None:
    """What the world's places list (`monitor/places.py`, loaded once per process when a line
    is checked for a place) costs: seconds to load, and the process's peak resident memory
    before and after (where the attribute exists: a tree before places.py has none)."""
    try:
        from monitor.places import _names
    except ImportError:
        return
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    _names()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"{label}: places list loaded in {time.perf_counter() - start:.2f} s, peak resident "
        f"{before / 1024:.0f} -> {after / 1024:.0f} MiB"
    )


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "affiliations")
