"""Two `radar eval` outputs side by side: `python -m monitor.lab.compare A.md B.md [LIMIT]`
prints every table row whose figures differ by more than LIMIT (default 0.005) and the largest
difference of each section, e.g. the fp32 reference (`RADAR_RANK_EMBED_BACKEND=torch radar
eval`) against the default int8 path. Per-day columns are printed to two decimals, so they
differ by 0.01 when the underlying means differ by less."""

from __future__ import annotations

import re
import sys
from pathlib import Path

Row = tuple[str, str, list[float]]
_HEADS = ("| method", "| static", "| replay", "| estimated", "|---")


def rows(text: str) -> list[Row]:
    """(section, row name, every number in the row) of each table row."""
    out: list[Row] = []
    section = ""
    for line in text.splitlines():
        if line.startswith("**"):
            section = line.split("**")[1]
        elif line.startswith("| ") and not line.startswith(_HEADS):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            numbers = [float(x) for c in cells[1:] for x in re.findall(r"-?\d+\.\d+", c)]
            out.append((section, cells[0], numbers))
    return out


def differences(a: str, b: str, limit: float) -> list[str]:
    lines: list[str] = []
    worst: dict[str, float] = {}
    for (section, name, x), (_, other, y) in zip(rows(a), rows(b), strict=True):
        if name != other:
            raise SystemExit(f"the tables differ in shape: {name!r} vs {other!r}")
        gap = max((abs(p - q) for p, q in zip(x, y, strict=True)), default=0.0)
        worst[section] = max(worst.get(section, 0.0), gap)
        if gap > limit:
            lines.append(f"{section} / {name}: {gap:.3f}  ({x} vs {y})")
    lines += [f"largest difference in {s}: {g:.3f}" for s, g in worst.items()]
    return lines


if __name__ == "__main__":
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 0.005
    first, second = (Path(p).read_text(encoding="utf-8") for p in sys.argv[1:3])
    print("\n".join(differences(first, second, limit)))
