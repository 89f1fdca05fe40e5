"""How far two readers agree on papers' institutions, and the extractor beside them:
`python -m tests.agree_affiliations FOLDER [FOLDER …]`.

A held-out folder's `% expected:` lines are its first reader's labels. A second reader, who never
saw them (nor the code), labelled the same excerpts by the same rules into the folder's
`second_reader.txt` (`FILE.tex: A; B; C`, one line a file). The same judge as
`tests.eval_affiliations` then scores the second reader against the first, which says how much
of the extractor's distance from the first reader is the labels' own: where two careful readers
differ, a single reader's label is no ground truth. Printed, pooled over the folders: the second
reader against the first; the extractor against each; the extractor on the papers both readers
labelled alike; and the share of papers on which the extractor agrees exactly with one reader.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from monitor.affiliations import Gazetteer
from monitor.daily import gazetteer
from tests.eval_affiliations import Case, Outcome, cases, compare, judge, scores

SECOND = "second_reader.txt"
_LINE = re.compile(r"^([^:\s][^:]*\.tex):[ \t]*(.*)$")


def second_labels(folder: Path) -> dict[str, tuple[str, ...]]:
    """The second reader's labels of the folder's excerpts, by file name."""
    path = folder / SECOND
    labels: dict[str, tuple[str, ...]] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        match = _LINE.match(line.strip())
        if not match:
            raise ValueError(f"{path}:{number}: not `FILE.tex: A; B`: {line!r}")
        labels[match.group(1)] = tuple(n.strip() for n in match.group(2).split(";") if n.strip())
    return labels


def readings(folder: Path) -> list[tuple[Case, Case]]:
    """Each excerpt as the first reader labelled it, and as the second did."""
    labels = second_labels(folder)
    pairs = []
    for case in cases(folder):
        if case.path.name not in labels:
            raise ValueError(f"{folder / SECOND}: no line for {case.path.name}")
        pairs.append((case, replace(case, expected=labels[case.path.name])))
    return pairs


def _exact(outcome: Outcome) -> bool:
    return not outcome.missed and not outcome.extra


def report(pairs: Sequence[tuple[Case, Case]], places: Gazetteer) -> list[str]:
    """The figures, a line each, then the papers on which the readers differ."""
    readers = [compare(first, second.expected, places) for first, second in pairs]
    by_first = [judge(first, places) for first, _ in pairs]
    by_second = [
        compare(second, o.found, places) for (_, second), o in zip(pairs, by_first, strict=True)
    ]
    agreed = [o for o, r in zip(by_first, readers, strict=True) if _exact(r)]
    either = sum(1 for a, b in zip(by_first, by_second, strict=True) if _exact(a) or _exact(b))
    rows = [
        ("second reader against the first", readers),
        ("extractor against the first reader", by_first),
        ("extractor against the second reader", by_second),
        ("extractor, papers the readers agree on", agreed),
    ]
    lines = [f"{'':42} {'papers':>6} {'precision':>9} {'recall':>7} {'exact':>6} {'nothing':>7}"]
    for name, group in rows:
        s = scores(group) if group else {"papers": 0.0}
        lines.append(
            f"{name:42} {s['papers']:6.0f} {s.get('precision', 0):9.2f} "
            f"{s.get('recall', 0):7.2f} {s.get('exact', 0):6.2f} {s.get('nothing', 0):7.2f}"
        )
    lines.append(f"extractor exactly right for one reader or both: {either / len(pairs):.2f}")
    for r in readers:
        if not _exact(r):
            lines.append(
                f"\n{r.case.path.parent.name}/{r.case.path.name}: first only "
                f"{list(r.missed)}; second only {list(r.extra)}"
            )
    return lines


def main(argv: Sequence[str]) -> None:
    places = gazetteer()
    pairs = [pair for folder in argv for pair in readings(Path(folder))]
    print("\n".join(report(pairs, places)))


if __name__ == "__main__":
    main(sys.argv[1:])
