"""The first page of a paper's PDF as lines: its text read with pypdf, accents and ligatures
repaired, and the header (the lines above the abstract or the body's first heading) with the
lines the page broke put back together. `pdf_header` picks the institutions from them.
"""

from __future__ import annotations

import io
import logging
import math
import re
import unicodedata
from dataclasses import dataclass

from pypdf import PageObject, PdfReader
from pypdf.errors import PyPdfError

from monitor.affiliation_lines import FUNDING, Known, clean_line
from monitor.errors import InputError
from monitor.field_units import field_named
from monitor.org_words import (
    UNIVERSITY,
    names_organisation,
    part_of_next,
    says_unit,
    shares_name,
)

ABSTRACT = re.compile(r"^\s*(abstract|a\s?b\s?s\s?t\s?r\s?a\s?c\s?t)(?![a-z])", re.I)  # `Abstract5`
# the body's first heading (`1 INTRODUCTION`, `I. INTRODUCTION`) and its line number: the header
# has ended, unless it names an organisation (llncs' `1 Singapore University of Technology and
# Design`); a later number is an entry's (`8 NVIDIA`)
_BODY = re.compile(
    r"^\s*(?:[01]\.?\s+[A-Z][A-Za-z ]*|I\.\s+[A-Z][A-Z ]*)\d*$"
)  # not `I. Goodfellow`
_HEADER_LINES = 60
# a line that goes on on the next: it ends in a joining word, or the next starts with one
_WRAPPED = re.compile(
    r"(?:\b(?:of|and|for|the|de|du|des|del|della|di|la|las|los|y|at|in)|&|"
    r"\b(?:Université|Universität|Universidad|Universidade|Università|Universitat|Technische|"
    r"Instituto|Istituto))$"  # not `Institut`, which ends German names (`Hasso Plattner Institut`)
)  # `… Université` + `Paris-Saclay, …`
# a place's first word ending an organisation's line: `University of California at Santa` +
# `Barbara` (not an author's name: `Wenyi Hong`)
_PLACE_BEGUN = re.compile(r"\b(?:Santa|San|Los|Las|New|Saint|St\.|Hong|Rio)$")
# … or is the name's last word, then its address: `Faculty of Science, Masaryk` + `University, …`
_CONTINUED = re.compile(
    r"^(?:(?:of|for|&)\s|\([^():]{1,40}\)(?:,|$)|"
    r"(?:University|Institute|College|Laboratory|Laboratories)(?:,|$)|"
    r"(?:de|du|des|di|del|della|für|zu|in)\s+[A-Z])"
)  # `(KIT), …`, `de Montréal (CRIUGM), …`, `…, Nanjing` + `University`, `in Wuxi`
# a name that goes on after "and": `University of Electronic Science` + `and Technology of China`
_AND_NAME = re.compile(r"\b(?:Science|Sciences|Engineering|Arts|Information|Economics)$")
# elsarticle's letter marks, a run of them in order (`aSchool …`, `b Institute …`)
_LETTERED = re.compile(r"^([a-j]) ?(?=[A-Z])")
# pypdf writes an accent beside its letter (`Universit¨at`): put them back together
_SPACING_ACCENTS = {"¨": "\u0308", "´": "\u0301", "`": "\u0300", "ˆ": "\u0302", "˜": "\u0303",
                    "¸": "\u0327", "ˇ": "\u030c", "˚": "\u030a", "¯": "\u0304", "˘": "\u0306",
                    "˙": "\u0307", "˝": "\u030b", "˛": "\u0328"}  # fmt: skip


# ligatures of fonts without a Unicode map come out as their slots in TeX's T1 and OT1
# encodings (`Contract.\x1ct` for `Contract.fit`; OT1's fl is a carriage return, left alone),
# or as Unicode's presentation forms; T1's dashes and TS1's daggers (a note's marks) too
_LIGATURES = str.maketrans(
    {"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl", "\x0b": "ff",
     "\x0c": "fi", "\x0e": "ffi", "\x0f": "ffl", "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl",
     "\ufb03": "ffi", "\ufb04": "ffl", "\x84": "†", "\x85": "‡",
     "\x15": "–", "\x16": "—"}
)  # fmt: skip


@dataclass(frozen=True)
class FirstPage:
    """A PDF's first page: its text, and the text set in its largest font (on a paper's first
    page, the title), which a reader of a local PDF has no other way to know."""

    text: str
    largest: str


def first_page_text(blob: bytes, name: str) -> str:
    """The text of page 1 (`first_page`), without reading its fonts' sizes (the digest has
    the title from arXiv)."""
    return first_page(blob, name, sizes=False).text


def first_page(blob: bytes, name: str, sizes: bool = True) -> FirstPage:
    """Page 1 (page 2 when page 1 is Elsevier's highlights or graphical abstract, which come
    before the title page), with its largest text when `sizes`; `InputError` when the PDF
    cannot be read (one error, without the parser's own warnings about the same damage)."""
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    sized: list[tuple[float, str]] | None = [] if sizes else None
    try:
        reader = PdfReader(io.BytesIO(blob))
        if not reader.pages:
            raise InputError(f"{name}: PDF has no pages")
        text = _sized_text(reader.pages[0], sized)
        if _BEFORE_TITLE.match(text) and len(reader.pages) > 1:
            sized = [] if sizes else None
            text = _sized_text(reader.pages[1], sized)
    except (PyPdfError, ValueError, KeyError, IndexError, TypeError) as err:
        raise InputError(f"{name}: PDF is unreadable ({type(err).__name__}: {err})") from err
    runs = sized or []
    top = max((size for size, _ in runs), default=0.0)
    largest = " ".join(" ".join(run.split()) for size, run in runs if size == top)
    return FirstPage(text.translate(_LIGATURES), largest.translate(_LIGATURES))


def _sized_text(page: PageObject, sized: list[tuple[float, str]] | None) -> str:
    """The page's text; with a list, each run of it with its size on the page (its font's
    size scaled by the text and graphics matrices) appended to it."""
    if sized is None:
        return page.extract_text() or ""

    def visit(text: str, cm: list[float], tm: list[float], _font: object, size: float) -> None:
        # not a run set sideways (arXiv's stamp in the margin, which is larger than titles)
        upright = abs(tm[1]) < 1e-6 and abs(cm[1]) < 1e-6
        if text.strip() and upright and not _STAMP.match(text):
            scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
            sized.append((round(size * scale, 1), text))

    return page.extract_text(visitor_text=visit) or ""


_STAMP = re.compile(r"\s*arXiv:\d{4}\.\d{4,5}")  # `arXiv:2401.01234v1 [cs.LG] 5 Jan 2024`


# the space TeX ate after `Ume\\aa`: `UmeåUniversity`
_GLUED = re.compile(r"(?<=[a-zà-ÿ])(?=(?:University|Universit[äé]t?|Institute|College)\b)")
_BEFORE_TITLE = re.compile(r"\s*(?:Highlights|Graphical Abstract)\s*\n", re.I)


def accented(text: str) -> str:
    """pypdf's `Universit¨at`, `Ingenier´ıa`, `M¯anoa` as `Universität`, `Ingeniería`, `Mānoa`
    (an accent before a lowercase letter; `d´Azur` keeps its apostrophe)."""
    accents = "".join(_SPACING_ACCENTS)
    return unicodedata.normalize(
        "NFC",
        re.sub(
            f"([{accents}])([a-zı])",
            lambda m: m[2].replace("ı", "i") + _SPACING_ACCENTS[m[1]],
            text,
        ),
    )


def header_lines(text: str, known: Known = lambda _line: False) -> list[str]:
    """The lines above the abstract or the body's first heading (at most 60, not counting a
    review copy's line numbers), accents repaired, elsarticle's letter marks removed and the
    lines the page broke put back together."""
    lines: list[str] = []
    unglued = _GLUED.sub(" ", accented(text))
    numbered = [x for x in unglued.splitlines() if not x.strip().isdigit()]
    for n, line in enumerate(numbered[:_HEADER_LINES]):
        if ABSTRACT.match(line) or (starts_body(line) and not _second_entry(numbered, n)):
            break
        # elsarticle's foot, below the affiliations (not a running head above the title)
        if line.startswith("Preprint submitted to") and any(map(names_organisation, lines)):
            break
        lines.append(line)
    return _unwrapped(_without_letter_marks(lines), known)


def _without_letter_marks(lines: list[str]) -> list[str]:
    """elsarticle's `aSchool of …` / `bInstitute …`: the lines whose letters run a, b, c, …
    in order lose them, and one line alone between two of them goes on the one above (`…,
    University Medical Center` + `Hamburg-Eppendorf, Hamburg, Germany`); a letter out of the
    run is a name's (`eBay Inc.`, `iFLYTEK`). One entry alone loses its `a` before an
    affiliation's usual first word (`aInstitute of Fundamental Technological Research, …`)."""
    out: list[str] = []
    marked: list[int] = []
    expected = "a"
    for line in lines:
        mark = _LETTERED.match(line)
        if mark and mark[1] == expected:
            line, expected = line[mark.end() :], chr(ord(expected) + 1)
            marked.append(len(out))
        out.append(line)
    if expected == "b" and _FIRST_WORD.match(out[marked[0]]):
        return out
    if expected <= "b":
        return lines
    joined = out[: marked[0] + 1]
    for n in range(marked[0] + 1, len(out)):
        between = n - 1 in marked and n + 1 in marked and n not in marked  # one line alone
        if between and _GOES_ON.match(out[n]) and not FUNDING.search(out[n]):
            joined[-1] = f"{joined[-1]} {out[n].strip()}"
        else:
            joined.append(out[n])
    return joined


# the rest of an entry the page broke (`Sciences, Leipzig, Germany`), not a note in brackets or
# after a colon (`(Corresponding author: Ann Lee)`)
_GOES_ON = re.compile(r"^\s*[A-Z][^:@()]*$")
# an affiliation's usual first word
_FIRST_WORD = re.compile(
    r"(?:The|Key|School|Dep|College|Institut|Universi|State|National|Faculty|Laborator|Lab|Cent|"
    r"Division|Graduate|Academ)[a-zé]*\b"
)


def _unwrapped(lines: list[str], known: Known) -> list[str]:
    """Lines the page broke put back together: `…, Chinese Academy of` + `Sciences`,
    `Computational Math-` + `ematics`, `Institute of Software` + `Chinese Academy of Sciences`,
    `… of Electronic Science` + `and Technology of China`, `Karlsruhe Institute` + `(KIT), …`,
    `Music Technology Group -` + `Universitat Pompeu Fabra` (a dash between words, no hyphen);
    a line `and X` after an organisation or a place is an organisation of its own."""
    out: list[str] = []
    for line in (x.strip() for x in lines):
        before = out[-1] if out else ""
        if not (before and line):
            out.append(line)
        elif before.endswith((" -", " –", " —")):  # `Music Technology Group -` + `Universitat …`
            out[-1] = f"{before} {line}"
        elif before.endswith("-"):  # `Math-` + `ematics`; `Max-Planck-` + `Institut`
            out[-1] = (before[:-1] if line[:1].islower() else before) + line
        elif line.startswith("and "):
            if _AND_NAME.search(before):
                out[-1] = f"{before} {line}"
            else:
                out.append(line[4:])  # `…, Hangzhou, China` + `and Hangzhou Institute of …`
        elif _WRAPPED.search(before) or _CONTINUED.match(line) or _listing(before, line):
            out[-1] = f"{before} {line}"
        elif _part_of_next_line(clean_line(before), line, known):
            out[-1] = f"{before}, {line}"
        else:
            out.append(line)
    return out


def _listing(before: str, line: str) -> bool:
    """An affiliation the page broke after a comma (`Department of …, Institute of Energy
    Technology,` + `Technische Universität Berlin, …`) or a place's first word (`University of
    California at Santa` + `Barbara`); not an author line (`Wenyi Hong`)."""
    broken = before.endswith(",") or _PLACE_BEGUN.search(before) is not None
    return broken and names_organisation(before)


def _unit_above(before: str, line: str, known: Known) -> bool:
    """A lab, team or centre on its own line above an organisation's (`Cybersecurity Lab` over
    `Japan Advanced Institute of …`), or an institute named by its field above a university's:
    read as one comma list, where a unit before a known
    organisation is part of it. One the gazetteer knows is an organisation of its own
    (`Samsung AI Center`, `Microsoft Research Lab`)."""
    field = field_named(before) and UNIVERSITY.search(line) is not None
    # or an institute above its faculty (`Macau Institute of Systems Engineering` over
    # `Faculty of Innovation Engineering`, over the university)
    institute = _INSTITUTE.match(before) is not None and says_unit(line)
    above = (says_unit(before) or field) and names_organisation(line)
    return "," not in before and (above or institute) and not known(before)


def _part_of_next_line(before: str, line: str, known: Known) -> bool:
    """Whether a line names units of the organisation the next line names (one unit, a unit
    above an organisation, or units alone)."""
    # an institute that carries the organisation's own name (not `Perimeter Institute for
    # Theoretical Physics, Department of Physics` over `University of Waterloo`)
    units = _units_only(before) and shares_name(before.split(",")[0], line)
    return part_of_next(before) or _unit_above(before, line, known) or units


def _units_only(line: str) -> bool:
    """Whether a line the page broke is units alone, an institute over a faculty (`Macau
    Institute of Systems Engineering, Faculty of Innovation Engineering`): their organisation
    may be on the next line."""
    parts = [p.strip() for p in line.split(",")]
    return len(parts) > 1 and all(part_of_next(p) or _INSTITUTE.match(p) for p in parts)


_INSTITUTE = re.compile(r"^(?!.*\buniversit)(?:[A-Z][\w-]*\s+){0,3}Institute\s+(?:of|for)\s", re.I)


def _second_entry(lines: list[str], n: int) -> bool:
    """Whether the line after a `1 X` line is `2 Y`: llncs' numbered institutes (`1 Adacore`,
    `2 École Normale Supérieure de Lyon`), not the body's first heading and its text."""
    return n + 1 < len(lines) and re.match(r"\s*2\s+\S", lines[n + 1]) is not None


def starts_body(line: str) -> bool:
    """Whether a line is the body's first heading (`1 Introduction`), not an llncs entry
    (`1 Singapore University of …`)."""
    return bool(_BODY.match(line)) and not names_organisation(line)
