"""How well radar finds the institutions of real papers: `python -m tests.eval_affiliations`.

Reads the real front matters in tests/fixtures/latex_real/ (each copied from a public repository
of paper sources, its origin and the expected institutions in its header, written by reading
it), runs the digest's extraction on each (`radar affiliations`' path) and prints precision,
recall, the share of papers with all and only the right institutions, and the share with
nothing found (of the papers that print an organisation), per template family and overall,
with every miss and extra.
`python -m tests.eval_affiliations FOLDER` does the same for another folder: the held-out set
(tests/fixtures/latex_heldout) or the PDFs typeset from the real front matters
(tests/fixtures/pdf_real, read by the PDF fallback alone). Given several folders, it
pools them: the figures are those of one set made of all their papers.
"""

from __future__ import annotations

import posixpath
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from monitor.affiliations import Gazetteer
from monitor.daily import gazetteer
from monitor.local_paper import institutions
from monitor.name_keys import key
from monitor.places import is_place

REAL = Path(__file__).parent / "fixtures" / "latex_real"
_HEADER = re.compile(r"^%[ \t]*(source|family|expected):[ \t]*(.*)$", re.M)


@dataclass(frozen=True)
class Case:
    path: Path
    family: str
    expected: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    case: Case
    found: tuple[str, ...]
    missed: tuple[str, ...]
    extra: tuple[str, ...]


def cases(folder: Path = REAL) -> list[Case]:
    """The folder's front matters, or its PDFs (typeset from them by
    `tests/make_pdf_fixtures.py`: the expected institutions are the `.tex` file's)."""
    out = []
    for path in sorted([*folder.glob("*.tex"), *folder.glob("*.pdf")]):
        source = path if path.suffix == ".tex" else _typeset_from(path)
        lines = source.read_text(encoding="utf-8", errors="replace").splitlines()[:6]
        head = dict(_HEADER.findall("\n".join(lines)))  # a long `expected` line whole
        expected = tuple(e.strip() for e in head.get("expected", "").split(";") if e.strip())
        out.append(Case(path, head.get("family", "?").strip(), expected))
    return out


def _typeset_from(pdf: Path) -> Path:
    """The front matter a fixture PDF was typeset from (`tests/make_pdf_fixtures.py`)."""
    for folder in sorted(REAL.parent.glob("latex_*")):
        if (folder / f"{pdf.stem}.tex").is_file():
            return folder / f"{pdf.stem}.tex"
    raise FileNotFoundError(f"{pdf}: no front matter of that name in tests/fixtures/latex_*")


def same(found: str, expected: str, places: Gazetteer) -> bool:
    """One institution, however written: the same name (with or without the short form in
    brackets after it: `… Toulouse Institute (ANITI)`), or the same gazetteer entry for the
    whole name or for the words it starts with (a unit or an arm written after its
    organisation's name, which the labelling rules fold into it: `Google Brain`, `JD AI
    Research`, `Inria Lille Nord-Europe`); not an entry found further inside it (`Hamad Bin
    Khalifa University` is not Khalifa University, though the extractor, and this judge
    with it, once read it so)."""
    if key(_unbracketed(found)) == key(_unbracketed(expected)) or _campus(found, expected):
        return True
    entry = places.named(found)
    words = expected.split()
    return entry is not None and any(
        places.named(" ".join(words[:n])) == entry for n in range(len(words), 0, -1)
    )


def _campus(found: str, expected: str) -> bool:
    """Whether the found name is the expected one with a town after it (`Montana State
    University Bozeman`, `The University of Tennessee, Knoxville`)."""
    head, whole = key(expected), key(found)
    return whole.startswith(head + " ") and is_place(whole[len(head) + 1 :])


_FROM = re.compile(r"^% --- from (\S+)(?: \(\S+\))? ---$", re.M)  # `(URL)` may follow the path
_SOURCE_PATH = re.compile(r"^% source: https://github\.com/[^/]+/[^/]+/blob/[0-9a-f]+/(\S+)", re.M)


def _paper(case: Case, scratch: str) -> Path:
    """The excerpt as the repository has it: a file that quotes the files it `\\input`s
    after `% --- from PATH ---` lines is split back into them, in a folder."""
    text = (
        case.path.read_text(encoding="utf-8", errors="replace")
        if case.path.suffix == ".tex"
        else ""
    )
    parts = _FROM.split(text)
    source = _SOURCE_PATH.search(text)
    if len(parts) < 3 or not source:
        return case.path
    folder = Path(scratch)
    main = source.group(1)
    quoted = {_beside(main, n): body for n, body in zip(parts[1::2], parts[2::2], strict=True)}
    files = {main: parts[0], **quoted}
    for name, body in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(body, encoding="utf-8")
    return folder


def _beside(main: str, name: str) -> str:
    """A quoted file's path in the repository: as written (`paper/authors.tex`), or, written
    relative to the main file (`../authors.tex`), resolved from its folder."""
    if not name.startswith(("../", "./")):
        return name
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(main), name))
    if resolved.startswith("../"):
        raise ValueError(f"{main}: quoted file {name} is outside the repository")
    return resolved


def _unbracketed(name: str) -> str:
    """The name without a short form in brackets or after a dash (`… "Alessandro Faedo" -
    ISTI-CNR`), nor the academy its institute is written with (`Shanghai Astronomical
    Observatory, Chinese Academy of Sciences`, `…, CAS`)."""
    name = re.sub(r"\s*\([^()]*\)$|\s+[–—-]+\s+[A-Z][A-Z0-9-]+$", "", name)
    return _ACADEMY.sub("", name)


# … or by its short form (`Institute of Information Engineering, CAS`)
_ACADEMY = re.compile(
    r",\s*(?:(?:the\s+)?(?:Chinese|Russian|Polish) Academy of Sciences|CAS|RAS|PAS)$", re.I
)


def judge(case: Case, places: Gazetteer) -> Outcome:
    with tempfile.TemporaryDirectory(prefix="radar-eval-") as scratch:
        found = tuple(i.institution.english for i in institutions(_paper(case, scratch), places))
    return compare(case, found, places)


def compare(case: Case, found: tuple[str, ...], places: Gazetteer) -> Outcome:
    """The found names against the case's expected ones: what was missed, what is extra."""
    missed = tuple(e for e in case.expected if not any(same(f, e, places) for f in found))
    extra = tuple(f for f in found if not any(same(f, e, places) for e in case.expected))
    return Outcome(case, found, missed, extra)


def scores(outcomes: Sequence[Outcome]) -> dict[str, float]:
    expected = sum(len(o.case.expected) for o in outcomes)
    found = sum(len(o.found) for o in outcomes)
    hits = expected - sum(len(o.missed) for o in outcomes)
    right = found - sum(len(o.extra) for o in outcomes)
    named = [o for o in outcomes if o.case.expected]
    return {
        "papers": len(outcomes),
        "precision": right / found if found else 0.0,
        "recall": hits / expected if expected else 0.0,
        "exact": sum(1 for o in outcomes if not o.missed and not o.extra) / len(outcomes),
        # of the papers that print an organisation: one that prints none is right to give none
        "nothing": sum(1 for o in named if not o.found) / len(named) if named else 0.0,
    }


def counts(outcomes: Sequence[Outcome]) -> str:
    """The counts behind the shares, so that sets measured at different commits can be pooled."""
    named = [o for o in outcomes if o.case.expected]
    return (
        f"{sum(len(o.found) for o in outcomes)} found, {sum(len(o.extra) for o in outcomes)} "
        f"wrong; {sum(len(o.case.expected) for o in outcomes)} expected, "
        f"{sum(len(o.missed) for o in outcomes)} missed; {len(named)} papers print an "
        f"organisation, {sum(1 for o in named if not o.found)} of them gave nothing"
    )


def main(argv: Sequence[str]) -> None:
    places = gazetteer()
    folders = [Path(a) for a in argv] or [REAL]  # several: pooled, as one set
    outcomes = [judge(c, places) for folder in folders for c in cases(folder)]
    families: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        families[o.case.family.split(":")[0]].append(o)
    print(f"{'':20} {'papers':>6} {'precision':>9} {'recall':>7} {'exact':>6} {'nothing':>7}")
    for name, group in [*sorted(families.items()), ("all", outcomes)]:
        s = scores(group)
        print(f"{name:20} {s['papers']:6.0f} {s['precision']:9.2f} {s['recall']:7.2f} "
              f"{s['exact']:6.2f} {s['nothing']:7.2f}")  # fmt: skip
    print(f"\n{counts(outcomes)}")
    for o in outcomes:
        if o.missed or o.extra:
            print(f"\n{o.case.path.name}: missed {list(o.missed)}; extra {list(o.extra)}")


if __name__ == "__main__":
    main(sys.argv[1:])
