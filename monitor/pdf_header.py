"""Affiliations from the first page of a paper's PDF, for papers without usable LaTeX.

The header is the text above the abstract. A line is kept when it names an institution (the
gazetteer knows it, or it says `University`, `Institute`, `Lab`…) and is neither the title nor
the author line. Superscript markers (`1Tsinghua University 2Peking University`) split a line.
Everything kept is text of the PDF; nothing is guessed. Pure: the bytes come from `feeds`.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata

from pypdf import PdfReader
from pypdf.errors import PyPdfError

from monitor.affiliation_lines import (
    WORK_AT,
    Known,
    clean_line,
    first_sentence,
    looks_institutional,
    note_lines,
)
from monitor.errors import InputError
from monitor.org_words import (
    folded,
    mail_domains,
    names_domain,
    names_organisation,
    part_of_next,
    says_unit,
)
from monitor.paper import normalize_title

_ABSTRACT = re.compile(r"^\s*(abstract|a\s?b\s?s\s?t\s?r\s?a\s?c\s?t)\b", re.I)
# the body's first heading (`1 INTRODUCTION`, `I. INTRODUCTION`): the header has ended, unless
# it names an organisation (llncs' `1 Singapore University of Technology and Design`)
_BODY = re.compile(r"^\s*(?:[0-9]+\.?|[IVX]+\.)\s+[A-Z][A-Za-z ]*$")
_HEADER_LINES = 60
_MARKER = re.compile(
    r"(?:(?<=[ \t])|^)[0-9*∗⋆†‡§¶∥‖]{1,3}(?=[A-Z])"
    # elsarticle's letters before an affiliation's usual first word: `aThe State Key Lab…`
    r"|^[a-f](?=(?:The|Key|School|Dep|College|Institut|Universi|State|National|Faculty|"
    r"Laborator|Lab|Cent|Division|Graduate|Academ)[a-zé]*\b)"
)
# British and Canadian postcodes (`NW5 3AQ`, `WC1E 6BT`, `M5S 3G4`), whose second half is no
# footnote mark followed by a name: their space becomes a no-break one before markers split
_POSTCODE = re.compile(r"\b([A-Z]{1,2}[0-9][A-Z0-9]?|[A-Z][0-9][A-Z]) ([0-9][A-Z][A-Z0-9])\b")
# a line that goes on on the next: it ends in a joining word, or the next starts with one
_WRAPPED = re.compile(r"(?:\b(?:of|and|for|the|de|du|des|at|in)|&)$")
# a place's first word ending an organisation's line: `University of California at Santa` +
# `Barbara` (not an author's name: `Wenyi Hong`)
_PLACE_BEGUN = re.compile(r"\b(?:Santa|San|Los|Las|New|Saint|St\.|Hong|Rio)$")
# … or is the name's last word, then its address: `Faculty of Science, Masaryk` + `University, …`
_CONTINUED = re.compile(
    r"^(?:(?:of|for|&)\s|\([^():]{1,40}\)(?:,|$)|(?:University|Institute|College),)"
)  # `(KIT), …`
# a name that goes on after "and": `University of Electronic Science` + `and Technology of China`
_AND_NAME = re.compile(r"\b(?:Science|Sciences|Engineering|Arts|Information|Economics)$")
# elsarticle's letter marks, a run of them in order (`aSchool …`, `b Institute …`)
_LETTERED = re.compile(r"^([a-j]) ?(?=[A-Z])")
# pypdf writes an accent beside its letter (`Universit¨at`): put them back together
_SPACING_ACCENTS = {"¨": "\u0308", "´": "\u0301", "`": "\u0300", "ˆ": "\u0302", "˜": "\u0303",
                    "¸": "\u0327", "ˇ": "\u030c", "˚": "\u030a"}  # fmt: skip


# ligatures of fonts without a Unicode map come out as their slots in TeX's T1 and OT1
# encodings (`Contract.\x1ct` for `Contract.fit`; OT1's fl is a carriage return, left alone),
# or as Unicode's presentation forms
_LIGATURES = str.maketrans(
    {"\x1b": "ff", "\x1c": "fi", "\x1d": "fl", "\x1e": "ffi", "\x1f": "ffl", "\x0b": "ff",
     "\x0c": "fi", "\x0e": "ffi", "\x0f": "ffl", "\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl",
     "\ufb03": "ffi", "\ufb04": "ffl"}
)  # fmt: skip


def first_page_text(blob: bytes, name: str) -> str:
    """The text of page 1; `InputError` when the PDF cannot be read (one error, without the
    parser's own warnings about the same damage)."""
    logging.getLogger("pypdf").setLevel(logging.ERROR)
    try:
        reader = PdfReader(io.BytesIO(blob))
        if not reader.pages:
            raise InputError(f"{name}: PDF has no pages")
        return (reader.pages[0].extract_text() or "").translate(_LIGATURES)
    except (PyPdfError, ValueError, KeyError, IndexError, TypeError) as err:
        raise InputError(f"{name}: PDF is unreadable ({type(err).__name__}: {err})") from err


def _accented(text: str) -> str:
    """pypdf's `Universit¨at`, `Ingenier´ıa` as `Universität`, `Ingeniería` (an accent before a
    lowercase letter; `d´Azur` keeps its apostrophe)."""
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
    numbered = [x for x in _accented(text).splitlines() if not x.strip().isdigit()]
    for line in numbered[:_HEADER_LINES]:
        if _ABSTRACT.match(line) or _starts_body(line):
            break
        lines.append(line)
    return _unwrapped(_without_letter_marks(lines), known)


def _without_letter_marks(lines: list[str]) -> list[str]:
    """elsarticle's `aSchool of …` / `bInstitute …`: the lines whose letters run a, b, c, …
    in order lose them; a letter out of the run is a name's (`eBay Inc.`, `iFLYTEK`)."""
    out, expected = [], "a"
    for line in lines:
        mark = _LETTERED.match(line)
        if mark and mark[1] == expected:
            line, expected = line[mark.end() :], chr(ord(expected) + 1)
        out.append(line)
    return out if expected > "b" else lines


def _unwrapped(lines: list[str], known: Known) -> list[str]:
    """Lines the page broke put back together: `…, Chinese Academy of` + `Sciences`,
    `Computational Math-` + `ematics`, `Institute of Software` + `Chinese Academy of Sciences`,
    `… of Electronic Science` + `and Technology of China`, `Karlsruhe Institute` + `(KIT), …`;
    a line `and X` after an organisation or a place is an organisation of its own."""
    out: list[str] = []
    for line in (x.strip() for x in lines):
        before = out[-1] if out else ""
        if not (before and line):
            out.append(line)
        elif before.endswith("-"):  # `Math-` + `ematics`; `Max-Planck-` + `Institut`
            out[-1] = (before[:-1] if line[:1].islower() else before) + line
        elif line.startswith("and "):
            if _AND_NAME.search(before):
                out[-1] = f"{before} {line}"
            else:
                out.append(line[4:])  # `…, Hangzhou, China` + `and Hangzhou Institute of …`
        elif _WRAPPED.search(before) or _CONTINUED.match(line) or _listing(before, line):
            out[-1] = f"{before} {line}"
        elif part_of_next(clean_line(before)) or _unit_above(clean_line(before), line, known):
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
    `Japan Advanced Institute of …`): read as one comma list, where a unit before a known
    organisation is part of it. One the gazetteer knows is an organisation of its own
    (`Samsung AI Center`, `Microsoft Research Lab`)."""
    return (
        "," not in before and says_unit(before) and names_organisation(line) and not known(before)
    )


def affiliations(text: str, title: str, authors: tuple[str, ...], known: Known) -> list[str]:
    """Institution lines of the header of `text`, in order, each once; then what the page's
    author notes say the authors are with (IEEE journals put it at the foot of page 1)."""
    found: list[str] = []
    folded_title = normalize_title(title)
    surnames = {folded(a.split()[-1]) for a in authors if a.split()}
    header = header_lines(text, known)
    lines = [x for x in header if f" {normalize_title(x)} " not in f" {folded_title} "]
    numbered = _numbered_entries(lines)
    domains = mail_domains(text) - _PUBLISHERS  # `permissions@acm.org` is no author's
    for line in lines:
        raw = _POSTCODE.sub("\\1\u00a0\\2", line)
        if _FIRST_ENTRY.match(raw):  # llncs' `1 IRIF, …, {emails}, 2 Microsoft Research, …`
            raw = _inline_entries(raw)
        named = [_without_names(clean_line(p)) for p in _MARKER.split(raw)]
        after_names = {p for p, stripped in named if stripped}
        pieces = [p for p, _ in named if p and f" {normalize_title(p)} " not in f" {folded_title} "]
        pieces = [p for p in pieces if not _is_author_line(p, surnames)]
        institutional = [
            looks_institutional(p, known)
            or p in after_names
            or (n == 0 and line in numbered)
            or _names_domain(p, domains)
            for n, p in enumerate(pieces)
        ]
        # on a marked line (`1Univ. of Toronto 2Vector Institute 3CentML`) one known
        # institution vouches for its neighbours
        keep = (
            pieces
            if any(institutional) and len(pieces) > 1
            else [p for p, ok in zip(pieces, institutional, strict=True) if ok]
        )
        found += [p for p in keep if p not in found]
    notes = _notes(text, known) + _footnotes(text, known)
    return found + [n for n in dict.fromkeys(notes) if n not in found]


def _inline_entries(line: str) -> str:
    """llncs' entries run on one line (`1 IRIF, …, 2 Microsoft Research, …`) marked as a
    page's marks are (`2Microsoft Research`): only the next number in turn, and not a street's
    number (`1 Inria, 2 Rue Simone Iff`)."""
    expected, start = 2, 0
    while match := _NEXT_ENTRY.search(line, start):
        start = match.end()
        if int(match[1]) == expected and not _STREET_WORD.match(line, match.end()):
            line = f"{line[: match.start()]} {match[1]}{line[match.end() :]}"
            expected, start = expected + 1, match.start() + 1
    return line


_FIRST_ENTRY = re.compile(r"^1 (?=[A-Z])")
_NEXT_ENTRY = re.compile(r"(?<=,) ([1-9][0-9]?) (?=[A-Z])")
_STREET_WORD = re.compile(
    r"\S+ (?:Rue|Road|Rd|Street|St|Avenue|Ave|Boulevard|Blvd|Way|Lane|Drive|Dr|Platz|Via|Calle)\b"
    r"|(?:Rue|Via|Calle|Avenida|Avenue|Boulevard) ",
)
_PUBLISHERS = {"acm", "ieee", "springer", "elsevier", "arxiv", "usenix", "siam", "aaai"}


def _names_domain(piece: str, domains: set[str]) -> bool:
    """Whether a short line names an e-mail domain of the page (`UConn` over
    `wei.zhang@uconn.edu`, `HUST` over `…@hust.edu.cn`): the authors' organisation; a line
    with an address's comma or number is the place (`Toronto, ON, Canada`)."""
    if "," in piece or re.search(r"\b\d+\b", piece):  # `Toronto, ON` over `…@toronto.edu`
        return False
    words = re.findall(r"[a-z0-9]+", folded(piece))
    return 0 < len(words) <= 4 and names_domain(words, domains)


def _numbered_entries(lines: list[str]) -> set[str]:
    """Lines that open with an entry's number (`1School of Engineering, …`, `2e-Therapeutics,
    UK`), one number only, which an earlier line gives a name (`J. Wray2`), when two or more
    numbers do: the organisations the authors' numbers point to. Not a date, a note or a
    title's `3D`."""
    numbered: dict[str, str] = {}
    for n, line in enumerate(lines):
        m = _NUMBERED.match(line)
        if not m or len(_NUMBERS.findall(_POSTCODE.sub("", line))) > 1 or _NOTE.search(line):
            continue
        if any(re.search(rf"[^\W\d_]{m[1]}(?!\d)", before) for before in lines[:n]):
            numbered[line] = m[1]
    return set(numbered) if len(set(numbered.values())) >= 2 else set()


_NUMBERED = re.compile(r"^([1-9][0-9]?)\s?(?=[A-Za-z])(?![a-z]{2,}\b)(?![A-Z]\b)")
_NUMBERS = re.compile(r"(?:^|\s)[1-9][0-9]?(?=\s?[A-Za-z])")
_NOTE = re.compile(
    r":|(?<![a-z])(?:equal|contribut\w*|correspond\w*|code|project|jan|feb|mar|apr|may|jun|jul|aug|"
    r"sep|oct|nov|dec)\w*\b",
    re.I,
)


def _footnotes(text: str, known: Known) -> list[str]:
    """Notes at the foot of page 1 that give affiliations with no "is with": numbered entries
    (`1University of Washington 2Columbia University`) and a note with an author's e-mail (`*
    MACSI, …, University of Limerick, Ireland x@ul.ie`)."""
    lines = _accented(re.sub(r"-\n(?=[a-z])", "", text)).splitlines()
    body = (n for n, x in enumerate(lines) if _ABSTRACT.match(x) or _starts_body(x))
    out: list[str] = []
    for line in lines[next(body, len(lines)) :]:
        pieces = [first_sentence(p) for p in _MARKER.split(line)]  # `…, USA. Correspondence to`
        opens = _NOTE_START.match(line) is not None  # not a line the page broke mid-name
        said = (
            pieces[:1] if opens and ("@" in line or WORK_AT.match(pieces[0].lstrip(_MARKS))) else []
        )
        for piece in (clean_line(p) for p in pieces[1:] + said):
            piece = WORK_AT.sub("", piece)
            if piece and _named(piece) and looks_institutional(piece, known):
                out.append(piece)
    return out


def _starts_body(line: str) -> bool:
    return bool(_BODY.match(line)) and not names_organisation(line)


def _named(piece: str) -> bool:
    """Whether a note's piece is written as an organisation's name (each word of its first part
    capitalised or a joining word: `Department of Computer Science`, `Google Research`), not
    as a sentence (`We use the checkpoint released by Meta AI`)."""
    words = piece.split(",")[0].split()
    return 0 < len(words) <= 12 and all(w[:1].isupper() or w in _JOINING for w in words)


_JOINING = {"of", "for", "and", "the", "de", "du", "des", "di", "da", "del", "la", "le", "at", "in",
            "&", "und", "für", "y", "e", "on"}  # fmt: skip
_MARKS = "*∗⋆†‡§¶∥‖ "
# a note opens with its mark, or with the space pypdf leaves for a mark it cannot map
_NOTE_START = re.compile(r"^(?:\s+|[*∗⋆†‡§¶∥‖]\s*)[A-Z]")


def _notes(text: str, known: Known) -> list[str]:
    """ "The authors are with the School of …, University of …, Beijing (e-mail: …)" anywhere
    on the page, its lines joined and de-hyphenated."""
    return note_lines(re.sub(r"-\n(?=[a-z])", "", text).replace("\n", " "), known, led=True)


# a name in capitals has a first name and a surname, or follows "and" (`MIT` is no name)
_CAPS_NAME = re.compile(
    r"^(?:and [A-Z][A-Z'.\-]*(?: [A-Z][A-Z'.\-]*)*|[A-Z][A-Z'.\-]*(?: [A-Z][A-Z'.\-]*)+)\*?$"
)


def _without_names(line: str) -> tuple[str, bool]:
    """acmart's journal styles print `NAME, NAME, and NAME, Organisation, Country` in small
    capitals: the names (a leading run of capitalised parts) go when something else follows,
    and what follows is the authors' affiliation (True). A leading "and" goes too."""
    parts = [p.strip() for p in line.split(",")]
    n = 0
    while n < len(parts) and _CAPS_NAME.match(parts[n]):
        n += 1
    if 0 < n < len(parts) and re.search(r"[a-z]", parts[n]):  # not `…, VOL. 14, NO. 8`
        return ", ".join(parts[n:]), True
    return re.sub(r"^and\s+", "", line), False


def _is_author_line(line: str, surnames: set[str]) -> bool:
    words = re.findall(r"[^\W\d_]+", folded(line))
    hits = sum(1 for w in words if w in surnames)
    return bool(words) and hits * 3 >= len(words)
